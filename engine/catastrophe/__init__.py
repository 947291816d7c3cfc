"""CATastrophe: A Game of 9 Lives. The table tracker (and, with it, the one State of the game).

One job per module:
  model.py     the State: players, lives, Yarn Balls, cards, the Grim Reapurr, turn and phase
  rule_ids.py  every rule id the package cites
  table.py     the working table and the transitions of the State (lives, Reapurr, yarn, turns)
  notation.py  tracker commands read into a Change
  track.py     the `Tracker` (engine.tracking.Tracker)
"""
from __future__ import annotations

from .model import GAME, Player, State
from .track import Tracker

__all__ = ["GAME", "Player", "State", "Tracker"]
