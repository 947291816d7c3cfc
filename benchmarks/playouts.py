"""Generated games, the long run (issue 43 item 1): many seeded random playouts of every game, each
step cross-examined as tests/playouts.py describes (the CI share is tests/test_playouts.py).

    python benchmarks/playouts.py                    # 20 games a game, every check at every step
    python benchmarks/playouts.py --games 5 --only catharsis,theseus --first 100

Every check runs at every step (each listed play judged and applied, the log replayed, three
broken plays probed), and the Sessions-library run (log, file, undo/redo, export/import) at the end
of every game. Prints, per game: games played, steps per game (mean and most), plays probed,
seconds, and the disagreements found: a failure (with its seed and the shortest command sequence
that reproduces it) or a disagreement the game's table lists as known (fixed on another branch).
Exits 1 when any failure is found. Not a test; not run in CI.
"""
from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.playouts import PlayoutFailure, play_game  # noqa: E402
from tests.playouts_tables import TABLES  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games per game title (default 20)")
    parser.add_argument("--first", type=int, default=1000, help="the first seed (default 1000; CI plays seeds below 10)")
    parser.add_argument("--only", default="", help="comma-separated game ids (default: all five)")
    args = parser.parse_args()
    games = [g for g in TABLES if not args.only or g in args.only.split(",")]
    failed = 0
    print(f"{'game':18} {'games':>5} {'steps/game':>10} {'most':>5} {'probes':>7} {'seconds':>8} {'found':>5} {'known':>5}")
    for game in games:
        steps, probes, found, known, reports = [], 0, 0, 0, []
        started = time.perf_counter()
        for seed in range(args.first, args.first + args.games):
            try:
                figures = play_game(TABLES[game], seed)
            except PlayoutFailure as failure:
                found += 1
                reports.append(failure.report())
                continue
            steps.append(figures.steps)
            probes += figures.probes
            known += len(figures.known)
        took = time.perf_counter() - started
        mean = statistics.mean(steps) if steps else 0
        print(f"{game:18} {args.games:5} {mean:10.1f} {max(steps, default=0):5} {probes:7} {took:8.1f} {found:5} {known:5}",
              flush=True)
        for report in reports:
            print(report, flush=True)
        failed += found
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
