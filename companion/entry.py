"""The `companion` process entry (the console script and `python -m companion`).

The cyclic garbage collector is off for a one-shot command: its imports (typer, whoosh, rich)
allocate some hundred thousand objects, and the collections they set off find almost nothing
to free (about 500 objects for a search) while costing a tenth of its CPU time
(docs/architecture.md, "Garbage collection at start-up"). Reference counting still frees
everything else at once. Commands that run long or build much turn it back on (`collect`): the
shell, `companion serve`, `track watch`, a search-index build and a rulebook import. Importing companion as a
library (the tests, the benchmarks) leaves the collector alone.
"""
from __future__ import annotations

import gc


def collect() -> None:
    """The collector back on, for work that runs long or allocates much."""
    gc.enable()


def main() -> None:
    gc.disable()
    from companion.cli import main as run

    run()
