"""The hidden-information oracle's full run (tests/hidden_oracle.py; its CI share is
tests/test_hidden_oracle.py): seeded walks of each game with secrets, every position examined for
every viewer, what they cannot see dealt again, and every output they are shown compared.

    python benchmarks/hidden_oracle.py [--seeds 40] [--steps 40] [--every 2] [--redeals 2] [--sessions 12]
                                       [--game catopomp]

Pass mark (issue 43): zero differences. Prints the positions, the outputs compared and the time per
game; exits 1 when any viewer is shown something that changed (the first few are printed).
"""
from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> int:
    from tests import hidden_oracle as oracle

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--seeds", type=int, default=40, help="walks per game (seeds 0..N-1)")
    ap.add_argument("--steps", type=int, default=40, help="plays per walk")
    ap.add_argument("--every", type=int, default=2, help="examine every Nth position of a walk")
    ap.add_argument("--redeals", type=int, default=2, help="deals again per viewer and position")
    ap.add_argument("--game", action="append", choices=oracle.GAMES, help="only this game (repeatable)")
    ap.add_argument("--sessions", type=int, default=12, help="Catopomp rounds told to a session, each dealt "
                    "again twice (CLI in-process, the served page's table and stream)")
    args = ap.parse_args()
    failed = False
    if args.sessions and "catopomp" in (args.game or oracle.GAMES):
        failed |= sessions(oracle, args.sessions, args.redeals)
    for name in args.game or oracle.GAMES:
        compared = [0]
        first = oracle.shown

        def counting(*a, **kw):
            out = first(*a, **kw)
            compared[0] += len(out)
            return out

        oracle.shown = counting
        started = time.perf_counter()
        done = oracle.run(name, range(args.seeds), args.steps, args.every, args.redeals, scenarios=True)
        took = time.perf_counter() - started
        oracle.shown = first
        scenarios = len(oracle.scenario_positions(name))
        walked = (f"{done.positions - scenarios} from {args.seeds} walks of up to {args.steps} plays, every "
                  f"{args.every}th position" if done.positions > scenarios else "no walk")
        print(f"{name}: {done.positions} positions ({scenarios} scenario tables with secrets, {walked}), {compared[0]:,} outputs shown to a viewer, {args.redeals} deals again "
              f"per viewer: {len(done.differences)} differences, {took:.1f} s")
        for d in done.differences[:5]:
            print(f"  {d}")
        failed |= bool(done.differences)
    for name, why in oracle.LEFT_OUT.items():
        print(f"{name}: not walked ({why})")
    random.seed(0)
    return 1 if failed else 0


def sessions(oracle, count: int, redeals: int) -> bool:
    """Catopomp rounds told to real sessions in temporary data folders: True when any differs."""
    import os
    import tempfile

    from tests.conftest import Cli

    cli, found = Cli(), []
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        for seed in range(count):
            def home_of(i, seed=seed):
                os.environ["COMPANION_HOME"] = f"{tmp}/{seed}-{i}"

            found += oracle.examine_session(cli, home_of, seed, steps=20, redeals=redeals)
    print(f"catopomp sessions: {count} rounds told to a session (up to 20 plays, then hands recorded and "
          f"probed), each dealt again {redeals} times: {len(found)} differences, {time.perf_counter() - started:.1f} s")
    for d in found[:5]:
        print(f"  {d}")
    return bool(found)


if __name__ == "__main__":
    sys.exit(main())
