"""Measure tracker speed: one update as a whole process against `import typer`, and opening a
session whose log holds 5,000 and 50,000 events (from its snapshot, the worst case of up to
EVERY - 1 events after it).

    python benchmarks/track_speed.py [--runs 15]

Targets (issue 13): process ratio <= 2 (see also startup_speed.py); opening a session of 5,000 or
50,000 events <= 50 ms in-process.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from timing import process_median as wall  # noqa: E402

GAME, PLAYERS, BUMP = "cataclysm-arcade", ["Ann", "Ben"], ["coins", "ann", "+1"]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=15)
    args = ap.parse_args()
    home = Path(tempfile.mkdtemp(prefix="companion-track-bench-"))
    env = {**os.environ, "COMPANION_HOME": str(home)}
    py = sys.executable

    subprocess.run([py, "-m", "companion", "track", "new", GAME, "--players", ",".join(PLAYERS)], env=env,
                   check=True, stdout=subprocess.DEVNULL)
    base = wall([py, "-c", "import typer"], env, args.runs)
    update = wall([py, "-m", "companion", "track", *BUMP], env, args.runs)
    print(f"process: companion track {' '.join(BUMP)} {update * 1000:.1f} ms vs python -c 'import typer'"
          f" {base * 1000:.1f} ms -> ratio {update / base:.2f} (target <= 2)")

    from trackers import snapshots
    from trackers.sessions import Sessions, replay, tracker_for

    for size in (5_000, 50_000):
        data = home / f"long-{size}"
        with Sessions(data) as store:
            store.new(GAME, PLAYERS, "long")
            store.record(BUMP, "long")
            session = store.get("long")
            first = store.entries(session)[0]
            with store.transaction() as con:  # a long log written at once (as an import would)
                con.executemany(
                    "INSERT INTO events (session_id, seq, at, kind, verb, args) VALUES (?, ?, '', 'change', ?, ?)",
                    [(session.id, seq, first.verb, json.dumps(list(first.args))) for seq in range(2, size + 1)])
            start = time.perf_counter()
            full = replay(tracker_for(GAME), session, store.entries(session))
            print(f"{size:,} events: full replay of the log {(time.perf_counter() - start) * 1000:.0f} ms (one run)")
            start = time.perf_counter()
            store.replay(session)  # no snapshot yet: replays the whole log and writes one
            print(f"{size:,} events: first open (replay + write the snapshot) {(time.perf_counter() - start) * 1000:.0f} ms")
            for _ in range(snapshots.EVERY - 1):  # the usual case: a snapshot and up to EVERY events after it
                store.record(BUMP, "long")
        opens, memo, connects, checks = [], [], [], []
        with Sessions(data) as kept:  # as in `companion shell`: the sessions file stays open
            for _ in range(max(15, args.runs)):
                kept.replays.clear()  # a first opening: from the snapshot in the file
                start = time.perf_counter()
                done = kept.show("long")
                opens.append(time.perf_counter() - start)
                start = time.perf_counter()
                kept.show("long")  # the next command of a shell: its last replay, checked against the log
                memo.append(time.perf_counter() - start)
                start = time.perf_counter()
                Sessions(data).close()
                connects.append(time.perf_counter() - start)
                start = time.perf_counter()
                kept.con.execute("PRAGMA quick_check").fetchone()
                checks.append(time.perf_counter() - start)
        assert done.state.players[0].coins == full.state.players[0].coins + snapshots.EVERY - 1
        print(f"open a {size:,}-event session (in-process: snapshot + {snapshots.EVERY - 1} events, state, summary):"
              f" median {statistics.median(opens) * 1000:.1f} ms over {len(opens)} runs (target <= 50 ms)")
        print(f"  the same session again in a long-lived process (kept replay, no new events):"
              f" median {statistics.median(memo) * 1000:.1f} ms")
        print(f"  + opening the sessions file (trackers/store.py connect): median {statistics.median(connects) * 1000:.1f} ms,"
              f" of which PRAGMA quick_check {statistics.median(checks) * 1000:.1f} ms ({data.stat().st_size if data.is_file() else (data / 'sessions.sqlite3').stat().st_size:,} bytes)")


if __name__ == "__main__":
    main()
