"""A one-shot `companion rules search`, step by step, each run in a fresh process (as a command runs):
the imports, the index fingerprint, the index verification, opening the indexes and searchers, the
first query, the rendering (companion/writer.py, no rich); beside them the reference cache (`rules define`
and `rules show` read it; a search does not).

    python benchmarks/search_path.py [--runs 15] [--home DIR]

Each step's wall and CPU (this process's user + system) time, medians over the runs. The steps are
timed by wrapping the library's own functions (rulesdb.index.fingerprint, verified, whoosh's
open_dir and searcher), so the path is the one the command takes, not a copy of it. With --home,
an existing COMPANION_HOME (e.g. one holding large imported sources, benchmarks/scale_speed.py).
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
QUERY, GAME = "reroll one die", "catharsis"

# Runs in the child: prints {step: [wall s, cpu s]} as JSON.
CHILD = r"""
import io, json, sys, time
clock = lambda: (time.perf_counter(), time.process_time())
steps, last = {}, [clock()]

def lap(name):
    now = clock()
    steps[name] = [a - b for a, b in zip(now, last[0])]
    last[0] = now

def timed(owner, attr, name):
    inner = getattr(owner, attr)
    def wrapper(*a, **k):
        start = clock()
        try:
            return inner(*a, **k)
        finally:
            got = steps.setdefault(name, [0.0, 0.0])
            for i, (x, y) in enumerate(zip(clock(), start)):
                got[i] += x - y
    setattr(owner, attr, wrapper)

import companion.cli
lap("import: typer + the CLI")
from companion import paths
import rulesdb.search, rulesdb.index
lap("import: rulesdb.search")
import whoosh.index, whoosh.scoring, whoosh.query, whoosh.highlight, whoosh.searching, whoosh.fields
lap("import: whoosh (index, query, scoring, highlight)")
timed(rulesdb.index, "fingerprint", "index fingerprint (hash of the data and sources)")
timed(rulesdb.index, "verified", "index verification (digests)")
timed(whoosh.index, "open_dir", "open the per-game indexes")
timed(whoosh.index.FileIndex, "searcher", "open the searchers")
start = clock()
engine = rulesdb.search.RulesSearch(paths.cache_dir(), paths.sources_dir(), GAME)
spent = [a - b for a, b in zip(clock(), start)]
lap("(RulesSearch)")
steps.pop("(RulesSearch)")
named = ("index fingerprint (hash of the data and sources)", "index verification (digests)",
         "open the per-game indexes", "open the searchers")
steps["rest of the engine's set-up (analyzer; lazy imports)"] = [
    s - sum(steps[n][i] for n in named) for i, s in enumerate(spent)]
result = engine.search(QUERY, GAME, 5)
lap("first query")
engine.search(QUERY, GAME, 5)
lap("the same query again (a shell's case)")
import contextlib
from companion.render_rules import search_view
with contextlib.redirect_stdout(io.StringIO()):
    search_view(result, False)
lap("rendering (companion/writer.py: rich not imported)")
engine.close()
from rulesdb.refcache import cached_reference
from rulesdb.reference import load_reference
cached_reference(paths.cache_dir(), load_reference)
lap("reference cache (rules define/show; not on a search's path)")
print(json.dumps(steps))
"""


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--home", help="an existing COMPANION_HOME (default: a fresh one)")
    args = ap.parse_args()
    home = Path(args.home) if args.home else Path(tempfile.mkdtemp(prefix="companion-path-bench-"))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"} | {"COMPANION_HOME": str(home)}
    py = sys.executable
    for setup in (["rules", "search", QUERY, "--game", GAME], ["rules", "define", "enforcer"]):
        subprocess.run([py, "-m", "companion", *setup], env=env, check=True, stdout=subprocess.DEVNULL)
    code = f"QUERY, GAME = {QUERY!r}, {GAME!r}\n" + CHILD
    runs = [json.loads(subprocess.run([py, "-c", code], env=env, check=True, capture_output=True, text=True).stdout)
            for _ in range(args.runs)]
    print(f"a one-shot search ({QUERY!r} --game {GAME}), step by step; medians of {args.runs} fresh processes"
          f" (load: {os.getloadavg()[0]:.1f})")
    total = [0.0, 0.0]
    for step in runs[0]:
        wall = statistics.median(r[step][0] for r in runs) * 1000
        cpu = statistics.median(r[step][1] for r in runs) * 1000
        if "not on a search" not in step and "again" not in step:
            total = [total[0] + wall, total[1] + cpu]
        print(f"  {step:<62} wall {wall:7.1f} ms   cpu {cpu:7.1f} ms")
    print(f"  {'sum of the search path':<62} wall {total[0]:7.1f} ms   cpu {total[1]:7.1f} ms"
          " (the interpreter's own start-up not included)")


if __name__ == "__main__":
    main()
