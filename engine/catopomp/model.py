"""The Catopomp table, in two shapes of one State. `State` (with Options, Player, WinningSet, Cleared) is
the record: the situation file, a tracked session's state and the validator's input; a hand its owner has
not recorded is only its count. `Table` is the same table compact, for rules code fast enough for whole
games: cards are integer codes (1-10, CAT 0 the Cat-leton, MITCH 11 Mdm Mitch, both worth 0) and a zone
(hand, Hell Domain, discard pile) is a tuple of 12 counts; rules.py lays a State out as a Table and back.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from typing import Annotated, Literal, NamedTuple

from engine.base import Frozen, HandHolder
from engine.record import BeforeValidator, Field, model_validator
from engine.words import player

CAT = 0
MITCH = 11
NCODES = 12
VAL = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0)
EMPTY = (0,) * NCODES

#: players -> (highest number, copies per number, cards per player, cards set aside)
PLAYER_TABLE = {2: (8, 3, 11, 2), 3: (9, 4, 10, 6), 4: (10, 4, 9, 4)}

HEAVEN = "heaven"
HELL = "hell"
PLAY = "play"
PASS = "pass"

# ---------------------------------------------------------------------------------------- the compact Table


class Move(NamedTuple):
    """One move of the player to act, in canonical form (tuples sorted by card code)."""

    kind: str                   # "play" or "pass"
    source: str | None = None   # "heaven" (from hand) or "hell" (from the Hell Domain); None for a pass
    cards: tuple[int, ...] = ()  # card codes played from that source (Cat-letons to be swapped included)
    dice: tuple[int, ...] = ()  # the dice of a Dice Boost, by face (one or two; the reserve die is just a face)
    swap: tuple[int, ...] = ()  # Hell cards from the player's own Hell Domain that replace Cat-letons (one each)
    place: int | None = None    # the hand card put into the own Hell Domain after a Heaven play
    hell_return: tuple[str, int] | None = None  # (player name, card) sent back to that player's hand by the Hell power
    transfer: int | None = None  # main game: the Hell card the winning set's owner gives the passing player
    discard: int | None = None  # casual mode: the Hell card the winning set's owner discards


class Opts(NamedTuple):
    casual: bool = False
    hell_power: bool = False
    competitive: bool = False
    catleton: bool = False
    mitch: bool = False


class WSet(NamedTuple):
    """The current winning set: who played it, its cards by origin, its dice."""

    owner: int
    heaven: tuple[int, ...] = ()
    hell: tuple[int, ...] = ()
    dice: tuple[int, ...] = ()
    swaps: int = 0  # Hell cards in `hell` that replaced Cat-letons (a Heaven play)

    @property
    def codes(self) -> tuple[int, ...]:
        return self.heaven + self.hell

    @property
    def size(self) -> int:
        return len(self.heaven) + len(self.hell) + (1 if self.dice else 0)


@dataclass(slots=True)
class Table:
    """The whole table. Treat as immutable: transitions build new Tables via `replace`. A seat's zone
    left out is a fresh round's (empty hands, Hell Domains and Used Dice cards, two soul gems each)."""

    names: tuple[str, ...]
    opts: Opts = Opts()
    hands: tuple[tuple[int, ...], ...] = None
    hells: tuple[tuple[int, ...], ...] = None
    gems: tuple[int, ...] = None
    used: tuple[tuple[int, ...], ...] = None
    reserve: tuple[int | None, ...] = None
    pred: tuple[int | None, ...] = None
    points: tuple[int, ...] = None
    centre: tuple[int, ...] = ()
    ws: WSet | None = None
    turn: int = 0
    discard: tuple[int, ...] | None = EMPTY
    aside: tuple[int, ...] | None = None
    phase: str = "play"
    loser: int | None = None

    def __post_init__(self):
        for zone, empty in _FRESH_SEAT.items():
            if getattr(self, zone) is None:
                setattr(self, zone, (empty,) * len(self.names))

    def replace(self, **kw) -> "Table":
        return replace(self, **kw)

    @property
    def n(self) -> int:
        return len(self.names)

    def seat(self, name: str) -> int | None:
        """The seat of a player named in any case, or None."""
        low = name.lower()
        return next((i for i, nm in enumerate(self.names) if nm.lower() == low), None)

    def has_cards(self, i: int) -> bool:
        return any(self.hands[i]) or any(self.hells[i])


#: a fresh round's value of each seat's zone on a Table
_FRESH_SEAT = {"hands": EMPTY, "hells": EMPTY, "gems": 2, "used": (), "reserve": None, "pred": None, "points": 0}


class Finding(NamedTuple):
    """A rule a move or a table breaks or rests on, or leaves open: the rule id and what it says here."""

    rule: str
    message: str


# ---------------------------------------------------------------------------------------- zones and cards


def c_sub(c: tuple[int, ...], codes) -> tuple[int, ...]:
    lst = list(c)
    for x in codes:
        lst[x] -= 1
    return tuple(lst)


def c_add(c: tuple[int, ...], codes) -> tuple[int, ...]:
    lst = list(c)
    for x in codes:
        lst[x] += 1
    return tuple(lst)


def c_has(c: tuple[int, ...], codes) -> bool:
    return all(0 <= x < NCODES and c[x] >= k for x, k in Counter(codes).items())


def c_missing(c: tuple[int, ...], codes) -> list[int]:
    """The codes of `codes` (a multiset) that `c` cannot supply."""
    left = list(c)
    out = []
    for x in codes:
        if 0 <= x < NCODES and left[x] > 0:
            left[x] -= 1
        else:
            out.append(x)
    return out


def c_list(c: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(code for code in range(NCODES) for _ in range(c[code]))


def c_of(codes) -> tuple[int, ...]:
    return c_add(EMPTY, codes)


def fc(code: int) -> str:
    """A card in move notation."""
    return str(token_of(code))


def card_name(code: int) -> str:
    return {CAT: "Cat-leton", MITCH: "Mdm Mitch"}.get(code, str(code))


def cards_text(codes) -> str:
    return ", ".join(card_name(c) for c in codes) if codes else "nothing"


def dice_text(dice) -> str:
    if len(dice) == 1:
        return f"a die showing {dice[0]}"
    return "dice " + "+".join(str(d) for d in dice) + f" (= {sum(dice)})"


def deck_counts(n: int, opts: Opts) -> tuple[int, ...]:
    top, copies, _per, _aside = PLAYER_TABLE[n]
    lst = [0] + [copies] * top + [0] * (NCODES - 1 - top)
    if opts.catleton:
        lst[CAT] = n
    if opts.mitch:
        lst[MITCH] = n
    return tuple(lst)


# ---------------------------------------------------------------------------------------- the State record


_CARD_WORDS = {
    "c": "C", "cat-leton": "C", "catleton": "C", "cat leton": "C", "cat": "C",
    "m": "M", "mitch": "M", "mdm mitch": "M", "mdm-mitch": "M", "madam mitch": "M", "witch": "M",
}


def norm_card(v):
    """A card as a record holds it: a number, "C" or "M" (the table's words for the expansion cards too)."""
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
    BeforeValidator(norm_card),
]

#: a die's face: dice are six-sided, so a situation file's 0 or 9 is refused naming the six faces
Die = Literal[1, 2, 3, 4, 5, 6]


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
    used_dice: tuple[Die, ...] = Field((), description="dice on the Used Dice card")
    reserve_die: Die | None = Field(None, description="the face of this player's reserve die, if they have one")
    prediction: int | None = Field(None, description="competitive variant: this round's prediction (1-4), if known")
    points: int = Field(0, description="competitive variant: points so far")


class WinningSet(Frozen):
    """The set on the table that the next player has to beat."""

    owner: str
    heaven: tuple[Card, ...] = Field((), description="cards played from hand")
    hell: tuple[Card, ...] = Field((), description="cards played from the Hell Domain (or swapped in for Cat-letons)")
    dice: tuple[Die, ...] = Field((), description="the faces of the dice substitute (one or two dice)")
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
    centre_dice: tuple[Die, ...] = Field((), description="faces of the dice in the centre")
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
    readings_said: tuple[str, ...] = Field((), description="the readings a verdict has said already this game "
                                           "(engine/readings.py): each is said once per game")

    @model_validator(mode="after")
    def _names(self):
        seen = set()
        for p in self.players:
            if p.name.lower() in seen:
                raise ValueError(f"players: the name {p.name!r} is used twice")
            seen.add(p.name.lower())
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
        """The seat of a player the word names (words.player); MoveSyntaxError names the players."""
        return self.players.index(player(name, self.players))

    def cleared_record(self, name: str) -> Cleared | None:
        return next((c for c in self.cleared if c.name == name), None)

    @property
    def game_over(self) -> bool:
        return self.phase == "game-over"

    @property
    def under_way(self) -> bool:
        """A card has been played or a player has cleared: the round's set-up is done. A winning set
        discarded after everyone passed still shows in the discard pile and the Hell Domains."""
        return (bool(self.cleared) or self.winning_set is not None or bool(self.discard_pile)
                or any(p.used_dice or p.hell_domain for p in self.players))


# ---------------------------------------------------------------------------------------- between the two


def code_of(card) -> int:
    """A record's card as a Table code."""
    return {"C": CAT, "M": MITCH}.get(card, card)


def token_of(code: int):
    """A Table code as a record's card."""
    return {CAT: "C", MITCH: "M"}.get(code, code)


def tokens_of(counts) -> tuple:
    """A zone of counts as a record's cards."""
    return tuple(token_of(c) for c in c_list(counts))


def opts_of(o: Options) -> Opts:
    """A record's options as the Table's."""
    return Opts(o.passing == "casual", o.hell_power, o.competitive, o.catleton, o.mitch)
