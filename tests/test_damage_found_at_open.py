"""Issue 32 item 6: damage that keeps the file's modification time is found by the next command.

A bit flipped in an event under the newest snapshot, with the file's modification time (and size,
and inode) put back as they were, is reported by the next command that opens the session, and that
command writes nothing on top of the damaged chain.
"""
from __future__ import annotations

import os

from trackers.sessions import Sessions


def test_a_flipped_bit_with_the_mtime_put_back_stops_the_next_change(home, cli):
    data = home / "data"
    with Sessions(data) as store:
        store.new("cataclysm-arcade", ["Ann", "Ben"], "t")
        for n in range(40):  # a snapshot at event 32: event 5 lies under it
            store.record(["coins", "ann", "+7" if n == 4 else "+1"], "t")
        assert store.con.execute("SELECT max(seq) FROM snapshots").fetchone()[0] == 32
    assert cli("track", "show").exit_code == 0  # the file as a companion left it: checked and marked
    db = data / "sessions.sqlite3"
    raw = bytearray(db.read_bytes())
    at = raw.find(b'"+7"')
    assert at > 0 and raw.find(b'"+7"', at + 1) == -1
    raw[at + 2] ^= 0x02  # +7 -> +5: one bit
    st = db.stat()
    db.write_bytes(bytes(raw))
    os.utime(db, ns=(st.st_atime_ns, st.st_mtime_ns))  # the stamp put back
    assert (db.stat().st_size, db.stat().st_mtime_ns, db.stat().st_ino) == (st.st_size, st.st_mtime_ns, st.st_ino)
    result = cli("track", "coins", "ann", "+1")
    assert result.exit_code == 2
    line = result.stderr.strip()
    assert "damaged or was edited at event 5" in line and "track export" in line, line
    assert db.read_bytes() == bytes(raw)  # nothing appended to the damaged chain
    assert cli("track", "coins", "ann", "+1").exit_code == 2  # and again at the next command
