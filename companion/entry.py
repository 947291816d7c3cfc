"""The `companion` process entry (the console script and `python -m companion`): the collector
paused for a one-shot command (companion/collector.py), then the command line. Imports run as
Python runs them: the entry changes nothing in the import system."""
from __future__ import annotations


def main() -> None:
    from companion.collector import pause

    pause()
    from companion.cli import main as run

    run()
