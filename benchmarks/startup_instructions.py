"""One-shot start-up in instructions: each command's instruction count (valgrind's callgrind tool)
against `python -c "import typer"`, and the dependency floors.

    python benchmarks/startup_instructions.py [--runs 3]

Instruction counts barely move with the machine's load, unlike times, so on a shared machine they
compare one change with another where benchmarks/startup_speed.py's medians cannot. They are not
times: the ratios come out a little apart from the CPU-time ratios (caches, the kernel's share).
Needs `valgrind` (Debian's package); each run takes 20 to 60 s of CPU under callgrind.
"""
from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

# the dependency floors (no project code), and the process entry
from startup_speed import ENTRY, FLOORS  # noqa: E402

SEARCH = ["rules", "search", "reroll one die", "--game", "catharsis"]
COMMANDS = {
    "rules search": SEARCH,
    "rules search --json": [*SEARCH, "--json"],
    "track <change>": ["track", "coins", "ann", "+1"],
    "play": ["play", "fighter Grunt"],
    "rules define": ["rules", "define", "enforcer"],
    "--help": ["--help"],
}


def instructions(cmd: list[str], env: dict, cwd: str) -> int:
    done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *cmd], env=env,
                          cwd=cwd, capture_output=True, text=True, check=True)
    return int(re.search(r"Collected : (\d+)", done.stderr).group(1))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--jobs", type=int, default=2, help="runs at once (the counts do not depend on it)")
    args = ap.parse_args()
    if not shutil.which("valgrind"):
        sys.exit("valgrind is not installed (apt-get install valgrind)")
    home = tempfile.mkdtemp(prefix="companion-instructions-")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"} | {"COMPANION_HOME": home}
    # an empty folder outside the checkout: the installed copy runs, and `-c`/`-m` put the working folder
    # first on sys.path, so Python lists it at the first import (a crowded /tmp cost typer 40 M more)
    py, cwd = sys.executable, tempfile.mkdtemp(prefix="companion-instructions-cwd-")
    companion = [py, "-m", "companion"]
    for setup in (["track", "new", "cataclysm-arcade", "--players", "Ann,Ben"], SEARCH, ["rules", "define", "enforcer"]):
        subprocess.run([*companion, *setup], env=env, cwd=cwd, check=True, stdout=subprocess.DEVNULL)
    # an index's stamps are kept only once its files are SETTLE (2 s) old; until then each search
    # hashes the index again (rulesdb/index.py): wait, and search once more, so no run pays that
    time.sleep(3)
    subprocess.run([*companion, *SEARCH], env=env, cwd=cwd, check=True, stdout=subprocess.DEVNULL)
    cmds = {"baseline": [py, "-c", "import typer"]}
    for label, words in COMMANDS.items():
        cmds[label] = [py, "-c", ENTRY, *words]
    for label in ("floor: typer+whoosh+rich, collector off", "floor: typer+whoosh (no rich), collector off"):
        cmds[label] = [py, "-c", FLOORS[label]]
    counts: dict[str, list[int]] = {k: [] for k in cmds}

    def measure(label: str) -> tuple[str, int]:
        got = instructions(cmds[label], env, cwd)
        if label.startswith("play"):  # the next play starts from the same table
            subprocess.run([*companion, "track", "undo"], env=env, cwd=cwd, check=True, stdout=subprocess.DEVNULL)
        return label, got

    plays = [k for k in cmds if k.startswith("play")]
    for _ in range(args.runs):
        with ThreadPoolExecutor(args.jobs) as pool:
            for label, got in pool.map(measure, [k for k in cmds if k not in plays]):
                counts[label].append(got)
        for label in plays:  # one at a time: each changes the session
            counts[label].append(measure(label)[1])
    base = statistics.median(counts["baseline"])
    print(f"instructions (callgrind), medians of {args.runs}; baseline python -c 'import typer': {base / 1e6:.0f} M")
    for label, got in counts.items():
        if label != "baseline":
            median = statistics.median(got)
            name = label if label.startswith("floor") else f"companion {label}"
            print(f"  {name:<46} {median / 1e6:6.0f} M   ratio {median / base:4.2f}")


if __name__ == "__main__":
    main()
