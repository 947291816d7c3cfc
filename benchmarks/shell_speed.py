"""Measure `companion shell` through a pseudo-terminal: a rules search and a tracker change, each
from the Enter key to the next prompt (output rendered), after a warm-up.

    python benchmarks/shell_speed.py [--runs 30]

Targets (issue 13): a search <= 10 ms, a tracker change <= 20 ms (medians). The time runs from the
Enter key (the line already typed and echoed) to the next prompt: the pty round trip, the command
and its output, prompt_toolkit closing the line and drawing the next prompt. The shell's CPU time
per line (typing included) is printed beside it.
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
    "floor: games --json (no work)": "games --json",
}


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process so far (Linux /proc; clock ticks, so only means over many
    lines are meaningful). On a loaded machine this is the steadier figure."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


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
        """From the Enter key to the next prompt: the line is typed first (prompt_toolkit handles
        each key as it comes; that is typing time, not the command's)."""
        child.send(line)
        child.expect_exact(line[-12:])  # echoed: every key handled
        time.sleep(0.05)
        start = time.perf_counter()
        child.send("\r")
        child.expect_exact(LINE_DONE)
        child.expect_exact(PROMPT_READY)
        return time.perf_counter() - start

    timed("track new cataclysm-arcade --players Ann,Ben")
    for line in LINES.values():  # warm-up: index opened, reference loaded, tracker imported
        timed(line)
        timed(line)
    for label, line in LINES.items():
        cpu_before = cpu_seconds(child.pid)
        runs = [timed(line) for _ in range(args.runs)]
        cpu = (cpu_seconds(child.pid) - cpu_before) / len(runs)
        print(f"shell: {label:<32} median {statistics.median(runs) * 1000:6.1f} ms over {len(runs)} runs"
              f"  (min {min(runs) * 1000:.1f}; the shell's CPU time per line, mean: {cpu * 1000:.1f} ms)")
    child.sendeof()
    child.expect(pexpect.EOF)


if __name__ == "__main__":
    main()
