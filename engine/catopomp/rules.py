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
from .core import Finding, Move, Opts
from .deal import deal_first, deal_next
from .model import Cleared, Options, State, from_table, to_table
from .notation import NOTATION, format_move, parse
from .rule_ids import RULE_IDS, R
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
    SEATS_RULE: ClassVar[str] = R.OVERVIEW_GOAL  # a game for 2 to 4 players
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
        if _mover_hidden(state):
            return parse(text, _reading_table(state))
        return parse(text, self._table(state))

    def format_move(self, move: Move) -> str:
        return format_move(move)

    def check(self, state: State, move: Move) -> Verdict:
        if state.phase == "setup":
            return Verdict(legal=False, reasons=(Reason(rule=setup_rule(state), message=setup_missing(state)),))
        if not _mover_hidden(state):
            return check_table(self._table(state), move)
        return _check_hidden(state, move)

    def apply(self, state: State, move: Move, overruled: bool = False) -> State:
        if state.phase == "setup":
            raise IllegalMove(setup_missing(state), self.check(state, move))
        t = to_table(state, _needs(move)) if _mover_hidden(state) else self._table(state)
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
        hidden = frozenset(i for i, p in enumerate(state.players) if not p.hand_known)
        return [Reason(rule=f.rule, message=f.message) for f in _status(self._table(state), hidden)]

    TURN_RULE: ClassVar[str] = R.ROUND_TURN_ORDER

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


def setup_rule(state: State) -> str:
    """The rule behind the first thing the round's set-up still lacks (who starts in round 1, the
    centre dice, a reserve die's number); a later round's set-up as a whole otherwise."""
    from .rounds import setup_steps

    steps = setup_steps(state)
    if steps:
        return steps[0][0]
    return R.SETUP_CENTRE_DICE if state.round == 1 else R.END_NEXT_ROUND


def setup_missing(state: State) -> str:
    """What the table still has to enter before round play starts."""
    from .track import setup_todo

    todo = setup_todo(state)
    return f"round {state.round} is being set up: " + ("; ".join(todo) if todo else "ready")


def _player(state: State, name: str):
    low = name.lower()
    return next(p for p in state.players if p.name.lower() == low)


def _mover_hidden(state: State) -> bool:
    """The player to act holds cards the table has not seen (their hand is a count)."""
    if state.phase != "play" or state.turn is None:
        return False
    p = _player(state, state.turn)
    return not p.hand_known and p.hand > 0


def _reading_table(state: State) -> core.Table:
    """The table a move of a hidden-handed player is read on: their hand could hold any card still
    out of sight, so where a card comes from (hand or Hell Domain) and what a 0 stands for are read
    against those, never against the stand-in cards laid into the hand."""
    from .hidden import unseen

    t = to_table(state)
    hands = list(t.hands)
    hands[t.turn] = tuple(unseen(state))
    return t.replace(hands=tuple(hands))


def _needs(move: Move) -> tuple[int, ...]:
    """The hand cards a play needs: the Heaven cards and the card placed into the Hell Domain."""
    if move.kind != core.PLAY:
        return ()
    out = list(move.cards) if move.source == core.HEAVEN else []
    if move.place is not None:
        out.append(move.place)
    return tuple(out)


def _check_hidden(state: State, move: Move) -> Verdict:
    """A move of a player whose hand the table cannot see: judged on what the table knows. Which cards
    the hand holds is taken on trust (listed as unchecked), except what card counting rules out; no
    reason or alternative rests on the stand-in cards laid into the hand."""
    from .hidden import counting_findings

    need = _needs(move)
    name = state.turn
    verdict = check_table(to_table(state, need), move, hand_known=False)
    if not need:
        return verdict
    extra = tuple(Reason(rule=f.rule, message=f.message) for f in counting_findings(state, need, name))
    possession = Reason(rule=R.SETUP_DEAL, message=f"{name}'s hand is not known to the table; that it "
                                                   f"holds {core.cards_text(sorted(need))} is taken on trust")
    unchecked = (possession, *verdict.unchecked)
    if extra:  # card counting refuses: nothing is taken on trust
        return Verdict(legal=False, reasons=extra + (verdict.reasons if not verdict.legal else ()),
                       alternatives=verdict.alternatives, unchecked=verdict.unchecked)
    return verdict.model_copy(update={"unchecked": unchecked})


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
    scored = {e.who: e.amount for e in eff if e.kind == "score"}
    cleared = before.cleared + tuple(Cleared(name=n, last_set=size, points=scored.get(n)) for n in fresh)
    return state.model_copy(update={"cleared": cleared})


def _holds(p) -> bool:
    return p.hand_size > 0 or bool(p.hell_domain)


def _notes(notes) -> tuple[Reason, ...]:
    """Unchecked notes as Reasons, each once."""
    return tuple(Reason(rule=f.rule, message=f.message) for f in dict.fromkeys(notes))


def check_table(t: core.Table, move: Move, with_alternatives: bool = True, hand_known: bool = True) -> Verdict:
    """The verdict on a move of the player to act on a whole (core) table. `hand_known=False`: the
    mover's hand on `t` is a stand-in layout of a count, so neither the reasons nor the alternatives
    may rest on its cards (alternatives then take nothing from the hand)."""
    if t.phase != "play":
        rule = R.END_GAME_END if t.phase == "game-over" else R.END_ROUND_END
        what = "the game is over" if t.phase == "game-over" else "the round is over: deal the next round first"
        return Verdict(legal=False, reasons=(Reason(rule=rule, message=what),))
    if not t.has_cards(t.turn):
        return Verdict(legal=False, reasons=(Reason(
            rule=R.ROUND_SAFE_WHEN_CLEAR,
            message=f"{t.names[t.turn]} has no cards left and takes no more turns this round"),))
    r, _ = core.resolve(t)
    bad, why, notes = core.violations(r, move, hand_known)
    if bad:
        alts = ()
        if with_alternatives:
            alts = tuple(format_move(m) for m in core.alternatives(t, move, hand_known=hand_known))
        return Verdict(legal=False, reasons=tuple(Reason(rule=f.rule, message=f.message) for f in bad),
                       alternatives=alts, unchecked=_notes(notes))
    _t2, eff = core.step(t, move)
    if move.kind == core.PASS and t.opts.competitive and any(e.kind == "player-safe" for e in eff):
        notes.append(Finding(R.COMPETITIVE_REVEAL, "the winning set's owner cleared by giving up their last Hell "
                     "card on another player's pass; their last set is read as their winning set (the variant "
                     "counts the cards of the last set and does not cover a clear on someone else's turn)"))
    if any(e.kind == "prediction" and e.amount is None for e in eff):
        notes.append(Finding(R.COMPETITIVE_REVEAL, "the prediction is secret and not on the table, so the "
                     "points are not worked out"))
    return Verdict(
        legal=True,
        reasons=tuple(Reason(rule=f.rule, message=f.message) for f in why),
        effects=tuple(Effect(kind=e.kind, message=e.message, rule=e.rule, who=e.who, amount=e.amount, card=e.card)
                      for e in eff),
        unchecked=_notes(notes),
    )


