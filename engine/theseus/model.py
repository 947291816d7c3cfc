"""Party of the Theseus: the situation format (State and its parts, Move) and the card catalogue.

The rulebook prints no card texts, so cards are described in a catalogue: the shipped one
(cards.toml, next to this module) extended or overridden by a situation's own `cards`.
"""
from __future__ import annotations

from collections import Counter
from functools import lru_cache, partial
from typing import Annotated, Any, Literal, Union

from engine.record import Field, field_validator, model_validator

from engine.base import MOST_CARDS, Frozen, HandHolder
from engine.library import shipped_cards
from engine.words import player

GAME = "theseus"  # the game's name in commands (`companion cards add theseus ...`)
ICONS: tuple[str, ...] = ("explore", "recruit", "subjugate")
LIMIT = 4  # Party and Hand limit
BOARD_SIZE = 4
LAST_RANK = 6
STARTING_PARTY: tuple[str, ...] = ("Knight", "Mage", "Rogue")

Icon = Literal["explore", "recruit", "subjugate"]


# --------------------------------------------------------------------------- the situation format


class CardSpec(Frozen):
    """One catalogue entry. Fields the rulebook does not give are "unknown"."""

    name: str = Field(min_length=1)
    rank: Union[int, Literal["unknown"]] = "unknown"
    icon: Literal["explore", "recruit", "subjugate", "unknown"] = "unknown"
    vp: Union[int, Literal["unknown"]] = "unknown"
    effect: str = "unknown"
    icon_count: int = Field(1, ge=1, le=4)
    effect_points: int | None = None
    effect_points_area: Literal["party", "hand", "reward"] = "party"
    source: str = ""

    @field_validator("rank")
    @classmethod
    def _rank_range(cls, value):
        if isinstance(value, int) and not 1 <= value <= LAST_RANK:
            raise ValueError("a Rank is 1 to 6 (or \"unknown\")")
        return value

    @field_validator("vp")
    @classmethod
    def _vp_range(cls, value):
        if isinstance(value, int) and value < 0:
            raise ValueError("VP cannot be negative")
        return value

    @classmethod
    def settled_fields(cls, entry: dict) -> tuple[str, ...]:
        """The fields an entry leaves out that are known all the same (engine/library.py): a card
        whose effect is "none" has no end-game points (final scoring counts none for it)."""
        return ("effect_points",) if str(entry.get("effect", "")).strip().casefold() == "none" else ()

    @classmethod
    def kept_name(cls, name: str) -> bool:
        """Whether a session keeps the name for a card of its own (`Rank 5 card`: known by its Rank only),
        never looked up in the card library (trackers/library.py refuses an entry by it)."""
        return name.casefold() in RANK_ONLY_NAMES


class BoardCard(Frozen):
    """A face-up Board card and the Bonuses lying on it (0 or 1)."""

    name: str = Field(min_length=1)
    bonus: int = Field(0, ge=0)


Hand = Union[
    Annotated[tuple[str, ...], Field(description="the cards, when known")],
    Annotated[int, Field(ge=0, le=MOST_CARDS, description="how many cards, when the table does not know them")],
]


class Player(HandHolder):
    """A player's areas, in the rulebook's words. Names of cards, one entry per copy; a Hand the
    table does not know is only its size."""

    name: str = Field(min_length=1)
    party: tuple[str, ...]
    hand: Hand = ()
    reward_area: tuple[str, ...] = ()
    bonuses: int = Field(0, ge=0, description="Bonuses in the Reward Area")

    @property
    def hand_cards(self) -> tuple[str, ...]:
        """The Hand's cards as far as they are known (none of an unknown Hand)."""
        return () if isinstance(self.hand, int) else self.hand


UNKNOWN = "unknown"
Deck = Union[tuple[str, ...], Annotated[int, Field(ge=0, le=MOST_CARDS)], Literal["unknown"]]


def rank_only_name(rank: int) -> str:
    """The name of a card the table knows by its Rank only (recorded so, or revealed unnamed)."""
    return f"Rank {rank} card"


#: catalogue entries for cards known by Rank only ("reward ann rank 5", an unnamed reveal)
RANK_ONLY_CARDS: tuple[CardSpec, ...] = tuple(
    CardSpec(name=rank_only_name(r), rank=r, source="a card the table knows by its Rank only")
    for r in range(1, LAST_RANK + 1)
)

#: their names, folded (a name the table may not give a card of its own)
RANK_ONLY_NAMES = frozenset(c.name.casefold() for c in RANK_ONLY_CARDS)

#: the highest Rank total of a Party or Hand: 4 cards of at most Rank 6
MAX_RANK_TOTAL = LIMIT * LAST_RANK


class State(Frozen):
    """A Party of the Theseus table: the situation-file format (see docs/moves-theseus.md), the
    move validator's input and a tracked session's state (one model). What a table knows is all it
    needs: a Rank Deck or a Hand may be only a count (a deck even "unknown")."""

    players: tuple[Player, ...] = Field(min_length=1, description="in turn (clockwise) order")
    active: str = Field("", description="name of the player whose turn it is (default: the first)")
    active_rank: int = Field(1, ge=1, le=LAST_RANK, description="Rank of the active Rank Deck")
    board: tuple[BoardCard, ...] = ()
    decks: dict[int, Deck] = Field(
        default_factory=lambda: {r: UNKNOWN for r in range(1, LAST_RANK + 1)},
        description="cards left in each Rank Deck: a list of names (top first), a count or "
        "\"unknown\"; when given, every Rank from active_rank to 6 must be (default: all unknown)",
    )
    used: tuple[str, ...] = Field((), description="names of the Party cards used this turn")
    basic_action: Icon | None = Field(None, description="the basic action taken this turn, if any")
    exiled: tuple[str, ...] = Field((), description="cards removed from the game (optional record)")
    exiled_bonuses: int = Field(0, ge=0)
    game_over: bool = False
    cards: tuple[CardSpec, ...] = Field((), description="catalogue entries added or overridden")
    last_rank6_left: bool = Field(False, description="the last Rank 6 card has left the Board")
    turn: int = Field(1, ge=1, description="turns begun so far, the first being 1")
    effect_points: dict[str, int] = Field(
        default_factory=dict, description="end-game points from card effects, as the table counted them"
    )
    party_ranks: dict[str, int] = Field(
        default_factory=dict, description="Party Rank totals entered directly (instead of the cards)"
    )
    hand_ranks: dict[str, int] = Field(
        default_factory=dict, description="Hand Rank totals entered directly (instead of the cards)"
    )
    readings_said: tuple[str, ...] = Field((), description="the readings a verdict has said already this game "
                                           "(engine/readings.py): each is said once per game")

    @model_validator(mode="before")
    @classmethod
    def _defaults(cls, data: Any):
        if isinstance(data, dict):
            data = dict(data)
            players = data.get("players")
            if not data.get("active") and isinstance(players, (list, tuple)) and players:
                first = players[0]
                name = first.get("name") if isinstance(first, dict) else getattr(first, "name", None)
                if name:
                    data["active"] = name
            board = data.get("board")
            if isinstance(board, (list, tuple)):
                data["board"] = [{"name": c} if isinstance(c, str) else c for c in board]
            _spelled_as_catalogue(data)
        return data

    @field_validator("players")
    @classmethod
    def _players_differ(cls, value):
        seen: set[str] = set()
        for p in value:
            if p.name.casefold() in seen:
                raise ValueError(f"two players share the name {p.name!r}; every player needs a different name")
            seen.add(p.name.casefold())
        return value

    @field_validator("active")
    @classmethod
    def _active_is_a_player(cls, value, info):
        names = [p.name for p in info.data.get("players", ())]
        if names and value not in names:
            raise ValueError(f"{value!r} is not one of the players ({', '.join(names)})")
        return value

    @field_validator("decks")
    @classmethod
    def _decks_complete(cls, value, info):
        for rank, deck in value.items():
            if not 1 <= rank <= LAST_RANK:
                raise ValueError(f"there is no Rank {rank} deck (Ranks are 1 to 6)")
            if isinstance(deck, int) and not isinstance(deck, bool) and deck < 0:
                raise ValueError(f"the Rank {rank} deck cannot hold {deck} cards")
        active = info.data.get("active_rank", 1)
        missing = [r for r in range(active, LAST_RANK + 1) if r not in value]
        if missing:
            raise ValueError(
                "give every Rank Deck from the active Rank to 6 (a card list, top first, or a "
                f"count); missing: {', '.join(map(str, missing))}"
            )
        return value

    @model_validator(mode="after")
    def _players_named(self) -> "State":
        names = [p.name for p in self.players]
        for field in ("effect_points", "party_ranks", "hand_ranks"):
            strangers = sorted(set(getattr(self, field)) - set(names))
            if strangers:
                raise ValueError(f"{field}: {', '.join(strangers)} is not a player")
            if field != "effect_points" and any(v < 0 for v in getattr(self, field).values()):
                raise ValueError(f"{field}: a Rank total cannot be negative")
        return self

    def player(self, name: str) -> Player:
        return player(name, self.players)

    @field_validator("cards")
    @classmethod
    def _cards_unique(cls, value):
        seen = Counter(c.name.casefold() for c in value)
        twice = sorted(n for n, k in seen.items() if k > 1)
        if twice:
            raise ValueError(f"card entry given twice: {', '.join(twice)}")
        return value


def _spelled_as_catalogue(data: dict) -> None:
    """Card names given in another case than the catalogue's (`paladin`) take its spelling, as the
    notation reads them, so a play offered for the table reads back as written."""
    given = [c.get("name") if isinstance(c, dict) else getattr(c, "name", None) for c in data.get("cards") or ()]
    spelled: dict[str, str] = {}
    for name in (*(c.name for c in builtin_catalogue() + RANK_ONLY_CARDS), *given):
        if isinstance(name, str):
            spelled.setdefault(name.casefold(), name)

    def names(value):
        if not isinstance(value, (list, tuple)):
            return value
        return [spelled.get(n.casefold(), n) if isinstance(n, str) else n for n in value]

    for key in ("used", "exiled"):
        if key in data:
            data[key] = names(data[key])
    if isinstance(data.get("board"), list):
        data["board"] = [dict(c, name=names([c.get("name")])[0]) if isinstance(c, dict) else c for c in data["board"]]
    if isinstance(data.get("decks"), dict):
        data["decks"] = {rank: names(deck) for rank, deck in data["decks"].items()}
    if isinstance(data.get("players"), (list, tuple)):
        data["players"] = [{**p, **{k: names(p[k]) for k in ("party", "hand", "reward_area") if k in p}}
                           if isinstance(p, dict) else p for p in data["players"]]


class Move(Frozen):
    """One move of the player to act, normalised (names as in the catalogue, targets sorted)."""

    action: Literal["use", "basic", "exile", "end"]
    card: str | None = None
    icon: Icon | None = None
    targets: tuple[str, ...] = ()
    zone: Literal["party", "hand"] | None = None
    reveal: tuple[str, ...] = ()


# --------------------------------------------------------------------------- the catalogue


#: the shipped catalogue (cards.toml, beside this module), built once: `builtin_catalogue()`
builtin_catalogue = partial(shipped_cards, State)


@lru_cache(maxsize=256)
def merged_catalogue(extra: tuple[CardSpec, ...]) -> dict[str, CardSpec]:
    """The shipped catalogue (and the Rank-only cards) extended/overridden by `extra`."""
    cat = {c.name: c for c in builtin_catalogue() + RANK_ONLY_CARDS}
    folded = {n.casefold(): n for n in cat}
    for card in extra:
        base_name = folded.get(card.name.casefold())
        if base_name is None:
            cat[card.name] = card
            folded[card.name.casefold()] = card.name
        else:
            given = {f: getattr(card, f) for f in card.model_fields_set if f != "name"}
            cat[base_name] = cat[base_name].model_copy(update=given)
    return cat


def catalogue(state: State) -> dict[str, CardSpec]:
    """The catalogue in force for a situation: the shipped one, extended/overridden by state.cards."""
    return merged_catalogue(tuple(state.cards))


def known_rank(cat: dict[str, CardSpec], name: str | None) -> int | None:
    """A card's Rank as the catalogue gives it; None for a card or a Rank it does not know."""
    spec = cat.get(name)
    return spec.rank if spec is not None and isinstance(spec.rank, int) else None


# --------------------------------------------------------------------------- reading a situation


def deck_size(deck) -> int:
    """Cards known to be left in a deck (an unknown deck counts 0 here; see deck_empty)."""
    if deck == UNKNOWN:
        return 0
    return deck if isinstance(deck, int) else len(deck)


def deck_empty(deck) -> bool:
    """True when the deck is known to hold no card."""
    return deck != UNKNOWN and deck_size(deck) == 0


def state_names(state: State) -> set[str]:
    """Every card name the table shows (Board, areas, used, Exiled, listed decks)."""
    names = {c.name for c in state.board} | set(state.used) | set(state.exiled)
    for p in state.players:
        names.update(p.party, p.hand_cards, p.reward_area)
    for deck in state.decks.values():
        if isinstance(deck, tuple):
            names.update(deck)
    return names
