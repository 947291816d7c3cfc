"""The rules reference read from a JSON cache keyed by the data hash, so a command that looks up
rules neither parses every TOML file nor validates it with pydantic again.

`<cache>/reference-<hash>.json` is written (untrusted.write_file) from a validated
`load_reference()`; the hash covers the data files and the code that reads them. The cached entries
are plain frozen objects with the same fields as the pydantic models. A cache that cannot be read, has another
hash or another shape is ignored and written again; older cache files are removed.
"""
from __future__ import annotations

import hashlib
import json
from contextlib import suppress
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Callable

from rulesdb import untrusted
from rulesdb.games import DATA_DIR
from rulesdb.refshape import GlossaryEntry, Reference

CACHE_FORMAT = "2"  # 2: exception links


@dataclass(frozen=True)
class Section:
    id: str
    title: str
    source: str
    parent: str | None = None


@dataclass(frozen=True)
class RuleEntry:
    id: str
    section: str
    title: str
    text: str
    source: str
    kind: str = "rule"
    unclear: str | None = None
    unclear_passages: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    aliases: tuple[str, ...] = ()
    see_also: tuple[str, ...] = ()

    @property
    def game(self) -> str:
        return self.id.split(".", 1)[0]


@dataclass(frozen=True)
class Term:
    term: str
    definition: str
    rules: tuple[str, ...]
    aliases: tuple[str, ...] = ()


def data_hash() -> str:
    """Hash of the data files and of the code that loads them."""
    here = Path(__file__).resolve().parent
    h = hashlib.sha256(CACHE_FORMAT.encode())
    for path in [*sorted(DATA_DIR.rglob("*.toml")), here / "models.py", here / "reference.py", here / "refshape.py",
                 here / "refcache.py"]:
        h.update(str(path.relative_to(here)).encode() + b"\0" + path.read_bytes())
    return h.hexdigest()[:20]


def _plain(cls, obj):
    """A cached object from a pydantic model or a JSON dict (lists become tuples)."""
    data = obj if isinstance(obj, dict) else {f.name: getattr(obj, f.name) for f in fields(cls)}
    return cls(**{k: tuple(v) if isinstance(v, list) else v for k, v in data.items()})


def _build(doc: dict) -> Reference:
    ref = Reference()
    ref.sections = {s["id"]: _plain(Section, s) for s in doc["sections"]}
    ref.rules = {r["id"]: _plain(RuleEntry, r) for r in doc["rules"]}
    ref.glossary = {g["id"]: GlossaryEntry(g["id"], g["game"], _plain(Term, g["term"])) for g in doc["glossary"]}
    ref.exceptions = {rule: [tuple(link) for link in links] for rule, links in doc["exceptions"].items()}
    return ref


def read_cached(cache_dir: Path, key: str | None = None) -> Reference | None:
    """The reference from `<cache_dir>/reference-<hash>.json` when that is there, current and
    usable; else None (nothing is loaded or written)."""
    key = key or data_hash()
    path = cache_dir / f"reference-{key}.json"
    with suppress(OSError, ValueError, KeyError, TypeError, AttributeError):  # missing or damaged: None
        doc = json.loads(path.read_text(encoding="utf-8"))
        if doc.get("hash") == key and doc.get("format") == CACHE_FORMAT:
            return _build(doc)
    return None


def cached_reference(cache_dir: Path, load: Callable[[], Reference]) -> Reference:
    """The reference from `<cache_dir>/reference-<hash>.json`; when that is missing or unusable,
    `load()` (rulesdb.reference.load_reference: the data files, validated) and the cache written."""
    key = data_hash()
    path = cache_dir / f"reference-{key}.json"
    cached = read_cached(cache_dir, key)
    if cached is not None:
        return cached
    ref = load()
    doc = {
        "format": CACHE_FORMAT, "hash": key,
        "sections": [asdict(_plain(Section, s)) for s in ref.sections.values()],
        "rules": [asdict(_plain(RuleEntry, r)) for r in ref.rules.values()],
        "glossary": [{"id": g.id, "game": g.game, "term": asdict(_plain(Term, g.term))} for g in ref.glossary.values()],
        "exceptions": {rule: [list(link) for link in links] for rule, links in ref.exceptions.items()},
    }
    with suppress(OSError):  # a read-only or full cache: the reference still works, just slower
        untrusted.write_file(path, json.dumps(doc, ensure_ascii=False), OSError)  # a killed write's file is swept
        for old in cache_dir.glob("reference-*.json"):
            if old != path:
                old.unlink(missing_ok=True)
    return _build(json.loads(json.dumps(doc)))
