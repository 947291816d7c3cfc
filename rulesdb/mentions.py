"""A question's mentions of a game: its name ("catharsis whats in the boss deck", "what is exile in
theseus") and a description ("in the co-op dice game", "the card game with bosses and coins"). They
say which game is meant, not which rule: a rule that happens to say "Catharsis" or "dice" is no
better an answer for it (issue 46). The name is left out of the words searched; a description's
words are searched faintly (they still tell the games apart when no game is given)."""
from __future__ import annotations

import re
from functools import cache

from rulesdb.analysis import NUMBER_WORDS, STOP_WORDS, edit_distance, lone_question_mark, words

# "the co-op dice game", "the cat lives game", "a climbing card game with hell domain": a description
# of a game, not of a rule ("the end of the game", "the base game" are not descriptions)
DESCRIBED = (  # compiled on use: a question without "game" never needs it
    r"(?:\b(?:in|for|of|on|from|at|playing)\s+)?"
    r"(?:\b(?:the|this|that|a)\s+(?P<a>(?:[\w'/-]+\s+){1,4}?)|\b(?P<b>(?:[\w'/-]+\s+){0,2}?(?:card|dice|board)\s+))game\b"
    r"(?P<tail>\s+with\s+[a-z'/ -]+?(?=\s*(?:[?.!,;:]|$)))?")
NOT_DESCRIBING = frozenset("""end start beginning whole rest same next first last base entire full new real
    second third final current other one each every of the a an my your our their this that any whole
    actual original main core player players person people""".split()) | NUMBER_WORDS
TAIL_WORDS = 4  # "with bosses and coins": a description's tail has at most this many words


def mentions(text: str, names: dict[str, str]) -> tuple[str, list[str]]:
    """(the question without the games' names it mentions and without its descriptions of a game,
    the description's words). `names`: name -> "plain", "term" or "named" (rulesdb.index.game_names).
    The question as asked when nothing else would be left."""
    rest = text
    for name, flag in sorted(names.items(), key=lambda kv: -len(kv[0])):
        if flag != "named" and name in rest.lower().replace("-", " "):
            rest = _pattern(name, flag).sub(" ", rest)
    faint: list[str] = []

    def described(m: re.Match) -> str:
        said = (m["a"] or m["b"] or "").lower().split()
        tail = (m["tail"] or "").split()
        if set(said) & NOT_DESCRIBING or any(c.isdigit() for c in m[0]) or len(tail) > TAIL_WORDS + 1:
            return m[0]
        faint.extend(words(" ".join(said + tail[1:])))
        return " "

    if "game" in rest.lower():
        rest = re.sub(DESCRIBED, described, rest, flags=re.IGNORECASE)
    rest = tidy(rest, lone_question_mark(text))
    if not words(rest):
        return text, []
    return rest, faint


def tidy(rest: str, lone_mark: bool) -> str:
    """The question's spaces made single, its leading punctuation gone, and a space before punctuation
    left by a removed name gone; not before a "?" the player typed standing for itself (`lone_mark`:
    "what does ? mean", rulesdb.analysis.SYMBOLS). Plain string work but there: no pattern compiled."""
    rest = " ".join(rest.split()).lstrip(" :,;.-–—")
    if lone_mark:
        return re.sub(r"\s+(?=[.!,;:]|\?(?!\s*\w))", "", rest)
    for mark in "?.!,;:":  # the spaces are single: each goes before the mark it stands before
        rest = rest.replace(" " + mark, mark)
    return rest


NAME_TYPO_LENGTH = 7  # a game's name word this long or longer, misspelt by one edit, still names it


def spelt_names(text: str, names: dict[str, str]) -> str:
    """The question with a game's name written right where one edit misspells it ("catastrohpe",
    "catastrophy", "catharis"): a swap of two neighbours, a letter changed, left out or added. Only
    long name words: a short one is too near other words."""
    long_names = sorted({w for name in names for w in name.split() if len(w) >= NAME_TYPO_LENGTH})
    for token in text.split():  # no pattern: every one-shot question passes here
        said = token.strip(".,;:!?()'\"").lower()
        if len(said) >= NAME_TYPO_LENGTH - 1 and said not in long_names:
            right = next((n for n in long_names if said[:2] == n[:2] and edit_distance(said, n) == 1), None)
            if right:
                text = text.replace(token.strip(".,;:!?()'\""), right)
    return text


@cache
def _pattern(name: str, flag: str) -> re.Pattern:
    """Where a name names the game: anywhere as a whole word (a plain name); a name that is also a
    game term ("catastrophe") only at the start before punctuation or a question word ("catastrophe
    what is the claw phase", "CATastrophe: ...") or after "in"/"of"/"for" at the end ("... in
    Catastrophe?"). The "in"/"for" before a name at the end goes with it."""
    said = r"[\s-]+".join(re.escape(w) for w in name.split())
    ending = r"(?=\s*(?:[?.!,;:)]|$))"
    before = r"(?:\b(?:in|of|for|at|about|from|on|playing)\s+(?:the\s+|a\s+)?)"
    stops = "|".join(sorted((re.escape(w) for w in STOP_WORDS if w.isalpha()), key=len, reverse=True))
    lead = rf"^\s*\(?{said}\)?\s*(?:[:,;.\-–—]+\s*|\s+(?=(?:{stops})\b|\d)|$)"
    tail = rf"{before}?\(?\b{said}\b\)?{ending}"
    if flag == "term":
        return re.compile(rf"{lead}|{tail}", re.IGNORECASE)
    return re.compile(rf"{lead}|{tail}|(?<![\w-]){said}(?![\w-])\s*[:,]?", re.IGNORECASE)
