"""The Catopomp situation (State) as users write it, and its conversion to and from the core Table."""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BeforeValidator, Field, model_validator

from engine.base import Frozen

from .core import CAT, EMPTY, MITCH, NCODES, Opts, Table, WSet, c_list, c_of

_CARD_WORDS = {
    "c": "C", "cat-leton": "C", "catleton": "C", "cat leton": "C", "cat": "C",
    "m": "M", "mitch": "M", "mdm mitch": "M", "mdm-mitch": "M", "madam mitch": "M", "witch": "M",
}


def _norm_card(v):
    if isinstance(v, str):
        s = v.strip().lower()
        if s in _CARD_WORDS:
            return _CARD_WORDS[s]
        if s.isdigit():
            return int(s)
    return v


#: a card: a number 1-10, "C" (Cat-leton) or "M" (Mdm Mitch); "cat-leton" and "mitch" are accepted too
Card = Annotated[
    Annotated[int, Field(ge=1, le=10)] | Literal["C", "M"],
    BeforeValidator(_norm_card),
]


class Options(Frozen):
    """The rules the table plays with."""

    passing: Literal["main", "casual"] = Field(
        "main", description="main: the winning set's owner transfers Hell cards to passers; casual: discards them")
    hell_power: bool = Field(False, description="the optional Hell power (3 or more Hell cards return one)")
    competitive: bool = Field(False, description="the competitive variant: predictions and points (3-4 players)")
    catleton: bool = Field(False, description="Cat-leton expansion cards are in the deck (one per player)")
    mitch: bool = Field(False, description="Mdm Mitch expansion cards are in the deck (one per player)")


class Player(Frozen):
    """One seat, in clockwise order."""

    name: str = Field(min_length=1)
    hand: tuple[Card, ...] = Field((), description="Heaven cards held in hand")
    hell_domain: tuple[Card, ...] = Field((), description="Hell cards lying face up in the Hell Domain")
    gems: int = Field(2, description="soul gems left (0-2)")
    used_dice: tuple[int, ...] = Field((), description="dice on the Used Dice card")
    reserve_die: int | None = Field(None, description="the face of this player's reserve die, if they have one")
    prediction: int | None = Field(None, description="competitive variant: this round's prediction (1-4), if known")
    points: int = Field(0, description="competitive variant: points so far")


class WinningSet(Frozen):
    """The set on the table that the next player has to beat."""

    owner: str
    heaven: tuple[Card, ...] = Field((), description="cards played from hand")
    hell: tuple[Card, ...] = Field((), description="cards played from the Hell Domain (or swapped in for Cat-letons)")
    dice: tuple[int, ...] = Field((), description="the faces of the dice substitute (one or two dice)")
    catleton_swaps: int = Field(0, description="how many of the Hell cards replaced a Cat-leton played from hand")


class State(Frozen):
    """A Catopomp table: the situation file format."""

    players: tuple[Player, ...] = Field(min_length=2, max_length=4, description="clockwise from any seat")
    turn: str = Field(description="the player to act (in round-over and game-over: the round's loser)")
    centre_dice: tuple[int, ...] = Field((), description="faces of the dice in the centre")
    winning_set: WinningSet | None = None
    discard_pile: tuple[Card, ...] | None = Field(
        None, description="the discard pile, if tracked (then the card total is checked exactly)")
    set_aside: tuple[Card, ...] | None = Field(None, description="the cards set aside at the deal, if known")
    options: Options = Options()
    phase: Literal["play", "round-over", "game-over"] = "play"
    loser: str | None = Field(None, description="round-over / game-over: the player who lost a soul gem")

    @model_validator(mode="after")
    def _names(self):
        seen = set()
        for p in self.players:
            key = p.name.lower()
            if key in seen:
                raise ValueError(f"players: the name {p.name!r} is used twice")
            seen.add(key)
        for field, value in (("turn", self.turn),
                             ("winning_set.owner", self.winning_set.owner if self.winning_set else None),
                             ("loser", self.loser)):
            if value is not None and value.lower() not in seen:
                raise ValueError(f"{field}: no player named {value!r} (players: "
                                 f"{', '.join(p.name for p in self.players)})")
        if self.phase != "play" and self.loser is None:
            raise ValueError(f"loser: required when phase is {self.phase!r}")
        return self


def _code(card) -> int:
    if card == "C":
        return CAT
    if card == "M":
        return MITCH
    return card


def _token(code: int):
    if code == CAT:
        return "C"
    if code == MITCH:
        return "M"
    return code


def _tokens(counts) -> tuple:
    return tuple(_token(c) for c in c_list(counts))


def _seat(names_lower: list[str], name: str) -> int:
    return names_lower.index(name.lower())


def to_table(state: State) -> Table:
    names = tuple(p.name for p in state.players)
    low = [nm.lower() for nm in names]
    o = state.options
    ws = None
    if state.winning_set is not None:
        w = state.winning_set
        ws = WSet(
            _seat(low, w.owner),
            tuple(sorted(_code(c) for c in w.heaven)),
            tuple(sorted(_code(c) for c in w.hell)),
            tuple(sorted(w.dice)),
            w.catleton_swaps,
        )
    return Table(
        names=names,
        opts=Opts(o.passing == "casual", o.hell_power, o.competitive, o.catleton, o.mitch),
        hands=tuple(c_of(_code(c) for c in p.hand) for p in state.players),
        hells=tuple(c_of(_code(c) for c in p.hell_domain) for p in state.players),
        gems=tuple(p.gems for p in state.players),
        used=tuple(tuple(p.used_dice) for p in state.players),
        reserve=tuple(p.reserve_die for p in state.players),
        pred=tuple(p.prediction for p in state.players),
        points=tuple(p.points for p in state.players),
        centre=tuple(sorted(state.centre_dice)),
        ws=ws,
        turn=_seat(low, state.turn),
        discard=None if state.discard_pile is None else c_of(_code(c) for c in state.discard_pile),
        aside=None if state.set_aside is None else c_of(_code(c) for c in state.set_aside),
        phase=state.phase,
        loser=None if state.loser is None else _seat(low, state.loser),
    )


def from_table(t: Table) -> State:
    names = t.names
    o = t.opts
    players = tuple(
        Player.model_construct(
            name=names[i],
            hand=_tokens(t.hands[i]),
            hell_domain=_tokens(t.hells[i]),
            gems=t.gems[i],
            used_dice=tuple(t.used[i]),
            reserve_die=t.reserve[i],
            prediction=t.pred[i],
            points=t.points[i],
        )
        for i in range(t.n)
    )
    ws = None
    if t.ws is not None:
        w = t.ws
        ws = WinningSet.model_construct(
            owner=names[w.owner],
            heaven=tuple(_token(c) for c in w.heaven),
            hell=tuple(_token(c) for c in w.hell),
            dice=tuple(w.dice),
            catleton_swaps=w.swaps,
        )
    options = Options.model_construct(
        passing="casual" if o.casual else "main", hell_power=o.hell_power, competitive=o.competitive,
        catleton=o.catleton, mitch=o.mitch,
    )
    return State.model_construct(
        players=players,
        turn=names[t.turn],
        centre_dice=tuple(t.centre),
        winning_set=ws,
        discard_pile=None if t.discard is None else _tokens(t.discard),
        set_aside=None if t.aside is None else _tokens(t.aside),
        options=options,
        phase=t.phase,
        loser=None if t.loser is None else names[t.loser],
    )


__all__ = ["Card", "Options", "Player", "State", "WinningSet", "to_table", "from_table", "EMPTY", "NCODES"]
