"""The first answer after an install: the README's first search, each run on a fresh data and cache
folder (so it loads the reference and builds whatever index it needs), against `python -c "import typer"`.

    python benchmarks/first_answer.py [--runs 7] [--fresh-venv] [--python PY]

With --fresh-venv, a new virtual environment is made in a temporary folder and this checkout is
installed into it (`pip install ROOT`, as the README says) before the runs; else the interpreter
given (default: this one) runs the installed `companion` (from a folder outside the checkout). Each figure is a median; the first answer
and the baseline run in turn, so a change in the machine's load hits both alike. CPU time (user +
system) is the steadier figure on a shared machine.
"""
from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from timing import process_medians  # noqa: E402

# the README's first command (its Quick start), after `pip install .`
FIRST = ["rules", "search", "can I reroll just one die?", "--game", "catharsis"]
ACROSS = ["rules", "search", "can I reroll just one die?"]  # the same question without --game


def fresh_venv(folder: Path) -> str:
    """A new venv in `folder` with this checkout installed (no build/ left behind in the checkout)."""
    subprocess.run([sys.executable, "-m", "venv", str(folder)], check=True)
    py = str(folder / "bin" / "python")
    src = folder / "src"  # a copy, so the checkout gets no build/ or egg-info
    shutil.copytree(ROOT, src, ignore=shutil.ignore_patterns(".git", "build", "*.egg-info", "__pycache__", ".venv*"))
    subprocess.run([py, "-m", "pip", "install", "-q", str(src)], check=True)
    return py


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--python", default=sys.executable, help="the interpreter of the install to measure")
    ap.add_argument("--fresh-venv", action="store_true", help="install this checkout into a new venv first")
    args = ap.parse_args()
    work = Path(tempfile.mkdtemp(prefix="companion-first-answer-"))
    try:
        py = fresh_venv(work / "venv") if args.fresh_venv else args.python
        # the runs start outside the checkout: `python -m companion` in it would import the checkout's
        # packages (which ship no search index: rulesdb/shipped.py), not the installed ones
        os.chdir(work)
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        samples: dict[str, list[tuple[float, float]]] = {"baseline": [], "first answer": [], "first answer, all games": [],
                                                          "the same again": []}
        for n in range(args.runs):
            samples["baseline"].append(process_medians([py, "-c", "import typer"], env, 1))
            for label, words in (("first answer", FIRST), ("first answer, all games", ACROSS)):
                home = work / f"home-{n}-{len(words)}"  # fresh: no reference cache, no index
                run_env = env | {"COMPANION_HOME": str(home)}
                samples[label].append(process_medians([py, "-m", "companion", *words], run_env, 1))
                if label == "first answer":
                    samples["the same again"].append(process_medians([py, "-m", "companion", *words], run_env, 1))
        wall0 = statistics.median(w for w, _ in samples["baseline"])
        cpu0 = statistics.median(c for _, c in samples["baseline"])
        print(f"{' '.join(FIRST[:2])} {FIRST[2]!r} {' '.join(FIRST[3:])} on a fresh data folder; medians of {args.runs}"
              f" (load {os.getloadavg()[0]:.1f})")
        for label, got in samples.items():
            wall = statistics.median(w for w, _ in got)
            cpu = statistics.median(c for _, c in got)
            print(f"  {label:<26} wall {wall * 1000:6.0f} ms  ratio {wall / wall0:5.2f}   "
                  f"cpu {cpu * 1000:6.0f} ms  ratio {cpu / cpu0:5.2f}")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
