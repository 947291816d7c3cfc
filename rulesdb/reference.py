"""Load the whole rules reference from the data files into frozen models, and refuse (DataError
naming file and field) anything that does not hold together."""
from __future__ import annotations

import difflib
import re
from functools import lru_cache
from pathlib import Path

from rulesdb.errors import DataError
from rulesdb.games import DATA_DIR, GAME_FILE, GAME_IDS
from rulesdb.refshape import GlossaryEntry, Reference  # noqa: F401  (the loaded shape, imported from here too)

EXCEPTIONS_FILE = "exceptions.toml"


def slug(text: str) -> str:
    """Lowercase words joined by '-', as used in ids ("Hell Domain" -> "hell-domain")."""
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")


def _where(loc: tuple, raw: dict) -> str:
    """Render a pydantic error location, adding the entry's id or term where known."""
    parts: list[str] = []
    node = raw
    for item in loc:
        if isinstance(item, int):
            parts[-1] = f"{parts[-1]}[{item}]"
            try:
                node = node[item]
                label = (node.get("id") or node.get("term") or node.get("rule")) if isinstance(node, dict) else None
                if label:
                    parts[-1] += f" ({label})"
            except (IndexError, KeyError, TypeError):
                node = None
        else:
            parts.append(str(item))
            node = node.get(item) if isinstance(node, dict) else None
    return ".".join(parts) or "file"


def _parse(path: Path, model, game: str | None = None):
    import tomllib  # here: a command that reads the reference cache (rules define) parses no TOML

    from pydantic import ValidationError

    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, tomllib.TOMLDecodeError) as exc:
        raise DataError(f"{path}: {exc}") from exc
    try:
        doc = model.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        raise DataError(f"{path}: field {_where(first['loc'], raw)}: {first['msg']}") from exc
    if game is not None and doc.game != game:
        raise DataError(f"{path}: field game: {doc.game} does not match its folder {game}")
    return doc


def _add_unique(table: dict, key: str, value, path: Path) -> None:
    if key in table:
        raise DataError(f"{path}: id {key} is used twice")
    table[key] = value


def load_reference(data_dir: Path = DATA_DIR, games: tuple[str, ...] = GAME_IDS) -> Reference:
    """Read and cross-check the rules and glossary files of these games (all by default)."""
    from rulesdb.models import ExceptionsFile, GlossaryFile, RulesFile

    ref = Reference()
    for game in games:
        folder = data_dir / game
        # rules.toml first (the rulebook's opening sections), then the other files by name
        for path in sorted(folder.glob("*.toml"), key=lambda p: (p.name != "rules.toml", p.name)):
            if path.name.startswith(("glossary", "asked")) or path.name in (EXCEPTIONS_FILE, GAME_FILE):
                continue
            doc = _parse(path, RulesFile, game)
            for sec in doc.sections:
                _add_unique(ref.sections, sec.id, sec, path)
            for rule in doc.rules:
                if rule.id in ref.sections:
                    raise DataError(f"{path}: rule id {rule.id} is also a section id")
                _add_unique(ref.rules, rule.id, rule, path)
        for gpath in sorted(folder.glob("glossary*.toml")):
            doc = _parse(gpath, GlossaryFile)
            for term in doc.terms:
                gid = f"{game}.glossary.{slug(term.term)}"
                _add_unique(ref.glossary, gid, GlossaryEntry(gid, game, term), gpath)
    _check_links(ref, data_dir)
    for game in games:
        path = data_dir / game / EXCEPTIONS_FILE
        if path.exists():
            _add_exceptions(ref, _parse(path, ExceptionsFile, game), path)
    return ref


def _add_exceptions(ref: Reference, doc, path: Path) -> None:
    """Link each general rule to the rules that override it; every id must be a rule of this game."""
    for n, exc in enumerate(doc.exceptions):
        where = f"{path}: field exceptions[{n}] ({exc.rule})"
        for fld, ids in (("rule", [exc.rule]), ("overridden_by", exc.overridden_by)):
            for rid in ids:
                if rid not in ref.rules:
                    near = difflib.get_close_matches(rid, list(ref.rules), n=1, cutoff=0.6)
                    hint = f" (nearest: {near[0]})" if near else ""
                    raise DataError(f"{where}.{fld}: no rule {rid}{hint}")
                if rid.split(".", 1)[0] != doc.game:
                    raise DataError(f"{where}.{fld}: {rid} is not a {doc.game} rule")
        if exc.rule in exc.overridden_by:
            raise DataError(f"{where}.overridden_by: a rule cannot be its own exception")
        links = ref.exceptions.setdefault(exc.rule, [])
        for other in exc.overridden_by:
            if any(x == other for x, _ in links):
                raise DataError(f"{where}.overridden_by: {other} is listed twice for {exc.rule}")
            links.append((other, exc.when))


def _check_links(ref: Reference, data_dir: Path) -> None:
    """Every section, parent, see-also and glossary link must name something that exists."""
    for sec in ref.sections.values():
        if sec.parent and sec.parent not in ref.sections:
            raise DataError(f"{data_dir}: section {sec.id}: field parent: no section {sec.parent}")
    known = set(ref.rules) | set(ref.sections) | set(ref.glossary)
    for rule in ref.rules.values():
        if rule.section not in ref.sections:
            raise DataError(f"{data_dir}: rule {rule.id}: field section: no section {rule.section}")
        for other in rule.see_also:
            if other not in known:
                raise DataError(f"{data_dir}: rule {rule.id}: field see_also: no entry {other}")
    for entry in ref.glossary.values():
        for other in entry.term.rules:
            if other not in ref.rules and other not in ref.sections:
                raise DataError(f"{data_dir}: glossary term {entry.term.term!r}: field rules: no entry {other}")


@lru_cache(maxsize=1)
def reference() -> Reference:
    """The built-in reference, loaded once per process: from the JSON cache when the application
    has set a cache folder (`rulesdb.use_cache`), else from the data files."""
    import rulesdb

    if rulesdb.cache_dir is not None:
        from rulesdb.refcache import cached_reference

        return cached_reference(rulesdb.cache_dir(), load_reference)
    return load_reference()
