"""Nim's table: the players in their seats, the stones left in the heap, and the turns played."""
from __future__ import annotations

from engine.record import Field, Record


class Player(Record):
    name: str


class Take(Record):
    """A play: take `count` stones from the heap."""

    count: int


class State(Record):
    players: tuple[Player, ...]
    heap: int = Field(10, ge=0)
    turn: int = Field(0, ge=0)  # turns played; players[turn % len(players)] is to act
    winner: str | None = None
