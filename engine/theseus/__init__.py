"""Party of the Theseus: the move validator (`Engine`), the table tracker (`Tracker`) and the table
they both keep (`State`).

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
  validator.py      the `Engine` (engine.base.Engine)
  track.py          the `Tracker` (engine.tracking.Tracker): options, the verbs' dispatch, summary
  track_cards.py    tracker verbs that record cards (reward, bonus, points, party, hand, board, deck)
  track_turn.py     tracker verbs of the Rank and the turn (rank, next-rank, last-rank6, next)
  track_score.py    the table's scores, notes and standings
  track_outcome.py  after the game: who won or tied, the length's unit, the figures `history` shows

Pure: no I/O except reading the shipped catalogue file once.
"""
from __future__ import annotations

from .model import State
from .track import Tracker
from .validator import Engine

__all__ = ["Engine", "Tracker", "State"]
