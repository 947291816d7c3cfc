"""Catopomp: the table's State, the move validator (Engine) and the table tracker (Tracker), one rules model.

One job per module (the layout every game shares, docs/architecture.md):
  model.py           the State: the record (situation file, session) and the compact Table the rules run on
  notation.py        plays as the table says them: parsing and canonical formatting
  notation_track.py  the tracker's commands and a new game's options
  table.py           the one working table: a play or pass played out, round end, scoring, set-up, the deal
  rules_sets.py      what a set is, its kind and strength, its size limit
  rules_moves.py     legal moves, and the legal moves closest to an illegal one
  rules_check.py     every rule a move breaks or rests on
  rules.py           the referee on a State: check and play, hidden hands, card counting
  track.py           the Tracker and its verb table (VERBS): each verb's check
  track_changes.py   each verb's transition of the State: set-up, soul gems, rounds, predictions, points
  track_rounds.py    the next round as a tracked table deals it, competitive reveals still due
  track_view.py      what the tracker shows: standings, result, summary
  track_outcome.py   after the game: the length's unit and the figures `history` shows
  status.py          what is impossible about a described table
  rule_ids.py        every rule id the package cites (class R)
  validator.py       the Engine
"""
from __future__ import annotations

from .model import State
from .track import Tracker
from .validator import Engine

__all__ = ["Engine", "Tracker", "State"]
