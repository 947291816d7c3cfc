"""Measure opening a session in-process, with and without snapshots (trackers/snapshots.py).

    python benchmarks/snapshot_speed.py [--runs 15] [--sizes 5000,50000]

Each run is a new command's open: `Sessions(data)` (connect, integrity marker) and `show(name)`
(verify and replay), closed again. Sessions of 5,000 and 50,000 Cataclysm Arcade events are built
through the library (`repeat_last`, one transaction). With snapshots the worst case is timed: the
newest snapshot EVERY - 1 events behind the log's end, so the open re-hashes and replays that whole
tail. Without: no snapshot rows and none written, a full verify and replay (the old behaviour).
Also timed: `PRAGMA quick_check` on the file, and a connect that runs it (no marker); and a
Catopomp session of a whole game's plays (benchmarks/play_speed.py builds it), whose events cost
more to replay than counters.

Targets (issue 13): opening a session of 5,000 events <= 50 ms and of 50,000 events <= 50 ms (medians).
"""
from __future__ import annotations

import argparse
import sqlite3
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

GAME, PLAYERS, BUMP = "cataclysm-arcade", ["Ann", "Ben"], ["coins", "ann", "+1"]


def _build(data: Path, size: int) -> None:
    from trackers import snapshots
    from trackers.sessions import Sessions

    behind = snapshots.EVERY - 1
    with Sessions(data) as store:
        store.new(GAME, PLAYERS, "long")
        store.record(BUMP, "long")
        store.repeat_last("long", size - behind)
        store.show("long")  # a full replay: writes the snapshot at size - behind
        store.repeat_last("long", size)
        rows = store.con.execute("SELECT seq FROM snapshots").fetchall()
    assert rows == [(size - behind,)], rows


def _median_ms(fn, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--sizes", default="5000,50000")
    args = ap.parse_args()
    from trackers import snapshots, store
    from trackers.sessions import Sessions

    def open_once(data: Path) -> None:
        with Sessions(data) as s:
            s.show("long")

    print(f"snapshots every {snapshots.EVERY} events; medians of {args.runs} runs (in-process; each run opens the "
          "file and replays as a new command would)")
    for size in (int(n) for n in args.sizes.split(",")):
        data = Path(tempfile.mkdtemp(prefix="companion-snap-bench-"))
        _build(data, size)
        path = data / "sessions.sqlite3"
        open_once(data)  # leaves the integrity marker, as any command does
        with_snap = _median_ms(lambda: open_once(data), args.runs)
        assert [r[0] for r in sqlite3.connect(path).execute("SELECT seq FROM snapshots")] == [size - snapshots.EVERY + 1]

        def quick_check() -> None:
            con = sqlite3.connect(path)
            con.execute("PRAGMA quick_check").fetchone()
            con.close()

        check_ms = _median_ms(quick_check, args.runs)

        def connect_checking() -> None:
            store._marker(path).unlink(missing_ok=True)
            Sessions(data).close()

        connect_check_ms = _median_ms(connect_checking, args.runs)
        connect_ms = _median_ms(lambda: Sessions(data).close(), args.runs)

        every = snapshots.EVERY
        snapshots.EVERY = 10 ** 9  # nothing written
        try:
            con = sqlite3.connect(path)
            con.execute("DELETE FROM snapshots")
            con.commit()
            con.close()
            open_once(data)
            without = _median_ms(lambda: open_once(data), max(5, args.runs // 3 if size > 10000 else args.runs))
        finally:
            snapshots.EVERY = every
        print(f"{size:>6} events: open with a snapshot {every - 1} events behind {with_snap:6.1f} ms (target <= 50)"
              f" | without snapshots {without:7.1f} ms | connect {connect_ms:4.1f} ms, with quick_check"
              f" {connect_check_ms:5.1f} ms (quick_check alone {check_ms:5.1f} ms, file {path.stat().st_size // 1024} KiB)")

    from play_speed import _long_session

    data = Path(tempfile.mkdtemp(prefix="companion-snap-bench-"))
    name = _long_session(data, seeds=5)
    path = data / "sessions.sqlite3"

    def situation() -> None:
        with Sessions(data) as s:
            s.situation(name)

    con = sqlite3.connect(path)
    length = con.execute("SELECT length FROM sessions").fetchone()[0]
    # the worst case: keep only snapshots at least EVERY - 1 plays behind the end (none written meanwhile)
    con.execute("DELETE FROM snapshots WHERE seq > ?", (length - snapshots.EVERY + 1,))
    newest = con.execute("SELECT max(seq) FROM snapshots").fetchone()[0]
    con.commit()
    con.close()
    every, snapshots.EVERY = snapshots.EVERY, 10 ** 9
    try:
        situation()
        with_snap = _median_ms(situation, args.runs)
        con = sqlite3.connect(path)
        con.execute("DELETE FROM snapshots")
        con.commit()
        con.close()
        situation()
        without = _median_ms(situation, args.runs)
    finally:
        snapshots.EVERY = every
    print(f"catopomp, a whole game's {length} events (plays): situation() from the snapshot at {newest}"
          f" ({length - newest} plays behind) {with_snap:.1f} ms | without snapshots {without:.1f} ms")

if __name__ == "__main__":
    main()
