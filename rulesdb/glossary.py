"""Glossary lookup by term or alias, tolerant of typos, across games or within one."""
from __future__ import annotations

import difflib
from collections import Counter
from functools import lru_cache

from rulesdb.analysis import normalise  # noqa: F401  (glossary.normalise is used by search and tests)
from rulesdb.errors import UnknownTerm
from rulesdb.reference import reference
from rulesdb.refshape import GlossaryEntry

GOOD_MATCH = 0.8


def _names(entry: GlossaryEntry) -> list[str]:
    return [entry.term.term, *entry.term.aliases]


def _score(wanted: str, entry: GlossaryEntry) -> float:
    """How well the best of the entry's names matches; 0 for anything below GOOD_MATCH (never
    shown), which the cheap upper bounds of the ratio rule out without computing it."""
    best = 0.0
    counts = _counts(wanted)
    for name in _names(entry):
        n = _normalised(name)
        if n == wanted:
            return 1.0
        total = len(wanted) + len(n)
        # difflib's real_quick_ratio and quick_ratio, both upper bounds of ratio()
        if 2.0 * min(len(wanted), len(n)) / total < GOOD_MATCH:
            continue
        other = _counts(n)
        if 2.0 * sum(min(c, other.get(ch, 0)) for ch, c in counts.items()) / total < GOOD_MATCH:
            continue
        best = max(best, difflib.SequenceMatcher(None, wanted, n).ratio())
    return best if best >= GOOD_MATCH else 0.0


_normalised = lru_cache(maxsize=8192)(normalise)


_counts = lru_cache(maxsize=8192)(Counter)  # each character of a text -> how often it comes


def define(term: str, game: str | None = None) -> list[GlossaryEntry]:
    """The best entry per game for this term (several when games share it), best first."""
    wanted = normalise(term)
    if not wanted:
        raise UnknownTerm("the term is empty: give a word to look up, e.g. companion rules define morale")
    scored = sorted(
        ((_score(wanted, e), e) for e in reference().terms(game)), key=lambda pair: -pair[0]
    )
    if not scored or scored[0][0] < GOOD_MATCH:
        import shlex

        near = nearest_terms(term, game)
        where = f" in {game}" if game else ""
        hint = f"; nearest: {', '.join(near)}" if near else ""
        scope = f" --game {game}" if game else ""
        search = f"; the rules may still cover it: companion rules search {shlex.quote(term.strip())}{scope}"
        raise UnknownTerm(f"no glossary term {term!r}{where}{hint}{search}")
    top = scored[0][0]
    best: dict[str, GlossaryEntry] = {}
    for score, entry in scored:
        if score >= max(GOOD_MATCH, top - 0.05) and entry.game not in best:
            best[entry.game] = entry
    return list(best.values())


def nearest_terms(text: str, game: str | None = None, n: int = 3) -> list[str]:
    """Glossary terms whose names are closest to the text (for "did you mean")."""
    wanted = normalise(text)
    names: dict[str, str] = {}
    for entry in reference().terms(game):
        for name in _names(entry):
            names.setdefault(normalise(name), entry.term.term)
    close = difflib.get_close_matches(wanted, list(names), n=n * 3, cutoff=0.6)
    return list(dict.fromkeys(names[key] for key in close))[:n]


def as_json(entry: GlossaryEntry) -> dict:
    """The stable JSON shape of a glossary answer."""
    ref = reference()
    return {
        "term": entry.term.term,
        "game": entry.game,
        "id": entry.id,
        "definition": entry.term.definition,
        "aliases": list(entry.term.aliases),
        "rules": [
            {"id": rid, "title": (ref.rules.get(rid) or ref.sections[rid]).title} for rid in entry.term.rules
        ],
    }
