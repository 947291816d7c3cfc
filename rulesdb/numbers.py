"""What a player's numbers compare, and which rules state that comparison (issue 46).

"I have 6 cards and draw 3" is a total passing a limit; "attack 4 and I roll a 4" a tie; "the winner
has 2 Hell cards" a count on one side of a threshold; "9,9 against 2,3,4" two sets of different
sizes; "predicted 1 and finished with 3 cards" two counts 2 apart; "can I use 3 dice" a count asked
past a cap. A rule whose own title or text states the matching number or comparison ("never more
than 7 cards", "at least", "3 or more", "more cards beats fewer", "off by more than 1", "up to 2
dice") answers the question the numbers ask, so
the search lifts it by a share of the game's best score for each comparison it states: a full share
where its title states it, a quarter more where its text does.
Pure functions over the question's and the entries' text; nothing per rule or per game.
"""
from __future__ import annotations

import re  # the patterns below are compiled on first use (re's cache), not at import: start-up is measured
from collections import namedtuple
from functools import lru_cache

from rulesdb.counts import counts, digits, set_kind, set_sizes, total

TITLE_LIFT = 1.0  # a rule whose title states the comparison gains this share of the game's best score
TEXT_LIFT = 0.25  # one whose text states it in passing ("if that puts you above 7"), this share

_LIMIT = r"\b(?:more than|above|over|beyond|exceed\w*|max\w*|limit|cap|at most|up to|never)\b"
_AT_LEAST = r"(?:or more|or higher|or above|or fewer|or less|or lower|or below|\+)"
_TIE = r"\b(?:equal\w*|ties?|tied|tiebreak\w*|at least|or (?:more|higher|above|less|lower|below))\b"
_SIZES = r"\b(?:more|fewer|bigger|larger|smaller|longer|shorter)\s+(?:\w+\s+)?(?:cards?|sets?|dice|runs?)\b"
_SAME_SIZE = r"\bsame (?:size|number of cards|length)\b|\bequal size\b"
_SAME_KIND = r"\bsame kind\b|\bboth (?:same-number|sequential)\b"
# a cap on how many of a thing ("take up to 2 centre dice", "at most 4 cards"), and what a question
# asks to do ("can i use 3 dice"); a number after a label word is a name, not a count ("a rank 5 card")
_CAP = r"\b(?:up to|at most|no more than|never more than|max(?:imum)?(?: of)?)\s+(\d+)\s+([a-z]+)(?:\s+([a-z]+))?"
ASKS = ("can i ", "can we ", "may i ", "may we ", "could i ", "could we ", "allowed to ")
LABELLED = r"\b(?:rank|level|lvl|tier|round|step|phase|number|page|section)\s+(\d+)\b"
# a count of the players is the table's size, said as context ("2 player game, can i play a run of 4")
PLAYERS = frozenset(("player", "players", "people", "ppl"))
# a gap between two numbers a rule names ("differs from your prediction by 2 or more", "off by more than 1")
_GAP = r"\b(?:differs?|differ\w*|off|apart)\b[^.:;]{0,40}?\bby (?:(\d+) or more|more than (\d+))\b"


# One comparison a question's numbers make: its kind ("total", "tie", "threshold", "sizes",
# "same-size", "same-kind", "gap", "cap") and the numbers a rule must state ("total": the limits the
# total passes; "threshold": the counts near the one held; "gap": how far apart two counts are; "cap":
# the count asked); noun, for "threshold", the start of the word the count is of ("hell" of "2 hell
# cards"), for "cap" the words after the count. collections' namedtuple, as counts.Count.
Comparison = namedtuple("Comparison", "kind numbers noun", defaults=(frozenset(), ""))


@lru_cache(maxsize=256)
def comparisons(question: str) -> tuple[Comparison, ...]:
    """The comparisons the question's numbers make (none for "how many cards in a starting hand")."""
    found: list[Comparison] = []
    said = counts(question)
    lists = [c.numbers for c in said if c.kind == "set"]
    sizes = [len(ns) for ns in lists] or list(set_sizes(question))  # the lists', or sets named by size
    if len(set(sizes)) > 1:  # "9,9" against "2,3,4", "a pair" against "a run of three"
        found.append(Comparison("sizes"))
    if len(sizes) != len(set(sizes)):  # "5,6,7 vs 4,5,6"
        found.append(Comparison("same-size"))
        kinds = [(len(ns), set_kind(ns)) for ns in lists]
        if any(k and kinds.count((n, k)) > 1 for n, k in kinds):
            found.append(Comparison("same-kind"))
    singles = [c.n for c in said if c.kind != "set"]
    counted = [c for c in said if c.kind != "set" and not _table(c)]  # the gap's and the cap's counts
    # "attack 4 against me and I roll a 4", "we both rolled 5"
    if any(c.kind == "tie" or c.kind == "roll" and singles.count(c.n) > 1 for c in said):
        found.append(Comparison("tie"))
    if told := total(said):  # "have 6 ... draw 3": it passes the limits 6 to 8
        held, gain = told
        found.append(Comparison("total", frozenset(range(held.n, held.n + gain.n))))
    # "can i use 3 dice": a count asked for, past a cap a rule may state
    low = digits(question)
    if any(a in low for a in ASKS):
        labels = {int(n) for n in re.findall(LABELLED, low)} if any(c.isdigit() for c in low) else set()
        found += [Comparison("cap", frozenset((c.n,)), " ".join(w.rstrip("s") for w in c.thing)) for c in counted
                  if c.kind in ("", "gain") and c.thing and c.n not in labels]
    # "predicted 1 and finished with 3 cards": two counts said or held (nothing gained, paid, rolled), 2 apart
    alone = [c.n for c in counted if c.kind in ("", "have")]
    if len(singles) == len(counted) == len(alone) == 2 and alone[0] != alone[1]:
        found.append(Comparison("gap", frozenset((abs(alone[0] - alone[1]),))))
    # "has 2 hell cards": a threshold of 2 or 3
    found += [Comparison("threshold", frozenset((c.n, c.n + 1)), c.thing[0][:4])
              for c in said if c.kind == "have" and c.thing and len(c.thing[0]) > 2 and c.thing[0][:3].isalpha()]
    return tuple(found)


def _table(count) -> bool:
    """Whether a count is of the players at the table ("2 player game", "3 of us")."""
    return bool(count.thing) and (count.thing[0] in PLAYERS or count.thing[:2] == ("of", "us"))


@lru_cache(maxsize=8192)  # a tie's or a size's check is the same for every question that makes it
def states(comparison: Comparison, text: str) -> bool:
    """Whether a rule's text states the comparison: the limit the total passes, the threshold near
    the count held, a tie's "at least" or "equal", a size's "more cards"."""
    low = digits(text)
    if comparison.kind == "total":
        return bool(comparison.numbers) and _near_limit(low, comparison.numbers)
    if comparison.kind == "cap":  # a cap below the count asked, on the thing counted
        things = set(comparison.noun.split())
        return any(int(m[0]) < n and not things.isdisjoint((m[1].rstrip("s"), m[2].rstrip("s")))
                   for m in re.findall(_CAP, low) for n in comparison.numbers)
    if comparison.kind == "gap":  # the gap the two counts make, said as a gap ("by 2 or more")
        return any(int(d or less) == (n if d else n - 1) for d, less in re.findall(_GAP, low) for n in comparison.numbers)
    if comparison.kind == "threshold":
        return any(re.search(rf"(?:\b{n}\s*{_AT_LEAST}|\bat least\s+{n})\s+(?:\w+\s+)?{comparison.noun}", low)
                   for n in comparison.numbers)
    pattern = {"tie": _TIE, "sizes": _SIZES, "same-size": _SAME_SIZE, "same-kind": _SAME_KIND}[comparison.kind]
    return bool(re.search(pattern, low))


def _near_limit(low: str, numbers: frozenset) -> bool:
    """Whether one of the numbers is said within a few words of a limit word ("never more than 7")."""
    for m in re.finditer(r"\b(?:" + "|".join(map(str, sorted(numbers))) + r")\b", low):
        if re.search(_LIMIT, low[max(0, m.start() - 30):m.end() + 30]):
            return True
    return False


def lift(told: tuple[Comparison, ...], title: str, text: str) -> float:
    """The share of the game's best score a rule gains for stating the question's comparisons (each
    one it states adds: "same size and same kind" answers two sets of one size and one kind)."""
    if not told:
        return 0.0
    return sum(TITLE_LIFT * states(c, title) + TEXT_LIFT * states(c, text) for c in told)


def lifted(found: list[tuple[float, dict]], question: str) -> list[tuple[float, dict]]:
    """One game's hits with each rule that states the comparison the question's numbers make
    raised by its lift times the game's best score (the others as they were); a hit that
    matched only the question's numbers (`_words` false) is not raised."""
    told = comparisons(question)
    if not told or not found:
        return found
    top = max(sc for sc, _ in found)
    # a rule matching none of the question's words but its numbers is about another thing: its
    # numbers are not the question's ("is at 3 and I heal 4" is no deck's 3-copy limit)
    return [(sc + top * lift(told, f["title"], f["text"]) if f.get("_words", True) else sc, f) for sc, f in found]
