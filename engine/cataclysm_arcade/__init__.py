"""Cataclysm Arcade: the table tracker and the move validator, on one State.

The game id is `cataclysm-arcade`; a Python package name cannot hold a hyphen, so this package is
`engine.cataclysm_arcade`.

What the table keeps, in the rulebook's words: the game **level** (1 at the start, one higher after
each level) and **Player One** (picked at random by the table, then one seat clockwise each level);
each player's **coin pool** (the level number in coins at the start of each level; what is left at
the end of the level is lost); each player's **Boss** and **Fighters** with their health and
Starting Health, tapped or not; who has **passed** this level (the level is over when every player
still in the game has passed); who is **out** and the **winner** (the last player with a Boss).

Reading of "turn": the rulebook uses "turn" and "level" for the same thing in its Overview (coins
"every turn", the level rises "at the conclusion of each turn") and "level" in the Turn Structure.
We read a turn as one whole level (cataclysm-arcade.basics.turn-means-level): coins come once per
level and the level number rises when a level ends, i.e. after every player has passed.

One job per module (the layout every game shares, docs/architecture.md):
  model.py          the State (a record): everything on the table
  rule_ids.py       every rule id the package cites, as `class R` constants
  notation.py       plays read and written as the table says them (`attack Grunt at ben boss`)
  notation_track.py tracker commands read as the table says them (`damage ben boss 5`)
  table.py          the one working table (`Table`): the State's transitions (damage, Armor,
                    Determination, Heal / Gain Health, destruction, defeat, coins, passing, the next
                    level), called by plays, Line items and tracker verbs alike
  track.py          the `Tracker`: its VERBS table, each verb's check and its transition on the Table
  track_outcome.py  after the game: who won, the length's unit, the figures `history` shows
  rules.py          the referee: what a play breaks, what it does, the legal plays
  rules_line.py     the Line: priority, resolution, the initiative, what each item does
  rules_readings.py the readings where the rulebook is unclear, said with the effects they touch
  rules_cards.py    what the catalogue says about a card in play, and what it does not (taught how)
  rules_deck.py     the Constructed Deck Rules
  status.py         what is impossible about a described table
  validator.py      the `Engine` (engine.base.Engine)
  cards.toml        the card catalogue (keywords built in; the table adds its cards)
"""
from __future__ import annotations

from .model import State
from .track import Tracker
from .validator import Engine

__all__ = ["Engine", "Tracker", "State"]
