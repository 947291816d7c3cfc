"""The `companion` process entry (the console script and `python -m companion`): the collector
paused for a one-shot command (companion/collector.py), then the command line. Imports run as
Python runs them: the entry changes nothing in the import system."""
from __future__ import annotations


def main() -> None:
    try:
        from companion.collector import pause

        pause()
        from companion.cli import main as run

        run()
    except KeyboardInterrupt:  # Ctrl-C before the command's own handler (at start-up): the same one line
        import sys

        from companion.failure import interrupted

        sys.exit(interrupted("--json" in sys.argv[1:], close_echo=True))
