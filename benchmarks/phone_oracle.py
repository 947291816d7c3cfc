"""The phone page's oracle, the long run: generated games of every game (tests/phone_oracle.py), the
served page's table built after every step for the host and every player, and checked: nothing raises,
every play and stepper a player's page offers is one the engine accepts from that player, and no page
shows another player's hidden hand (the CI share is tests/test_phone_oracle.py).

    python benchmarks/phone_oracle.py                       # 4 games a game, seeds 1000.., 120 steps
    python benchmarks/phone_oracle.py --only theseus --games 10 --first 1 --steps 300

Odd seeds hide hands where the game allows it (Theseus: every Hand but the first player's a count;
Catopomp: a round told with no hand recorded, then some recorded); Catopomp plays its competitive
variant (secret predictions) on seeds 2, 6, 10 ... Prints, per game: games, steps,
games with a hand hidden, views built, plays and steppers judged, seconds, problems; then each problem with the commands that
reproduce it. Exits 1 when a problem is found. Not a test; not run in CI.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests.phone_oracle import GAMES, run  # noqa: E402


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4, help="games per game title (default 4)")
    parser.add_argument("--first", type=int, default=1000, help="the first seed (default 1000; CI plays seed 1)")
    parser.add_argument("--steps", type=int, default=120, help="the most steps a game is played (default 120)")
    parser.add_argument("--only", default="", help="comma-separated game ids (default: all five)")
    parser.add_argument("--most-shown", type=int, default=3, help="problems printed per game (default 3)")
    args = parser.parse_args()
    games = [g for g in GAMES if not args.only or g in args.only.split(",")]
    total = 0
    print(f"{'game':18} {'games':>5} {'hidden':>6} {'steps':>6} {'views':>6} {'judged':>7} {'seconds':>8} {'problems':>8}")
    for game in games:
        steps = views = judged = hidden = 0
        problems = []
        started = time.perf_counter()
        for seed in range(args.first, args.first + args.games):
            figures = run(game, seed, args.steps)
            steps, views, judged = steps + figures.steps, views + figures.views, judged + figures.offered
            hidden += bool(figures.hidden)
            problems += figures.problems
        took = time.perf_counter() - started
        print(f"{game:18} {args.games:5} {hidden:6} {steps:6} {views:6} {judged:7} {took:8.1f} {len(problems):8}", flush=True)
        for problem in problems[:args.most_shown]:
            print(problem.report(), flush=True)
        total += len(problems)
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
