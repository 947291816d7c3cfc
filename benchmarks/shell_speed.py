"""Measure `companion shell` through a pseudo-terminal: a rules search and a tracker change, each
from the Enter key to the next prompt (output rendered), after a warm-up.

    python benchmarks/shell_speed.py [--runs 30]

Targets (issue 13): a search <= 10 ms, a tracker change <= 20 ms (medians). The time runs from the
Enter key (the line already typed and echoed) to the next prompt: the pty round trip, the command
and its output, prompt_toolkit closing the line and drawing the next prompt. Beside it, the shell's
CPU time over the same span (its main thread's run time from /proc, in ns), the steadier figure
on a loaded machine.

The fixed lines ask the same thing each time; a question not asked before is timed too:
"rules question, new each time" asks a different table-talk question from tests/retrieval at
every run (its words may have been seen, the question not).
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
import tomllib
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
    """The CPU time the process's main thread has run so far (Linux /proc/PID/schedstat, in ns);
    the commands and prompt_toolkit all run there."""
    return int(Path(f"/proc/{pid}/schedstat").read_text().split()[0]) / 1e9


def new_questions(game: str) -> list[str]:
    """Questions as a table asks them (tests/retrieval), for the "new each time" line, each once (the
    shell keeps the answers to its last questions); none that starts with a command's name (the
    shell would run the command)."""
    import typer

    from companion.cli import app

    commands = set(typer.main.get_command(app).commands) | {"exit", "quit", "help"}
    asked = []
    for path in sorted((ROOT / "tests" / "retrieval").glob(f"{game}*.toml")):
        asked += [q["ask"] for q in tomllib.loads(path.read_text(encoding="utf-8"))["questions"]]
    return [q for q in dict.fromkeys(asked) if q.split()[0].lower() not in commands and not q.startswith("-")]


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

    def timed(line: str) -> tuple[float, float]:
        """From the Enter key to the next prompt: the line is typed first (prompt_toolkit handles
        each key as it comes; that is typing time, not the command's). (wall, shell CPU) seconds."""
        child.send(line)
        child.expect_exact(line[-12:])  # echoed: every key handled
        time.sleep(0.05)
        cpu = cpu_seconds(child.pid)
        start = time.perf_counter()
        child.send("\r")
        child.expect_exact(LINE_DONE)
        child.expect_exact(PROMPT_READY)
        return time.perf_counter() - start, cpu_seconds(child.pid) - cpu

    timed("track new cataclysm-arcade --players Ann,Ben")
    for line in LINES.values():  # warm-up: index opened, reference loaded, tracker imported
        timed(line)
        timed(line)
    fresh = iter(new_questions("cataclysm-arcade"))
    lines = {label: (lambda line=line: line) for label, line in LINES.items()}
    lines["rules question, new each time"] = lambda: next(fresh)
    for label, line in lines.items():
        runs = [timed(line()) for _ in range(args.runs)]
        wall, cpu = [r[0] * 1000 for r in runs], [r[1] * 1000 for r in runs]
        print(f"shell: {label:<32} median {statistics.median(wall):6.1f} ms over {len(runs)} runs"
              f"  (min {min(wall):.1f}; the shell's CPU time: median {statistics.median(cpu):.1f} ms)")
    child.sendeof()
    child.expect(pexpect.EOF)


if __name__ == "__main__":
    main()
