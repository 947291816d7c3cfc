"""`companion rules import`: a user's rulebook copy stored as a source, then the index rebuilt with it
(sources.py splits and stores, index.py indexes; sources.cancelled_import takes both back on Ctrl-C)."""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from rulesdb.index import open_index
from rulesdb.sources import import_rulebook


def import_and_index(game: str, path: Path, sources_dir: Path, cache_dir: Path, name: str | None, written: list,
                     progress: Callable[[str, int, int], None] | None = None) -> dict:
    """Store a rulebook copy as a source and rebuild the index with it; `written` (from
    cancelled_import) gets the source's name as soon as its file exists, so a Ctrl-C can take it
    back; `progress(stage, done, total)` hears "split" (lines) and "index" (sections). The summary."""
    lines = max(1, path.read_bytes().count(b"\n")) if progress is not None else 0
    source = import_rulebook(game, path, sources_dir, name,
                             None if progress is None else lambda n: progress("split", n, lines))
    written.append(source["name"])
    total = len(source["sections"])
    open_index(cache_dir, sources_dir, None if progress is None else lambda n: progress("index", n, total))
    return {"name": source["name"], "game": game, "file": source["file"], "sections": total}
