"""The cost of the card-library commands on a library at its limit (engine/library.py
MAX_LIBRARY_CHARS: about 7,000 Theseus cards): CPU and wall time, medians of whole-process runs, of
`cards remove`, `cards edit`, `cards add` (one card below the limit, and at it: refused) and `track
new`, each on a library written afresh before each run (the commands run from this checkout).

    python benchmarks/library_limit.py [--runs 5]

Each command should read (and check) the library once: its cost is one parse and one check of the
file, not several (issue 31, item 4). A library checked before by this code is read from its checked
copy, and one card is shown without checking every card again (issue 49, item 9: the `again` rows,
after a listing; the empty library's listing for comparison).
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from timing import process_medians  # noqa: E402

ICONS = ("explore", "recruit", "subjugate")


def card(i: int) -> dict:
    return {"name": f"Card {i:06d}", "rank": i % 6 + 1, "icon": ICONS[i % 3], "vp": i % 3}


def at_limit() -> int:
    """How many cards fill the library to the limit (as a session records them: compact JSON)."""
    from engine.library import MAX_LIBRARY_CHARS

    n, size = 0, 2
    while size + len(json.dumps(card(n), separators=(",", ":"))) + (n > 0) <= MAX_LIBRARY_CHARS:
        size += len(json.dumps(card(n), separators=(",", ":"))) + (n > 0)
        n += 1
    return n


def write_library(home: Path, n: int) -> None:
    path = home / "data" / "cards" / "theseus.toml"
    shutil.rmtree(home / "data", ignore_errors=True)
    path.parent.mkdir(parents=True)
    path.write_text("".join(f'[[cards]]\nname = "{c["name"]}"\nrank = {c["rank"]}\nicon = "{c["icon"]}"\n'
                            f'vp = {c["vp"]}\n\n' for c in map(card, range(n))), encoding="utf-8")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    home = Path(tempfile.mkdtemp(prefix="companion-library-bench-"))
    env = {**os.environ, "COMPANION_HOME": str(home), "PYTHONPATH": str(ROOT)}
    n = at_limit()
    companion = [sys.executable, "-m", "companion"]
    commands = {
        "cards remove": (n, ["cards", "remove", "theseus", card(n - 1)["name"]], (0,)),
        "cards edit": (n, ["cards", "edit", "theseus", card(n - 1)["name"], "--vp", "2"], (0,)),
        "cards add": (n - 1, ["cards", "add", "theseus", "One More", "--rank", "1", "--icon", "explore"], (0,)),
        "cards add (over: refused)": (n, ["cards", "add", "theseus", "One More Card Of The Library", "--rank", "1",
                                          "--icon", "explore", "--vp", "1"], (2,)),
        "track new": (n, ["track", "new", "theseus", "--players", "Ann,Ben"], (0,)),
        "cards list (empty library)": (0, ["cards", "list", "theseus"], (0,)),
        "cards list (first read)": (n, ["cards", "list", "theseus"], (0,)),
        "cards show (first read)": (n, ["cards", "show", "theseus", card(n - 1)["name"]], (0,)),
    }
    again = {  # the library as a listing left it (its checked copy beside it): issue 49 item 9
        "cards list (again)": ["cards", "list", "theseus"],
        "cards show (again)": ["cards", "show", "theseus", card(n - 1)["name"]],
    }
    print(f"a library of {n:,} Theseus cards (at the limit); medians of {args.runs} runs")
    for label, (size, words, ok) in commands.items():
        samples = []
        for _ in range(args.runs):
            write_library(home, size)
            samples.append(process_medians([*companion, *words], env, 1, ok))
        walls, cpus = sorted(w for w, _ in samples), sorted(c for _, c in samples)
        print(f"  {label:28} CPU {cpus[len(cpus) // 2]:.2f} s   wall {walls[len(walls) // 2]:.2f} s")
    for label, words in again.items():
        write_library(home, n)
        process_medians([*companion, "cards", "list", "theseus"], env, 1, (0,))
        wall, cpu = process_medians([*companion, *words], env, args.runs, (0,))
        print(f"  {label:28} CPU {cpu:.2f} s   wall {wall:.2f} s", flush=True)
    shutil.rmtree(home, ignore_errors=True)


if __name__ == "__main__":
    main()
