"""Catopomp rounds as a tracked table lives them: what a round's set-up still needs, the next round's
deal (hands hidden), and the competitive reveals still due."""
from __future__ import annotations

from engine.tracking import Change

from .model import PLAYER_TABLE, State
from .rule_ids import R
from .table import first_round_centre_dice, round_setup

#: the tracker's table is the validator's State (one rules model)
TrackedTable = State


def dice_expected(state: State) -> int:
    """Dice rolled into the centre at the start of this round: two per player, less the reserve dice."""
    return first_round_centre_dice(len(state.players)) - len(state.reserve_dice)


def setup_steps(state: State) -> list[tuple[str, str]]:
    """What the table still has to enter before this round's play starts, each with its rule
    (empty: ready)."""
    todo = []
    if state.turn is None:
        todo.append((R.SETUP_FIRST_PLAYER, "who starts (chosen at random): `first NAME`"))
    if len(state.centre_dice) != dice_expected(state):
        todo.append((R.NEW_ROUND_FEWER_CENTRE_DICE if state.round > 1 else R.SETUP_CENTRE_DICE,
                     f"the {dice_expected(state)} centre dice as rolled: `dice 1 2 3 ...`"))
    unset = [p.name for p in state.players if p.name in state.reserve_dice and p.reserve_die is None]
    if unset:
        todo.append((R.RESERVE_DIE_CHOOSE_NUMBER, f"the reserve die of {', '.join(unset)}: `reserve {unset[0].lower()} N`"))
    return todo


def setup_todo(state: State) -> list[str]:
    """What the table still has to enter before this round's play starts (empty: ready)."""
    return [f"{text} [{rule}]" for rule, text in setup_steps(state)]


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


def late_reveal(state: State, change: Change) -> bool:
    """Competitive: the prediction of a player who cleared with the play that ended the game, revealed
    as they cleared; it still scores their last set."""
    if change.verb != "predict" or not change.args:
        return False
    return state.phase in ("round-over", "game-over") and change.args[0] in pending_reveals(state)
