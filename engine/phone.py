"""What every game's phone view (Views.phone, engine/<game>/phone.py) is built from: the turn line,
cards in play, a player's label/value counters, the winners said in words, a tracker note for the
players. Pure: dicts and strings in and out."""
from __future__ import annotations

import re
from typing import Any, Callable

from engine.words import listing


def turn(to_act: str | None, acting: str | None, doing: str) -> str:
    who = to_act or acting
    return f"{who}: {doing}" if who else doing


def cards(value) -> list[str]:
    if isinstance(value, list):
        return [str(v) for v in value]
    return [] if value in (None, "", "-") else [str(value)]


def pairs(row: dict, names: list[tuple[str, str, Callable[[Any], Any] | None]]) -> list[list[str]]:
    """[label, value] for each (key, label, shown) whose value is there (None: the value as text)."""
    out = []
    for key, label, shown in names:
        if key not in row or row[key] is None:
            continue
        value = shown(row[key]) if shown else row[key]
        if value is None or value == "":
            continue
        out.append([label, ", ".join(map(str, value)) if isinstance(value, list) else str(value)])
    return out


def player(row: dict, counters: list[list[str]], notes: list[str]) -> dict:
    return {"name": str(row.get("name", "?")), "counters": counters, "notes": notes, "turn": False}


def winners(names: list[str]) -> str:
    if not names:
        return "No winner"
    return f"{listing(names)} {'wins' if len(names) == 1 else 'win'}"


def words(text: str) -> str:
    """A tracker note for the players: its rule id and the terminal commands it suggests left out."""
    text = re.sub(r"^[a-z-]+\.[a-z0-9.-]+:\s*", "", str(text))
    text = re.sub(r";?\s*(teach them|or enter)[^;]*`.*$", "", text)
    return text.strip()
