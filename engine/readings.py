"""Readings, said once per game: a reading (an `unchecked` note starting with MARK) is said the first
time it decides something in a game, and the State remembers it (`readings_said`); how a game takes
part is in docs/architecture.md "The one checked step". Duck-typed on Reasons and Verdicts: the step
imports this module, never the reverse.
"""
from __future__ import annotations

#: how every reading's message starts (the mark `is_reading` looks for)
MARK = "reading: "


def is_reading(note) -> bool:
    return note.message.startswith(MARK)


def said(state) -> tuple[str, ...]:
    """The readings said already in this game (none for a State that keeps no such memory)."""
    return getattr(state, "readings_said", ())


def unsaid(state, verdict):
    """The verdict less the readings said already in this game (its other notes all kept)."""
    before = said(state)
    if not before or not verdict.unchecked:
        return verdict
    kept = tuple(n for n in verdict.unchecked if not (is_reading(n) and n.message in before))
    return verdict if len(kept) == len(verdict.unchecked) else verdict.model_copy(update={"unchecked": kept})


def remembered(before, after, verdict):
    """The table after a step (`after`) with the readings said until the step (`before`'s), and, for a
    legal step, the readings its verdict said. A State without the memory is returned as it is."""
    if not hasattr(after, "readings_said"):
        return after
    known = said(before)
    new = [n.message for n in verdict.unchecked if is_reading(n) and n.message not in known] if verdict.legal else []
    keep = (*known, *dict.fromkeys(new))
    return after if after.readings_said == keep else after.model_copy(update={"readings_said": keep})
