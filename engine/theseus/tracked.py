"""Party of the Theseus as the table tracker keeps it: TrackedTable (the engine's Player records
and the table's own counts), the cards a table records by Rank only or names with their Rank, and
the table's scores, which the move validator's final_scores() works out.
"""
from __future__ import annotations

import re
from typing import Any

from pydantic import Field, model_validator

from engine.base import Frozen, MoveSyntaxError

from .model import LAST_RANK, LIMIT, CardSpec, Player, State
from .rule_ids import R_VP_EXTRA
from .validator import Engine

MAX_RANK_TOTAL = LIMIT * LAST_RANK  # 4 cards of at most Rank 6


def rank_only_name(rank: int) -> str:
    """The name the tracker gives a card the table records by its Rank only."""
    return f"Rank {rank} card"


#: catalogue entries for cards recorded by Rank only ("reward ann rank 5", "party ann 4 3 2 1")
RANK_ONLY_CARDS: tuple[CardSpec, ...] = tuple(
    CardSpec(name=rank_only_name(r), rank=r, source="tracker: a card the table recorded by its Rank only")
    for r in range(1, LAST_RANK + 1)
)
_RANK_ONLY_NAMES = {c.name.casefold() for c in RANK_ONLY_CARDS}


class TrackedTable(Frozen):
    """Party of the Theseus as the tracker keeps it for a table playing with real cards.

    `players` are the engine's Player records (Party, Hand, Reward Area, Bonuses) in turn
    (clockwise) order; cards recorded by Rank only are named "Rank N card". `cards` adds to or
    completes the shipped catalogue for this game (e.g. a card the table named with its Rank).
    """

    players: tuple[Player, ...] = Field(min_length=1)
    active: str = Field(description="the player whose turn it is")
    active_rank: int = Field(1, ge=1, le=LAST_RANK, description="Rank of the active Rank Deck")
    last_rank6_left: bool = Field(False, description="the last Rank 6 card has left the Board")
    game_over: bool = False
    turn: int = Field(1, ge=1, description="turns begun so far, the first being 1")
    cards: tuple[CardSpec, ...] = ()
    effect_points: dict[str, int] = Field(
        default_factory=dict, description="end-game points from card effects, as the table counted them"
    )
    party_ranks: dict[str, int] = Field(
        default_factory=dict, description="Party Rank totals entered directly (instead of the cards)"
    )
    hand_ranks: dict[str, int] = Field(
        default_factory=dict, description="Hand Rank totals entered directly (instead of the cards)"
    )

    @model_validator(mode="after")
    def _holds_together(self) -> "TrackedTable":
        names = [p.name for p in self.players]
        if len({n.casefold() for n in names}) != len(names):
            raise ValueError("players: two players share a name")
        if self.active not in names:
            raise ValueError(f"active: {self.active!r} is not one of the players ({', '.join(names)})")
        for field in ("effect_points", "party_ranks", "hand_ranks"):
            strangers = sorted(set(getattr(self, field)) - set(names))
            if strangers:
                raise ValueError(f"{field}: {', '.join(strangers)} is not a player")
        for field in ("party_ranks", "hand_ranks"):
            if any(v < 0 for v in getattr(self, field).values()):
                raise ValueError(f"{field}: a Rank total cannot be negative")
        return self

    def player(self, name: str) -> Player:
        for p in self.players:
            if p.name == name:
                return p
        raise MoveSyntaxError(f"unknown player {name!r}; players: {', '.join(p.name for p in self.players)}")


ENGINE_FOR_SCORING = Engine()


def scoring_state(table: TrackedTable) -> State:
    """The engine's State for a tracked table: the Board and decks are not tracked (empty)."""
    return State(
        players=table.players,
        active=table.active,
        active_rank=table.active_rank,
        decks={r: 0 for r in range(table.active_rank, LAST_RANK + 1)},
        game_over=table.game_over,
        cards=tuple(table.cards) + RANK_ONLY_CARDS,
    )


def tracked_scores(table: TrackedTable) -> dict[str, Any]:
    """Engine.final_scores() of a tracked table, with the points and Rank totals the table entered."""
    return ENGINE_FOR_SCORING.final_scores(
        scoring_state(table),
        effect_points=table.effect_points,
        party_ranks=table.party_ranks,
        hand_ranks=table.hand_ranks,
    )


_EFFECT_NOTE = "card effect not checked: end-game points from the effects of"
_TRACKER_EFFECT_NOTE = (
    f"{R_VP_EXTRA}: the rulebook prints no card texts; points from card effects count only as "
    "the table enters them (`points PLAYER +N`)"
)


def _notes(result: dict[str, Any]) -> list[str]:
    """final_scores() notes as a table reads them (the effect note says how to enter points)."""
    out = []
    for note in result["unchecked"]:
        note = _TRACKER_EFFECT_NOTE if note.startswith(_EFFECT_NOTE) else note
        if note not in out:
            out.append(note)
    return out


def _note_rule(note: str) -> str | None:
    head = note.split(":", 1)[0].strip()
    return head if head.startswith("theseus.") else None


class _Item(Frozen):
    """One card as the table named it: by name, by name with its Rank (and VP), or by Rank only."""

    name: str | None = None
    rank: int | None = None
    vp: int | None = None

    def label(self) -> str:
        if self.name is None:
            return str(self.rank)
        text = self.name if self.rank is None else f"{self.name}:{self.rank}"
        return text if self.vp is None else f"{text}:{self.vp}vp"


_ITEM = re.compile(r"^(?P<name>.*?\S)\s*:\s*(?P<rank>[+-]?\d+)(?:\s*:\s*(?P<vp>\d+)\s*(?:vp)?)?$", re.I)
_INT = re.compile(r"^[+-]?\d+$")
_AMOUNT = re.compile(r"^([+\-=]?)(\d+)$")


def _read_item(text: str) -> _Item:
    """A Change argument back into an item ("4", "Paladin", "Dragon:5", "Dragon:5:3vp")."""
    if _INT.match(text):
        return _Item(rank=int(text))
    m = _ITEM.match(text)
    if m:
        return _Item(name=m["name"], rank=int(m["rank"]), vp=int(m["vp"]) if m["vp"] else None)
    return _Item(name=text)
