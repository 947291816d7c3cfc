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


def teach(name: str, **fields) -> str:
    """The one command that teaches the card library a card's fields (`icon="recruit"` becomes
    `--icon recruit`). Stands in for the shared engine.words.teach until that lands on main."""
    options = " ".join(f"--{key.replace('_', '-')} {value}" for key, value in fields.items())
    return f'companion cards add theseus "{name}" {options}'.rstrip()
