"""The `companion` process entry (the console script and `python -m companion`): the collector
paused for a one-shot command (companion/collector.py), the modules a command does not use deferred
to their first use (companion/lazy_imports.py), then the command line."""
from __future__ import annotations


def main() -> None:
    from companion.collector import pause
    from companion.lazy_imports import defer

    pause()
    defer()
    from companion.cli import main as run

    run()
