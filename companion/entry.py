"""The `companion` process entry (the console script and `python -m companion`): the cyclic garbage
collector paused for a one-shot command (docs/architecture.md, Start-up), then the command line. A
play's mark (the newest event when it was sent: companion/sent.py) is read first. Imports run as
Python runs them: the entry changes nothing in the import system."""
from __future__ import annotations


def main() -> None:
    import gc
    import sys

    from companion import sent

    try:
        sent.take(sys.argv[1:])  # a play is judged against the table as it stood now (companion/sent.py)
        gc.disable()  # only here: importing companion as a library leaves the collector alone
        from companion.cli import main as run

        run()
    except KeyboardInterrupt:  # Ctrl-C before the command's own handler (at start-up): the same one line
        from companion.failure import interrupted

        sys.exit(interrupted("--json" in sys.argv[1:], close_echo=True))
