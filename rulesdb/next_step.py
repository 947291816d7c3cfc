"""The step after a tie is the answer when the question says the tie holds again (issue 46): "party
ranks are also tied", "my party ranks add to 9 and theirs to 9 too" ask what settles a tie once the
first comparison is level as well, not the first comparison itself. A rule whose case is a tie on the
thing the question names "as well" (or "too", or "also" equal) is that next step. Pure functions over
the question's and the entries' text; nothing per rule or per game."""
from __future__ import annotations

import re  # the patterns below are compiled on first use (re's cache), not at import: start-up is measured
from typing import Callable

AGAIN = frozenset(("also", "too", "still"))  # a word saying a case holds again ("as well": a phrase, read below)
PUNCTUATION = ",.;:!?'\"()"
LEVEL = frozenset(("tie", "tied", "ties", "equal", "same", "even"))  # a word saying two counts are level
# a rule's case: "if the Party totals are equal as well", "when both are also tied"
CASE = (r"\b(?:if|when|where|once|while)\b(?P<thing>[^.;:,]*?)\b(?:are|is)\s+"
        r"(?:(?:equal|tied|level|the same)\s+(?:as well|too)|also\s+(?:equal|tied|level|the same))\b")


def tie_again(question: str) -> bool:
    """Whether the question says a tie holds again ("party ranks are also tied", "9 and 9 too")."""
    said = {w.strip(PUNCTUATION) for w in question.lower().split()}  # no pattern: every question passes here
    return not said.isdisjoint(LEVEL) and (not said.isdisjoint(AGAIN) or "as well" in question.lower())


def next_step(found: list[tuple[float, dict]], question: str,
              stems: Callable[[str], list[str]]) -> list[tuple[float, dict]]:
    """One game's hits best first, a rule whose case is a tie holding as well on a thing the question
    names ("If the Party totals are equal as well": party) moved above the first hit; the order is
    kept for any other question or when no hit states such a case."""
    if not found or not tie_again(question):
        return found
    asked = set(stems(question))

    def states(fields: dict) -> bool:
        return any(asked & set(stems(m["thing"])) for m in re.finditer(CASE, fields["text"], re.IGNORECASE))

    lifted = [f["id"] for _, f in found if states(f)]
    if not lifted:
        return found
    top = max(sc for sc, _ in found)
    step = 0.01 * top + 1e-6  # as a definition is put first (rulesdb.intent.definition_first)
    firsts = [(top + step * (len(lifted) - n), f) for n, (_, f) in enumerate(p for p in found if p[1]["id"] in lifted)]
    return firsts + [(sc, f) for sc, f in found if f["id"] not in lifted]
