"""Catopomp after the game (`companion history`, `track recap`): the figures a log holds: the rounds
played, each soul gem lost (by round and player) and each player's Dice Boosts; the rounds lost, as
turning points."""
from __future__ import annotations

from typing import Any

from engine.base import PLAY
from engine.game import top_first

from . import rules_state


# The after-the-game hooks of the declaration's outcome (engine.game.Outcome); the winners are the summary's.


LENGTH = ("rounds", "round")


def figures(state, summary: dict[str, Any], steps: list) -> dict[str, Any]:
    lost, boosts = [], {p.name: 0 for p in state.players}
    for s in steps:
        for b, a in zip(s.before.players, s.after.players):
            lost += [{"round": s.before.round, "player": a.name}] * max(0, b.gems - a.gems)
        won = s.after.winning_set  # a new winning set with dice in it: its owner's Dice Boost
        if won is not None and won != s.before.winning_set and won.dice and won.owner in boosts:
            boosts[won.owner] += 1
    return {"rounds": state.round, "gems_lost": lost, "dice_boosts": boosts,
            "competitive": bool(summary.get("options", {}).get("competitive"))}


def standing(summary: dict[str, Any], record: dict[str, Any]) -> dict[str, Any]:
    """The main game counts no points: everyone with a soul gem left ranks first, the player who
    lost the last one second. The competitive variant scores its points (the loser's made zero)
    and ranks by them."""
    if not record["figures"]["competitive"]:
        return top_first(summary, record)
    points = {p["name"]: p.get("points", 0) for p in summary.get("players", [])}
    players = record["players"]
    return {"scores": points, "ranks": {p: 1 + sum(points.get(q, 0) > points.get(p, 0) for q in players)
                                        for p in players}}


def figure_lines(f: dict[str, Any]) -> list[str]:
    """Soul gems lost (and per round) and each player's Dice Boosts."""
    boosts = ", ".join(f"{p} {n}" for p, n in f["dice_boosts"].items()) or "none"
    per = "-" if f["gems_lost_per_round"] is None else f"{f['gems_lost_per_round']:g}"
    return [f"soul gems lost: {f['gems_lost']} in {f['rounds']} rounds ({per} a round)",
            f"Dice Boosts used: {boosts}"]


def share(record: dict[str, Any]) -> list[list]:
    """Rounds, soul gems lost (and per round) and each player's Dice Boosts."""
    f = record["figures"]
    return [["rounds", "sum", f["rounds"]], ["gems_lost", "sum", len(f["gems_lost"])],
            ["gems_lost_per_round", "ratio", ["gems_lost", "rounds"]], ["dice_boosts", "tally-casefold", f["dice_boosts"]]]


def turning_points(steps: list, summary) -> dict[int, list[str]]:
    """Each round lost, by whom, and the winning set that stood when it was lost."""
    out: dict[int, list[str]] = {}
    last_set = None
    for step in steps:
        shown = summary(step.after).get("winning_set")
        for b, a in zip(step.before.players, step.after.players):
            if a.gems < b.gems:
                standing = _ending_set(step, summary) or last_set
                out.setdefault(step.seq, []).append(f"round {step.before.round} lost by {a.name}"
                                                    + (f"; the set standing: {standing}" if standing else ""))
        last_set = None if step.after.round != step.before.round else shown or last_set
    return out


def _ending_set(step, summary) -> str | None:
    """The set a round-ending play put down (Catopomp 4: the round ends as that play leaves one player
    holding cards): the play applied again without the next round's deal that followed it (the step's
    `after` is already that deal). None for a round ended by a tracker change (`lost`, `gems`)."""
    if step.entry.verb != PLAY or not step.entry.args:
        return None
    try:
        ended = rules_state.apply(step.before, rules_state.read(step.entry.args[0], step.before),
                                  overruled=bool(step.entry.overruled))
    except Exception:  # noqa: BLE001 - a play the log kept but this reading cannot redo: the last set seen
        return None
    return summary(ended).get("winning_set")
