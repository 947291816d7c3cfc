"""What verifying a session's chain costs (issue 32 item 6, issue 49 item 5), at 5,000 and 50,000 events.

    python benchmarks/verify_cost.py [--sizes 5000,50000] [--runs 5]

Two figures per size, process time (time.process_time), median of --runs:

- open: a fresh Sessions replaying the session when the file is as a companion left it (the marker
  matches): the newest snapshot, its link checked against its event, the events after it re-hashed.
  What every command pays.
- check: the same open after the file changed behind our back (its change time moved, as any
  outside write moves it, even one that puts the modification time back): `PRAGMA quick_check` and
  every session's whole chain (trackers/store.py integrity), then the replay. Paid once per
  outside change.
- a change: a fresh Sessions recording one change, and within it the check of the session's whole
  chain that every write (and every export) makes before appending (issue 49 item 5: media damage
  no write made, under a file whose identity is unchanged). Paid by every write.

The log is written straight into the file (chained as the companion chains it), one `coins ann +1`
per event, so building 50,000 events takes seconds, not a replay per event.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def build(base: Path, n: int) -> None:
    from trackers import ledger
    from trackers.log import Entry, now
    from trackers.sessions import Sessions

    with Sessions(base) as s:
        session = s.new("cataclysm-arcade", ["Ann", "Ben"], "v").session
        prev = ledger.genesis(session.game, session.players, session.options, session.created)
        at, entries = now(), []
        for seq in range(1, n + 1):
            e = Entry(seq, at, "change", "coins", ("Ann", "+1"), 1, False, [])
            e.digest = prev = ledger.entry_link(prev, e)
            entries.append(e)

        def body(con):
            s._insert_events(con, session.id, entries)

        s._write(body)
        s.replay(s.get("v"))  # the first snapshot (a full replay, once)


def open_once(base: Path, outside: bool) -> float:
    from trackers.sessions import Sessions

    db = base / "sessions.sqlite3"
    if outside:  # the change time moves; the modification time is put back
        st = db.stat()
        os.utime(db, ns=(st.st_atime_ns, st.st_mtime_ns))
    t = time.process_time()
    with Sessions(base) as s:
        s.replay(s.get("v"))
    return time.process_time() - t


def write_once(base: Path) -> tuple[float, float]:
    """A change as a command makes it (a fresh Sessions, `coins ann +1`), and within it the check of
    the session's whole chain before the append (issue 49 item 5): (change, chain check) seconds."""
    from trackers.sessions import Sessions

    spent = []
    with Sessions(base) as s:
        whole = s._whole_chain

        def timed(con, session):
            t0 = time.process_time()
            whole(con, session)
            spent.append(time.process_time() - t0)

        s._whole_chain = timed
        t = time.process_time()
        s.record(["coins", "ann", "+1"], "v")
        return time.process_time() - t, sum(spent)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", default="5000,50000")
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    for n in (int(x) for x in args.sizes.split(",")):
        base = Path(tempfile.mkdtemp(prefix="verify-cost-"))
        build(base, n)
        open_once(base, False)  # warm: marker written, snapshot there
        opened, checked, wrote, chained = [], [], [], []
        for _ in range(args.runs):  # interleaved
            opened.append(open_once(base, False))
            checked.append(open_once(base, True))
            change, chain = write_once(base)
            wrote.append(change)
            chained.append(chain)
        size = (base / "sessions.sqlite3").stat().st_size
        print(f"{n:>6} events ({size / 1e6:.1f} MB): open {statistics.median(opened) * 1000:.1f} ms, "
              f"check after an outside change {statistics.median(checked) * 1000:.1f} ms, "
              f"a change {statistics.median(wrote) * 1000:.1f} ms of which the whole chain's check "
              f"{statistics.median(chained) * 1000:.1f} ms (process time, median of {args.runs})", flush=True)


if __name__ == "__main__":
    main()
