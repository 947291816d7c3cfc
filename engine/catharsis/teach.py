"""Catharsis: what a verdict says when a card fact is unknown, and the one command that teaches it.

The engine names a fact by its own short name (`bottom`, `top-adjust`, `flight-bottom`,
`top-level-2`, `bottom-combo`); `library_field` turns that into the card library's field path
(`companion cards add catharsis NAME --bottom.adjust N`, docs/cards.md), and engine.words.teach
writes the command. Level costs and Combo values are tables, which a command-line flag cannot
give: for those the verdict names the library file's entry and `companion cards import`.
"""
from __future__ import annotations

from engine.words import teach as library_command

PLACEHOLDER = {"cost": "COST", "attacks": "4,2", "adjust": "N", "adjust_dice": "N", "side": "ground|flight|both"}


def library_field(field: str) -> tuple[str, str | None]:
    """(the library's field path, the table key) for an engine fact name: `top-adjust-dice` ->
    (`top.adjust_dice`, None); `top-level-2` -> (`top.levels`, "2"); `flight-bottom` -> (`flight.bottom`, None)."""
    parts = field.split("-")
    if len(parts) == 3 and parts[1] == "level":
        return f"{parts[0]}.levels", parts[2]
    if len(parts) == 2 and parts[1] == "combo":
        return f"{parts[0]}.combo", None
    if parts[1:] == ["adjust", "dice"]:
        return f"{parts[0]}.adjust_dice", None
    return ".".join(parts), None


def teach(card: str, field: str, example: str | None = None) -> str:
    """How to teach a card's fact: the `companion cards add` command, or for a table (Level costs,
    Combo values) the entry to import."""
    path, key = library_field(field)
    if path.endswith((".levels", ".combo")):
        half, table = path.split(".")
        entry = f'{table} = {{ "{key}" = "COST" }}' if key else f'{table} = {{ "3" = "EFFECT" }}'
        return (f"write [powers.{half}] {entry} under the card's [[powers]] entry in a file and run "
                f"companion cards import catharsis FILE")
    value = example or PLACEHOLDER.get(path.rsplit(".", 1)[-1], "COST")
    return library_command("catharsis", card, path, value)


def unknown(card: str, what: str, field: str, example: str | None = None) -> str:
    """"Fire Bolt's bottom cost is unknown (teach it: companion cards add ...)"."""
    return f"{card}'s {what} is unknown (teach it: {teach(card, field, example)})"
