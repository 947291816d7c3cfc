"""CATastrophe: A Game of 9 Lives. The move validator and the table tracker, on one State.

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
  track.py           the `Tracker` (engine.tracking.Tracker): tracker verbs' checks, then table.py
  status.py          what is impossible about a described table
  odds.py            exact chances to defend an Attack, with Yarn Ball re-rolls
  validator.py       the `Engine` (engine.base.Engine)
"""
from __future__ import annotations

from .model import State
from .track import Tracker
from .validator import Engine

__all__ = ["Engine", "Tracker", "State"]
