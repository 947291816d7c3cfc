"""The `companion` process entry (the console script and `python -m companion`): the collector
paused for a one-shot command (companion/collector.py), then the command line."""
from __future__ import annotations


def main() -> None:
    from companion.collector import pause

    pause()
    from companion.cli import main as run

    run()
