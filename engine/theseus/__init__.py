"""Party of the Theseus, declared in one record (`GAME`, engine.game.Declaration); its modules follow
the shared layout (docs/architecture.md). What the game adds: the session option `cards=`
(`notation_track_options.py`; the card catalogue is model.py's), the final scores and tiebreakers
(`rules_scoring.py`) and a Board Refill's cards offered by taps on the page (`rules_refill.py`)."""
from __future__ import annotations

from functools import partial

from engine.base import Engine as _Engine
from engine.game import ASKS, GAME_END, ROUND_END, Declaration, Outcome, Plays, Turns, Verbs, Views, catalogue_names
from engine.tracking import Tracker as _Tracker

from . import notation, notation_track, rules, rules_refill, track, track_outcome, track_phone
from .model import State
from .rule_ids import PLAY_RULES, TRACKER_RULES, R
from .status import file_problems, status

#: Party of the Theseus, declared: what every shared layer reads of the game
GAME = Declaration(
    game="theseus",
    State=State,
    seats_rule=R.PLAYER_COUNT,
    status=status,
    plays=Plays(parse_move=notation.parse_move, format_move=notation.format_move, help=notation.NOTATION,
                check=rules.check, apply=rules.apply, legal_moves=rules.legal_moves, rule_ids=PLAY_RULES),
    turns=Turns(rule=R.CLOCKWISE, to_act=rules.to_act, with_turn=rules.with_turn),
    verbs=Verbs(table=track.VERBS, parse=notation_track.parse, check=track.check,
                apply=track.apply, new_state=track.new_state, options=track.OPTIONS, summary=track.summary,
                rule_ids=TRACKER_RULES),
    outcome=Outcome(length=track_outcome.LENGTH, result=track_outcome.result, figures=track_outcome.figures,
                    share=track_outcome.share, figure_lines=track_outcome.figure_lines,
                    standing=track_outcome.standing,
                    turning_points=track_outcome.turning_points),
    views=Views(moves_note=rules.moves_note, card_names=catalogue_names("engine.theseus.model"),
                phone=track_phone.fill, tap_reveals=rules_refill.tap_reveals, file_problems=file_problems),
    pressing={"game-over": GAME_END, "game-end": GAME_END, "game-end-pending": GAME_END, "winner": GAME_END,
              "tie": GAME_END,
              "last-rank": ROUND_END, "reward": ASKS, "board-check": ASKS},
)

#: the two faces built from GAME (engine.get_engine / engine.get_tracker give the same)
Engine = partial(_Engine, GAME)
Tracker = partial(_Tracker, GAME)

__all__ = ["GAME", "Engine", "Tracker", "State"]
