"""Catharsis: what a verdict says when a card fact is unknown, and the one command that teaches it.

Until a shared `engine.words.teach(...)` exists on main, this is the one place that writes the
command (`companion cards add catharsis NAME --FIELD VALUE`), so changing its form is one edit.
"""
from __future__ import annotations

PLACEHOLDER = {"top": "COST", "bottom": "COST", "2": "COST", "3": "COST", "attacks": "4,2", "combo": "3=EFFECT", "adjust": "N", "prevent": "N",
               "side": "ground|flight|both"}


def teach(card: str, field: str, example: str | None = None) -> str:
    """The command that teaches a card's field: `companion cards add catharsis "Fire Bolt" --bottom COST`."""
    value = example or PLACEHOLDER.get(field.rsplit("-", 1)[-1], "VALUE")
    return f"companion cards add catharsis {_q(card)} --{field} {_q(value)}"


def _q(text: str) -> str:
    return f'"{text}"' if any(c in text for c in " |") else text


def unknown(card: str, what: str, field: str, example: str | None = None) -> str:
    """"Fire Bolt's bottom cost is unknown (teach it: companion cards add ...)"."""
    return f"{card}'s {what} is unknown (teach it: {teach(card, field, example)})"
