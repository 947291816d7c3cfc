"""Catopomp rounds as a tracked table lives them: the next round's deal (hands hidden, the set-up
still to enter), and the competitive reveals still due."""
from __future__ import annotations

from engine.tracking import Change

from .model import PLAYER_TABLE, State
from .table import round_setup

#: the tracker's table is the validator's State (one rules model)
TrackedTable = State


def next_round_state(state: State) -> State:
    """The round after `state` (round-over) as dealt at a real table: hands are counts, Hell Domains and
    Used Dice cards empty, the loser starts, players down to one soul gem get a reserve die (its number
    still to be set) and the centre dice are still to be entered."""
    n = len(state.players)
    nxt = round_setup(n, [p.gems for p in state.players], state.seat(state.loser))
    per = PLAYER_TABLE[n][2]
    players = tuple(p.model_copy(update={"hand": per, "hell_domain": (), "used_dice": (), "reserve_die": None,
                                         "prediction": None}) for p in state.players)
    return state.model_copy(update={
        "players": players, "turn": state.players[nxt.starting].name, "centre_dice": (), "winning_set": None,
        "discard_pile": () if state.discard_pile is not None else None, "set_aside": None, "phase": "setup",
        "loser": None, "round": state.round + 1, "reserve_dice": tuple(state.players[i].name for i in nxt.reserve),
        "cleared": ()})


def pending_reveals(state: State) -> list[str]:
    """Competitive: players who cleared this round and whose prediction is not revealed yet."""
    if not state.options.competitive:
        return []
    return [c.name for c in state.cleared if c.points is None and c.last_set is not None]


def late_reveal(state: State, prediction: Change) -> bool:
    """Competitive: the prediction of a player who cleared with the play that ended the round or the
    game, revealed as they cleared; it still scores their last set."""
    if not prediction.args:
        return False
    return state.phase in ("round-over", "game-over") and prediction.args[0] in pending_reveals(state)
