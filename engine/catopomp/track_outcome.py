"""Catopomp after the game (`companion history`): the figures a log holds: the rounds
played, each soul gem lost (by round and player) and each player's Dice Boosts."""
from __future__ import annotations

from typing import Any, ClassVar


class Outcome:
    """The Tracker's after-the-game hooks (engine.tracking.Tracker); the winners are the summary's."""

    LENGTH: ClassVar[tuple[str, str]] = ("rounds", "round")

    def figures(self, state, summary: dict[str, Any], steps: list) -> dict[str, Any]:
        lost, boosts = [], {p.name: 0 for p in state.players}
        for s in steps:
            for b, a in zip(s.before.players, s.after.players):
                lost += [{"round": s.before.round, "player": a.name}] * max(0, b.gems - a.gems)
            won = s.after.winning_set  # a new winning set with dice in it: its owner's Dice Boost
            if won is not None and won != s.before.winning_set and won.dice and won.owner in boosts:
                boosts[won.owner] += 1
        return {"rounds": state.round, "gems_lost": lost, "dice_boosts": boosts,
                "competitive": bool(summary.get("options", {}).get("competitive"))}
