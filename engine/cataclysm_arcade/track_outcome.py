"""Cataclysm Arcade after the game (`companion history`): the winner, and the figures a
log holds: the level reached and who was knocked out at which level."""
from __future__ import annotations

from typing import Any

from engine.game import response_wars
from engine.tracking import ranks_by_going_out


# The after-the-game hooks of the declaration's outcome (engine.game.Outcome).


LENGTH = ("levels", "level")
#: the response wars a recap tells: cards and abilities waiting on the Line
turning_points = response_wars("line", "a response war: {n} on the Line")


def result(summary: dict[str, Any], players: list[str]) -> dict[str, Any]:
    return {"winners": [summary["winner"]] if summary.get("winner") else []}


def figures(state, summary: dict[str, Any], steps: list) -> dict[str, Any]:
    out = []
    for s in steps:
        was = {p.name for p in s.before.players if p.out}
        out += [{"player": p.name, "level": s.before.level, "seq": s.seq}
                for p in s.after.players if p.out and p.name not in was]
    return {"level": state.level, "knocked_out": out}


def standing(summary: dict[str, Any], record: dict[str, Any]) -> dict[str, Any]:
    """No points; ranked by the order the Bosses were defeated (the last player with a Boss first)."""
    out = {k["player"]: k.get("seq", 0) for k in record["figures"]["knocked_out"]}
    return {"scores": None, "ranks": ranks_by_going_out(record["players"], out)}


def figure_lines(f: dict[str, Any]) -> list[str]:
    """The levels reached, on average and at most."""
    return [] if f["average_level"] is None else [
        f"levels reached: {f['average_level']:g} on average, {f['highest_level']} at most"]


def share(record: dict[str, Any]) -> list[list]:
    """The level reached: its average and the highest."""
    return [["average_level", "mean", record["figures"]["level"]], ["highest_level", "max", record["figures"]["level"]]]
