"""Users' own rulebook copies: split into sections and stored as JSON beside the built-in data.

An imported source is searchable next to the built-in reference and labelled with its name.
"""
from __future__ import annotations

import json
import re
from datetime import datetime, timezone
from pathlib import Path
from typing import Callable

from rulesdb import untrusted
from rulesdb.errors import BadImport, UnknownSource
from rulesdb.names import ID_NAME as NAME
from rulesdb.names import id_problem
MAX_SECTION_CHARS = 1200  # long sections are cut at paragraph breaks into parts of about this size
_MD_HEADING = re.compile(r"^\s{0,3}(#{1,6})\s+(.+?)\s*#*\s*$")
_NUMBERED = re.compile(r"^\s*(?:\d+(?:\.\d+)*\.?|[IVX]+\.)\s+\S.{0,70}$")


def _looks_like_heading(line: str, next_blank: bool) -> bool:
    """A plain-text heading: short, no final full stop, numbered or capitalised."""
    text = line.strip()
    if not text or len(text) > 80 or text[-1] in ".,;:!?)" or text.startswith(("-", "*", "•", "|")):
        return False
    if _NUMBERED.match(text):
        return True
    words = text.split()
    if len(words) > 9:
        return False
    if text.isupper() and any(c.isalpha() for c in text):
        return True
    return next_blank and all(w[0].isupper() or not w[0].isalpha() for w in words if len(w) > 3)


def split_sections(text: str, progress: Callable[[int], None] | None = None) -> list[tuple[str, str]]:
    """Split a rulebook into (heading, body) parts by Markdown or plain-text headings, then paragraphs."""
    lines = text.splitlines()
    parts: list[tuple[str, list[str]]] = [("Introduction", [])]
    for i, line in enumerate(lines):
        md = _MD_HEADING.match(line)
        next_blank = i + 1 >= len(lines) or not lines[i + 1].strip()
        if md:
            parts.append((md.group(2).strip(), []))
        elif _looks_like_heading(line, next_blank) and (i == 0 or not lines[i - 1].strip() or next_blank):
            parts.append((line.strip(), []))
        else:
            parts[-1][1].append(line)
        if progress and i % 200 == 0:
            progress(i)
    out: list[tuple[str, str]] = []
    for heading, body in parts:
        paragraphs = [p.strip() for p in re.split(r"\n\s*\n", "\n".join(body)) if p.strip()]
        chunk: list[str] = []
        for para in paragraphs:
            if chunk and sum(map(len, chunk)) + len(para) > MAX_SECTION_CHARS:
                out.append((heading, "\n\n".join(chunk)))
                chunk = []
            chunk.append(para)
        if chunk:
            out.append((heading, "\n\n".join(chunk)))
        elif heading != "Introduction":
            out.append((heading, heading))
    if progress:
        progress(len(lines))
    return out


def read_rulebook(path: Path) -> str:
    """The text of a user's rulebook file, or BadImport saying why it cannot be used."""
    raw = untrusted.read_bytes(path, BadImport)  # a regular file under the size limit, or BadImport
    if b"\0" in raw[:65536]:
        raise BadImport(f"cannot import {path}: it looks binary; give a plain-text or Markdown file (.txt, .md)")
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
    for source in load_sources(sources_dir):
        if source["name"] == name:
            for sec in source["sections"]:
                if sec["id"] == section_id:
                    return source, sec
    return None


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
    sections = split_sections(text, progress)
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
    untrusted.write_file(target, json.dumps(source, ensure_ascii=False, indent=1), BadImport,
                         "nothing was imported")
    return source


def remove_source(sources_dir: Path | None, name: str) -> dict:
    """Delete an imported source; UnknownSource names the ones there are."""
    sources = load_sources(sources_dir) if id_problem(name, "source") is None else []
    for source in sources:
        if source["name"] == name:
            # only the file `rules import` wrote: <sources>/<name>.json, a regular file, never a link
            path = sources_dir / f"{name}.json"
            if path.is_file() and not path.is_symlink() and path.parent.resolve() == sources_dir.resolve():
                path.unlink()
                return source
    there = ", ".join(s["name"] for s in sources) or "none (import one with `companion rules import`)"
    raise UnknownSource(f"no imported source named {name!r}; sources: {there}")
