"""Cataclysm Arcade: what is impossible about a described table, each with the rule it breaks."""
from __future__ import annotations

from engine.base import Reason
from engine.tracking import Findings

from .model import State
from .rule_ids import R


def status(state: State) -> list[Reason]:
    found = Findings()
    names = {p.name for p in state.players}
    in_game = state.in_game
    if state.winner is not None:
        if state.winner not in names or len(in_game) != 1 or in_game[0].name != state.winner:
            found.forbid(R.WIN_LOSE, "the winner must be the one player left with a Boss")
        return found.problems
    if len(in_game) == 1 and len(state.players) > 1:
        found.forbid(R.MULTIPLAYER, f"only {in_game[0].name} has a Boss left: they have won")
    if state.initiative is not None:
        holder = state.player(state.initiative)
        # a holder knocked out during their own move keeps it until the Line is empty
        if (holder.out and not state.line) or (holder.passed and not state.level_over):
            found.forbid(R.INITIATIVE_CLOCKWISE, f"{holder.name} has the initiative but is out or has passed")
    elif not state.level_over:
        found.forbid(R.INITIATIVE_CLOCKWISE, "nobody has the initiative, but not everyone has passed")
    if state.line and state.priority is None:
        found.forbid(R.PRIORITY_STARTS, "the Line is not empty but nobody has priority")
    if not state.line and state.priority is not None:
        found.forbid(R.PRIORITY_STARTS, f"{state.priority} has priority but the Line is empty")
    if state.line and state.priority in names and state.player(state.priority).out:
        found.forbid(R.DEFEATED_REMOVED, f"{state.priority} has priority but is out of the game")
    if state.line and state.priority == state.line[-1].controller:
        found.forbid(R.NO_SELF_RESPONSE, f"{state.priority} has priority over their own item on top of the Line")
    for item in state.line:
        if item.controller not in names or state.player(item.controller).out:
            found.forbid(R.DEFEATED_REMOVED, f"{item.label()}: its player is not in the game")
    for p in state.players:
        if p.out and (p.fighters or p.weapons):
            found.forbid(R.DEFEATED_REMOVED, f"{p.name} is out but still has cards in play")
        if p.out and p.hand_size:
            found.forbid(R.DEFEATED_REMOVED, f"{p.name} is out but still holds "
                         f"{p.hand_size} card{'s' * (p.hand_size != 1)} in hand")
        if not p.out and p.boss.health is not None and p.boss.health <= 0:
            found.forbid(R.BOSS_DEFEATED, f"{p.name}'s Boss is at {p.boss.health}: {p.name} is out")
        seen: set[str] = set()
        for f in p.fighters:
            if f.name.lower() in seen:
                found.forbid(R.FIGHTER_ONE_PER_NAME, f"{p.name} has two Fighters named {f.name}")
            seen.add(f.name.lower())
            if f.health is not None and f.health <= 0:
                found.forbid(R.FIGHTER_DESTROYED, f"{f.name} ({p.name}) is at {f.health}: destroyed")
        weapons: set[str] = set()
        for w in p.weapons:
            if w.name.lower() in weapons:
                found.forbid(R.WEAPON_ONE_PER_NAME, f"{p.name} has two Weapons named {w.name}")
            weapons.add(w.name.lower())
            if w.wielder is not None and w.wielder not in {f.name for f in p.fighters}:
                found.forbid(R.WIELDED, f"{w.name} is wielded by {w.wielder}, not a Fighter of {p.name}")
    return found.problems
