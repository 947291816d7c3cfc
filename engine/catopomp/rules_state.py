"""The Catopomp referee on a State, as the declaration gives it (engine/game.py): the State read as a
Table once and kept for the State last asked about (check, then apply, the same State), plays read,
judged and made, the legal plays, who acts, and whole games dealt for simulations (`setup`,
`next_round`)."""
from __future__ import annotations

import random
import re

from engine.base import Reason, Verdict
from engine.errors import IllegalMove, MoveSyntaxError
from engine.tracking import Findings

from .model import Move, Options, State, Table, opts_of
from .notation import parse
from .rules import (
    as_reasons, check_hidden, check_table, from_table, known_to, moves_note, mover_hidden, needs, play_out,
    plays_without_hand, reading_table, setup_missing, setup_rule, to_table,
)
from .rules_moves import legal_moves as table_moves
from .status import gems_lost_by_round, status as table_status
from .table import deal_first, deal_next


def setup(players, options=None, rng: random.Random | None = None, *, first=None, predictions=None) -> State:
    """Deal the first round for the named players (2-4, clockwise). `options`: a dict of the Options'
    fields, or None. The starting player is `first` or drawn at random; competitive predictions
    are `predictions` (name -> 1-4, or a list) or drawn from rng."""
    return from_table(deal_first(list(players), opts_of(Options.model_validate(dict(options or {}))),
                                 rng or random.Random(), first=first, predictions=predictions))


def next_round(state: State, rng: random.Random | None = None, *, predictions=None, reserve_dice=None) -> State:
    """Set up the round after `state` (phase round-over): reshuffle and deal, one centre die fewer,
    a reserve die for each player with one gem (`reserve_dice`: name -> face, else drawn), the loser
    starts."""
    return from_table(deal_next(to_table(state), rng or random.Random(), predictions=predictions,
                                reserve_dice=reserve_dice))


#: the State last asked about and its Table, and the table its player to act knows (each one pair,
#: replaced whole: read once, so threads share them safely)
_LAST: list[tuple[State, Table] | None] = [None]
_KNOWN: list[tuple[State, State] | None] = [None]


def _kept(cache: list, state: State, build):
    """`build(state)`, kept in `cache` for the State last asked about."""
    last = cache[0]
    if last is None or last[0] is not state:
        last = cache[0] = (state, build(state))
    return last[1]


def table_of(state: State) -> Table:
    """The State as a Table, kept for the State last asked about (check, then apply, the same State)."""
    return _kept(_LAST, state, to_table)


def known(state: State) -> State:
    """The State as the player to act knows it: the other players' recorded hands as counts only
    (rules.known_to), kept for the State last asked about. Every judgement of a play reads this one."""
    return _kept(_KNOWN, state, lambda s: known_to(s, s.turn))


#: the words `track dice` is read by (notation_track's aliases) that can open a play's text
TABLE_DICE = frozenset({"dice", "die", "roll", "rolled", "centre", "center"})


def _table_dice(text: str, state: State) -> None:
    """Centre dice typed as a play while a round is set up (or after a round, before the next is dealt)
    are the table's roll (Setup: every player rolls two dice into the centre), never a play's Dice Boost:
    refused with the one command that records them."""
    words = text.split()
    if state.phase not in ("setup", "round-over") or not words or words[0].lower() not in TABLE_DICE:
        return
    when = (f"round {state.round} is being set up" if state.phase == "setup" else
            f"round {state.round} is over and the next is not dealt yet")
    error = MoveSyntaxError(f"{when}: the centre dice are the table's roll, not a play; record them with "
                            f"`companion track dice {' '.join(words[1:]) or '1 2 3 ...'}`")
    error.spelling = False
    raise error


def read(text: str, state: State) -> Move:
    _table_dice(text, state)
    state = known(state)
    if mover_hidden(state):
        return parse(text, reading_table(state))
    return parse(text, table_of(state))


def partly_listed(state: State) -> tuple[list, str] | None:
    """A hand known only by its size: the plays that need no card from it (rules.plays_without_hand)."""
    return plays_without_hand(legal_moves, known(state))


def move_group(move: str, words: list[str]) -> str:
    """Passes, else sets by their size: every card named before `dice` or `swap` (Cat-leton and Mdm
    Mitch too; a swapped-in Hell card takes a Cat-leton's place), and a Dice Boost as one card."""
    if words[0] == "pass":
        return "passes"
    head = move.split(" then ")[0]
    cards = len(re.findall(r"\b(?:\d+|C|M)\b", re.split(r" (?:dice|swap) ", head)[0]))
    size = cards + (1 if " dice " in f" {head} " else 0)
    return f"sets of {size} card{'s' if size != 1 else ''}"


def check(state: State, move: Move) -> Verdict:
    if state.phase == "setup":
        return Findings([Reason(rule=setup_rule(state), message=setup_missing(state))]).verdict()
    state = known(state)
    if not mover_hidden(state):
        return check_table(table_of(state), move)
    return check_hidden(state, move)


def apply(state: State, move: Move, overruled: bool = False) -> State:
    if state.phase == "setup":
        raise IllegalMove(setup_missing(state), check(state, move))
    t = to_table(state, needs(move)) if mover_hidden(state) else table_of(state)
    return play_out(state, move, t, check(state, move), overruled)


def legal_moves(state: State) -> list[Move]:
    if moves_note(state) is not None:
        return []
    return table_moves(table_of(known(state)))


def status(state: State) -> list[Reason]:
    hidden = frozenset(i for i, p in enumerate(state.players) if not p.hand_known)
    return list(as_reasons([*table_status(table_of(state), hidden), *gems_lost_by_round(state)]))


def with_turn(state: State, player: str) -> State:
    return state.model_copy(update={"turn": state.names[state.seat(player)]})


def to_act(state: State) -> str | None:
    return state.turn if state.phase == "play" else None
