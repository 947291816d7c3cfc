"""Catharsis after the game (`companion history`): the party's result, and the figures a
log holds: the Boss Deck, Morale at the start and the end, the thresholds reached, who died."""
from __future__ import annotations

from typing import Any


# The after-the-game hooks of the declaration's outcome (engine.game.Outcome).


LENGTH = ("cards", "cards_revealed")
COOPERATIVE = True


def result(summary: dict[str, Any], players: list[str]) -> dict[str, Any]:
    """The party wins or loses together: every player wins a won game."""
    won = summary.get("outcome") == "won"
    return {"party": summary.get("outcome"), "winners": list(players) if won else []}


def headline(record: dict[str, Any]) -> list[str]:
    """The party's result, and the Boss Deck it was against."""
    boss = record["figures"].get("boss")
    return [f"the party {record['party']}"] + ([f"against {boss}"] if boss not in (None, "other") else []) \
        if record["party"] else []


def figures(state, summary: dict[str, Any], steps: list) -> dict[str, Any]:
    return {"boss": state.boss, "morale_start": state.morale_start, "morale_end": state.morale,
            "thresholds_reached": sorted(state.thresholds_reached, reverse=True),
            "dead": [p.name for p in state.players if p.dead]}


def figure_lines(f: dict[str, Any]) -> list[str]:
    """Each Boss Deck beaten of played, and the average Morale at the end."""
    bosses = ", ".join(f"{b} beaten {c.get('beaten', 0)} of {c.get('played', 0)}" for b, c in f["bosses"].items())
    morale = "-" if f["average_morale_end"] is None else f"{f['average_morale_end']:g}"
    return [f"Boss Decks: {bosses or 'none finished'}; average Morale at the end: {morale}"]


def share(record: dict[str, Any]) -> list[list]:
    """Each boss played and beaten, and the Morale left at the end."""
    f = record["figures"]
    return [["bosses", "tally", {f["boss"]: [["played", 1], ["beaten", int(record["party"] == "won")]]}],
            ["average_morale_end", "mean", f["morale_end"]]]
