"""Catharsis: the power catalogue: the cards the rulebook states (powers.toml) and the table's own
(State.cards, which win over the shipped ones of the same name)."""
from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path

from .model import PowerCard

CATALOGUE_FILE = Path(__file__).with_name("powers.toml")


@lru_cache(maxsize=1)
def shipped() -> dict[str, PowerCard]:
    """The shipped catalogue, by lower-case name (read once)."""
    data = tomllib.loads(CATALOGUE_FILE.read_text(encoding="utf-8"))
    return {c.name.lower(): c for c in (PowerCard(**raw) for raw in data["powers"])}


def card_of(state, name: str) -> PowerCard | None:
    """The card a power's name stands for, or None when neither the table nor the catalogue knows it."""
    low = name.lower()
    for card in state.cards:
        if card.name.lower() == low:
            return card
    return shipped().get(low)
