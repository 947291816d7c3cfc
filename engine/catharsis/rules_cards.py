"""Catharsis: what a verdict says when a card fact is unknown, and the one command that teaches it.

The engine names a fact by its own short name (`bottom`, `top-adjust`, `flight-bottom`,
`top-level-2`, `bottom-combo-3`); `library_field` turns that into the card library's field path
(`companion cards add catharsis NAME --bottom.adjust N`, docs/cards.md), and engine.words.teach
writes the command. A table field takes one key a flag: Level costs `--top.levels.2 COST`, Combo
values `--bottom.combo.3 EFFECT`. A card of the shipped catalogue is taught with `cards edit` (the
library lays the fields over the catalogue's), any other with `cards add`.
"""
from __future__ import annotations

from engine.words import teach as add_command, teach_edit as edit_command

PLACEHOLDER = {"cost": "COST", "attacks": "4,2", "adjust": "N", "adjust_dice": "N", "side": "ground|flight|both",
               "levels": "COST", "combo": "EFFECT"}


def library_field(field: str) -> str:
    """The library's field path for an engine fact name: `top-adjust-dice` -> `top.adjust_dice`;
    `top-level-2` -> `top.levels.2`; `bottom-combo-3` -> `bottom.combo.3`; `flight-bottom` -> `flight.bottom`."""
    parts = field.split("-")
    if len(parts) == 3 and parts[1] in ("level", "combo"):
        return f"{parts[0]}.{'levels' if parts[1] == 'level' else 'combo'}.{parts[2]}"
    if parts[1:] == ["adjust", "dice"]:
        return f"{parts[0]}.adjust_dice"
    return ".".join(parts)


def teach(card: str, field: str, example: str | None = None) -> str:
    """The one command that teaches a card's fact: `companion cards add catharsis ...`, or `cards edit`
    for a card of the shipped catalogue."""
    from .model import shipped

    path = library_field(field)
    last = path.split(".")[-2] if path.split(".")[-1].isdigit() else path.split(".")[-1]
    value = example or PLACEHOLDER.get(last, "COST")
    command = edit_command if card.lower() in shipped() else add_command
    return command("catharsis", card, path, value)


def unknown(card: str, what: str, field: str, example: str | None = None) -> str:
    """"Fire Bolt's bottom cost is unknown (teach it: companion cards add ...)"."""
    return f"{card}'s {what} is unknown (teach it: {teach(card, field, example)})"
