"""The Catopomp referee: check, apply and legal moves on a State, including hands the table cannot see.

The rules themselves work on the compact core Table (core.py); this module turns a State into a
Table (hidden hands laid out by hidden.py), judges or plays the move, and turns the result back.
Also `setup()` and `next_round()` to deal whole games for simulations.
"""
from __future__ import annotations

import random
from typing import ClassVar

from engine.base import Effect, EngineError, Reason, Verdict
from engine.base import Engine as BaseEngine

from . import core
from .core import Move, Opts
from .deal import deal_first, deal_next
from .model import Cleared, Options, State, from_table, to_table
from .notation import NOTATION, format_move, parse
from .rule_ids import RULE_IDS
from .status import status as _status


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
    SEATS_RULE: ClassVar[str] = "catopomp.overview.goal"  # a game for 2 to 4 players
    RULE_IDS: ClassVar[frozenset[str]] = RULE_IDS | {SEATS_RULE}
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
        if state.phase == "setup":
            return Verdict(legal=False, reasons=(Reason(rule=SETUP_RULE, message=setup_missing(state)),))
        hidden = _hidden_mover(state, move)
        if hidden is None:
            return check_table(self._table(state), move)
        return _check_hidden(state, move, hidden)

    def apply(self, state: State, move: Move, overruled: bool = False) -> State:
        if state.phase == "setup":
            raise IllegalMove(setup_missing(state), self.check(state, move))
        hidden = _hidden_mover(state, move)
        t = to_table(state, _needs(move)) if hidden is not None else self._table(state)
        verdict = self.check(state, move)
        if not verdict.legal:
            if not overruled:
                raise IllegalMove(f"{format_move(move)!r} is not legal: "
                                  + "; ".join(r.message for r in verdict.reasons), verdict)
            t = _as_played(t, move)
        try:
            t2, eff = core.step(t, move)
        except (ValueError, IndexError, KeyError, AttributeError, TypeError) as exc:
            raise IllegalMove(f"{format_move(move)!r} cannot be recorded even overruled: the table would not "
                              f"hold together ({exc})", verdict) from None
        return _settle(state, t2, eff)

    def legal_moves(self, state: State) -> list[Move]:
        if self.moves_note(state) is not None:
            return []
        return core.legal_moves(self._table(state))

    def status(self, state: State) -> list[Reason]:
        return [Reason(rule=f.rule, message=f.message) for f in _status(self._table(state))]

    TURN_RULE: ClassVar[str] = "catopomp.round.turn-order"

    def with_turn(self, state: State, player: str) -> State:
        return state.model_copy(update={"turn": state.names[state.seat(player)]})

    def to_act(self, state: State) -> str | None:
        return state.turn if state.phase == "play" else None

    def moves_note(self, state: State) -> str | None:
        if state.phase == "setup":
            return setup_missing(state)
        if state.phase != "play":
            return "the game is over" if state.phase == "game-over" else \
                "the round is over: enter the next round's centre dice (`companion track dice ...`)"
        p = _player(state, state.turn)
        if not p.hand_known and p.hand > 0:
            return (f"{p.name}'s hand is not known ({p.hand} card{'s' if p.hand != 1 else ''}): the plays cannot be "
                    f"listed; record it with `companion track hand {p.name.lower()} CARDS...`")
        return None

    # conveniences beyond the framework contract
    def setup(self, players, options=None, rng=None, **kw) -> State:
        return setup(players, options, rng, **kw)

    def next_round(self, state: State, rng=None, **kw) -> State:
        return next_round(state, rng, **kw)


SETUP_RULE = "catopomp.setup.later-starting-player"


def setup_missing(state: State) -> str:
    """What the table still has to enter before round play starts."""
    from .track import setup_todo

    todo = setup_todo(state)
    return f"round {state.round} is being set up: " + ("; ".join(todo) if todo else "ready")


def _player(state: State, name: str):
    low = name.lower()
    return next(p for p in state.players if p.name.lower() == low)


def _hidden_mover(state: State, move: Move) -> int | None:
    """The hand size of the player to act when their hand is unknown and the play takes from it."""
    if state.phase != "play" or state.turn is None:
        return None
    p = _player(state, state.turn)
    if p.hand_known or move.kind != core.PLAY or (move.source != core.HEAVEN and move.place is None):
        return None
    return p.hand


def _needs(move: Move) -> tuple[int, ...]:
    """The hand cards a play needs: the Heaven cards and the card placed into the Hell Domain."""
    out = list(move.cards) if move.source == core.HEAVEN else []
    if move.place is not None:
        out.append(move.place)
    return tuple(out)


def _check_hidden(state: State, move: Move, size: int) -> Verdict:
    """A play from a hand the table cannot see: everything but possession is judged; possession is
    listed as unchecked, except what card counting rules out."""
    from .hidden import COPIES_RULE, missing_copies

    need = _needs(move)
    name = state.turn
    extra: list[Reason] = []
    if len(need) > size:
        extra.append(Reason(rule="catopomp.heaven.play-from-hand",
                            message=f"{name} holds {size} card{'s' if size != 1 else ''} in hand, and this play "
                                    f"takes {len(need)} from it"))
    gone = missing_copies(state, need)
    if gone:
        extra.append(Reason(rule=COPIES_RULE, message=(
            f"every copy of {core.cards_text(sorted(set(gone)))} is already in sight (Hell Domains, the winning set, "
            f"the discard pile or a recorded hand), so {name} cannot hold "
            f"{'it' if len(set(gone)) == 1 else 'them'}")))
    verdict = check_table(to_table(state, need), move, with_alternatives=False)
    possession = (f"possession: {name}'s hand is not known to the table; that it holds "
                  f"{core.cards_text(sorted(need))} is taken on trust")
    reasons = tuple(r for r in verdict.reasons if r.rule != "catopomp.heaven.play-from-hand" or verdict.legal)
    if extra or not verdict.legal:
        return Verdict(legal=False, reasons=tuple(extra) + (reasons if not verdict.legal else ()),
                       unchecked=(possession, *verdict.unchecked))
    return verdict.model_copy(update={"unchecked": (possession, *verdict.unchecked)})


def _as_played(t: core.Table, move: Move) -> core.Table:
    """An overruled play: the table says it happened, so the cards it took were there."""
    p = t.turn
    hands, hells = list(t.hands), list(t.hells)
    if move.kind == core.PLAY:
        zone = hands if move.source == core.HEAVEN else hells
        zone[p] = core.c_add(zone[p], core.c_missing(zone[p], move.cards))
        if move.place is not None:
            hands[p] = core.c_add(hands[p], core.c_missing(core.c_sub(hands[p], move.cards)
                                                           if move.source == core.HEAVEN else hands[p], (move.place,)))
        if move.swap:
            hells[p] = core.c_add(hells[p], core.c_missing(hells[p], move.swap))
    return t.replace(hands=tuple(hands), hells=tuple(hells))


def _settle(before: State, t2: core.Table, eff) -> State:
    """The State after a play: hidden hands back to counts, cleared players recorded for scoring."""
    state = from_table(t2, like=before)
    fresh = [p.name for p, q in zip(state.players, before.players)
             if _holds(q) and not _holds(p) and not any(c.name == p.name for c in before.cleared)]
    if not fresh:
        return state
    size = t2.ws.size if t2.ws is not None else None
    scored = {}
    for e in eff:
        if e.kind == "score":
            who, _, rest = e.message.partition(" scores ")
            scored[who] = int(rest.split()[0])
    cleared = before.cleared + tuple(Cleared(name=n, last_set=size, points=scored.get(n)) for n in fresh)
    return state.model_copy(update={"cleared": cleared})


def _holds(p) -> bool:
    return p.hand_size > 0 or bool(p.hell_domain)


def check_table(t: core.Table, move: Move, with_alternatives: bool = True) -> Verdict:
    """The verdict on a move of the player to act on a whole (core) table."""
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


