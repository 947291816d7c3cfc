"""Catopomp plays that need no card from the hand. When the table has not recorded the hand of the
player to act, their Heaven plays cannot be listed, but their sets from the Hell Domain (with or
without a Dice Boost) and their passes can: the table knows every card they use. Pure."""
from __future__ import annotations

from collections import Counter

from engine.catopomp.model import State


def plays_without_hand(engine, state: State) -> tuple[list, str] | None:
    """(the moves, what was left out) for the player to act when their hand is only a count; None when
    the hand is known (every play is listed) or nobody is to play."""
    if state.phase != "play" or state.turn is None:
        return None
    me = next(p for p in state.players if p.name == state.turn)
    if me.hand_known or not me.hand:
        return None
    # One known card stands in for the hand (so the player is not taken for cleared); it is the
    # number least in sight, so card counting refuses no Hell Domain set because of it.
    seen = Counter(c for p in state.players for c in p.hell_domain)
    stand_in = min(range(1, 11), key=lambda n: (seen[n], n))
    probe = state.model_copy(update={"players": tuple(
        p.model_copy(update={"hand": (stand_in,)}) if p.name == me.name else p for p in state.players)})
    moves = [m for m in engine.legal_moves(probe) if m.source != "heaven" and m.place is None]
    left = (f"left out: every play with Heaven cards from {me.name}'s hand, which is not recorded "
            f"({me.hand} card{'s' if me.hand != 1 else ''}; `companion track hand {me.name.lower()} CARDS...` lists them all)")
    return moves, left
