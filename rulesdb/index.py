"""The whoosh index: derived from the data, cached per data hash, swapped in atomically.

The index lives in `<cache>/index-<hash>`; the hash covers the built-in data files, the
imported sources and the index format, so any change gives a new directory. A build goes
to a temporary directory first and is renamed into place, so a reader never sees half an index.

Whoosh keeps pickles in an index (its table of contents, stored fields), and unpickling a
planted file runs code. So every per-game index is opened only if its files hash to a digest
recorded when this project built it, kept outside the cache (in the data folder, beside the
imported sources). An index that does not match, planted or damaged, is deleted and rebuilt.
"""
from __future__ import annotations

import hashlib
import os
from pathlib import Path
from typing import Callable, Iterable

from rulesdb.errors import DataError
from rulesdb.games import DATA_DIR

INDEX_FORMAT = "8"  # bump when the schema or the analysis changes
FIELD_BOOSTS = {"title": 1.6, "keywords": 1.5, "aliases": 1.5, "section": 0.6, "text": 1.0}
TEXT_FIELDS = tuple(FIELD_BOOSTS)


DIGESTS = "search-index.sha256"  # in the data folder: "<index dir>/<game> <sha256>" lines
_BUILT_HERE: set[str] = set()  # the same lines for indexes this process built (a read-only data folder)


def _digest_file(cache_dir: Path, sources_dir: Path | None) -> Path:
    return (sources_dir.parent if sources_dir is not None else cache_dir.parent) / DIGESTS


def tree_digest(folder: Path) -> str | None:
    """sha256 of every file name and content under `folder`; None if anything is not a plain file."""
    h = hashlib.sha256()
    try:
        for path in sorted(folder.rglob("*")):
            if path.is_symlink() or not (path.is_file() or path.is_dir()):
                return None
            if path.is_file():
                h.update(path.relative_to(folder).as_posix().encode() + b"\0")
                h.update(hashlib.sha256(path.read_bytes()).digest())
    except OSError:
        return None
    return h.hexdigest()


def _record_digests(built: Path, name: str, cache_dir: Path, sources_dir: Path | None) -> None:
    """Note the digests of a freshly built index (append: concurrent builders each add theirs)."""
    from rulesdb.games import GAME_IDS

    lines = "".join(f"{name}/{game} {tree_digest(built / game)}\n" for game in GAME_IDS)
    _BUILT_HERE.update(lines.splitlines())
    digests = _digest_file(cache_dir, sources_dir)
    try:
        digests.parent.mkdir(parents=True, exist_ok=True)
        if digests.exists() and digests.stat().st_size > 64_000:
            digests.unlink()  # only the newest indexes matter; older ones are rebuilt if ever needed
        fd = os.open(digests, os.O_WRONLY | os.O_CREAT | os.O_APPEND | getattr(os, "O_NOFOLLOW", 0), 0o644)
        with os.fdopen(fd, "a", encoding="utf-8") as fh:
            fh.write(lines)
    except OSError:
        pass  # a read-only data folder: the index is simply rebuilt (into a fresh temp dir) next time


def verified(target: Path, games: Iterable[str], cache_dir: Path, sources_dir: Path | None) -> bool:
    """True when each game's index under `target` matches a digest this project recorded."""
    digests = _digest_file(cache_dir, sources_dir)
    try:
        small = digests.is_file() and digests.stat().st_size <= 1 << 20
        known = set(digests.read_text(encoding="utf-8").splitlines()) if small else set()
    except (OSError, UnicodeDecodeError):
        known = set()
    known |= _BUILT_HERE
    return all(f"{target.name}/{game} {tree_digest(target / game)}" in known for game in games)


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
        text=TEXT(stored=True, analyzer=ana, field_boost=FIELD_BOOSTS["text"], phrase=False),
        keywords=TEXT(analyzer=ana, field_boost=FIELD_BOOSTS["keywords"]),
        aliases=TEXT(analyzer=ana, field_boost=FIELD_BOOSTS["aliases"]),
        section=TEXT(analyzer=ana, field_boost=FIELD_BOOSTS["section"], phrase=False),
        spell=TEXT(analyzer=ana, phrase=False),  # each word of the document once: the lexicon for typo fixes
        names=STORED,  # a glossary term's aliases, for "did you mean"
        exceptions=STORED,  # [(id, title, when)] of the rules that override this one in a case
        exception_to=STORED,  # [(id, title)] of the general rules this one overrides
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
            "exceptions": [(x, ref.rules[x].title, when) for x, when in ref.exceptions.get(rule.id, [])],
            "exception_to": [(g, ref.rules[g].title) for g in ref.exception_to(rule.id)],
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
            "names": " ; ".join(term.aliases),
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
    """Write a complete index into `target` (which must not exist yet): one sub-index per game,
    so a question about one game reads only that game's postings and IDF counts within it."""
    import shutil
    import tempfile

    import json
    import re
    from collections import Counter

    from whoosh import index
    from whoosh.codec.whoosh3 import W3Codec

    from rulesdb.analysis import analyzer
    from rulesdb.games import GAME_IDS

    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=".building-", dir=target.parent))
    try:
        writers = {}
        for game in GAME_IDS:
            (tmp / game).mkdir()
            # uncompressed posting blocks: the index is small, and zlib was a tenth of the build
            writers[game] = index.create_in(str(tmp / game), schema()).writer(codec=W3Codec(compression=0))
        ana = analyzer()
        surface: dict[str, Counter] = {game: Counter() for game in GAME_IDS}
        for n, doc in enumerate(documents(sources_dir), start=1):
            spell = " ".join({w for f in TEXT_FIELDS for w in doc.get(f, "").lower().split()})
            writers[doc["game"]].add_document(**doc, spell=spell)
            surface[doc["game"]].update((t.text, t.original) for t in ana(spell, keeporiginal=True))
            if progress:
                progress(n)
        for game, writer in writers.items():
            writer.commit()
            # the commonest spelling of each stem, to show corrections as words ("morale", not "moral")
            best: dict[str, str] = {}
            for (stem, word), _ in surface[game].most_common():
                best.setdefault(stem, re.sub(r"^[^a-z0-9]+|[^a-z0-9]+$", "", word))
            (tmp / game / "surface.json").write_text(json.dumps(best), encoding="utf-8")
        # the digests go in before the rename, so a reader never finds an index it cannot verify
        _record_digests(tmp, target.name, target.parent, sources_dir)
        try:
            os.rename(tmp, target)
        except OSError:
            if not target.is_dir():
                raise
            # another process finished the same index first: keep theirs
    finally:
        if tmp.exists():
            shutil.rmtree(tmp, ignore_errors=True)


def open_index(cache_dir: Path, sources_dir: Path | None, progress: Callable[[int], None] | None = None,
               games: Iterable[str] | None = None) -> dict:
    """Open the per-game indexes for the current data (all games, or these), building first
    when the data changed."""
    from whoosh import index

    from rulesdb.games import GAME_IDS

    import shutil

    target = cache_dir / f"index-{fingerprint(sources_dir)}"
    wanted = list(games or GAME_IDS)
    if target.is_dir() and not verified(target, wanted, cache_dir, sources_dir):
        _discard(target)  # planted or damaged: never opened, rebuilt below
    if not target.is_dir():
        try:
            build(target, sources_dir, progress)
        except OSError as exc:  # no cache folder to keep it in (unwritable, a full disk): one for this run
            target = _scratch_build(target.name, sources_dir, progress, cache_dir, exc)
        else:
            for old in cache_dir.glob("index-*"):
                if old != target:
                    shutil.rmtree(old, ignore_errors=True)
        if not verified(target, wanted, cache_dir, sources_dir):
            raise DataError(f"the search index in {target} cannot be verified (is the data folder "
                            f"{_digest_file(cache_dir, sources_dir).parent} writable?); use --data-dir for a writable place")
    return {game: index.open_dir(str(target / game)) for game in wanted}


def _scratch_build(name: str, sources_dir: Path | None, progress, cache_dir: Path, why: OSError) -> Path:
    """Build the index in a temporary folder deleted when the process ends, so a search works
    without a cache (only slower); DataError in one line when even that cannot be written."""
    import atexit
    import shutil
    import tempfile

    try:
        scratch = Path(tempfile.mkdtemp(prefix="companion-index-"))
        atexit.register(shutil.rmtree, scratch, True)
        build(scratch / name, sources_dir, progress)
    except OSError as exc:
        raise DataError(f"the search index cannot be built: the cache folder {cache_dir} is not usable "
                        f"({why.strerror or why}) and neither is a temporary folder ({exc.strerror or exc}); "
                        "free some space or use --data-dir for a writable place") from None
    return scratch / name


def _discard(target: Path) -> None:
    """Move an unverified index out of the way (then delete it), so it is never opened."""
    import shutil
    import tempfile

    try:
        aside = Path(tempfile.mkdtemp(prefix=".discard-", dir=target.parent))
        os.rename(target, aside / "index")
        shutil.rmtree(aside, ignore_errors=True)
    except OSError:
        if target.is_symlink() or target.is_file():
            target.unlink(missing_ok=True)
        else:
            shutil.rmtree(target, ignore_errors=True)


def surface_words(indexes: dict) -> dict[str, str]:
    """Stem -> the word the reference most often spells it as, over these games' indexes."""
    import json

    out: dict[str, str] = {}
    for ix in indexes.values():
        path = Path(ix.storage.folder) / "surface.json"
        if path.exists():
            for stem, word in json.loads(path.read_text(encoding="utf-8")).items():
                out.setdefault(stem, word)
    return out
