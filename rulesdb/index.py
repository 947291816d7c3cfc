"""The whoosh index: derived from the data, one sub-index per game, cached per data hash, swapped
in atomically, and opened only when its files match a digest this project recorded (whoosh keeps
pickles): docs/architecture.md, Search.
"""
from __future__ import annotations

import hashlib
import os
import re
import shutil
import time
from collections import Counter, defaultdict
from contextlib import nullcontext, suppress
from itertools import count
from pathlib import Path
from typing import Callable, ContextManager, Iterable

from rulesdb.errors import DataError
from rulesdb.games import DATA_DIR, GAME_IDS, all_games

INDEX_FORMAT = "13"  # bump when the schema or the analysis changes
# asked: the questions players ask, per entry (rulesdb/asked.py); its boost chosen by cross-validation
# (benchmarks/retrieval_asked.py, as built in: 1 in every fold, of 0.5 and 1)
FIELD_BOOSTS = {"title": 1.6, "keywords": 1.5, "aliases": 1.5, "section": 0.6, "text": 1.0, "asked": 1.0}
TEXT_FIELDS = tuple(FIELD_BOOSTS)
# an asked question's words join the lexicon a typo is corrected towards: no, `spell` keeps the entries'
# own words (a typo is corrected towards them; an asked word counts as matched only where searched)
ASKED_IN_SPELL = False

#: How a front end shows a build's progress (the first search after an install or an update): called
#: when a build starts, it returns a context manager that yields the callback given the count of
#: entries indexed so far (or None). rulesdb draws nothing itself; the front end passes one in.
OnBuild = Callable[[], ContextManager[Callable[[int], None] | None]]

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


def _record_digests(built: Path, name: str, cache_dir: Path, sources_dir: Path | None, games: Iterable[str]) -> None:
    """Note the digests of freshly built per-game indexes (append: concurrent builders each add theirs)."""
    lines = "".join(f"{name}/{game} {tree_digest(built / game)}\n" for game in games)
    _BUILT_HERE.update(lines.splitlines())
    with suppress(OSError):  # a read-only data folder: the index is simply rebuilt (into a fresh temp dir) next time
        _append_digests(_digest_file(cache_dir, sources_dir), lines)


def stat_stamp(folder: Path) -> tuple[str, int] | None:
    """(sha256 of each file's name, inode, size, modification and change time under `folder`, the
    newest change time in ns); None if anything is not a plain file or folder."""
    rows: list[str] = []
    newest = 0

    def look(path: str, rel: str) -> bool:
        nonlocal newest
        with os.scandir(path) as entries:
            for entry in sorted(entries, key=lambda e: e.name):
                name = f"{rel}{entry.name}"
                if entry.is_dir(follow_symlinks=False):
                    if not look(entry.path, name + "/"):
                        return False
                elif entry.is_file(follow_symlinks=False):
                    st = entry.stat(follow_symlinks=False)
                    rows.append(f"{name}\0{st.st_ino} {st.st_size} {st.st_mtime_ns} {st.st_ctime_ns}")
                    newest = max(newest, st.st_ctime_ns)
                else:
                    return False
        return True

    try:
        if not look(str(folder), ""):
            return None
    except OSError:
        return None
    return hashlib.sha256("\n".join(rows).encode()).hexdigest(), newest


SETTLE = 2.0  # seconds: a stamp is recorded only when every file's change time is this old


def _append_digests(digests: Path, lines: str) -> None:
    """Add lines to the digest file (append: concurrent processes each add theirs); never through a link."""
    digests.parent.mkdir(parents=True, exist_ok=True)
    if digests.exists() and digests.stat().st_size > 64_000:
        digests.unlink()  # only the newest indexes matter; older ones are hashed or rebuilt if ever needed
    fd = os.open(digests, os.O_WRONLY | os.O_CREAT | os.O_APPEND | getattr(os, "O_NOFOLLOW", 0), 0o644)
    try:
        with os.fdopen(fd, "a", encoding="utf-8") as fh:
            fh.write(lines)
    except OSError:
        if os.path.getsize(digests) == 0:  # made just now on a full disk: nothing to keep
            os.unlink(digests)
        raise


def verified(target: Path, games: Iterable[str], cache_dir: Path, sources_dir: Path | None) -> bool:
    """True when each game's index under `target` matches a digest this project recorded: by its
    recorded stat stamp, or else by hashing every file (then its stamp is recorded, once settled)."""
    digests = _digest_file(cache_dir, sources_dir)
    try:
        small = digests.is_file() and digests.stat().st_size <= 1 << 20
        known = set(digests.read_text(encoding="utf-8").splitlines()) if small else set()
    except (OSError, UnicodeDecodeError):
        known = set()
    known |= _BUILT_HERE
    settled = []
    for game in games:
        before = stat_stamp(target / game)
        if before is None:
            return False
        if f"{target.name}/{game} stat:{before[0]}" in known:
            continue
        if f"{target.name}/{game} {tree_digest(target / game)}" not in known:
            return False
        # unchanged while hashed, and old enough that any later change gets another change time
        if stat_stamp(target / game) == before and before[1] < time.time_ns() - SETTLE * 1e9:
            settled.append(f"{target.name}/{game} stat:{before[0]}\n")
    if settled:
        with suppress(OSError):  # a read-only data folder: the files are hashed at every search
            _append_digests(digests, "".join(settled))
    return True


FINGERPRINT = "search-index.inputs"  # in the data folder: "<inputs' stamp> <fingerprint>" of the last hash


def input_stamp(sources_dir: Path | None) -> tuple[tuple, int]:
    """Each file the index is built from (the data's TOML files, the analysis code, the imported
    sources) as (path, inode, size, modification and change time), and the newest change time.
    os.scandir: a third of the cost of Path.rglob and a stat per file."""
    here = os.path.dirname(os.path.abspath(__file__))
    out: list[tuple] = []

    def look(folder, suffix: str, deep: bool) -> None:
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError:  # no imported sources yet
            return
        for entry in entries:
            if deep and entry.is_dir(follow_symlinks=False):
                look(entry.path, suffix, deep)
            elif entry.name.endswith(suffix):
                add(entry.path)

    def add(path: str) -> None:
        try:
            st = os.stat(path)
        except FileNotFoundError:  # removed since the folder was listed (`rules remove` meanwhile)
            return
        out.append((path, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns))

    look(DATA_DIR, ".toml", True)
    add(os.path.join(here, "analysis.py"))
    add(os.path.join(here, "analyzer.py"))
    if sources_dir is not None:
        look(sources_dir, ".json", False)
    return tuple(out), max((row[4] for row in out), default=0)


def fingerprint(sources_dir: Path | None) -> str:
    """Hash of everything the index is built from, whoosh's own version included (another release
    may write or read its files differently), hashed again only when their stamp (input_stamp) moved
    (the last one is kept once SETTLE old: docs/architecture.md, Search)."""
    import whoosh

    version = f"{INDEX_FORMAT}/{whoosh.versionstring()}"
    rows, newest = input_stamp(sources_dir)
    key = hashlib.sha256(repr((version, rows)).encode()).hexdigest()
    kept = sources_dir.parent / FINGERPRINT if sources_dir is not None else None
    try:
        line = kept.read_text(encoding="utf-8") if kept is not None and kept.stat().st_size < 200 else ""
    except (OSError, UnicodeDecodeError):
        line = ""
    if line.startswith(key + " ") and len(line.split()) == 2:
        return line.split()[1]
    h = hashlib.sha256(version.encode())
    for path, *_ in rows:
        h.update(os.path.basename(path).encode())
        h.update(Path(path).read_bytes())
    found = h.hexdigest()[:20]
    if kept is not None and newest < time.time_ns() - SETTLE * 1e9 and input_stamp(sources_dir)[0] == rows:
        from rulesdb import untrusted

        # through a fresh temporary file, never a link (rulesdb/untrusted.py sweeps killed ones); a
        # read-only folder or a full disk: hashed again next time
        with suppress(OSError):
            untrusted.write_file(kept, f"{key} {found}\n", OSError)
    return found


def schema():
    from whoosh.fields import ID, STORED, TEXT, Schema

    from rulesdb.analyzer import make_analyzer

    ana = make_analyzer()
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
        asked=TEXT(analyzer=ana, field_boost=FIELD_BOOSTS["asked"], phrase=False),  # not stored
        spell=TEXT(analyzer=ana, phrase=False),  # each word of the document once: the lexicon for typo fixes
        names=STORED,  # a glossary term's aliases, for "did you mean"
        exceptions=STORED,  # [(id, title, when)] of the rules that override this one in a case
        exception_to=STORED,  # [(id, title)] of the general rules this one overrides
        order=STORED,
        links=STORED,  # a glossary term's rule ids: what a "what is X?" answer shows after the term
        unclear=STORED,  # (note, rulebook passages) where the entry is the companion's reading of an unclear rulebook
    )


def _reference(games: set[str] | None):
    """The reference to index: every game's (from the reference cache where the application keeps
    one); for some games, the cache when it is there, else only those games' data files, so the
    first search after an install parses and validates no other game's rules."""
    import rulesdb
    from rulesdb.reference import load_reference, reference

    if games is None or games >= set(GAME_IDS):
        return reference()
    if rulesdb.cache_dir is not None:
        from rulesdb.refcache import read_cached

        cached = read_cached(rulesdb.cache_dir())
        if cached is not None:
            return cached
    return load_reference(games=tuple(g for g in GAME_IDS if g in games))


def documents(sources_dir: Path | None, games: Iterable[str] | None = None) -> Iterable[dict]:
    """Every searchable document of these games (all by default): rule entries, glossary terms,
    imported sections. A document's order is its place among its game's documents, whichever
    games are built or loaded."""
    from rulesdb.asked import load_asked
    from rulesdb.sources import load_sources

    wanted = None if games is None else set(games)
    ref = _reference(wanted)
    asked = load_asked([g for g in GAME_IDS if wanted is None or g in wanted], set(ref.rules) | set(ref.glossary))
    place: defaultdict = defaultdict(count)  # (game, kind) -> the count of its documents so far
    for rule in (r for r in ref.rules.values() if wanted is None or r.game in wanted):
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
            "asked": " ; ".join(asked.get(rule.id, ())),
            "order": next(place[rule.game, "rule"]),
            "exceptions": [(x, ref.rules[x].title, when) for x, when in ref.exceptions.get(rule.id, [])],
            "exception_to": [(g, ref.rules[g].title) for g in ref.exception_to(rule.id)],
            "unclear": (rule.unclear, list(rule.unclear_passages)) if rule.unclear else None,
        }
    for entry in (e for e in ref.glossary.values() if wanted is None or e.game in wanted):
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
            "asked": " ; ".join(asked.get(entry.id, ())),
            "order": 100_000 + next(place[entry.game, "term"]),
            "links": list(term.rules),
        }
    for source in (s for s in load_sources(sources_dir) if wanted is None or s["game"] in wanted):
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


# Fields indexed without positions: whoosh takes a list of their terms as the analyzer's output
# (the same postings and field length), so the build hands it the terms of each word, analysed
# once per build instead of once per document and field (no term spans a space, so a text's terms
# are its words' terms in order). Fields with positions (title, keywords, aliases) are analysed
# as text: the hyphen filter gives a word's parts one position, a list would not.
TERMS_ONLY = ("text", "section", "asked")


def _analysed(ana, memo: dict[str, list[tuple[str, str]]], words: Iterable[str]) -> list[tuple[str, str]]:
    """The (term, original word) pairs `ana` makes of these whitespace-separated words, in order."""
    for word in words:
        if word not in memo:
            memo[word] = [(t.text, t.original) for t in ana(word, mode="index", keeporiginal=True)]
    return [pair for word in words for pair in memo[word]]


def build(target: Path, sources_dir: Path | None, progress: Callable[[int], None] | None = None,
          games: Iterable[str] | None = None) -> None:
    """Write the per-game indexes of these games (all by default) into `target`: built in a
    temporary folder and each renamed into place (another process's finished first is kept), or the
    index shipped in the package when it verifies (rulesdb/shipped.py)."""
    from rulesdb.shipped import take_shipped

    wanted = [game for game in GAME_IDS if games is None or game in games]
    target.mkdir(parents=True, exist_ok=True)
    # named first and made inside the try: a Ctrl-C landing just after the folder is made still removes it
    tmp = target / f".building-{os.getpid()}-{os.urandom(4).hex()}"
    try:
        tmp.mkdir()
        taken = take_shipped(tmp, sources_dir, wanted, lambda: fingerprint(None), tree_digest)
        write_indexes(tmp, sources_dir, progress, [game for game in wanted if game not in taken])
        # the digests go in before the rename, so a reader never finds an index it cannot verify
        _record_digests(tmp, target.name, target.parent, sources_dir, wanted)
        for game in wanted:
            try:
                os.rename(tmp / game, target / game)
            except OSError:
                if not (target / game).is_dir():
                    raise
                # another process finished the same index first: keep theirs
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def write_indexes(folder: Path, sources_dir: Path | None, progress: Callable[[int], None] | None,
                  games: list[str]) -> None:
    """Write each of these games' whoosh index (and its surface.json and names.txt) into `folder/<game>`."""
    import json

    if not games:
        return
    from whoosh import index
    from whoosh.codec.whoosh3 import W3Codec

    from rulesdb.analyzer import make_analyzer

    writers = {}
    for game in games:
        (folder / game).mkdir()
        # uncompressed posting blocks: the index is small, and zlib was a tenth of the build
        writers[game] = index.create_in(str(folder / game), schema()).writer(codec=W3Codec(compression=0))
    ana = make_analyzer()
    surface: dict[str, Counter] = {game: Counter() for game in games}
    memo: dict[str, list[tuple[str, str]]] = {}  # a word -> its (term, word) pairs, analysed once a build
    terms: dict[str, list[str]] = {game: [] for game in games}  # each game's glossary terms
    spelt = [f for f in TEXT_FIELDS if ASKED_IN_SPELL or f != "asked"]  # the fields whose words join `spell`
    for n, doc in enumerate(documents(sources_dir, games), start=1):
        if doc["kind"] == "term":
            terms[doc["game"]].append(doc["title"])
        spell = _analysed(ana, memo, {w for f in spelt for w in doc.get(f, "").lower().split()})
        fields = {f: [term for term, _ in _analysed(ana, memo, doc[f].split())] for f in TERMS_ONLY if f in doc}
        writers[doc["game"]].add_document(**{**doc, **fields}, _stored_text=doc["text"],
                                          spell=[term for term, _ in spell])
        surface[doc["game"]].update(spell)
        if progress:
            progress(n)
    for game, writer in writers.items():
        writer.commit()
        (folder / game / "surface.json").write_text(json.dumps(commonest_spellings(surface[game])), encoding="utf-8")
        (folder / game / NAMES).write_text(game_names(game, terms[game]), encoding="utf-8")


def commonest_spellings(spelt: Counter) -> dict[str, str]:
    """Stem -> the reference's commonest spelling of it (in how many entries), to show corrections
    as words ("morale", not "moral"). A tie goes to the shorter word, then to the first in
    alphabetical order: never to the order the words were met in, which follows the hash seed."""
    best: dict[str, tuple[int, int, str]] = {}
    for (stem, word), n in spelt.items():
        plain = re.sub(r"^[^a-z0-9]+|[^a-z0-9]+$", "", word)
        rank = (-n, len(plain), plain)
        if stem not in best or rank < best[stem]:
            best[stem] = rank
    return {stem: best[stem][2] for stem in sorted(best)}


NAMES = "names.txt"  # in each game's index: the names a question may call the game by (rulesdb.mentions)


def game_names(game: str, terms: list[str]) -> str:
    """The game's id, name and aliases, one a line after how a question's mention of it is read:
    "plain" (a name and nothing else: left out of the words searched), "term" (also a word of one
    of the game's glossary terms, "CATastrophe card": left out only where it names the game) or
    "named" (with a digit, "9 lives": it names the game but is searched as said)."""
    found = next((g for g in all_games() if g.id == game), None)
    if found is None:
        return ""
    said = [found.id.replace("-", " "), found.name, found.name.split(":")[0], *found.aliases]
    words = {w for t in terms for w in re.findall(r"[a-z0-9]+", t.lower())}
    names = dict.fromkeys(" ".join(re.findall(r"[a-z0-9]+", name.lower())) for name in said)
    flags = {name: "named" if any(c.isdigit() for c in name) or name.split()[-1] == "lives"
             else "term" if set(name.split()) & words else "plain" for name in names if len(name) >= 4}
    return "".join(f"{flag}\t{name}\n" for name, flag in flags.items())


def read_game_names(folder) -> dict[str, str]:
    """A game's index folder's names (game_names) -> how each is read; {} when it has none."""
    try:
        with open(Path(folder) / NAMES, encoding="utf-8") as fh:
            rows = [line.rstrip("\n").split("\t") for line in fh]
    except OSError:
        rows = []
    return {row[1]: row[0] for row in rows if len(row) == 2}


def open_index(cache_dir: Path, sources_dir: Path | None, progress: Callable[[int], None] | None = None,
               games: Iterable[str] | None = None, on_build: OnBuild | None = None) -> dict:
    """Open the per-game indexes for the current data (all games, or these), first building those
    not built yet for this data (only those: a question about one game builds one index). A build
    reports to `progress`, or else to what `on_build` yields (a front end's progress bar)."""
    from whoosh import index

    target = cache_dir / f"index-{fingerprint(sources_dir)}"
    wanted = list(games or GAME_IDS)
    if target.is_dir() and not verified(target, wanted, cache_dir, sources_dir):
        for game in wanted:  # planted or damaged: never opened, rebuilt below
            if (target / game).exists() and not verified(target, [game], cache_dir, sources_dir):
                _discard(target / game)
    missing = [game for game in wanted if not (target / game).is_dir()]
    if missing:
        with (on_build() if on_build is not None and progress is None else nullcontext(progress)) as tick:
            try:
                build(target, sources_dir, tick, missing)
            except OSError as exc:  # no cache folder to keep it in (unwritable, a full disk): one for this run
                target = _scratch_build(target.name, sources_dir, tick, cache_dir, exc, wanted)
            else:
                for old in cache_dir.glob("index-*"):
                    if old != target:
                        shutil.rmtree(old, ignore_errors=True)
        if not verified(target, wanted, cache_dir, sources_dir):
            raise DataError(f"the search index in {target} cannot be verified (is the data folder "
                            f"{_digest_file(cache_dir, sources_dir).parent} writable?); use --data-dir for a writable place")
    return {game: index.open_dir(str(target / game)) for game in wanted}


def _scratch_build(name: str, sources_dir: Path | None, progress, cache_dir: Path, why: OSError,
                   games: Iterable[str]) -> Path:
    """Build these games' indexes in a temporary folder deleted when the process ends, so a search
    works without a cache (only slower); DataError in one line when even that cannot be written."""
    import atexit
    import tempfile  # here: only a search without a usable cache folder needs it (start-up is measured)

    try:
        scratch = Path(tempfile.mkdtemp(prefix="companion-index-"))
        atexit.register(shutil.rmtree, scratch, True)
        build(scratch / name, sources_dir, progress, games)
    except OSError as exc:
        raise DataError(f"the search index cannot be built: the cache folder {cache_dir} is not usable "
                        f"({why.strerror or why}) and neither is a temporary folder ({exc.strerror or exc}); "
                        "free some space or use --data-dir for a writable place") from None
    return scratch / name


def _discard(target: Path) -> None:
    """Move an unverified index (a whole one or one game's) out of the way (then delete it), so it
    is never opened."""
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
    import json  # here: a search that builds nothing loads no JSON (tests/test_startup_imports.py)

    out: dict[str, str] = {}
    for ix in indexes.values():
        path = Path(ix.storage.folder) / "surface.json"
        if path.exists():
            for stem, word in json.loads(path.read_text(encoding="utf-8")).items():
                out.setdefault(stem, word)
    return out
