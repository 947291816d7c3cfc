"""The `companion` process entry (the console script and `python -m companion`): the cyclic garbage
collector paused for a one-shot command (docs/architecture.md, Start-up), then the command line, and
its objects frozen when it is done, so the interpreter's last collection at exit does not walk them.
A play's mark (the newest event when it was sent: companion/sent.py) is read first. Imports run as
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
    finally:
        # the process ends now: the OS takes back its memory, so the collection Python runs at exit
        # (a walk over every object, some 35 M instructions after a search) is left out
        gc.freeze()
