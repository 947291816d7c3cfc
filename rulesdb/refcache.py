"""The rules reference read from a JSON cache keyed by the data hash, so a command that looks up
rules neither parses every TOML file nor validates it with pydantic again.

`<cache>/reference-<hash>.json` is written (atomically) from a validated `load_reference()`; the
hash covers the data files and the code that reads them. The cached entries are plain frozen
objects with the same fields as the pydantic models. A cache that cannot be read, has another
hash or another shape is ignored and written again; older cache files are removed.
"""
from __future__ import annotations

import hashlib
import json
import os
from contextlib import suppress
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Callable

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
    _write(path, doc)
    return _build(json.loads(json.dumps(doc)))


def _write(path: Path, doc: dict) -> None:
    """The cache written through a temporary file of this process renamed into place; a write that
    fails (a read-only folder, a full disk) removes its temporary file, and those left by processes
    that are gone (killed mid-write) are removed first, so a failing cache never fills the disk."""
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        _sweep(path.parent)
        tmp.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")
        tmp.replace(path)
        for old in path.parent.glob("reference-*.json"):
            if old != path:
                old.unlink(missing_ok=True)
    except OSError:  # a read-only or full cache: the reference still works, just slower
        with suppress(OSError):
            tmp.unlink(missing_ok=True)


def _sweep(folder: Path) -> None:
    """Remove the `reference-*.json.<pid>.tmp` files left by processes that are gone."""
    for stray in folder.glob("reference-*.json.*.tmp"):
        pid = stray.name.rsplit(".", 2)[-2]
        if pid.isdigit() and int(pid) != os.getpid() and _gone(int(pid), stray):
            stray.unlink(missing_ok=True)


def _gone(pid: int, stray: Path) -> bool:
    """Whether the process that wrote `stray` is gone: no process has its id (where signal 0 asks
    that; elsewhere, the file is an hour old: a cache write takes far less)."""
    if os.name != "posix":
        import time

        return stray.stat().st_mtime < time.time() - 3600
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, OverflowError):
        return True  # no process has that id (or could)
    except OSError:
        return False  # another user's process (PermissionError)
    return False
