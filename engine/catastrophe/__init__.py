"""CATastrophe: A Game of 9 Lives. The move validator and the table tracker, on one State, declared
in one record (`GAME`, engine.game.Declaration).

One job per module (the layout every game shares, docs/architecture.md):
  model.py           the State: players (lives, Yarn Baskets, hands known or counted, Power Cats), the
                     Sanctuary, the Grim Reapurr, turn and phase, the chain of cards in play; the catalogue
  cards.toml         the card catalogue the rulebook gives, extended by the table's own entries
  rule_ids.py        every rule id the package cites, as `class R` constants
  table.py           the working table: the State's transitions (lives, Reapurr, yarn, turns) and the
                     checks plays and tracker verbs share (phase order, finish the cards in play first,
                     a Yarn Ball from one's own basket)
  notation.py        the validator's plays, read and written (`Abi play Attack 4 at Betty`)
  notation_track.py  tracker commands read into a Change (`lives ben -2`)
  rules.py           the referee: judge, play out, check, apply
  rules_effects.py   the structured card effects (`lives target -1`): read, checked, carried out
  rules_readings.py  the readings where the rulebook is unclear, said with the effects they touch
  track.py           the tracker: its verbs' checks, then table.py
  track_outcome.py   after the game: who won, the length's unit, the figures `history` shows
  status.py          what is impossible about a described table
  odds.py            exact chances to defend an Attack, with Yarn Ball re-rolls
  rules_moves.py     who acts, and the legal plays
  track_phone.py     the table as the phone page words it (Views.phone)
"""
from __future__ import annotations

from functools import partial

from engine.base import Engine as _Engine
from engine.game import (ASKS, GAME_END, OUT, ROUND_END,
                         Declaration, Outcome, Plays, Secrets, Turns, Verbs, Views, catalogue_names)
from engine.tracking import Tracker as _Tracker

from . import notation, odds, rules, rules_moves, track, track_outcome, track_phone
from .model import GAME as _ID, State
from .rule_ids import RULE_IDS, R
from .status import status

#: CATastrophe, declared: what every shared layer reads of the game
GAME = Declaration(
    game=_ID,
    State=State,
    seats_rule=R.PLAYER_COUNT,
    status=status,
    plays=Plays(parse_move=rules_moves.read, format_move=notation.format_move, help=notation.__doc__, check=rules.check,
                apply=rules.apply, legal_moves=rules_moves.legal_moves, rule_ids=RULE_IDS | {R.PLAYER_COUNT}),
    # a play by a player the move does not name, out of turn (only with --by)
    turns=Turns(rule=R.CLAW_PLAY, to_act=rules_moves.to_act, with_turn=rules_moves.with_turn,
                mover=rules_moves.mover, acting=rules_moves.acting),
    verbs=Verbs(table=track.VERBS, check=track.check, apply=track.apply, new_state=track.new_state,
                options=track.OPTIONS, summary=track.summary, rule_ids=RULE_IDS),
    outcome=Outcome(length=track_outcome.LENGTH, result=track_outcome.result,
                    figures=track_outcome.figures, turning_points=track_outcome.turning_points,
                    share=track_outcome.share, figure_lines=track_outcome.figure_lines,
                    standing=track_outcome.standing, headline=track_outcome.headline),
    secrets=Secrets(hide=track.hide, own_hand=track.own_hand),
    views=Views(moves_note=rules_moves.moves_note, card_names=catalogue_names("engine.catastrophe.model"),
                odds=odds.question_odds, phone=track_phone.fill),
    # a cat back in the game, the game going on: as pressing as its end
    pressing={"game-won": GAME_END, "grim-reapurr-wins": GAME_END, "back-in-game": GAME_END, "game-resumed": GAME_END,
              "eliminated": OUT, "turn-over": ROUND_END, "power-cat": ASKS, "power-cat-named": ASKS},
)

#: the two faces built from GAME (engine.get_engine / engine.get_tracker give the same)
Engine = partial(_Engine, GAME)
Tracker = partial(_Tracker, GAME)

__all__ = ["GAME", "Engine", "Tracker", "State"]
