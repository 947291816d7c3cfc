"""The plays nearest words that did not read, found by the step that read them (it holds the table and
the game's notation): the legal plays spelt closest to the words; else the words with one misspelt word
put right, kept only when they then read (`Ann plya Attack 4 at Ben` -> `Ann play Attack 4 at Ben`);
else the notation's word closest to the first one typed (whole: never a capitalised word cut short);
a play opening with a player's name gets the form that reads, a tracker command typed as a play the
`companion track` line that makes it. Pure: the engine, the table and the words in.
"""
from __future__ import annotations

import difflib
import re

from engine.errors import EngineError
from engine.listing import legal_texts

MOST = 3  # plays one "did you mean" offers
CLOSE = 0.1  # a word put right is offered only this near the best spelling found (not `hevaen` -> `then`)


def nearest(engine, state, text: str, reads=None) -> tuple[tuple[str, ...], str | None]:
    """(the plays, or first words, nearest `text`; the one typed word they put right, or None). `reads`:
    the game's tracker reading a command's words on this table (raising EngineError when it cannot)."""
    words = text.split()
    if not words:
        return (), None
    maker = _maker_first(engine, state, words)
    if maker:
        return (maker,), None
    plays = legal_texts(engine, state)
    notation = engine.plays.help or ""
    spelt: dict[str, str] = {}  # the notation's words, as its plays spell them (`fighter`, not `Fighter`)
    for word in re.findall(r"[\w+-]+", notation):
        if word.islower() or word.lower() not in spelt:
            spelt[word.lower()] = word
    # a word as a listed play spells it, else as a name, else as the notation does
    said = [*spelt.values(), *engine.names(state), *plays]
    fixed, word = _one_word(engine, state, words, said)
    if fixed:
        return fixed, word
    close = difflib.get_close_matches(text, plays, n=MOST, cutoff=0.75)
    if close:
        return tuple(close), None
    # the notation's own words, whole (never the tail of a capitalised name: `Attack` is no `ttack`)
    own = re.findall(r"(?<![A-Za-z])[a-z][a-z-]{2,}", notation)
    heads = list(dict.fromkeys([p.split()[0] for p in plays] + _openers(notation)))
    typed = words[0].lower()
    # the verb just typed is no spelling hint: the words after it are what did not read (a usage error)
    if typed in (h.lower() for h in heads + own):
        return (), None
    if typed in (engine.declaration.verbs.aliases or {}):  # a tracker command typed as a play: `track` makes it
        tracked = _tracked(reads, words)
        return ((tracked,) if tracked else ()), None
    return tuple(difflib.get_close_matches(typed, heads, n=1, cutoff=0.6)), None


def _tracked(reads, words: list[str]) -> str | None:
    """The `companion track` line of a tracker command typed as a play, when the tracker reads those words
    (where the play reads tracker commands itself, as Catharsis's does, the tracker refuses them alike)."""
    if reads is not None:
        try:
            reads(list(words))
        except EngineError:
            return None
    return f"companion track {' '.join(words)}"


def _openers(notation: str) -> list[str]:
    """The words a play opens with, as the notation lays them out: the first word of each line indented
    as its forms are (deeper lines go on a form or show an example), after any PLAYER placeholder
    (`[PLAYER] play CARD` -> play); its prose offers none (`works`)."""
    lines = [line for line in notation.splitlines() if line[:1].isspace() and line.strip()]
    column = min((len(line) - len(line.lstrip()) for line in lines), default=0)
    found = []
    for line in lines:
        if len(line) - len(line.lstrip()) != column:
            continue
        for word in line.split():
            if word.strip("[]").isupper():
                continue
            if re.fullmatch(r"[a-z][a-z-]{2,}", word):
                found.append(word)
            break
    return found


def _one_word(engine, state, words: list[str], said: list[str]) -> tuple[tuple[str, ...], str | None]:
    """The typed words with one word that no play, notation word, player or card holds put right
    (the nearest such words, by spelling), kept where the whole then reads."""
    known = {w.lower(): w for text in said for w in text.split()}
    fixed: list[tuple[float, str, str]] = []
    for i, word in enumerate(words):
        if word.lower() in known or word.isdigit():
            continue
        for near in difflib.get_close_matches(word.lower(), list(known), n=MOST, cutoff=0.6):
            attempt = " ".join([*words[:i], known[near], *words[i + 1:]])
            if _reads(engine, state, attempt):
                fixed.append((difflib.SequenceMatcher(None, word.lower(), near).ratio(), attempt, word))
    top = max((ratio for ratio, _, _ in fixed), default=0)
    kept = [f for f in sorted(fixed, key=lambda f: -f[0]) if f[0] >= top - CLOSE][:MOST]
    wrong = {word for _, _, word in kept}
    return tuple(dict.fromkeys(t for _, t, _ in kept)), (wrong.pop() if len(wrong) == 1 else None)


def _maker_first(engine, state, words: list[str]) -> str | None:
    """A play that opens with a player's name where the game's notation names none first (Cataclysm
    Arcade `ann fighter Grunt`, Catharsis `ben roll 1 2 3`): the rest made by that player (as typed on
    their turn, else with `--by`), or the play with the name where the notation reads a player (after
    its verb); None when neither reads (CATastrophe names its maker first: its words read already)."""
    who = next((p.name for p in getattr(state, "players", ()) if p.name.lower() == words[0].lower()), None)
    if who is None or len(words) < 2:
        return None
    rest = " ".join(words[1:])
    if _reads(engine, state, rest):
        return rest if who == engine.turns.to_act(state) else f'companion play --by {who} "{rest}"'
    swapped = [words[1], who, *words[2:]]
    # the name goes where the notation reads a player: a word that is no player's name does not read there
    if _reads(engine, state, " ".join(swapped)) and not _reads(engine, state, " ".join([words[1], "Zz9", *words[2:]])):
        return " ".join(swapped)
    return None


def _reads(engine, state, text: str) -> bool:
    try:
        engine.plays.parse_move(text, state)
    except EngineError:
        return False
    return True
