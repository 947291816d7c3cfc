"""Find anything by id: a rule entry, a section (with its entries), a glossary term or an imported section."""
from __future__ import annotations

import difflib
from pathlib import Path

from rulesdb.errors import UnknownRule
from rulesdb.reference import reference


def rule_json(rule) -> dict:
    ref = reference()
    return {
        "id": rule.id,
        "game": rule.game,
        "kind": rule.kind,
        "title": rule.title,
        "section": rule.section,
        "section_path": ref.section_path(rule.section),
        "text": rule.text,
        "unclear": rule.unclear,
        "source": rule.source,
        "keywords": list(rule.keywords),
        "aliases": list(rule.aliases),
        "see_also": [{"id": other, "title": title_of(other)} for other in rule.see_also],
        "exceptions": [{"id": x, "title": title_of(x), "when": when} for x, when in ref.exceptions.get(rule.id, [])],
        "exception_to": [{"id": g, "title": title_of(g)} for g in ref.exception_to(rule.id)],
    }


def title_of(any_id: str) -> str:
    ref = reference()
    item = ref.rules.get(any_id) or ref.sections.get(any_id)
    if item is not None:
        return item.title
    entry = ref.glossary.get(any_id)
    return entry.term.term if entry else any_id


def titles(ids) -> dict[str, str]:
    """Each id's title (a rule's or section's title, a term; the id itself when unknown)."""
    return {i: title_of(i) for i in ids}


def lookup(any_id: str, sources_dir: Path | None = None) -> dict:
    """The JSON-ready entry for an id; UnknownRule names the nearest ids."""
    ref = reference()
    wanted = any_id.lower()
    if wanted in ref.rules:
        return rule_json(ref.rules[wanted])
    if wanted in ref.sections:
        sec = ref.sections[wanted]
        return {
            "id": sec.id,
            "game": sec.id.split(".", 1)[0],
            "kind": "section",
            "title": sec.title,
            "section_path": ref.section_path(sec.id),
            "source": sec.source,
            "entries": [rule_json(r) for r in ref.section_rules(sec.id)],
        }
    if wanted in ref.glossary:
        from rulesdb.glossary import as_json

        return {"id": wanted, "kind": "term", **as_json(ref.glossary[wanted])}
    if ":" in any_id:
        from rulesdb.sources import find_source_section

        found = find_source_section(sources_dir, any_id)
        if found:
            source, sec = found
            return {"id": sec["id"], "game": source["game"], "kind": "imported", "title": sec["title"],
                    "text": sec["text"], "source": source["name"]}
    ids = [*ref.rules, *ref.sections, *ref.glossary]
    near = difflib.get_close_matches(wanted, ids, n=3, cutoff=0.6)
    if not near:
        prefix = wanted.split(".", 1)[0]
        near = sorted(i for i in ref.sections if i.startswith(prefix) and i.count(".") == 1)[:5]
    hint = f"; nearest: {', '.join(near)}" if near else "; see `companion rules toc` for the ids"
    raise UnknownRule(f"no rule, section or term with id {any_id!r}{hint}")


def table_of_contents(game: str | None = None) -> list[dict]:
    """Each game's sections (nested, with their rule ids and titles) and glossary size: every game,
    or the one named."""
    from rulesdb.games import GAME_IDS, all_games

    ref = reference()
    names = {g.id: g.name for g in all_games()}

    def section_json(sec) -> dict:
        return {
            "id": sec.id,
            "title": sec.title,
            "rules": [{"id": r.id, "title": r.title, "kind": r.kind} for r in ref.rules.values() if r.section == sec.id],
            "sections": [section_json(s) for s in ref.sections.values() if s.parent == sec.id],
        }

    return [
        {"game": g, "name": names[g],
         "sections": [section_json(s) for s in ref.game_sections(g) if s.parent is None],
         "glossary_terms": len(ref.terms(g))}
        for g in ([game] if game else GAME_IDS)
    ]
