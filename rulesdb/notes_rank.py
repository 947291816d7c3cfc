"""A note comments on rules (what the rulebook leaves unsaid, advice, how it words a thing) and answers
a question that names its subject (issue 46): "how many Yarn Balls can I hold" asks the note on the
Yarn Ball limit, "how many lives can I have max" asks the lives rule, though the note's text and
keywords share its words. A note whose title says none of the question's telling words weighs less."""
from __future__ import annotations

from typing import Callable


def notes_aside(found: list[tuple[float, dict]], key: list[frozenset], stems: Callable[[str], list[str]],
                weight: float) -> list[tuple[float, dict]]:
    """The hits best first, a note whose title says no word (or synonym, or spelling fix) of the
    question's telling word groups weighing `weight`; the order is kept when no note is one."""
    def aside(fields: dict) -> bool:
        if fields["kind"] != "note":
            return False
        title = set(stems(fields["title"]))
        return not any(group & title for group in key)

    if not any(aside(f) for _, f in found):
        return found
    return sorted(((score * weight if aside(f) else score, f) for score, f in found), key=lambda pair: -pair[0])
