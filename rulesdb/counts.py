"""The counts a player's question gives, read once as facts (issue 46): "I hold 6 cards and draw 3" is
a count held (6 cards) and a count gained (3). rulesdb/limits.py, numbers.py and exceptions_rank.py
rank on these facts, so the three read a question's numbers the same way. Pure functions.
"""
from __future__ import annotations

import re  # the pattern below is compiled at first use (re's cache), not at import: start-up is measured
from collections import namedtuple
from functools import cache, lru_cache
from itertools import takewhile

from rulesdb.analysis import NUMBER_WORDS, synonyms, words

# the verb before a number says what is done with it (whose count it is)
KINDS = {
    **dict.fromkeys("have has had got holding hold holds with on at".split(), "have"),
    **dict.fromkeys("draw draws drew drawing gain gains get gets give gives heal heals add adds take takes plus"
                    .split(), "gain"),
    **dict.fromkeys("cost costs costing need needs require requires ask asks price is".split(), "cost"),
    **dict.fromkeys("roll rolls rolled rolling against vs versus tie tied".split(), "roll"),
}
# the words a verb's number may come after it by ("have only 2", "price of 3", "rolled a 4"); a gain's verb
# may come a few words before its number ("a card gives me 3", "draw up to 3")
BETWEEN = {"have": {"only", "just"}, "cost": {"only", "just", "of"}, "roll": {"a", "an", "the"}}
GAIN_REACH = 4
# "which one", "give me one", "that one": "one" stands for a thing, it counts nothing ("another one" counts 1)
PRONOUN_BEFORE = frozenset("which that this the each every no any some other last next same right wrong "
                           "me him her them us you it".split())
MORE = frozenset(("more", "fewer", "less"))  # "3 or more hell cards": the thing counted comes after
_SPACES = str.maketrans({c: " " for c in ",.;:!?/+&()'\"-"})  # words apart without a regex (start-up)
_TOKENS = r"\d+(?:\s*[,/+&]\s*\d+)+\b|\b\d+\b\+?|[a-z][\w'-]*|[.?!;,]"  # a list "9,9", a number, a word


# One count a text gives: how many, what is done with it, and what is counted (collections'
# namedtuple, not typing's: its string annotations cost a compile each at import, and start-up is measured)
#   n: the number; for a list ("9,9"), how many numbers it holds
#   kind: "have", "gain", "cost", "roll", "tie" ("we both rolled 5"), "set" (a list), "" (said alone)
#   thing: the (up to two) words after it, "or more" skipped: ("hell", "cards")
#   at: its place among the text's words: what comes before what
#   numbers: a list's numbers ("9,9": 9, 9)
#   verb: the word that says its kind ("hold" of "I hold 6 cards")
Count = namedtuple("Count", "n kind thing at numbers verb", defaults=((), 0, (), ""))


@cache
def values() -> dict[str, int]:
    """Each number word of analysis.NUMBER_WORDS -> its value (the digit its synonym group holds)."""
    return {w: next(int(s) for s in synonyms(w) if s.isdigit()) for w in NUMBER_WORDS if w.isalpha()}


def _number_words(low: str) -> bool:
    """Whether a lowercased text says a number in words ("three or more")."""
    return not NUMBER_WORDS.isdisjoint(low.translate(_SPACES).split())


@lru_cache(maxsize=4096)  # an entry's title and text, asked again by every numbers question
def digits(text: str) -> str:
    """The text lowercased, with number words as digits ("three or more" -> "3 or more")."""
    low = text.lower()
    if not _number_words(low):
        return low
    return re.sub(r"\b(" + "|".join(sorted(values())) + r")\b", lambda m: str(values()[m[1]]), low)


@lru_cache(maxsize=1024)
def counts(text: str) -> tuple[Count, ...]:
    """The counts the text gives, in order (none for "how many cards in a starting hand")."""
    low = text.lower()
    if not any(c.isdigit() for c in low) and not _number_words(low):
        return ()
    said = [t.rstrip("+") for t in re.findall(_TOKENS, low)]
    return tuple(c for i, t in enumerate(said) if (c := _count(said, i)) is not None)


def _count(said: list[str], i: int) -> Count | None:
    """The count said at word i, or None for a word that is no number (or "one" standing for a thing)."""
    word = said[i]
    if word[0].isdigit() and not word.isdigit():  # a list: its size, and its numbers
        numbers = tuple(int(n) for n in re.findall(r"\d+", word))
        return Count(len(numbers), "set", _thing(said, i), i, numbers)
    if word == "one" and i and said[i - 1] in PRONOUN_BEFORE:
        return None
    n = int(word) if word.isdigit() else values().get(word)
    if n is None:
        return None
    kind, verb = _kind(said, i)
    return Count(n, kind, _thing(said, i), i, verb=verb)


def _kind(said: list[str], i: int) -> tuple[str, str]:
    """What is done with the number at word i, and the verb that says so ("costs 3", "gives me 3"),
    "tie" for both sides' ("we both rolled 5"); "" when no verb does."""
    for j in range(i - 1, max(-1, i - 1 - GAIN_REACH), -1):
        kind = KINDS.get(said[j])
        if kind == "gain":
            return kind, said[j]
        if kind:
            if not set(said[j + 1:i]) <= BETWEEN[kind]:
                return "", ""
            both = "both" in said[max(0, j - 2):j]  # "we both rolled 5", "we both finished on 14"
            return "tie" if both and kind in ("have", "roll") else kind, said[j]
        if said[j] in ".?!;," or said[j][0].isdigit() or said[j] in values():
            return "", ""
    return "", ""


def _thing(said: list[str], i: int) -> tuple[str, ...]:
    """The (up to two) words after the number at word i, in its clause, "or more" skipped ("3 or more
    Hell cards": hell, cards)."""
    after = said[i + 1:i + 5]
    if after[:1] == ["or"] and after[1:2] and after[1] in MORE:
        after = after[2:]
    return tuple(takewhile(lambda w: w[0].isalpha(), after[:2]))


def _noun(count: Count) -> str:
    """The thing a count is of ("6 cards": card), "" when the word after it names none ("draw 3 in my turn")."""
    return count.thing[0].rstrip("s") if count.thing and words(count.thing[0]) else ""


def _adds_to(held: Count, gain: Count) -> bool:
    """Whether a gain adds to a count held: it gains the same thing, or names none ("has 3 health and
    takes 5 damage" is a loss of another thing, "on one gem ... get 3 reserve dice" another count)."""
    return not (_noun(held) and _noun(gain)) or _noun(held) == _noun(gain)


def total(found: tuple[Count, ...]) -> tuple[Count, Count] | None:
    """The count held and the count a gain adds to it ("I have 6 cards and draw 3": 6 cards, 3), or None
    ("with 3 players" is the table's, not a count held; "3 health and takes 5 damage" another thing)."""
    for gain in (c for c in found if c.kind == "gain"):
        held = [c for c in found if c.kind == "have" and c.verb != "with" and c.at < gain.at and _adds_to(c, gain)]
        if held:
            return held[-1], gain
    return None


def short(found: tuple[Count, ...]) -> bool:
    """Whether a count held is less than what something costs ("I have 2 coins and it costs 3")."""
    have = [c.n for c in found if c.kind == "have"]
    cost = [c.n for c in found if c.kind == "cost"]
    return bool(have and cost) and min(have) < max(cost)


# a set's size said in words: "a pair", "a triple", "a single 10", "a run of three", "a 4 card straight",
# "three of a kind" (compiled only for a question holding one of SIZE_CUES: start-up is measured)
SET_SIZES = {"single": 1, "pair": 2, "triple": 3, "trips": 3}
SIZE_CUES = ("single", "pair", "tripl", "trips", "run", "straight", "sequence", "set", "kind")
_SET_NAMES = r"(?:runs?|straights?|sequences?|sets?)"
_SIZED = (rf"\b(\d+)(?:\s*-\s*|\s+)cards?\s+{_SET_NAMES}\b|\b{_SET_NAMES}\s+of\s+(\d+)\b|\b(\d+)\s+of\s+a\s+kind\b"
          r"|\b(single|pair|triple|trips)s?\b")


@lru_cache(maxsize=1024)
def set_sizes(text: str) -> tuple[int, ...]:
    """The sizes of the sets a text names in words, in order ("does a pair beat a run of three": 2, 3)."""
    low = text.lower()
    if not any(cue in low for cue in SIZE_CUES):
        return ()
    return tuple(SET_SIZES.get(n) or int(n) for m in re.finditer(_SIZED, digits(low))
                 for n in m.groups() if n)


def set_kind(numbers: tuple[int, ...]) -> str:
    """"run" for 5,6,7, "same" for 9,9, "" for a mix."""
    if all(b == a + 1 for a, b in zip(numbers, numbers[1:])):
        return "run"
    return "same" if len(set(numbers)) == 1 else ""


SAID = {"run": ("sequential", "run"), "same": ("same", "number"), "sizes": ("more", "fewer"),
        "total": ("limit", "maximum"), "short": ("enough", "cannot")}


def rulebook_words(text: str) -> list[str]:
    """The rulebooks' words for what the counts say (SAID): "5,6,7" a run, "9,9" a same-number set,
    "9,9" against "2,3,4" sizes, "I have 2 coins and it costs 3" a shortfall, "I have 6 cards and draw 3"
    a total past a limit (of a thing named: "I'm at 3 and heal 4" may pass none)."""
    found = counts(text)
    sets = [c.numbers for c in found if c.kind == "set"]
    said = [set_kind(ns) for ns in sets]
    told = total(found)
    said += ["sizes"] * (len({len(ns) for ns in sets}) > 1) + ["short"] * short(found)
    said += ["total"] * bool(told and told[0].thing)  # "I hold 6 cards and draw 3": a limit on the cards
    return [w for kind in said if kind for w in SAID[kind]]
