"""The whoosh index: derived from the data, cached per data hash, swapped in atomically.

The index lives in `<cache>/index-<hash>`; the hash covers the built-in data files, the
imported sources and the index format, so any change gives a new directory. A build goes
to a temporary directory first and is renamed into place, so a reader never sees half an index.
"""
from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
from pathlib import Path
from typing import Callable, Iterable

from rulesdb.games import DATA_DIR

INDEX_FORMAT = "4"  # bump when the schema or the analysis changes
FIELD_BOOSTS = {"title": 1.6, "keywords": 1.5, "aliases": 1.5, "section": 0.6, "text": 1.0}
TEXT_FIELDS = tuple(FIELD_BOOSTS)


def fingerprint(sources_dir: Path | None) -> str:
    """Hash of everything the index is built from."""
    h = hashlib.sha256(INDEX_FORMAT.encode())
    files = sorted(DATA_DIR.rglob("*.toml"))
    here = Path(__file__).resolve().parent
    files += [here / "analysis.py", here / "analyzer.py"]
    if sources_dir is not None and sources_dir.is_dir():
        files += sorted(sources_dir.glob("*.json"))
    for path in files:
        h.update(path.name.encode())
        h.update(path.read_bytes())
    return h.hexdigest()[:20]


def schema():
    from whoosh.fields import ID, STORED, TEXT, Schema

    from rulesdb.analysis import analyzer

    ana = analyzer()
    return Schema(
        id=ID(stored=True, unique=True),
        game=ID(stored=True),
        kind=ID(stored=True),
        source=ID(stored=True),
        title=TEXT(stored=True, analyzer=ana, field_boost=FIELD_BOOSTS["title"]),
        text=TEXT(stored=True, analyzer=ana, field_boost=FIELD_BOOSTS["text"]),
        keywords=TEXT(analyzer=ana, field_boost=FIELD_BOOSTS["keywords"]),
        aliases=TEXT(analyzer=ana, field_boost=FIELD_BOOSTS["aliases"]),
        section=TEXT(analyzer=ana, field_boost=FIELD_BOOSTS["section"]),
        spell=TEXT(analyzer=ana),  # every word of the document: the lexicon for typo corrections
        order=STORED,
    )


def documents(sources_dir: Path | None) -> Iterable[dict]:
    """Every searchable document: rule entries, glossary terms, imported sections."""
    from rulesdb.reference import reference
    from rulesdb.sources import load_sources

    ref = reference()
    for n, rule in enumerate(ref.rules.values()):
        yield {
            "id": rule.id,
            "game": rule.game,
            "kind": rule.kind,
            "source": "built-in",
            "title": rule.title,
            "text": rule.text + (f"\nUnclear: {rule.unclear}" if rule.unclear else ""),
            "keywords": " ; ".join(rule.keywords),
            "aliases": " ; ".join(rule.aliases),
            "section": " ; ".join(ref.section_path(rule.section)),
            "order": n,
        }
    for n, entry in enumerate(ref.glossary.values()):
        term = entry.term
        yield {
            "id": entry.id,
            "game": entry.game,
            "kind": "term",
            "source": "built-in",
            "title": term.term,
            "text": term.definition,
            "keywords": term.term,
            "aliases": " ; ".join(term.aliases),
            "section": "glossary",
            "order": 100_000 + n,
        }
    for source in load_sources(sources_dir):
        for n, sec in enumerate(source["sections"]):
            yield {
                "id": sec["id"],
                "game": source["game"],
                "kind": "imported",
                "source": source["name"],
                "title": sec["title"],
                "text": sec["text"],
                "section": sec["title"],
                "order": 200_000 + n,
            }


def build(target: Path, sources_dir: Path | None, progress: Callable[[int], None] | None = None) -> None:
    """Write a complete index into `target` (which must not exist yet)."""
    from whoosh import index

    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".building-", dir=target.parent))
    try:
        ix = index.create_in(str(tmp), schema())
        writer = ix.writer()
        for n, doc in enumerate(documents(sources_dir), start=1):
            spell = " ".join(doc.get(f, "") for f in TEXT_FIELDS)
            writer.add_document(**doc, spell=spell)
            if progress:
                progress(n)
        writer.commit()
        try:
            os.rename(tmp, target)
        except OSError:
            if not target.is_dir():
                raise
            # another process finished the same index first: keep theirs
    finally:
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)


def open_index(cache_dir: Path, sources_dir: Path | None, progress: Callable[[int], None] | None = None):
    """Open the index for the current data, building it first when the data changed."""
    from whoosh import index

    target = cache_dir / f"index-{fingerprint(sources_dir)}"
    if not target.is_dir():
        build(target, sources_dir, progress)
        for old in cache_dir.glob("index-*"):
            if old != target:
                shutil.rmtree(old, ignore_errors=True)
    return index.open_dir(str(target))


def count_documents(sources_dir: Path | None) -> int:
    return sum(1 for _ in documents(sources_dir))
