"""CATastrophe: A Game of 9 Lives, declared in one record (`GAME`, engine.game.Declaration); its
modules follow the shared layout (docs/architecture.md). What the game adds: structured card effects
(`rules_effects.py`: `lives target -1`, read, checked, carried out) and the exact chances to defend an
Attack with Yarn Ball re-rolls (`odds.py`)."""
from __future__ import annotations

from functools import partial

from engine.base import Engine as _Engine
from engine.game import (ASKS, GAME_END, OUT, ROUND_END,
                         Declaration, Outcome, Plays, Secrets, Turns, Verbs, Views, catalogue_names)
from engine.tracking import Tracker as _Tracker

from . import notation, odds, rules, rules_moves, track, track_outcome, track_phone
from .model import GAME as _ID, State
from .rule_ids import RULE_IDS, R
from .status import file_problems, status

#: CATastrophe, declared: what every shared layer reads of the game
GAME = Declaration(
    game=_ID,
    State=State,
    seats_rule=R.PLAYER_COUNT,
    status=status,
    plays=Plays(parse_move=rules_moves.read, format_move=notation.format_move, help=notation.__doc__, check=rules_moves.check,
                apply=rules.apply, legal_moves=rules_moves.legal_moves, rule_ids=RULE_IDS | {R.PLAYER_COUNT},
                legal_for=rules_moves.legal_for),
    # a play by a player the move does not name, out of turn (only with --by); the play names its
    # player, who made it (anyone may react at any moment: the rules judge it), so nothing changes;
    # out of turn, the turn rule is said once (by out_of_turn), not again by the play's own findings
    turns=Turns(rule=R.CLOCKWISE, to_act=rules_moves.to_act, with_turn=lambda state, player: state,
                mover=lambda state, move: move.player, read_by=rules_moves.read_by, acting=rules_moves.acting,
                out_of_turn=rules_moves.out_of_turn, bound=frozenset({R.CLOCKWISE})),
    verbs=Verbs(table=track.VERBS, check=track.check, apply=track.apply, new_state=track.new_state,
                options=track.OPTIONS, summary=track.summary, rule_ids=RULE_IDS),
    outcome=Outcome(length=track_outcome.LENGTH, result=track_outcome.result,
                    figures=track_outcome.figures, turning_points=track_outcome.turning_points,
                    share=track_outcome.share, figure_lines=track_outcome.figure_lines,
                    standing=track_outcome.standing, headline=track_outcome.headline),
    secrets=Secrets(hide=track.hide, own_hand=track.own_hand),
    views=Views(moves_note=rules_moves.moves_note, card_names=catalogue_names("engine.catastrophe.model"),
                odds=odds.question_odds, phone=track_phone.fill,
                turn_note=rules_moves.turn_note, by_note=rules_moves.by_note,
                file_problems=file_problems),
    # a cat back in the game, the game going on: as pressing as its end
    pressing={"game-won": GAME_END, "grim-reapurr-wins": GAME_END, "back-in-game": GAME_END, "game-resumed": GAME_END,
              "eliminated": OUT, "turn-over": ROUND_END, "power-cat": ASKS, "power-cat-named": ASKS},
)

#: the two faces built from GAME (engine.get_engine / engine.get_tracker give the same)
Engine = partial(_Engine, GAME)
Tracker = partial(_Tracker, GAME)

__all__ = ["GAME", "Engine", "Tracker", "State"]
