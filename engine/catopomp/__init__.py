"""Catopomp, declared in one record (`GAME`, engine.game.Declaration); its modules follow the shared
layout (docs/architecture.md). What the game adds: `rules_state.py`, the referee on the compact Table
`table.py` works (a Table per State, who acts, deals for simulations), and `track_rounds.py`, the next
round as a tracked table deals it (competitive reveals still due)."""
from __future__ import annotations

from functools import partial

from engine.base import Engine as _Engine
from engine.game import GAME_END, ROUND_END, Declaration, Outcome, Plays, Secrets, Turns, Verbs, Views
from engine.tracking import Tracker as _Tracker, secret_of

from . import (notation, notation_track, rules, rules_state, status, track, track_outcome, track_phone, track_rounds,
               track_view)
from .model import State
from .rule_ids import RULE_IDS, R

#: Catopomp, declared: what every shared layer reads of the game
GAME = Declaration(
    game=notation_track.GAME,
    State=State,
    seats_rule=R.OVERVIEW_GOAL,  # a game for 2 to 4 players
    status=rules_state.status,
    plays=Plays(parse_move=rules_state.read, format_move=notation.format_move, help=notation.NOTATION,
                check=rules_state.check, apply=rules_state.apply, legal_moves=rules_state.legal_moves,
                rule_ids=RULE_IDS),
    turns=Turns(rule=R.ROUND_TURN_ORDER, to_act=rules_state.to_act, with_turn=rules_state.with_turn,
                bound=frozenset({R.SETS_LEADING, R.PASSING_ALL_PASS_INITIATIVE})),
    verbs=Verbs(table=track.VERBS, working=track.Step, new_state=notation_track.new_state,
                options=notation_track.OPTIONS, summary=track_view.summary, settle=track_rounds.settle, rule_ids=RULE_IDS),
    outcome=Outcome(length=track_outcome.LENGTH, figures=track_outcome.figures,
                    turning_points=track_outcome.turning_points, share=track_outcome.share,
                    figure_lines=track_outcome.figure_lines, standing=track_outcome.standing),
    secrets=Secrets(secret_verbs=secret_of(track.VERBS), hide=track_view.hide,
                    mark_hidden=track_view.mark_hidden, own_hand=track_view.own_hand),
    views=Views(moves_note=rules.moves_note, partly_listed=rules_state.partly_listed,
                file_problems=status.file_problems, move_group=rules_state.move_group, phone=track_phone.fill),
    pressing={"winners": GAME_END, "game-over": GAME_END, "round-over": ROUND_END, "last-holding-cards": ROUND_END,
              "new-round": ROUND_END},
)

#: the two faces built from GAME (engine.get_engine / engine.get_tracker give the same)
Engine = partial(_Engine, GAME)
Tracker = partial(_Tracker, GAME)

__all__ = ["GAME", "Engine", "Tracker", "State"]
