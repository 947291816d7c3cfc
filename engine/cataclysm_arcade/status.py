"""Cataclysm Arcade: what is impossible about a described table, each with the rule it breaks."""
from __future__ import annotations

from engine.base import Reason

from .model import State
from .rule_ids import R


def status(state: State) -> list[Reason]:
    out: list[Reason] = []
    names = {p.name for p in state.players}
    in_game = state.in_game
    if state.winner is not None:
        if state.winner not in names or len(in_game) != 1 or in_game[0].name != state.winner:
            out.append(Reason(rule=R.WIN_LOSE, message="the winner must be the one player left with a Boss"))
        return out
    if len(in_game) == 1 and len(state.players) > 1:
        out.append(Reason(rule=R.MULTIPLAYER, message=f"only {in_game[0].name} has a Boss left: they have won"))
    if state.initiative is not None:
        holder = state.player(state.initiative)
        # a holder knocked out during their own move keeps it until the Line is empty
        if (holder.out and not state.line) or (holder.passed and not state.level_over):
            out.append(Reason(rule=R.INITIATIVE_CLOCKWISE,
                              message=f"{holder.name} has the initiative but is out or has passed"))
    elif not state.level_over:
        out.append(Reason(rule=R.INITIATIVE_CLOCKWISE, message="nobody has the initiative, but not everyone has passed"))
    if state.line and state.priority is None:
        out.append(Reason(rule=R.PRIORITY_STARTS, message="the Line is not empty but nobody has priority"))
    if not state.line and state.priority is not None:
        out.append(Reason(rule=R.PRIORITY_STARTS, message=f"{state.priority} has priority but the Line is empty"))
    if state.line and state.priority == state.line[-1].controller:
        out.append(Reason(rule=R.NO_SELF_RESPONSE,
                          message=f"{state.priority} has priority over their own item on top of the Line"))
    for item in state.line:
        if item.controller not in names or state.player(item.controller).out:
            out.append(Reason(rule=R.DEFEATED_REMOVED, message=f"{item.label()}: its player is not in the game"))
    for p in state.players:
        if p.out and (p.fighters or p.weapons):
            out.append(Reason(rule=R.DEFEATED_REMOVED, message=f"{p.name} is out but still has cards in play"))
        if p.out and p.hand_size:
            out.append(Reason(rule=R.DEFEATED_REMOVED, message=f"{p.name} is out but still holds "
                              f"{p.hand_size} card{'s' * (p.hand_size != 1)} in hand"))
        if not p.out and p.boss.health is not None and p.boss.health <= 0:
            out.append(Reason(rule=R.BOSS_DEFEATED, message=f"{p.name}'s Boss is at {p.boss.health}: {p.name} is out"))
        seen: set[str] = set()
        for f in p.fighters:
            if f.name.lower() in seen:
                out.append(Reason(rule=R.FIGHTER_ONE_PER_NAME, message=f"{p.name} has two Fighters named {f.name}"))
            seen.add(f.name.lower())
            if f.health is not None and f.health <= 0:
                out.append(Reason(rule=R.FIGHTER_DESTROYED, message=f"{f.name} ({p.name}) is at {f.health}: destroyed"))
        weapons: set[str] = set()
        for w in p.weapons:
            if w.name.lower() in weapons:
                out.append(Reason(rule=R.WEAPON_ONE_PER_NAME, message=f"{p.name} has two Weapons named {w.name}"))
            weapons.add(w.name.lower())
            if w.wielder is not None and w.wielder not in {f.name for f in p.fighters}:
                out.append(Reason(rule=R.WIELDED, message=f"{w.name} is wielded by {w.wielder}, not a Fighter of {p.name}"))
    return out
