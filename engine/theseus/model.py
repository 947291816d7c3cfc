"""Party of the Theseus: the situation format (State and its parts, Move) and the card catalogue.

The rulebook prints no card texts, so cards are described in a catalogue: the shipped one
(cards.toml, next to this module) extended or overridden by a situation's own `cards`.
"""
from __future__ import annotations

import tomllib
from collections import Counter
from functools import lru_cache
from pathlib import Path
from typing import Any, Literal, Union

from pydantic import Field, field_validator, model_validator

from engine.base import Frozen

ICONS: tuple[str, ...] = ("explore", "recruit", "subjugate")
LIMIT = 4  # Party and Hand limit
BOARD_SIZE = 4
LAST_RANK = 6
STARTING_PARTY: tuple[str, ...] = ("Knight", "Mage", "Rogue")
CATALOGUE_FILE = Path(__file__).with_name("cards.toml")

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


class BoardCard(Frozen):
    """A face-up Board card and the Bonuses lying on it (0 or 1)."""

    name: str = Field(min_length=1)
    bonus: int = Field(0, ge=0)


class Player(Frozen):
    """A player's areas, in the rulebook's words. Names of cards, one entry per copy."""

    name: str = Field(min_length=1)
    party: tuple[str, ...]
    hand: tuple[str, ...] = ()
    reward_area: tuple[str, ...] = ()
    bonuses: int = Field(0, ge=0, description="Bonuses in the Reward Area")


class State(Frozen):
    """A Party of the Theseus table: the situation-file format (see docs/moves-theseus.md)."""

    players: tuple[Player, ...] = Field(min_length=1, description="in turn (clockwise) order")
    active: str = Field("", description="name of the player whose turn it is (default: the first)")
    active_rank: int = Field(1, ge=1, le=LAST_RANK, description="Rank of the active Rank Deck")
    board: tuple[BoardCard, ...] = ()
    decks: dict[int, Union[tuple[str, ...], int]] = Field(
        description="cards left in each Rank Deck: a list of names (top first) or a count; "
        "every Rank from active_rank to 6 must be given"
    )
    used: tuple[str, ...] = Field((), description="names of the Party cards used this turn")
    basic_action: Icon | None = Field(None, description="the basic action taken this turn, if any")
    exiled: tuple[str, ...] = Field((), description="cards removed from the game (optional record)")
    exiled_bonuses: int = Field(0, ge=0)
    game_over: bool = False
    cards: tuple[CardSpec, ...] = Field((), description="catalogue entries added or overridden")

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
        return data

    @field_validator("active")
    @classmethod
    def _active_is_a_player(cls, value, info):
        names = [p.name for p in info.data.get("players", ())]
        if names and value not in names:
            raise ValueError(f"{value!r} is not one of the players ({', '.join(names)})")
        if len(set(names)) != len(names):
            raise ValueError("two players share a name")
        return value

    @field_validator("decks")
    @classmethod
    def _decks_complete(cls, value, info):
        for rank, deck in value.items():
            if not 1 <= rank <= LAST_RANK:
                raise ValueError(f"there is no Rank {rank} deck (Ranks are 1 to 6)")
            if isinstance(deck, int) and deck < 0:
                raise ValueError(f"the Rank {rank} deck cannot hold {deck} cards")
        active = info.data.get("active_rank", 1)
        missing = [r for r in range(active, LAST_RANK + 1) if r not in value]
        if missing:
            raise ValueError(
                "give every Rank Deck from the active Rank to 6 (a card list, top first, or a "
                f"count); missing: {', '.join(map(str, missing))}"
            )
        return value

    @field_validator("cards")
    @classmethod
    def _cards_unique(cls, value):
        seen = Counter(c.name.casefold() for c in value)
        twice = sorted(n for n, k in seen.items() if k > 1)
        if twice:
            raise ValueError(f"card entry given twice: {', '.join(twice)}")
        return value


class Move(Frozen):
    """One move of the player to act, normalised (names as in the catalogue, targets sorted)."""

    action: Literal["use", "basic", "exile", "end"]
    card: str | None = None
    icon: Icon | None = None
    targets: tuple[str, ...] = ()
    zone: Literal["party", "hand"] | None = None
    reveal: tuple[str, ...] = ()


# --------------------------------------------------------------------------- the catalogue


@lru_cache(maxsize=1)
def builtin_catalogue() -> tuple[CardSpec, ...]:
    """The shipped catalogue of the cards the rulebook names."""
    data = tomllib.loads(CATALOGUE_FILE.read_text(encoding="utf-8"))
    return tuple(CardSpec.model_validate(c) for c in data.get("cards", []))


@lru_cache(maxsize=256)
def _merged(extra: tuple[CardSpec, ...]) -> dict[str, CardSpec]:
    cat = {c.name: c for c in builtin_catalogue()}
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
    return _merged(tuple(state.cards))


# --------------------------------------------------------------------------- reading a situation


def _deck_size(deck) -> int:
    return deck if isinstance(deck, int) else len(deck)


def _active_player(state: State) -> Player:
    for p in state.players:
        if p.name == state.active:
            return p
    return state.players[0]


def _state_names(state: State) -> set[str]:
    names = {c.name for c in state.board} | set(state.used) | set(state.exiled)
    for p in state.players:
        names.update(p.party, p.hand, p.reward_area)
    for deck in state.decks.values():
        if not isinstance(deck, int):
            names.update(deck)
    return names
