"""Cataclysm Arcade: the table tracker and the move validator, on one State, declared in one record
(`GAME`, engine.game.Declaration).

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
  track.py          the tracker: its VERBS table, each verb's check and its transition on the Table
  track_outcome.py  after the game: who won, the length's unit, the figures `history` shows
  rules.py          the referee: what a play breaks, what it does, the legal plays
  rules_line.py     the Line: priority, resolution, the initiative, what each item does
  rules_readings.py the readings where the rulebook is unclear, said with the effects they touch
  rules_cards.py    what the catalogue says about a card in play, and what it does not (taught how)
  rules_deck.py     the Constructed Deck Rules
  status.py         what is impossible about a described table
  rules_moves.py    a play judged, who acts (the initiative, priority), a described table's players
  cards.toml        the card catalogue (keywords built in; the table adds its cards)
  track_phone.py    the table as the phone page words it (Views.phone)
"""
from __future__ import annotations

from functools import partial

from engine.base import Engine as _Engine
from engine.game import (ASKS, GAME_END, OUT, ROUND_END,
                         Declaration, Outcome, Plays, Secrets, Turns, Verbs, Views, catalogue_names)
from engine.tracking import Tracker as _Tracker, secret_of

from . import notation, notation_track, rules, rules_moves, rules_series, track, track_outcome, track_phone
from .model import State
from .rule_ids import ALL_RULES, GAME as _ID, R
from .status import status

#: Cataclysm Arcade, declared: what every shared layer reads of the game
GAME = Declaration(
    game=_ID,
    State=State,
    seats_rule=R.PLAYER_COUNT,
    status=status,
    plays=Plays(parse_move=notation.parse_move, format_move=notation.format_move, help=notation.NOTATION,
                check=rules_moves.check, apply=rules_moves.apply, legal_moves=rules.legal_moves,
                rule_ids=ALL_RULES | {R.PLAYER_COUNT}),
    turns=Turns(rule=R.INITIATIVE_CLOCKWISE, to_act=rules_moves.to_act, with_turn=rules_moves.with_turn,
                mover=rules_moves.mover, out_of_turn=rules_moves.out_of_turn),
    # the tracker shares combat and level rules with the engine
    verbs=Verbs(table=track.VERBS, parse=notation_track.parse, check=track.check,
                apply=track.apply, new_state=track.new_state, options=track.OPTIONS, summary=track.summary, rule_ids=ALL_RULES),
    outcome=Outcome(length=track_outcome.LENGTH, result=track_outcome.result, figures=track_outcome.figures,
                    turning_points=track_outcome.turning_points, share=track_outcome.share,
                    figure_lines=track_outcome.figure_lines, standing=track_outcome.standing),
    secrets=Secrets(secret_verbs=secret_of(track.VERBS), hide=track.hide, own_hand=track.own_hand),
    views=Views(moves_note=rules_moves.moves_note, position=rules_moves.position,
                load_check=rules_moves.load_check, card_names=catalogue_names("engine.cataclysm_arcade.model"),
                check_deck=rules_moves.check_deck, series=rules_series.DeclineAll, phone=track_phone.fill),
    pressing={"won": GAME_END, "destroyed": OUT, "out": OUT, "level": ROUND_END, "level-over": ROUND_END,
              "damage-unknown": ASKS},
)

#: the two faces built from GAME (engine.get_engine / engine.get_tracker give the same)
Engine = partial(_Engine, GAME)
Tracker = partial(_Tracker, GAME)

__all__ = ["GAME", "Engine", "Tracker", "State"]
