"""Measure `companion shell` through a pseudo-terminal: a rules search and a tracker change, each
from the Enter key to the next prompt (output rendered), after a warm-up.

    python benchmarks/shell_speed.py [--runs 30]

Targets (issue 13): a search <= 10 ms, a tracker change <= 20 ms (medians).
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

import pexpect

ROOT = Path(__file__).resolve().parent.parent
LINE_DONE, PROMPT_READY = "\x1b[?2004l", "\x1b[?2004h"
LINES = {
    "rules search (one game)": "rules search reroll one die --game catharsis",
    "rules question (current game)": "can a fighter attack twice",
    "rules define": "rules define enforcer",
    "tracker change": "track coins ann +1",
    "tracker change --json": "track coins ben +1 --json",
    "track undo": "track undo",
}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=30)
    args = ap.parse_args()
    home = Path(tempfile.mkdtemp(prefix="companion-shell-bench-"))
    env = {**os.environ, "COMPANION_HOME": str(home), "PROMPT_TOOLKIT_NO_CPR": "1", "TERM": "xterm"}
    child = pexpect.spawn(sys.executable, ["-m", "companion", "shell"], cwd=str(ROOT), env=env,
                          encoding="utf-8", timeout=120, dimensions=(50, 120))
    child.delaybeforesend = None  # pexpect sleeps 50 ms before each send by default
    child.expect_exact(PROMPT_READY)

    def timed(line: str) -> float:
        start = time.perf_counter()
        child.sendline(line)
        child.expect_exact(LINE_DONE)
        child.expect_exact(PROMPT_READY)
        return time.perf_counter() - start

    timed("track new cataclysm-arcade --players Ann,Ben")
    for line in LINES.values():  # warm-up: index opened, reference loaded, tracker imported
        timed(line)
        timed(line)
    for label, line in LINES.items():
        runs = [timed(line) for _ in range(args.runs)]
        print(f"shell: {label:<32} median {statistics.median(runs) * 1000:6.1f} ms over {len(runs)} runs"
              f"  (min {min(runs) * 1000:.1f})")
    child.sendeof()
    child.expect(pexpect.EOF)


if __name__ == "__main__":
    main()
