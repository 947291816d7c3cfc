"""Cataclysm Arcade, declared in one record (`GAME`, engine.game.Declaration); its modules follow the
shared layout (docs/architecture.md); the package is `engine.cataclysm_arcade` (no hyphen in a
Python name). What the game adds: the Line (`rules_line.py`) and constructed decks (`rules_deck.py`).
A turn is read as one whole level (docs/track-cataclysm-arcade.md)."""
from __future__ import annotations

from functools import partial

from engine.base import Engine as _Engine
from engine.game import (ASKS, GAME_END, OUT, ROUND_END,
                         Declaration, Outcome, Plays, Secrets, Turns, Verbs, Views, catalogue_names)
from engine.tracking import Tracker as _Tracker, secret_of

from . import notation, notation_track, rules, rules_moves, rules_series, track, track_outcome, track_phone
from .model import State
from .rule_ids import ALL_RULES, GAME as _ID, R
from .status import status

#: Cataclysm Arcade, declared: what every shared layer reads of the game
GAME = Declaration(
    game=_ID,
    State=State,
    seats_rule=R.PLAYER_COUNT,
    status=status,
    plays=Plays(parse_move=notation.parse_move, format_move=notation.format_move, help=notation.NOTATION,
                check=rules_moves.check, apply=rules_moves.apply, legal_moves=rules.legal_moves,
                rule_ids=ALL_RULES | {R.PLAYER_COUNT}),
    turns=Turns(rule=R.INITIATIVE_CLOCKWISE, to_act=rules_moves.to_act, with_turn=rules_moves.with_turn,
                mover=rules_moves.mover, out_of_turn=rules_moves.out_of_turn, acting=rules_moves.acting,
                out=rules_moves.out),
    # the tracker shares combat and level rules with the engine
    verbs=Verbs(table=track.VERBS, parse=notation_track.parse, check=track.check,
                apply=track.apply, new_state=track.new_state, options=track.OPTIONS, summary=track.summary, rule_ids=ALL_RULES),
    outcome=Outcome(length=track_outcome.LENGTH, result=track_outcome.result, figures=track_outcome.figures,
                    turning_points=track_outcome.turning_points, share=track_outcome.share,
                    figure_lines=track_outcome.figure_lines, standing=track_outcome.standing),
    secrets=Secrets(secret_verbs=secret_of(track.VERBS), hide=track.hide, own_hand=track.own_hand),
    views=Views(moves_note=rules_moves.moves_note, position=rules_moves.position,
                load_check=rules_moves.load_check, card_names=catalogue_names("engine.cataclysm_arcade.model"),
                check_deck=rules_moves.check_deck, series=rules_series.DeclineAll, phone=track_phone.fill),
    pressing={"won": GAME_END, "destroyed": OUT, "out": OUT, "level": ROUND_END, "level-over": ROUND_END,
              "damage-unknown": ASKS},
)

#: the two faces built from GAME (engine.get_engine / engine.get_tracker give the same)
Engine = partial(_Engine, GAME)
Tracker = partial(_Tracker, GAME)

__all__ = ["GAME", "Engine", "Tracker", "State"]
