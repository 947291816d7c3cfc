"""The Catopomp table (State): the situation file format, the tracked session's state and the
validator's input are one model. Also its conversion to and from the core Table.

A real table does not see the other players' hands: a hand is either the cards (when its owner
recorded them) or only how many cards it holds. To judge a play, `to_table` lays out a Table in
which each unknown hand is filled with cards nobody has seen yet (hidden.py), so the rules code
always sees a whole table; `from_table` turns those hands back into counts.
"""
from __future__ import annotations

from typing import Annotated, Literal

from engine.record import BeforeValidator, Field, model_validator

from engine.base import Frozen, HandHolder

from .core import CAT, EMPTY, MITCH, NCODES, Opts, Table, WSet, c_list, c_of
from .hidden import fill_hands

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


Hand = Annotated[tuple[Card, ...], Field(description="the Heaven cards, when known")] | Annotated[
    int, Field(ge=0, le=40, description="how many Heaven cards, when the cards are not known")]


class Player(HandHolder):
    """One seat, in clockwise order."""

    name: str = Field(min_length=1)
    hand: Hand = Field((), description="Heaven cards held in hand: a list of cards, or only their number")
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


class Cleared(Frozen):
    """A player who got rid of all their Heaven and Hell cards this round."""

    name: str
    last_set: int | None = Field(None, description="cards in the set that emptied them (a dice substitute counts)")
    points: int | None = Field(None, description="competitive: the points that set earned; None until the "
                                                 "prediction is known")


class State(Frozen):
    """A Catopomp table: the situation file format, and a tracked session's state."""

    players: tuple[Player, ...] = Field(min_length=2, max_length=4, description="clockwise from any seat")
    turn: str | None = Field(None, description="the player to act (in round-over and game-over: the round's "
                                               "loser); may be unknown only while a round is set up")
    centre_dice: tuple[int, ...] = Field((), description="faces of the dice in the centre")
    winning_set: WinningSet | None = None
    discard_pile: tuple[Card, ...] | None = Field(
        None, description="the discard pile, if tracked (then the card total is checked exactly)")
    set_aside: tuple[Card, ...] | None = Field(None, description="the cards set aside at the deal, if known")
    options: Options = Options()
    phase: Literal["setup", "play", "round-over", "game-over"] = Field(
        "play", description="setup: the round is dealt and the table still enters who starts, the centre dice "
                            "and the reserve dice; play; round-over; game-over")
    loser: str | None = Field(None, description="round-over / game-over: the player who lost a soul gem")
    round: int = Field(1, ge=1, description="the round being played, the first being 1")
    reserve_dice: tuple[str, ...] = Field((), description="players who set a reserve die aside this round")
    cleared: tuple[Cleared, ...] = Field((), description="players who cleared all their cards this round, in order")

    @model_validator(mode="after")
    def _names(self):
        seen = set()
        for p in self.players:
            key = p.name.lower()
            if key in seen:
                raise ValueError(f"players: the name {p.name!r} is used twice")
            seen.add(key)
        if self.turn is None and self.phase != "setup":
            raise ValueError(f"turn: required when phase is {self.phase!r}")
        for field, value in (("turn", self.turn),
                             ("winning_set.owner", self.winning_set.owner if self.winning_set else None),
                             ("loser", self.loser)):
            if value is not None and value.lower() not in seen:
                raise ValueError(f"{field}: no player named {value!r} (players: "
                                 f"{', '.join(p.name for p in self.players)})")
        for field, values in (("reserve_dice", self.reserve_dice), ("cleared", [c.name for c in self.cleared])):
            for v in values:
                if v.lower() not in seen:
                    raise ValueError(f"{field}: no player named {v!r}")
        if self.phase in ("round-over", "game-over") and self.loser is None:
            raise ValueError(f"loser: required when phase is {self.phase!r}")
        return self

    @property
    def names(self) -> list[str]:
        return [p.name for p in self.players]

    def seat(self, name: str) -> int:
        """The seat of a player named in any case; MoveSyntaxError names the players."""
        from engine.base import MoveSyntaxError

        low = name.lower()
        for i, p in enumerate(self.players):
            if p.name.lower() == low:
                return i
        raise MoveSyntaxError(f"no player named {name!r}; players: {', '.join(self.names)}")

    def cleared_record(self, name: str) -> Cleared | None:
        return next((c for c in self.cleared if c.name == name), None)

    @property
    def game_over(self) -> bool:
        return self.phase == "game-over"

    @property
    def under_way(self) -> bool:
        """A card has been played or a player has cleared: the round's set-up is done."""
        return bool(self.cleared) or self.winning_set is not None or any(p.used_dice for p in self.players)


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


def _options_of(state: State) -> Opts:
    o = state.options
    return Opts(o.passing == "casual", o.hell_power, o.competitive, o.catleton, o.mitch)


def to_table(state: State, prefer: tuple[int, ...] = ()) -> Table:
    """The State as a core Table; unknown hands are filled with unseen cards (the player to act's
    first with `prefer`, the cards their play needs, where the deck still has them)."""
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
    hands = fill_hands(state, [None if isinstance(p.hand, int) else c_of(_code(c) for c in p.hand)
                               for p in state.players], prefer)
    return Table(
        names=names,
        opts=Opts(o.passing == "casual", o.hell_power, o.competitive, o.catleton, o.mitch),
        hands=hands,
        hells=tuple(c_of(_code(c) for c in p.hell_domain) for p in state.players),
        gems=tuple(p.gems for p in state.players),
        used=tuple(tuple(p.used_dice) for p in state.players),
        reserve=tuple(p.reserve_die for p in state.players),
        pred=tuple(p.prediction for p in state.players),
        points=tuple(p.points for p in state.players),
        centre=tuple(sorted(state.centre_dice)),
        ws=ws,
        turn=_seat(low, state.turn) if state.turn is not None else 0,
        discard=None if state.discard_pile is None else c_of(_code(c) for c in state.discard_pile),
        aside=None if state.set_aside is None else c_of(_code(c) for c in state.set_aside),
        phase=state.phase,
        loser=None if state.loser is None else _seat(low, state.loser),
    )


def from_table(t: Table, like: State | None = None) -> State:
    """The Table as a State; with `like`, a hand unknown there stays unknown (as a count), and the
    session fields (round, reserve dice, cleared players) are kept from it."""
    names = t.names
    hidden = [isinstance(p.hand, int) for p in like.players] if like is not None else [False] * t.n
    o = t.opts
    players = tuple(
        Player.model_construct(
            name=names[i],
            hand=sum(t.hands[i]) if hidden[i] else _tokens(t.hands[i]),
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
    extra = {}
    turn = names[t.turn]
    if like is not None:
        extra = {"round": like.round, "reserve_dice": like.reserve_dice, "cleared": like.cleared}
        if like.turn is None and t.phase == "setup":
            turn = None
    return State.model_construct(
        players=players,
        turn=turn,
        centre_dice=tuple(t.centre),
        winning_set=ws,
        discard_pile=None if t.discard is None else _tokens(t.discard),
        set_aside=None if t.aside is None else _tokens(t.aside),
        options=options,
        phase=t.phase,
        loser=None if t.loser is None else names[t.loser],
        **{"round": 1, "reserve_dice": (), "cleared": (), **extra},
    )


__all__ = ["Card", "Cleared", "Options", "Player", "State", "WinningSet", "to_table", "from_table", "EMPTY", "NCODES"]
