"""Measure rules-search speed: whole-process time against `import typer`, query latency, index build.

    python benchmarks/search_speed.py [--runs 15]

Targets (rules-lookup issue): process ratio <= 2.5, query <= 10 ms, build <= 1 s.
Each figure is the median of several runs; the baseline runs with the same interpreter.
"""
from __future__ import annotations

import argparse
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

QUERY = ["rules", "search", "reroll one die", "--game", "catharsis"]
QUERIES = [("reroll one die", "catharsis"), ("how many cards each with three players", "catopomp"),
           ("what does enforcer do", "cataclysm-arcade"), ("grim reaper moves", "catastrophe"),
           ("hell domain after heaven play", "catopomp"), ("board refill", "theseus"),
           ("morale threshold", "catharsis")]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=15)
    args = ap.parse_args()
    home = Path(tempfile.mkdtemp(prefix="companion-bench-"))
    env = {**os.environ, "COMPANION_HOME": str(home)}
    py = sys.executable

    subprocess.run([py, "-m", "companion", *QUERY], env=env, check=True, stdout=subprocess.DEVNULL)  # builds the index
    base = wall([py, "-c", "import typer"], env, args.runs)
    search = wall([py, "-m", "companion", *QUERY], env, args.runs)
    print(f"process: companion rules search {median_ms(search)} vs python -c 'import typer' {median_ms(base)}"
          f" -> ratio {search / base:.2f} (target <= 2.5)")

    os.environ["COMPANION_HOME"] = str(home)
    from rulesdb.index import build
    from rulesdb.search import RulesSearch

    cache, sources = home / "cache", home / "data" / "sources"
    engine = RulesSearch(cache, sources)
    engine.search("warm up")
    for label, with_game in (("one game (--game)", True), ("all five games", False)):
        per_query = []
        for _ in range(args.runs):
            for q, game in QUERIES:
                start = time.perf_counter()
                engine.search(q, game=game if with_game else None, limit=5)
                per_query.append(time.perf_counter() - start)
        print(f"query, {label} (in-process, index open, incl. snippets): median"
              f" {median_ms(statistics.median(per_query))} over {len(per_query)} queries (target <= 10 ms)")

    from rulesdb.reference import reference

    builds = []
    for n in range(max(3, args.runs // 3)):
        reference.cache_clear()  # a full build: parse and check the data, then index it
        target = home / f"build-{n}"
        start = time.perf_counter()
        build(target, sources)
        builds.append(time.perf_counter() - start)
    print(f"index build (data load + indexing): median {median_ms(statistics.median(builds))}"
          f" over {len(builds)} builds (target <= 1 s)")


def median_ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


if __name__ == "__main__":
    main()
