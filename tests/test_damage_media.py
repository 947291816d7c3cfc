"""Issue 49 item 5: damage the kernel never sees as a write (a bad sector, bit rot on a disk image
flipped while unmounted: the file's size, times and inode all as they were) is found before anything
is appended to it, and an export of such a session is refused whole, naming what it would leave out,
unless the good part is asked for on purpose (`--partial`).

The check at opening (trackers/store.py) runs when the file's identity differs from the one its last
check recorded; media damage leaves that identity as it was, which the test reproduces by recording
the damaged file's identity as checked."""
from __future__ import annotations

import json

from trackers import store
from trackers.sessions import Sessions


def rotten(home):
    """Session `t`: 40 changes (a snapshot at event 32), event 5's +7 turned into +5 by one bit, the
    file's identity as its last check left it (so no check at opening runs)."""
    data = home / "data"
    with Sessions(data) as sessions:
        sessions.new("cataclysm-arcade", ["Ann", "Ben"], "t")
        for n in range(40):
            sessions.record(["coins", "ann", "+7" if n == 4 else "+1"], "t")
        assert sessions.con.execute("SELECT max(seq) FROM snapshots").fetchone()[0] == 32  # event 5 under it
    db = data / "sessions.sqlite3"
    raw = bytearray(db.read_bytes())
    at = raw.find(b'"+7"')
    assert at > 0 and raw.find(b'"+7"', at + 1) == -1
    raw[at + 2] ^= 0x02  # +7 -> +5
    db.write_bytes(bytes(raw))
    store._mark(db, store.identity(db))  # what the kernel never saw: the file as last checked
    return db, bytes(raw)


def test_a_change_on_a_chain_rotten_under_its_snapshot_is_refused_and_appends_nothing(home, cli):
    db, raw = rotten(home)
    result = cli("track", "coins", "ann", "+1")  # main: exit 0, appended to the damaged chain
    assert result.exit_code == 2 and "damaged or was edited at event 5" in result.stderr
    assert "--partial" in result.stderr and result.stderr.count("\n") == 1
    assert cli("play", "pass", "--overrule").exit_code == 2
    assert cli("track", "undo").exit_code == 2
    assert db.read_bytes() == raw  # nothing appended


def test_an_export_of_a_rotten_session_is_refused_naming_what_it_leaves_out(home, cli, tmp_path):
    db, raw = rotten(home)
    out = tmp_path / "t.json"
    result = cli("track", "export", "t", str(out))  # main: exit 0, 4 of 40 events written
    assert result.exit_code == 1 and not out.exists()
    line = result.stderr.strip()
    assert "event 5" in line and "events 5 to 40 (36 events) would be left out" in line, line
    assert "companion track export t FILE --partial" in line
    done = cli("track", "export", "t", str(out), "--partial", "--json")
    assert done.exit_code == 0
    said = json.loads(done.stdout)
    assert (said["events"], said["damaged_at"], said["left_out"]) == (4, 5, 36)
    assert [e["seq"] for e in json.loads(out.read_text())["events"]] == [1, 2, 3, 4]
    assert db.read_bytes() == raw


def test_a_whole_chain_is_exported_and_written_to_as_before(home, cli, tmp_path):
    with Sessions(home / "data") as sessions:
        sessions.new("cataclysm-arcade", ["Ann", "Ben"], "t")
        for _ in range(40):
            sessions.record(["coins", "ann", "+1"], "t")
    assert cli("track", "coins", "ann", "+1").exit_code == 0
    said = json.loads(cli("track", "export", "t", str(tmp_path / "t.json"), "--json").stdout)
    assert (said["events"], said["damaged_at"], said["left_out"]) == (41, None, 0)
