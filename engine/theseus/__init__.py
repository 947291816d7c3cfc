"""Party of the Theseus, declared in one record (`GAME`, engine.game.Declaration): its plays, its
tracker verbs and the table they both keep (`State`).

A turn is either up to 2 Party cards used one at a time (no card twice, no two cards of one
name) or a single basic Explore, Recruit or Subjugate without a card. Each use performs the
card's Icon Ability (Explore: Board -> Hand; Recruit: Hand -> Party; Subjugate: Hand -> Reward
Area); afterwards an over-full Party or Hand is Exiled down to 4 (the player chooses which
cards, one `exile` move per card) before anything else happens. Taking cards off the Board may
set off a Board Refill from the active Rank Deck; a deck that runs out advances the Rank, which
expires old Bonuses and hands out new ones. The game ends at the end of the turn in which the
last Rank 6 card leaves the Board.

The rulebook prints no card texts, so cards are described in a catalogue (cards.toml, extended
by a situation's own `cards`). A card whose icon or effect is unknown is never silently passed:
its use is listed in the verdict's `unchecked`, each note citing the rule it leaves open.

Plays (`companion play`) and tracker changes (`companion track ...`) are transitions of one
State, worked out on one working table (table.py), so each rule of the table is written once.

One job per module:
  model.py          the State and its parts, Move, the card catalogue
  rule_ids.py       every rule id, as constants of class R
  notation.py       plays: parsing and canonical formatting
  notation_track.py tracker commands read into a Change
  notation_track_options.py  the session option `cards=` read into catalogue entries
  table.py          the one working table: Board, Refill, Rank advance and Bonuses, end of turn
  rules.py          plays: check / apply / legal_moves
  rules_scoring.py  the end of the game: final scores and tiebreakers
  status.py         what is impossible about a described table
  track.py          the tracker: options, the verbs' dispatch, summary
  track_cards.py    tracker verbs that record cards (reward, bonus, points, party, hand, board, deck)
  track_turn.py     tracker verbs of the Rank and the turn (rank, next-rank, last-rank6, next)
  track_score.py    the table's scores, notes and standings
  track_outcome.py  after the game: who won or tied, the length's unit, the figures `history` shows
  track_phone.py    the table as the phone page words it (Views.phone)
  rules_refill.py   a Board Refill's cards offered by taps on the page (Views.tap_reveals)

Pure: no I/O except reading the shipped catalogue file once.
"""
from __future__ import annotations

from functools import partial

from engine.base import Engine as _Engine
from engine.game import ASKS, GAME_END, ROUND_END, Declaration, Outcome, Plays, Turns, Verbs, Views, catalogue_names
from engine.tracking import Tracker as _Tracker

from . import notation, notation_track, rules, rules_refill, track, track_outcome, track_phone
from .model import State
from .rule_ids import PLAY_RULES, TRACKER_RULES, R
from .status import status

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
                phone=track_phone.fill, tap_reveals=rules_refill.tap_reveals),
    pressing={"game-over": GAME_END, "game-end": GAME_END, "game-end-pending": GAME_END, "winner": GAME_END,
              "last-rank": ROUND_END, "reward": ASKS},
)

#: the two faces built from GAME (engine.get_engine / engine.get_tracker give the same)
Engine = partial(_Engine, GAME)
Tracker = partial(_Tracker, GAME)

__all__ = ["GAME", "Engine", "Tracker", "State"]
