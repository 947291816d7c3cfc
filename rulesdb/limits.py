"""A limit the player's numbers cross comes first (issue 46): "I have 6 cards and draw 3" asks about
the rule that says you may hold at most 7, whichever rule the words "cards" and "draw" find first;
"my fighter has 1 health and takes 3 damage" asks about the rule for a count at 0, not the rule that
damage lowers health. Whether a title states a limit the total passes is rulesdb/numbers.py's "total"
comparison; this module adds that the title names the thing counted."""
from __future__ import annotations

import re

from rulesdb.counts import counts, digits, total
from rulesdb.numbers import Comparison, states

# what a count lost is said as ("takes 3 damage", "gets 2 hits"): a gain of one of these takes from the count held
LOSSES = frozenset("damage dmg hit hits wound wounds".split())
ZERO = frozenset(("0", "zero"))


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


def emptied(query: str) -> str | None:
    """The thing counted when the question takes a count held to 0 or below ("my fighter has 1 health
    and takes 3 damage": health), else None (2 damage on 3 health leaves some)."""
    found = counts(query)
    for loss in (c for c in found if c.kind == "gain" and c.thing and c.thing[0] in LOSSES):
        held = [c for c in found if c.kind == "have" and c.verb != "with" and c.at < loss.at and c.thing
                and c.thing[0] not in LOSSES]
        if held and loss.n >= held[-1].n:
            return _thing(held[-1].thing[0])
    return None


def limits_first(found: list[tuple[float, dict]], query: str) -> list[tuple[float, dict]]:
    """Hits best first, a rule whose title sets a limit on the thing the question counts, a limit
    its count crosses (has <= limit < would have), or says what happens at 0 of a count the question
    takes to 0, moved above the first hit (in their order)."""
    if not found:
        return found
    cross = crossing(query)
    if cross is not None:
        have, would, thing = cross
        passed = Comparison("total", frozenset(range(have, would)))
        answers = lambda title, said: thing in said and states(passed, title)  # noqa: E731
    elif (thing := emptied(query)) is not None:
        answers = lambda title, said: thing in said and not ZERO.isdisjoint(said)  # noqa: E731
    else:
        return found
    top = max(sc for sc, _ in found)
    out = []
    for sc, f in found:
        said = {_thing(w) for w in re.findall(r"\w+", digits(f["title"]))}
        out.append((top * 1.001 + 1e-6 if answers(f["title"], said) else sc, f))
    return sorted(out, key=lambda pair: -pair[0])
