"""Catharsis: Divine Wrath: the table, its plays and its counters, refereed by one rules model.

The party shares one Morale (from the Boss Deck's Morale card, or none against the Ice Elf Lich),
spends 1 Morale to refresh between Boss Deck cards and at the end of combat rounds, and takes
damage by exhausting face-up powers and discarding exhausted ones. Each character adds its own
counters: Durhak's Divinity and Vessel, Goz's Combo, Luthia's Cobble and Levels, Calyxia's
Demonic, Emberhoof's Drinks, Lumi's Ice. Boss Decks add Paradox (Battle with Fate) and Kill Point
Tokens (Ice Elf Lich). Enemies take their health from the printed five-value list.

Pure code: no I/O. Every refusal, effect and unchecked note cites a rule id of rule_ids.R.

The package, one job per module (as every game's, docs/architecture.md):

- model.py: the game's words and numbers, the State and its parts, the power catalogue (cards.toml)
  and how a table's card is laid over it (only the fields it gives);
- rules_cards.py: the words of an unknown card fact and the one command that teaches it;
- notation.py: plays (roll, reroll, adjust, use, attack, assign, boost, card, pay);
- notation_track.py: tracker commands, read into changes;
- notation_track_options.py: a new game's options, read into the starting State;
- rules.py: check(), apply(), legal_moves() of plays;
- rules_costs.py: ability costs (`?`, `3`, `AA`, `BB`, `||`) and which dice pay them;
- rules_combat.py: one ability of a power a round, Soraten's alternation, Goz's Combo values,
  modifiers of an ability or an attack, sharing an Enemy's damage;
- table.py: the one working table: the State's transitions, for plays and tracker verbs alike;
- track.py: the tracker: a command's check and transition (from the verb tables of the track_*
  modules, each verb a check function and a transition on the Table), the summary;
- track_morale.py: Morale, the refresh and its timing, the Boss Decks' and status counters;
- track_combat.py: Boss Deck cards, combat rounds, Enemies in play and their defeat;
- track_boards.py: Player Boards (damage, using, healing, gaining, replacing powers, death) and Roles;
- track_characters.py: each character's own counters (Divinity, Combo, Cobble, Demonic, Drinks, Ice);
- track_readings.py: the readings taken where the rulebook is open, said as unchecked notes;
- track_outcome.py: after the game: the party's result, the length's unit, the figures `history` shows;
- status.py: what is impossible about a described table;
- odds.py: the exact odds of paying a cost with rerolls left, and which dice to keep;
- rule_ids.py: every rule id the package cites (R).

`GAME` (below) declares the game from these modules (engine.game.Declaration).
"""
from __future__ import annotations

from functools import partial

__all__ = ["Engine", "GAME", "State", "Tracker"]


def _declare():
    """Catharsis, declared: what every shared layer reads of the game."""
    from engine.base import Engine
    from engine.game import (ASKS, GAME_END, OUT, ROUND_END, THRESHOLD, Declaration, Outcome, Plays, Turns, Verbs,
                             Views)
    from engine.tracking import Tracker

    from . import notation, notation_track, notation_track_options, odds, rules, track, track_outcome, track_phone
    from .model import State
    from .rule_ids import RULE_IDS, R
    from .status import status

    game = Declaration(
        game="catharsis",
        State=State,
        seats_rule=R.PLAYER_COUNT,
        status=status,
        plays=Plays(parse_move=partial(notation.parse_play, verbs=track.VERBS), format_move=notation.format_play,
                    help=notation.NOTATION, check=rules.check, apply=rules.apply,
                    legal_moves=rules.legal_moves, rule_ids=RULE_IDS),
        # there are no turns: everyone acts at once (a play is never out of turn)
        turns=Turns(rule=R.SIMULTANEOUS, with_turn=rules.with_turn, mover=rules.mover),
        verbs=Verbs(table=track.VERBS, parse=notation_track.parse, check=track.check, apply=track.apply,
                    new_state=notation_track_options.new_state, options=notation_track_options.OPTIONS, summary=track.summary, rule_ids=RULE_IDS),
        outcome=Outcome(length=track_outcome.LENGTH, cooperative=track_outcome.COOPERATIVE,
                        result=track_outcome.result, figures=track_outcome.figures, share=track_outcome.share,
                        figure_lines=track_outcome.figure_lines, headline=track_outcome.headline),
        views=Views(moves_note=rules.moves_note, position=rules.position, card_names=rules.card_names,
                    odds=odds.question_odds, phone=track_phone.fill),
        # a change that cost something and did nothing, an ability that fires by itself: said as thresholds
        pressing={"won": GAME_END, "lost": GAME_END, "dead": OUT, "alive": OUT, "revive": OUT, "enemy-defeated": OUT,
                  "threshold": THRESHOLD, "threshold-spent": THRESHOLD, "nothing-healed": THRESHOLD,
                  "nothing-owed": THRESHOLD, "nothing-refreshed": THRESHOLD, "combo-fires": THRESHOLD,
                  "round": ROUND_END, "level": ROUND_END,
                  **dict.fromkeys(("reward", "durhak-damage", "damage-due", "discard-due", "damage-to-deal",
                                   "another-enemy", "kpt", "demon-power", "may-unflip", "combo-unknown",
                                   "drunk-roll"), ASKS)},
    )
    return {"GAME": game, "Engine": partial(Engine, game), "Tracker": partial(Tracker, game)}


def __getattr__(name: str):
    """The face of the game, loaded on first use (PEP 562), so that reading a cost or computing odds
    does not import the State's models."""
    if name in ("GAME", "Engine", "Tracker"):
        globals().update(_declare())
    elif name == "State":
        from .model import State

        globals()["State"] = State
    else:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return globals()[name]
