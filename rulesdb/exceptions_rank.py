"""An exception above the rule it overrides when the question names the exception's case (issue 46):
"can Cat-leton swap when played from the Hell Domain" asks about the swap and its case both. A case
is named by a word that tells it apart from its general rule, or by the player's numbers."""
from __future__ import annotations

import re
from functools import cache
from typing import Callable

from rulesdb.analysis import GENERIC, synonyms, words
from rulesdb.counts import counts, short
from rulesdb.topic import named_thing, section_of

INHERIT = 0.5  # an exception whose case the query names adds this share of its general rule's score
ANSWERS_SHARE = 0.3  # a general rule scoring under this share of the game's best is not what is asked
# the cases a shortfall in the player's numbers names ("I have 2 coins and it costs 3"); compiled only
# for a question with a shortfall (start-up is measured)
SHORT_CASE = r"cannot pay|can't pay|not enough|cannot afford|fewer than|too few"
CASE_SHARE = 0.06  # a case word in more than this share of a game's documents names no case


def counted(text: str, stems: Callable[[str], list[str]]) -> set[str]:
    """The stems of the things a text counts ("3 or more Hell cards": hell), generic words left out."""
    said = {w for c in counts(text) for w in c.thing if w not in GENERIC}
    return set(stems(" ".join(said)))


def case_namer(query: str, stems: Callable[[str], list[str]], df: Callable[[str], int],
               n: int) -> Callable[[str, dict], bool]:
    """Whether the question names an exception's case ("a Red Glowy Dot card is in play"), given the
    general rule's fields: it says a word of the case that the general rule's title does not (the
    title's words, "Cat-leton" of "Played from hand, Cat-leton may be swapped", name the rule, not
    the case) and that is rare enough in the game to say something, or its numbers tell the case
    ("I have 2 coins and it costs 3": you cannot pay; "he has 2 hell cards": a case counting them).
    Given the exception's fields, its case's words name it only where they are the case's own terms
    (capitalised: "Mice Mischief") or say, or have a synonym saying, a word of the exception's title,
    thing or section ("tied": Tiebreak 1; "duo power": catharsis.duo-powers): "can I change the target"
    says a word of Block's case ("Block changes an attack's target"), not Block."""
    asked = set(stems(" ".join(words(query))))
    shortfall = short(counts(query))
    things = cache(lambda: counted(query, stems))  # read once, when a case is first weighed
    # each word's stems, and the stems it and its synonyms say ("tied": tiebreak)
    forms = cache(lambda: [(set(stems(w)), set(stems(" ".join(synonyms(w) | {w})))) for w in words(query)])

    def named(case: str, general: dict, exception: dict | None = None) -> bool:
        if shortfall and re.search(SHORT_CASE, case, re.IGNORECASE) or things() & counted(case, stems):
            return True
        telling = set(stems(case)) & asked - set(stems(general["title"]))
        if exception is not None:  # the case's own terms, or a word the exception's title, thing or section says
            thing = f"{named_thing(exception['id']) or ''} {section_of(exception['id'])}".replace("-", " ")
            own = set(stems(f"{exception['title']} {thing}"))
            telling &= set(stems(" ".join(re.findall(r"\b[A-Z][\w'-]*", case)))).union(
                *(mine for mine, meant in forms() if meant & own))
        return any(df(t) <= n * CASE_SHARE for t in telling)

    return named


def exceptions_first(found: list[tuple[float, dict]], named: Callable[[str, dict], bool]) -> list[tuple[float, dict]]:
    """Hits best first, where a rule's exception whose case the query names ("... while a red dot
    card is out") moves above the general rule: the question is about both, so the exception
    adds the general rule's score to its own."""
    score = {f["id"]: sc for sc, f in found}
    entry = {f["id"]: f for _, f in found}
    top = max(score.values(), default=0.0)
    for sc, f in sorted(found, key=lambda pair: -pair[0]):
        if sc < top * ANSWERS_SHARE:
            break  # a general rule the question is not about passes nothing on to its exceptions
        for other, _, when in f.get("exceptions") or ():
            if other in score and named(when, f, entry[other]):
                score[other] = max(score[other] + sc * INHERIT, sc * 1.001 + 1e-6)
    return sorted(((score[f["id"]], f) for _, f in found), key=lambda pair: -pair[0])
