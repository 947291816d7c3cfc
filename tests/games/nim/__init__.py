"""Nim, the toy game of the tests, declared as every game is (engine.game.Declaration): proof that a
game is its package, its test data and its rules data, and nothing else (docs/architecture.md)."""
from __future__ import annotations

from engine.game import Declaration, Outcome, Plays, Turns, Verbs

from . import rules
from .model import State
from .rules import RULE_IDS, R

GAME = Declaration(
    game="nim",
    State=State,
    seats_rule=R.SEATS,
    status=rules.status,
    plays=Plays(parse_move=rules.parse_move, format_move=rules.format_move, help=rules.NOTATION, check=rules.check,
                apply=rules.apply, legal_moves=rules.legal_moves, rule_ids=RULE_IDS),
    turns=Turns(rule=R.TURN, to_act=rules.to_act, with_turn=rules.with_turn),
    verbs=Verbs(table=rules.VERBS, working=rules.Table, new_state=rules.new_state, options=rules.OPTIONS,
                summary=rules.summary, rule_ids=RULE_IDS),
    outcome=Outcome(length=("turns", "turn")),
)
