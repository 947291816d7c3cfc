"""Catharsis: Divine Wrath, declared in one record (`GAME`, built on first use so that reading a cost or
computing odds imports no model); its modules follow the shared layout (docs/architecture.md), each
saying what it adds."""
from __future__ import annotations

from functools import partial

__all__ = ["Engine", "GAME", "State", "Tracker"]


def _declare():
    """Catharsis, declared: what every shared layer reads of the game."""
    from engine.base import Engine
    from engine.game import (ASKS, GAME_END, OUT, ROUND_END, THRESHOLD, Declaration, Outcome, Plays, Turns, Verbs,
                             Views)
    from engine.tracking import Tracker

    from . import (notation, notation_track, notation_track_options, odds, rules, rules_cards, track, track_outcome,
                   track_phone)
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
        views=Views(moves_note=rules.moves_note, page_note=rules.page_note, position=rules.position, card_names=rules.card_names,
                    load_check=rules.load_check, cards_unknown=rules_cards.cards_unknown, odds=odds.question_odds, phone=track_phone.fill),
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
