"""Catopomp rules engine: situation (State), move notation, check / apply / legal_moves / status.

The rules live in core.py (on a compact Table); this module is the framework-facing wrapper.
Also exported: `setup()` and `next_round()` to deal whole games, and `Move`.
"""
from __future__ import annotations

import random
from typing import ClassVar

from engine.base import Effect, EngineError, Reason, Verdict
from engine.base import Engine as BaseEngine

from . import core
from .core import CAT, MITCH, Move, Opts
from .deal import deal_first, deal_next
from .model import Options, Player, State, WinningSet, from_table, to_table
from .notation import NOTATION, format_move, parse
from .status import status as _status
from .track import Tracker

RULE_IDS: frozenset[str] = frozenset({
    "catopomp.overview.goal",
    "catopomp.components.dice",
    "catopomp.setup.centre-dice",
    "catopomp.setup.soul-gems",
    "catopomp.setup.numbers-included",
    "catopomp.setup.copies-per-number",
    "catopomp.setup.total-cards",
    "catopomp.setup.cards-set-aside",
    "catopomp.setup.later-starting-player",
    "catopomp.round.turn-order",
    "catopomp.round.round-end-trigger",
    "catopomp.round.safe-when-clear",
    "catopomp.sets.play-heaven-or-hell",
    "catopomp.sets.no-mixing",
    "catopomp.sets.must-beat",
    "catopomp.sets.new-winning-set",
    "catopomp.sets.discard-previous",
    "catopomp.sets.size-limit",
    "catopomp.sets.kinds",
    "catopomp.sets.single",
    "catopomp.sets.same-number",
    "catopomp.sets.sequential",
    "catopomp.sets.leading",
    "catopomp.strength.more-cards-wins",
    "catopomp.strength.same-number-beats-sequential",
    "catopomp.strength.higher-numbers-win",
    "catopomp.heaven.play-from-hand",
    "catopomp.heaven.place-one-in-hell-domain",
    "catopomp.hell.play-from-hell-domain",
    "catopomp.hell.two-or-more-while-hand",
    "catopomp.hell.singles-when-hand-empty",
    "catopomp.hell.one-card-plus-dice",
    "catopomp.hell.no-placement-after",
    "catopomp.dice-boost.take-up-to-two",
    "catopomp.dice-boost.one-card-only",
    "catopomp.dice-boost.single-die-value",
    "catopomp.dice-boost.two-dice-sum",
    "catopomp.dice-boost.once-per-round",
    "catopomp.passing.pass-instead-of-play",
    "catopomp.passing.transfer-optional",
    "catopomp.passing.transfer-mandatory-three",
    "catopomp.passing.all-pass-initiative",
    "catopomp.passing.owner-out-next-player",
    "catopomp.passing.casual-discard",
    "catopomp.passing.casual-no-transfer",
    "catopomp.hell-power.optional",
    "catopomp.hell-power.trigger",
    "catopomp.hell-power.return-card",
    "catopomp.end.round-end",
    "catopomp.end.game-end",
    "catopomp.end.winners",
    "catopomp.end.next-round",
    "catopomp.new-round.fewer-centre-dice",
    "catopomp.reserve-die.who-gets",
    "catopomp.reserve-die.owner-only",
    "catopomp.reserve-die.combine-with-centre",
    "catopomp.reserve-die.unused-goes-to-centre",
    "catopomp.competitive.players",
    "catopomp.competitive.prediction",
    "catopomp.competitive.reveal",
    "catopomp.competitive.off-by-more-than-one",
    "catopomp.competitive.score-prediction-1",
    "catopomp.competitive.score-prediction-2",
    "catopomp.competitive.score-prediction-3",
    "catopomp.competitive.score-prediction-4",
    "catopomp.competitive.last-player",
    "catopomp.competitive.record-points",
    "catopomp.competitive.game-end-reset",
    "catopomp.competitive.winner",
    "catopomp.expansion.zero-value-sets",
    "catopomp.expansion.cat-leton.setup",
    "catopomp.expansion.cat-leton.value-zero",
    "catopomp.expansion.cat-leton.swap",
    "catopomp.expansion.cat-leton.from-hell-domain",
    "catopomp.expansion.mdm-mitch.setup",
    "catopomp.expansion.mdm-mitch.value-zero",
    "catopomp.expansion.mdm-mitch.mirror-dice",
})


class IllegalMove(EngineError):
    """apply() was asked to make a move that breaks a rule; `verdict` says which."""

    def __init__(self, message: str, verdict: Verdict):
        super().__init__(message)
        self.verdict = verdict


def _options(options) -> Opts:
    if options is None:
        return Opts()
    if isinstance(options, Opts):
        return options
    o = options if isinstance(options, Options) else Options.model_validate(dict(options))
    return Opts(o.passing == "casual", o.hell_power, o.competitive, o.catleton, o.mitch)


def setup(players, options=None, rng: random.Random | None = None, *, first=None, predictions=None) -> State:
    """Deal the first round for the named players (2-4, clockwise). `options`: an Options, a dict of
    its fields, or None. The starting player is `first` or drawn at random; competitive predictions
    are `predictions` (name -> 1-4, or a list) or drawn from rng."""
    return from_table(deal_first(list(players), _options(options), rng or random.Random(), first=first,
                                 predictions=predictions))


def next_round(state: State, rng: random.Random | None = None, *, predictions=None, reserve_dice=None) -> State:
    """Set up the round after `state` (phase round-over): reshuffle and deal, one centre die fewer,
    a reserve die for each player with one gem (`reserve_dice`: name -> face, else drawn), the loser
    starts."""
    return from_table(deal_next(to_table(state), rng or random.Random(), predictions=predictions,
                                reserve_dice=reserve_dice))


class Engine(BaseEngine[State, Move]):
    game: ClassVar[str] = "catopomp"
    State: ClassVar[type[State]] = State
    RULE_IDS: ClassVar[frozenset[str]] = RULE_IDS
    NOTATION: ClassVar[str] = NOTATION

    def __init__(self):
        self._last: tuple[State, core.Table] | None = None

    def _table(self, state: State) -> core.Table:
        last = self._last
        if last is not None and last[0] is state:
            return last[1]
        t = to_table(state)
        self._last = (state, t)
        return t

    def parse_move(self, text: str, state: State) -> Move:
        return parse(text, self._table(state))

    def format_move(self, move: Move) -> str:
        return format_move(move)

    def check(self, state: State, move: Move) -> Verdict:
        return check_table(self._table(state), move)

    def apply(self, state: State, move: Move) -> State:
        t = self._table(state)
        verdict = check_table(t, move, with_alternatives=False)
        if not verdict.legal:
            raise IllegalMove(
                f"{format_move(move)!r} is not legal: " + "; ".join(r.message for r in verdict.reasons), verdict)
        t2, _ = core.step(t, move)
        return from_table(t2)

    def legal_moves(self, state: State) -> list[Move]:
        return core.legal_moves(self._table(state))

    def status(self, state: State) -> list[Reason]:
        return [Reason(rule=f.rule, message=f.message) for f in _status(self._table(state))]

    # conveniences beyond the framework contract
    def setup(self, players, options=None, rng=None, **kw) -> State:
        return setup(players, options, rng, **kw)

    def next_round(self, state: State, rng=None, **kw) -> State:
        return next_round(state, rng, **kw)


def check_table(t: core.Table, move: Move, with_alternatives: bool = True) -> Verdict:
    if t.phase != "play":
        rule = "catopomp.end.game-end" if t.phase == "game-over" else "catopomp.end.round-end"
        what = "the game is over" if t.phase == "game-over" else "the round is over: deal the next round first"
        return Verdict(legal=False, reasons=(Reason(rule=rule, message=what),))
    if not t.has_cards(t.turn):
        return Verdict(legal=False, reasons=(Reason(
            rule="catopomp.round.safe-when-clear",
            message=f"{t.names[t.turn]} has no cards left and takes no more turns this round"),))
    r, _ = core.resolve(t)
    bad, why, notes = core.violations(r, move)
    if bad:
        alts = ()
        if with_alternatives:
            alts = tuple(format_move(m) for m in core.alternatives(t, move))
        return Verdict(legal=False, reasons=tuple(Reason(rule=f.rule, message=f.message) for f in bad),
                       alternatives=alts, unchecked=tuple(notes))
    _t2, eff = core.step(t, move)
    if any(e.kind == "prediction" and "not on the table" in e.message for e in eff):
        notes.append("catopomp.competitive.reveal: the prediction is secret and not on the table, so the "
                     "points are not worked out")
    return Verdict(
        legal=True,
        reasons=tuple(Reason(rule=f.rule, message=f.message) for f in why),
        effects=tuple(Effect(kind=e.kind, message=e.message, rule=e.rule) for e in eff),
        unchecked=tuple(dict.fromkeys(notes)),
    )


__all__ = ["CAT", "MITCH", "Engine", "IllegalMove", "Move", "Options", "Player", "State", "WinningSet",
           "RULE_IDS", "setup", "next_round", "check_table", "Tracker"]
