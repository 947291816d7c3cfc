"""Measure `companion stats` and `companion history` over many stored sessions (issue 26).

    python benchmarks/stats_scale.py [--sessions 1000] [--runs 5]

Builds that many sessions through the library, the five games in turn, each played to its end
with tracker changes (a few abandoned, a few left in progress), then times the installed
`companion stats` as a player runs it: once cold (no cached outcome: every log is replayed and
the records cached) and `--runs` times warm (the cache keyed by each log's head answers), plus
`companion stats --json` and `companion history --json` warm, and the outcomes read in-process;
beside them, the baseline `python -c "import typer"`, which says how loaded the machine is.

Target (issue 26): 1,000 stored sessions answer `stats` in under a second (the warm median).
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SCRIPT = Path(sys.executable).parent / "companion"

#: game -> (players, options, the changes that end it)
GAMES = {
    "catastrophe": (["Ann", "Ben", "Cy"], {}, [["lives", "ben", "-9"], ["reapurr", "+4"], ["lives", "cy", "-5"]]),
    "catopomp": (["Ann", "Ben", "Cy"], {"start": "ann"}, [["dice", "1", "2", "3", "4", "5", "6"], ["cleared", "ann"],
                                                          ["cleared", "cy"], ["lost", "ben"]]),
    "theseus": (["Ann", "Ben"], {}, [["reward", "ann", "Paladin"], ["next"], ["rank", "6"], ["reward", "ben", "rank", "6"],
                                     ["last-rank6"], ["next"]]),
    "catharsis": (["Ann", "Ben"], {"morale": "10"}, [["next-card", "boss"], ["enemy", "Crab", "8/10/12/14/16"],
                                                     ["combat", "start"], ["enemy", "damage", "10"]]),
    "cataclysm-arcade": (["Ann", "Ben"], {"boss-health": "5"}, [["pass", "ann"], ["pass", "ben"], ["next-level"],
                                                                ["damage", "ben", "boss", "5"]]),
}


def build(data: Path, count: int) -> None:
    from trackers.sessions import Sessions

    games = list(GAMES)
    with Sessions(data) as store:
        for n in range(count):
            game = games[n % len(games)]
            players, options, changes = GAMES[game]
            name = f"s{n}"
            store.new(game, players, name, options)
            upto = len(changes) if n % 10 else len(changes) // 2  # every tenth stops half way
            for words in changes[:upto]:
                store.record(words, name)
            if n % 20 == 0:
                store.end(name)  # half of those abandoned, half left in progress


def run(data: Path, *args: str, argv: list[str] | None = None) -> float:
    env = {**os.environ, "COMPANION_HOME": str(data.parent)}
    start = time.perf_counter()
    done = subprocess.run(argv or [str(SCRIPT), *args], capture_output=True, text=True, env=env,
                          cwd=tempfile.gettempdir())
    elapsed = time.perf_counter() - start
    assert done.returncode == 0, done.stderr
    return elapsed * 1000


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sessions", type=int, default=1000)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    home = Path(tempfile.mkdtemp(prefix="stats-scale-"))
    try:
        from companion import paths

        os.environ["COMPANION_HOME"] = str(home)
        paths.set_home(None)
        data = paths.data_dir()
        start = time.perf_counter()
        build(data, args.sessions)
        print(f"built {args.sessions} sessions in {time.perf_counter() - start:.1f} s")
        print(f"companion stats, cold (every log replayed, records cached): {run(data, 'stats'):.0f} ms")
        base = [run(data, argv=[sys.executable, "-c", "import typer"]) for _ in range(args.runs)]
        print(f"baseline python -c 'import typer' (the machine's load): median {statistics.median(base):.0f} ms")
        for what in (["stats"], ["stats", "--json"], ["history", "--json"], ["stats", "catopomp", "--player", "ann"]):
            times = [run(data, *what) for _ in range(args.runs)]
            print(f"companion {' '.join(what)}, warm: median {statistics.median(times):.0f} ms "
                  f"(min {min(times):.0f}, max {max(times):.0f}, {args.runs} runs)")
        from trackers.history import outcomes
        from trackers.sessions import Sessions

        times = []
        for _ in range(args.runs):
            t = time.perf_counter()
            with Sessions(data, create=False) as store:
                found = outcomes(store)
            times.append((time.perf_counter() - t) * 1000)
        assert len(found.records) == args.sessions and not found.damaged
        print(f"outcomes() in-process, warm: median {statistics.median(times):.1f} ms")
    finally:
        shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
