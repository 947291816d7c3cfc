"""Catopomp: the table's State, the move validator and the table tracker (one rules model).

One job per module:
  core.py      the rules on a compact Table: set kinds and strength, plays, passes, round end, scoring
  model.py     the State (situation file, session state) and its conversion to and from a Table
  hidden.py    hands the table cannot see: unseen cards, card counting
  notation.py  move notation: parsing and canonical formatting
  rules.py     the Engine: check / apply / legal_moves / status on a State
  status.py    what is impossible about a described table
  deal.py      dealing rounds for simulations
  track.py     the Tracker: the table's set-up and counters as transitions of the same State
  rule_ids.py  every rule id the validator cites
"""
from __future__ import annotations

from .core import CAT, MITCH, Move
from .model import Options, Player, State, WinningSet
from .rule_ids import RULE_IDS
from .rules import Engine, IllegalMove, check_table, next_round, setup
from .track import Tracker

__all__ = ["CAT", "MITCH", "Engine", "IllegalMove", "Move", "Options", "Player", "State", "WinningSet",
           "RULE_IDS", "setup", "next_round", "check_table", "Tracker"]
