"""Catopomp rounds as a tracked table lives them: the next round's deal (hands hidden, the set-up
still to enter), and the competitive reveals still due."""
from __future__ import annotations

from engine.base import Effect
from engine.tracking import Change

from .model import PLAYER_TABLE, State
from .rule_ids import R
from .table import round_setup
from .track_view import deal_text

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


def plays_recorded(state: State) -> bool:
    """Whether anything recorded shows this round's play: a set on the table, dice on a Used Dice card,
    a card in a Hell Domain or the discard pile. A table that keeps only the counters records none."""
    return (state.winning_set is not None or bool(state.discard_pile)
            or any(p.used_dice or p.hell_domain for p in state.players))


def still_holding(state: State, loser: str) -> tuple[list[str], bool]:
    """The other players the record shows still holding cards, each with what they hold, and whether a
    loss of `loser` is only the table's word (no play of the round recorded, hidden hands not counted).
    Once a play is recorded, a hidden hand counts by its size: its cards have not been seen played."""
    read_so = not plays_recorded(state)
    out = []
    for q in state.players:
        if q.name == loser or state.cleared_record(q.name) is not None:
            continue
        held = []
        if q.hand_size and (q.hand_known or not read_so):
            held.append(f"{q.hand_size}{'' if q.hand_known else ' hidden'} card{'s' if q.hand_size != 1 else ''} "
                        "in hand")
        if q.hell_domain:
            held.append(f"{len(q.hell_domain)} Hell card{'s' if len(q.hell_domain) != 1 else ''}")
        if held or state.options.competitive:
            out.append(f"{q.name} ({'; '.join(held) or 'not cleared'})")
    hidden = any(not q.hand_known and q.hand_size for q in state.players
                 if q.name != loser and state.cleared_record(q.name) is None)
    return out, read_so and hidden and not out


def pending_reveals(state: State) -> list[str]:
    """Competitive: players who cleared this round and whose prediction is not revealed yet."""
    if not state.options.competitive:
        return []
    return [c.name for c in state.cleared if c.points is None and c.last_set is not None]


def late_reveal(state: State, prediction: Change) -> bool:
    """Competitive: the prediction of a player who cleared with the play that ended the round or the
    game, revealed as they cleared; it still scores their last set."""
    return (bool(prediction.args) and state.phase in ("round-over", "game-over")
            and prediction.args[0] in pending_reveals(state))


# ---- the next round's deal


def settle(state: State, deal_now: bool = False) -> tuple[State, list[Effect]]:
    """A round that is over is followed at once by the next one's deal (its set-up still to be
    entered), unless a player who cleared with the round's last play has yet to reveal their
    prediction (competitive): then the deal waits for it, or for the next round's first set-up
    entry. Also applied after every play."""
    if state.phase != "round-over" or (pending_reveals(state) and not deal_now):
        return state, []
    return next_round_state(state), _deal_effects(state)


def _deal_effects(state: State) -> list[Effect]:
    """What the table does as the round after `state` (round-over) is dealt."""
    nxt = next_round_state(state)
    out = [Effect(kind="new-round", message=f"round {nxt.round} begins: deal {deal_text(state)}",
                  rule=R.SETUP_CARDS_PER_PLAYER)]
    carried = [p.name for p in state.players if p.reserve_die is not None]
    if carried:
        out.append(Effect(kind="reserve-not-carried", message=f"last round's reserve dice ({', '.join(carried)}) "
                          "are not carried over", rule=R.RESERVE_DIE_NO_CARRY_OVER))
    if nxt.reserve_dice:
        out.append(Effect(kind="choose-reserve", message=f"{', '.join(nxt.reserve_dice)}: after looking at your "
                          "cards and the centre dice, set your reserve die before the round starts (e.g. "
                          f"`reserve {nxt.reserve_dice[0].lower()} 4`)", rule=R.RESERVE_DIE_CHOOSE_NUMBER))
    if state.options.competitive:
        out.append(Effect(kind="predictions", message="everyone writes down a secret prediction (1-4) for the new "
                          "round after looking at their cards (`predict NAME N`)", rule=R.COMPETITIVE_PREDICTION))
    return out
