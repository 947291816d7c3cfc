"""Party of the Theseus: how messages list cards and write a card's name (the counts of things are
engine.words.count). Shared by plays and tracker verbs; a candidate for engine/words.py."""
from __future__ import annotations

import shlex


def listing(cards) -> str:
    """Names as a sentence lists them: "A", "A and B", "A, B and C" ("nothing" for none)."""
    cards = list(cards)
    if not cards:
        return "nothing"
    if len(cards) == 1:
        return cards[0]
    return ", ".join(cards[:-1]) + " and " + cards[-1]


def quote(name: str) -> str:
    """A card's name as the table types it (quoted when it holds spaces or quotes)."""
    return shlex.quote(name) if any(ch.isspace() or ch in "'\"" for ch in name) else name



def teach(name: str, **field) -> str:
    """The one command that teaches the card library a card's field (`icon="recruit"`): the shared
    engine.words.teach for this game."""
    from engine.words import teach as shared_teach

    [(key, value)] = field.items()
    return shared_teach("theseus", name, key, str(value))
