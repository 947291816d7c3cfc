"""A worked example with the player's own numbers is the player's case (issue 46): "i need to adjust a 2
down by 2" is the example of adjusting a 2 by 2, "+2 to an ability that deals 2 then 3" the example of
that ability. An example weighs a little less than its rule (search.KIND_WEIGHT: it repeats the rule's
words in a shorter text); one whose title or text says every number the question says, and the
question says at least two, weighs as a rule does; one saying two or more of them but not all is
another case ("advancing rank 2 to 3 ... a rank 1": not the example of Rank 1 to Rank 2) and weighs
its kind's weight once more. Pure functions over the question's and the entries' text; nothing per rule or per game."""
from __future__ import annotations

import re  # the pattern below is compiled on first use (re's cache), not at import: start-up is measured

from rulesdb.counts import digits

FEWEST = 2  # a question saying fewer numbers than this names no case (many examples say "2")


def numbers_said(question: str) -> tuple[frozenset[str], int]:
    """The question's numbers (as digits: "three" is 3) and how many times it says one."""
    said = re.findall(r"\d+", digits(question))
    return frozenset(said), len(said)


def worked(found: list[tuple[float, dict]], question: str, weight: float) -> list[tuple[float, dict]]:
    """One game's hits best first, an example saying every number of a question that says at least
    FEWEST divided by `weight` (its kind's weight: it counts as its rule), one saying FEWEST or more
    of them but not all multiplied by it (another case of those numbers); the order is kept when the
    question says fewer numbers or no example says them so."""
    numbers, times = numbers_said(question)
    if times < FEWEST:
        return found

    def weighed(score: float, fields: dict) -> float:
        if fields["kind"] != "example":
            return score
        own = set(re.findall(r"\d+", digits(f"{fields['title']} {fields['text']}")))
        # one number in common says little (many examples say "2"): FEWEST of them name a case
        return score / weight if numbers <= own else score * weight if len(numbers & own) >= FEWEST else score

    out = [(weighed(score, f), f) for score, f in found]
    if all(w == sc for (w, _), (sc, _) in zip(out, found)):
        return found
    return sorted(out, key=lambda pair: -pair[0])
