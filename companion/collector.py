"""The cyclic garbage collector's policy for one `companion` process.

It is off for a one-shot command: its imports (typer, whoosh, rich) allocate some hundred
thousand objects, and the collections they set off find almost nothing to free (about 500 objects
for a search) while costing a tenth of its CPU time (docs/architecture.md, "Garbage collection at
start-up"). Reference counting still frees everything else at once. Commands that run long or
build much turn it back on (`collect`): the shell, `companion serve`, `track watch`, a search-index
build and a rulebook import. Importing companion as a library (the tests, the benchmarks) leaves
the collector alone: only the process entry (companion/entry.py) pauses it.
"""
from __future__ import annotations

import gc


def pause() -> None:
    """The collector off, for a one-shot command (the process entry only)."""
    gc.disable()


def collect() -> None:
    """The collector back on, for work that runs long or allocates much."""
    gc.enable()
