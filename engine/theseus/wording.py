"""Party of the Theseus: how messages write counts, lists of cards and card names."""
from __future__ import annotations

import shlex


def _plural(n: int, word: str) -> str:
    if n == 1:
        return f"{n} {word}"
    return f"{n} {word}es" if word.endswith("s") else f"{n} {word}s"


def _names(cards) -> str:
    cards = list(cards)
    if not cards:
        return "nothing"
    if len(cards) == 1:
        return cards[0]
    return ", ".join(cards[:-1]) + " and " + cards[-1]


def _quote(name: str) -> str:
    return shlex.quote(name) if any(ch.isspace() or ch in "'\"" for ch in name) else name
