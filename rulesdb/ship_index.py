"""Builds the search index shipped in the package (rulesdb/shipped.py reads it): every game's whoosh
index from the built-in reference alone, and the manifest of what it was built from. `setup.py` calls
build_shipped() on the wheel's copy of rulesdb; the tests call it on a folder of their own. Apart
from rulesdb/shipped.py so that the index, which reads the shipped copy, and its builder import each
other in one direction only."""
from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

from rulesdb.shipped import MANIFEST


def build_shipped(folder: Path) -> dict:
    """Build every game's index from the built-in reference into `folder` (replaced), with its
    manifest; the manifest."""
    from rulesdb.games import GAME_IDS
    from rulesdb.index import fingerprint, tree_digest, write_indexes

    shutil.rmtree(folder, ignore_errors=True)
    folder.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".shipped-", dir=folder.parent))
    try:
        write_indexes(tmp, None, None, list(GAME_IDS))
        manifest = {"fingerprint": fingerprint(None), "games": {game: tree_digest(tmp / game) for game in GAME_IDS}}
        (tmp / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")
        tmp.rename(folder)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return manifest
