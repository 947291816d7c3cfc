"""Party of the Theseus: the move validator and the table tracker.

A turn is either up to 2 Party cards used one at a time (no card twice, no two cards of one
name) or a single basic Explore, Recruit or Subjugate without a card. Each use performs the
card's Icon Ability (Explore: Board -> Hand; Recruit: Hand -> Party; Subjugate: Hand -> Reward
Area); afterwards an over-full Party or Hand is Exiled down to 4 (the player chooses which
cards, one `exile` move per card) before anything else happens. Taking cards off the Board may
set off a Board Refill from the active Rank Deck; a deck that runs out advances the Rank, which
expires old Bonuses and hands out new ones. The game ends at the end of the turn in which the
last Rank 6 card leaves the Board.

The rulebook prints no card texts, so cards are described in a catalogue
(engine/theseus/cards.toml, extended by a situation's own `cards`). A card whose icon or effect
is unknown is never silently passed: its use is listed in the verdict's `unchecked`.

The table tracker (`Tracker`, track.py) keeps the same State (one model): its changes and the
plays a session records (`companion play`) are transitions of one table, scored by the same
final_scores(). A table need not know everything: a Rank Deck may be a count or "unknown", a
player's Hand only its size (plays from it are then checked for everything but possession).

Pure: no I/O except reading the shipped catalogue file once.

One job per module:
  model.py          the table (State, Player, BoardCard, CardSpec, Move): situation file, tracked
                    session and validator input in one; the catalogue
  rule_ids.py       the rule ids the validator and the tracker cite
  wording.py        how messages write counts, lists of cards and card names
  notation.py       move notation: parsing and canonical formatting
  sim.py            the mutable table a move is played out on (Board Refill, Rank advance, end,
                    hidden Hands)
  rules.py          check / apply / legal_moves
  scoring.py        final scores and tiebreakers
  status.py         what is impossible about a described table
  validator.py      the `Engine` (engine.base.Engine) that ties the above together
  tracked.py        the tracker's view of the State (TrackedTable is State) and its scores
  track_parse.py    tracker commands read into a Change
  track_changes.py  what each tracker command does, and the rules it is checked against
  track_table.py    the table as laid out: Board, Rank Deck counts, Hands known by size
  track.py          the `Tracker` (engine.tracking.Tracker)

Every public name is importable from `engine.theseus`.
"""
from __future__ import annotations

from .model import (
    BOARD_SIZE,
    CATALOGUE_FILE,
    ICONS,
    LAST_RANK,
    LIMIT,
    RANK_ONLY_CARDS,
    STARTING_PARTY,
    UNKNOWN,
    BoardCard,
    CardSpec,
    Icon,
    Move,
    Player,
    State,
    builtin_catalogue,
    catalogue,
    rank_only_name,
)
from .notation import NOTATION
from .rules import IllegalMove
from .rule_ids import RULE_IDS, R
from .scoring import DECIDED_BY, general_vp
from .track import Tracker
from .tracked import (
    ENGINE_FOR_SCORING,
    MAX_RANK_TOTAL,
    TrackedTable,
    scoring_state,
    tracked_scores,
)
from .validator import Engine

__all__ = [
    "ICONS", "LIMIT", "BOARD_SIZE", "LAST_RANK", "STARTING_PARTY", "CATALOGUE_FILE", "Icon",
    "IllegalMove", "CardSpec", "BoardCard", "Player", "State", "Move",
    "builtin_catalogue", "catalogue", "RULE_IDS", "R", "DECIDED_BY", "general_vp", "NOTATION", "Engine",
    "MAX_RANK_TOTAL", "rank_only_name",
    "RANK_ONLY_CARDS", "TrackedTable", "UNKNOWN", "ENGINE_FOR_SCORING", "scoring_state", "tracked_scores",
    "Tracker",
]
