"""Users' own rulebook copies: split into sections and stored as JSON beside the built-in data.

An imported source is searchable next to the built-in reference and labelled with its name.
"""
from __future__ import annotations

import json
import re
import shutil
from contextlib import contextmanager, suppress
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable

from rulesdb import untrusted
from rulesdb.errors import BadImport, UnknownSource
from rulesdb.names import ID_NAME as NAME
from rulesdb.names import id_problem
MAX_SECTION_CHARS = 1200  # long sections are cut at paragraph breaks into parts of about this size
MAX_SECTIONS = 20_000  # sections a game's imported sources hold together: each is a document every
# search of the game ranks (a 300-page rulebook splits into about 1,000, the built-in reference ten
# times over into about 12,000); import and search stay bounded
_MD_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.+?)\s*#*\s*$")
_NUMBERED = re.compile(r"^\s*(?:\d+(?:\.\d+)*\.?|[IVX]+\.)\s+\S.{0,70}$")
_BULLET = re.compile(r"^\s*(?:[-*•]\s*)+")
# "Golden Rule: card text wins" or "Draw From Main Deck - always draw ...": a head run into its paragraph
_RUN_IN = re.compile(r"^([A-Z][^.:;?()]{0,48}?[^\s.:;?(])(?::|\s+[-–]\s)\s*\S")
_NOT_HEADS = frozenset({"note", "notes", "example", "examples", "ex", "e.g", "reminder", "important", "tip", "hint"})
WALL = 800  # a line this long is a whole rulebook that lost its line breaks
# capitalised words that open a sentence rather than continue a heading
_OPENERS = frozenset("""a an the if in on at as when whenever while every each your you there this these those
many some most all any it its after before for to during once""".split())
_LINKS = frozenset("a an the of and or to for without with from by in on at".split())
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def _looks_like_heading(line: str) -> bool:
    """A plain-text heading line: short, starts with a capital or a number, no sentence ending."""
    text = line.strip()
    if not text or len(text) > 80 or text.startswith(("-", "*", "•", "|", "(")):
        return False
    last = text[-1]
    if last in ".,;:" or (last == ")" and "(" not in text) or (last in "!?" and len(text.split()) > 6):
        return False
    if _NUMBERED.match(text):
        return True
    words = text.split()
    if len(words) > 9 or not (text[0].isupper() or text[0].isdigit()):
        return False
    return text.lower().rstrip("!?") not in _NOT_HEADS


def _run_in_heading(line: str) -> str | None:
    """The head of a paragraph that starts with one ("Mulligan Rule: Once, ..."), if any."""
    m = _RUN_IN.match(_BULLET.sub("", line.strip()))
    head = m.group(1).strip() if m else ""
    return head if head and len(head.split()) <= 9 and head.lower() not in _NOT_HEADS else None


def _same_word(a: str, b: str) -> bool:
    return a.lower().rstrip("s") == b.strip("\"'").lower().rstrip("s")


def _inline_head(sentence: str, numbered: str | None) -> tuple[str, str] | None:
    """Split "Setup At the beginning of ..." into a Title Case head and the sentence after it."""
    words = sentence.split(" ")
    n, opener = 0, False
    while n < len(words):
        bare = words[n].strip("\"'")
        if not bare or not (bare[0].isupper() or (n and bare.lower() in _LINKS)):
            break
        if n and bare[0].isupper() and (bare.lower() in _OPENERS or _same_word(bare, words[n - 1])):
            opener = True  # "Setup At the ...", "Explore Explore lets ...": the sentence starts here
            break
        n += 1
    if not opener:
        # no opener: the last capitalised word starts the sentence ("Rank Cards have ...")
        if n < 2 or n >= len(words) or not words[n][:1].islower() or not words[n - 1][:1].isupper():
            return None
        n -= 1
    head = words[:n]
    while head and head[-1].lower() in _LINKS:
        head.pop()
    if not head or len(head) > 8 or (head[0].lower() in _OPENERS and not numbered):
        return None
    body = " ".join(words[len(head):])
    if len(body.split()) < 3:
        return None
    return (f"{numbered} " if numbered else "") + " ".join(head), body


def _unwall(line: str, seen: list[int]) -> list[str]:
    """Break a very long line at the headings run into it: numbered ones in sequence (1., 2., ...)
    and Title Case heads that start a sentence without ending it ("Explore Explore lets you ...")."""
    out: list[str] = []
    current: list[str] = []
    sentences: list[str] = []
    for piece in _SENTENCE_END.split(line.strip()):
        if sentences and re.search(r"(?:^|\s)\d{1,2}\.$", sentences[-1]):
            sentences[-1] += " " + piece  # "3." is a number, not the end of a sentence
        else:
            sentences.append(piece)
    for sentence in sentences:
        m = re.match(r"^(\d{1,2})\.\s+(.*)$", sentence)
        numbered = None
        if m and int(m.group(1)) == len(seen) + 1:
            numbered, sentence = m.group(1) + ".", m.group(2)
        split = _inline_head(sentence, numbered)
        if split and (numbered or len(split[0].split()) <= 4):
            if numbered:
                seen.append(int(numbered[:-1]))
            if current:
                out.append(" ".join(current))
            out.append(split[0])
            current = [split[1]]
        else:
            if numbered:
                sentence = f"{numbered} {sentence}"
            current.append(sentence)
    if current:
        out.append(" ".join(current))
    return out


def split_sections(text: str, progress: Callable[[int], None] | None = None) -> list[tuple[str, str]]:
    """Split a rulebook into (heading, body) parts by Markdown headings, plain heading lines,
    heads run into a paragraph ("Golden Rule: ...") and, in a text that lost its line breaks,
    headings inside the long line; then long parts at paragraph breaks."""
    numbered: list[int] = []  # the numbered headings found inside long lines so far: 1, 2, ...
    lines = [part for line in text.splitlines() for part in (_unwall(line, numbered) if len(line) > (WALL // 4 if numbered else WALL) else [line])]
    parts: list[tuple[str | None, list[str]]] = [(None, [])]  # None: the text before any heading
    for i, line in enumerate(lines):
        md = _MD_HEADING.match(line)
        if md:
            parts.append((md.group(2).strip(), []))
        elif _looks_like_heading(line):
            parts.append((line.strip(), []))
        else:
            head = _run_in_heading(line)
            if head:
                parts.append((head, []))
            parts[-1][1].append(line)
        if progress and i % 200 == 0:
            progress(i)
    out: list[tuple[str, str]] = []
    for heading, body in parts:
        paragraphs = [p.strip() for p in re.split(r"\n\s*\n", "\n".join(body)) if p.strip()]
        chunks: list[list[str]] = []
        for para in paragraphs:
            if not chunks or sum(map(len, chunks[-1])) + len(para) > MAX_SECTION_CHARS:
                chunks.append([])
            chunks[-1].append(para)
        out += [(heading or "Introduction", "\n\n".join(chunk)) for chunk in chunks]
        if not chunks and heading is not None:
            out.append((heading, heading))
    if progress:
        progress(len(lines))
    return out


def read_rulebook(path: Path) -> str:
    """The text of a user's rulebook file, or BadImport saying why it cannot be used."""
    raw = untrusted.read_bytes(path, BadImport)  # a regular file under the size limit, or BadImport
    nul = raw.find(b"\0")  # anywhere, not only in the first block: a text file holds no NUL byte
    if nul >= 0:
        raise BadImport(f"cannot import {path}: it looks binary (a NUL byte at byte {nul:,}); "
                        "give a plain-text or Markdown file (.txt, .md)")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise BadImport(f"cannot import {path}: it is not UTF-8 text; save it as plain text or Markdown") from None
    if not text.strip():
        raise BadImport(f"cannot import {path}: the file is empty")
    return text


def source_name(name: str | None, path: Path) -> str:
    """The source's name: the one given, or one made from the file name."""
    chosen = name if name is not None else re.sub(r"[^a-z0-9]+", "-", path.stem.lower()).strip("-")[:40].strip("-")
    if id_problem(chosen, "source") or chosen == "built-in":
        raise BadImport(f"bad source name {chosen[:40]!r}: use up to 40 lowercase letters, digits, '-' or '_' "
                        "(e.g. --name my-copy)")
    return chosen


def load_sources(sources_dir: Path | None) -> list[dict]:
    """Every imported source, sorted by name."""
    if sources_dir is None or not sources_dir.is_dir():
        return []
    out = []
    for path in sorted(sources_dir.glob("*.json")):
        if path.is_symlink() or not NAME.match(path.stem):
            continue  # not written by `rules import`: never read
        damaged = f"imported source {path} is damaged; remove it with `companion rules remove {path.stem}`"
        try:
            source = untrusted.parse_json(untrusted.read_text(path, BadImport), path, BadImport)
        except BadImport as exc:
            raise BadImport(f"{damaged} ({exc})") from None
        if not _well_formed(source, path.stem):
            raise BadImport(damaged)
        out.append(source)
    return out


def _well_formed(source, stem: str) -> bool:
    """An imported source as import_rulebook writes it (named as its file)."""
    from rulesdb.games import GAME_IDS

    return (isinstance(source, dict) and source.get("name") == stem and source.get("game") in GAME_IDS
            and isinstance(source.get("sections"), list)
            and all(isinstance(sec, dict) and isinstance(sec.get("id"), str) and isinstance(sec.get("title"), str)
                    and isinstance(sec.get("text"), str) for sec in source["sections"])
            and all(isinstance(source.get(k, ""), str) for k in ("file", "imported")))


def find_source_section(sources_dir: Path | None, section_id: str) -> tuple[dict, dict] | None:
    """The imported section with this id (`<name>:<n>`) and its source, if any."""
    name = section_id.split(":", 1)[0]
    return next(((source, sec) for source in load_sources(sources_dir) if source["name"] == name
                 for sec in source["sections"] if sec["id"] == section_id), None)


def import_rulebook(
    game: str,
    path: Path,
    sources_dir: Path,
    name: str | None = None,
    progress: Callable[[int], None] | None = None,
) -> dict:
    """Split the file into sections and store it as a source; refuses before writing anything."""
    text = read_rulebook(path)
    chosen = source_name(name, path)
    target = sources_dir / f"{chosen}.json"
    if target.exists():
        raise BadImport(f"a source named {chosen!r} exists already: remove it first (`companion rules remove {chosen}`) or pick another --name")
    there = load_sources(sources_dir)  # a damaged source already there is named now, before anything is written
    sections = split_sections(text, progress)
    held = sum(len(s["sections"]) for s in there if s["game"] == game)
    if held + len(sections) > MAX_SECTIONS:
        already = f" beside the {held:,} of the game's other imported sources" if held else ""
        raise BadImport(f"cannot import {path}: it splits into {len(sections):,} sections{already}, over the limit "
                        f"of {MAX_SECTIONS:,} a game's imported sources hold together; import a shorter file "
                        "(or remove a source: `companion rules remove NAME`)")
    source = {
        "name": chosen,
        "game": game,
        "file": str(path.resolve()),
        "imported": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "sections": [
            {"id": f"{chosen}:{n}", "title": heading, "text": body}
            for n, (heading, body) in enumerate(sections, start=1)
        ],
    }
    stored = json.dumps(source, ensure_ascii=False, separators=(",", ":"))
    size = len(stored.encode("utf-8"))
    if size > untrusted.MAX_BYTES:  # the limit is on what is stored: the reader holds it to the same
        raise BadImport(f"cannot import {path}: split into {len(sections):,} sections it would be stored as "
                        f"{size:,} bytes, over the limit of {untrusted.MAX_BYTES:,}; import it in parts")
    untrusted.write_file(target, stored, BadImport, "nothing was imported")
    return source


def source_list(sources_dir: Path | None) -> list[dict]:
    """The sources: the built-in reference first, then each imported rulebook."""
    from rulesdb.reference import reference

    ref = reference()
    rows = [{"name": "built-in", "game": "all", "sections": len(ref.rules) + len(ref.glossary), "file": None,
             "imported": None}]
    return rows + [{"name": s["name"], "game": s["game"], "sections": len(s["sections"]), "file": s.get("file"),
                    "imported": s.get("imported")} for s in load_sources(sources_dir)]


@contextmanager
def cancelled_import(sources_dir: Path, cache_dir: Path):
    """Ctrl-C (or any failure) during an import takes it back: the source file named in the yielded
    list is removed and any index built for it discarded, so the sources and the index are as before."""
    written: list[str] = []
    before = {p.name for p in cache_dir.glob("index-*")}
    try:
        yield written
    except BaseException:
        for name in written:
            path = sources_dir / f"{name}.json"
            if path.is_file() and not path.is_symlink():
                path.unlink()
        for index_dir in cache_dir.glob("index-*"):
            if index_dir.name not in before:
                shutil.rmtree(index_dir, ignore_errors=True)
        raise


def remove_source(sources_dir: Path | None, name: str) -> dict:
    """Delete an imported source, even a damaged one; UnknownSource names the ones there are."""
    path = None if sources_dir is None or id_problem(name, "source") else sources_dir / f"{name}.json"
    # only the file `rules import` wrote: <sources>/<name>.json, a regular file, never a link
    if path is not None and path.is_file() and not path.is_symlink() \
            and path.parent.resolve() == sources_dir.resolve():
        source = None
        with suppress(BadImport):  # a damaged source is removed all the same
            source = untrusted.parse_json(untrusted.read_text(path, BadImport), path, BadImport)
        game = source["game"] if _well_formed(source, name) else None
        path.unlink()
        return {"name": name, "game": game}
    names = sorted(p.stem for p in sources_dir.glob("*.json") if NAME.match(p.stem) and not p.is_symlink()) \
        if sources_dir is not None and sources_dir.is_dir() else []
    there = ", ".join(names) or "none (import one with `companion rules import`)"
    raise UnknownSource(f"no imported source named {name!r}; sources: {there}")
