"""The shell's question path in-process: one `Shell` (companion/shell.py) runs table questions as a
player types them at the prompt, with a session current, output captured as a terminal would get it
(rich's styles: TTY_COMPATIBLE=1, 100 columns); no pseudo-terminal and no prompt_toolkit
(benchmarks/shell_speed.py times those).

    python benchmarks/shell_path.py [--lines 30]                  # steps, CPU ms a line (medians)
    python benchmarks/shell_path.py --instructions [--lines 30]   # instructions a line (valgrind)

"new": a different question from tests/retrieval each line (each asked once) (the current game's, as shell_speed.py
asks them); "again": one question asked again every line. The steps are timed by wrapping the
library's own functions (a step inside another counts in both). --instructions runs this script
under callgrind twice, with 0 lines and with --lines lines after the same warm-up, and prints the
difference a line (the hash seed fixed and each run on its own copy of one built home, so both runs
take the same paths: the same figure run after run): the steady figure on a shared machine.
"""
from __future__ import annotations

import argparse
import contextlib
import io
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
AGAIN = "rules search reroll one die --game catharsis"
STEPS = [("companion.shell", "Shell.run"), ("companion.shell", "Shell.args_for"), ("rulesdb.search", "_kept_engine"),
         ("rulesdb.search", "RulesSearch.search"), ("rulesdb.search", "RulesSearch.ranked"),
         ("rulesdb.search", "build_query"), ("rulesdb.search", "_holding"), ("rulesdb.search", "own_words"),
         ("rulesdb.search", "_snippet"), ("companion.render_rules", "search_view")]


def questions(commands: set[str]) -> list[str]:
    asked = []
    for path in sorted((ROOT / "tests" / "retrieval").glob("cataclysm-arcade*.toml")):
        asked += [q["ask"] for q in tomllib.loads(path.read_text(encoding="utf-8"))["questions"]]
    return [q for q in dict.fromkeys(asked) if q.split()[0].lower() not in commands and not q.startswith("-")]


def shell_lines(count: int, timed: bool, kinds=("new", "again")) -> None:
    """Run the warm-up, then `count` lines of each kind ("new", "again"), printing the steps' CPU
    time when `timed`."""
    import gc
    import importlib

    from companion.cli import whole_group
    from companion.shell import Shell

    gc.enable()  # as `companion shell` runs
    group = whole_group()
    shell = Shell(group, None)
    spent: dict[str, list[float]] = {}
    on = [False]
    for module, name in STEPS if timed else ():
        owner = importlib.import_module(module)
        *cls, attr = name.split(".")
        where = getattr(owner, cls[0]) if cls else owner
        inner = getattr(where, attr)

        def wrapper(*a, _inner=inner, _name=name, **k):
            start = time.process_time()
            try:
                return _inner(*a, **k)
            finally:
                if on[0]:
                    spent.setdefault(_name, []).append(time.process_time() - start)
        setattr(where, attr, wrapper)

    def run(line: str) -> None:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            shell.run(line)

    run("track new cataclysm-arcade --players Ann,Ben")
    fresh = questions(set(group.commands) | {"exit", "quit", "help"})
    for line in [AGAIN, "can a fighter attack twice", "rules define enforcer", *fresh[-3:]]:
        run(line)
        run(line)
    for label, lines in (("new", fresh[:count]), ("again", [AGAIN] * count)):
        if label not in kinds:
            continue
        on[0] = True
        for line in lines:
            start = time.process_time()
            run(line)
            spent.setdefault(f"line: {label}", []).append(time.process_time() - start)
        on[0] = False
        if timed:
            line_ms = statistics.median(spent.pop(f"line: {label}")) * 1000
            print(f"{label}: a line {line_ms:.2f} ms of CPU (median of {count})")
            for name, got in sorted(spent.items(), key=lambda kv: -sum(kv[1])):
                print(f"  {name:<22} {sum(got) / count * 1000:6.2f} ms a line ({len(got) / count:.1f} calls)")
            spent.clear()
    shell.close()


def instructions(count: int, home: str) -> None:
    def collected(n: int, kind: str) -> int:
        # each count on its own copy of the built home: no run finds another's session or index stamp
        with tempfile.TemporaryDirectory(prefix="companion-shell-path-") as copy:
            shutil.copytree(home, copy, dirs_exist_ok=True)
            done = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable,
                                   __file__, "--child", str(n), kind],
                                  env={**os.environ, "COMPANION_HOME": copy, "PYTHONHASHSEED": "0"},
                                  capture_output=True, text=True, check=True)
        return int(re.search(r"Collected : (\d+)", done.stderr).group(1))

    base = collected(0, "new")
    for kind in ("new", "again"):
        print(f"{kind}: {(collected(count, kind) - base) / count / 1e6:.1f} M instructions a line ({count} lines)")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--lines", type=int, default=30)
    ap.add_argument("--instructions", action="store_true")
    ap.add_argument("--child", nargs=2, help=argparse.SUPPRESS)  # LINES KIND, under callgrind
    args = ap.parse_args()
    os.environ.update(TTY_COMPATIBLE="1", COLUMNS="100", TERM="xterm")
    sys.path.insert(0, str(ROOT))
    if args.child is not None:
        shell_lines(int(args.child[0]), timed=False, kinds=(args.child[1],))
        return
    home = tempfile.mkdtemp(prefix="companion-shell-path-")
    os.environ["COMPANION_HOME"] = home
    if args.instructions:
        shell_lines(1, timed=False)  # the index built before either count
        instructions(args.lines, home)
    else:
        shell_lines(args.lines, timed=True)


if __name__ == "__main__":
    main()
