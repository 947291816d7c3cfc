"""The built-in reference's search index, built when the package is built (setup.py calls
rulesdb.ship_index.build_shipped()) and shipped inside it, so a game's first search copies it into
the cache instead of building it (issue 35; docs/architecture.md, Search).
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Callable, Iterable

FOLDER = Path(__file__).resolve().parent / "shipped-index"
MANIFEST = "manifest.json"


def manifest() -> dict | None:
    """The shipped manifest, or None when there is none or it is not one build_shipped writes."""
    try:
        found = json.loads((FOLDER / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not (isinstance(found, dict) and isinstance(found.get("fingerprint"), str)
            and isinstance(found.get("games"), dict) and all(isinstance(v, str) for v in found["games"].values())):
        return None
    return found


def take_shipped(folder: Path, sources_dir: Path | None, games: Iterable[str], fingerprint: Callable[[], str],
                 tree_digest: Callable[[Path], str | None]) -> set[str]:
    """Copy into `folder/<game>` the shipped index of each of these games that has no imported
    source, when it was built from this data (`fingerprint()`: the built-in inputs' fingerprint now)
    and its copy hashes to the manifest's digest (`tree_digest`); the games taken (a copy that does not
    verify is deleted: that game is built). rulesdb.index passes its own two functions in."""
    games = list(games)
    shipped = manifest() if games else None
    if shipped is None or shipped["fingerprint"] != fingerprint():
        return set()
    from rulesdb.sources import load_sources

    imported = {source["game"] for source in load_sources(sources_dir)}
    taken = set()
    for game in games:
        digest = shipped["games"].get(game)
        if game in imported or digest is None or not (FOLDER / game).is_dir():
            continue
        try:
            shutil.copytree(FOLDER / game, folder / game, symlinks=True)
        except OSError:
            shutil.rmtree(folder / game, ignore_errors=True)
            continue
        if tree_digest(folder / game) == digest:
            taken.add(game)
        else:  # damaged since it was built: never opened
            shutil.rmtree(folder / game, ignore_errors=True)
    return taken
