"""A real Catopomp table for tests: the dealer (tests.engine.catopomp_players.table_game) knows every card,
the companion is told only what the table says aloud; `public` and `public_of_state` are what every
player can see, on the dealer's table and in the session."""
from __future__ import annotations

from engine.catopomp.model import Table, c_list, code_of


def public(t: Table) -> dict:
    """What every player at the table can see."""
    return {
        "gems": list(t.gems),
        "hand_sizes": [sum(h) for h in t.hands],
        "hell": [list(c_list(h)) for h in t.hells],
        "used": [sorted(u) for u in t.used],
        "centre": sorted(t.centre),
        "turn": t.names[t.turn] if t.phase == "play" else None,
        "points": list(t.points),
    }


def public_of_state(state) -> dict:
    return {
        "gems": [p.gems for p in state.players],
        "hand_sizes": [p.hand_size for p in state.players],
        "hell": [sorted(code_of(c) for c in p.hell_domain) for p in state.players],
        "used": [sorted(p.used_dice) for p in state.players],
        "centre": sorted(state.centre_dice),
        "turn": state.turn if state.phase == "play" else None,
        "points": [p.points for p in state.players],
    }
