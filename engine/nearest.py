"""The plays nearest words that did not read, found by the step that read them (it holds the table and
the game's notation): the legal plays spelt closest to the words; else the words with one misspelt word
put right, kept only when they then read (`Ann plya Attack 4 at Ben` -> `Ann play Attack 4 at Ben`);
else the notation's word closest to the first one typed. Pure: the engine, the table and the words in.
"""
from __future__ import annotations

import difflib
import re

from engine.errors import EngineError
from engine.listing import legal_texts

MOST = 3  # plays one "did you mean" offers
CLOSE = 0.1  # a word put right is offered only this near the best spelling found (not `hevaen` -> `then`)


def nearest(engine, state, text: str) -> tuple[tuple[str, ...], str | None]:
    """(the plays, or first words, nearest `text`; the one typed word they put right, or None)."""
    words = text.split()
    if not words:
        return (), None
    plays = legal_texts(engine, state)
    notation = engine.declaration.plays.help or ""
    said = [*plays, *re.findall(r"[\w+-]+", notation), *engine.names(state)]
    fixed, word = _one_word(engine, state, words, said)
    if fixed:
        return fixed, word
    close = difflib.get_close_matches(text, plays, n=MOST, cutoff=0.75)
    if close:
        return tuple(close), None
    notation = re.findall(r"[a-z][a-z-]{2,}", notation)  # the notation's own words
    # the verb just typed is no spelling hint: the words after it are what did not read (a usage error)
    heads = list(dict.fromkeys([p.split()[0] for p in plays] + notation))
    typed = words[0].lower()
    if typed in (h.lower() for h in heads):
        return (), None
    return tuple(difflib.get_close_matches(typed, heads, n=1, cutoff=0.6)), None


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
            try:
                engine.parse_move(attempt, state)
            except EngineError:
                continue
            fixed.append((difflib.SequenceMatcher(None, word.lower(), near).ratio(), attempt, word))
    top = max((ratio for ratio, _, _ in fixed), default=0)
    kept = [f for f in sorted(fixed, key=lambda f: -f[0]) if f[0] >= top - CLOSE][:MOST]
    wrong = {word for _, _, word in kept}
    return tuple(dict.fromkeys(t for _, t, _ in kept)), (wrong.pop() if len(wrong) == 1 else None)
