"""CATastrophe: A Game of 9 Lives. The move validator and the table tracker, on one State.

One job per module:
  model.py      the State: players (lives, Yarn Baskets, hands known or counted, Power Cats), the
                Sanctuary, the Grim Reapurr, turn and phase, the chain of cards in play; the catalogue
  cards.toml    the card catalogue the rulebook gives, extended by the table's own entries
  rule_ids.py   every rule id the package cites
  table.py      the working table and the transitions of the State (lives, Reapurr, yarn, turns)
  notation.py   tracker commands read into a Change
  moves.py      the validator's move notation, read and written
  rules.py      the referee: judge, play out, check, apply
  status.py     what is impossible about a described table
  odds.py       exact chances to defend an Attack, with Yarn Ball re-rolls
  validator.py  the `Engine` (engine.base.Engine)
  track.py      the `Tracker` (engine.tracking.Tracker)
"""
from __future__ import annotations

from .model import GAME, CardSpec, ChainCard, Player, State
from .moves import Move
from .rules import IllegalMove
from .track import Tracker
from .validator import Engine

__all__ = ["GAME", "CardSpec", "ChainCard", "Engine", "IllegalMove", "Move", "Player", "State", "Tracker"]
