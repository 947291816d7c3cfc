"""A limit the player's numbers cross comes first (issue 46): "I have 6 cards and draw 3" asks about
the rule that says you may hold at most 7, whichever rule the words "cards" and "draw" find first.
Whether a title states a limit the total passes is rulesdb/numbers.py's "total" comparison; this
module adds that the title names the thing counted."""
from __future__ import annotations

import re

from rulesdb.counts import counts, total
from rulesdb.numbers import Comparison, states


def _thing(word: str) -> str:
    return word.lower().rstrip("s")  # "lives" and "live", "cards" and "card": one thing counted


def crossing(query: str) -> tuple[int, int, str] | None:
    """(what the player has, what they would have, the thing counted) when the question adds to a
    count ("I have 6 cards and draw 3": 6, 9, card), else None."""
    told = total(counts(query))
    if told is None or not told[0].thing:
        return None
    held, gain = told
    return held.n, held.n + gain.n, _thing(held.thing[0])


def limits_first(found: list[tuple[float, dict]], query: str) -> list[tuple[float, dict]]:
    """Hits best first, a rule whose title sets a limit on the thing the question counts, a limit
    its count crosses (has <= limit < would have), moved above the first hit."""
    cross = crossing(query)
    if cross is None or not found:
        return found
    have, would, thing = cross
    passed = Comparison("total", frozenset(range(have, would)))
    top = max(sc for sc, _ in found)
    out = []
    for sc, f in found:
        said = {_thing(w) for w in re.findall(r"\w+", f["title"])}
        out.append((top * 1.001 + 1e-6 if thing in said and states(passed, f["title"]) else sc, f))
    return sorted(out, key=lambda pair: -pair[0])
