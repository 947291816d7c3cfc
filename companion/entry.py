"""The `companion` process entry (the console script and `python -m companion`): the collector
paused for a one-shot command (companion/collector.py), then the command line. A play's mark (the
newest event when it was sent: companion/sent.py) is read first. Imports run as Python runs them:
the entry changes nothing in the import system."""
from __future__ import annotations


def main() -> None:
    import sys

    from companion import sent

    try:
        sent.take(sys.argv[1:])  # a play is judged against the table as it stood now (companion/sent.py)
        from companion.collector import pause

        pause()
        from companion.cli import main as run

        run()
    except KeyboardInterrupt:  # Ctrl-C before the command's own handler (at start-up): the same one line
        from companion.failure import interrupted

        sys.exit(interrupted("--json" in sys.argv[1:], close_echo=True))
