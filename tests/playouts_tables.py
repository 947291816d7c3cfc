"""The tables of the generated games (tests/playouts.py): for each game, who sits down, the set-up and
the changes a table types as it plays (a dealer that knows what the companion is told), the plays and
changes that `moves` cannot list (dice rolled, cards revealed), and the most steps a game may take.
Each game's table is its own module, tests/engine/<game>_playout.py (a Dealer and a Title); TABLES
finds them from the games' list (engine.GAMES).

A table never decides a rule: what it offers is judged by the step, and only what the step accepts is
made (tests/playouts.py). The dealer of a game with hidden cards deals them with the game's own deck.
"""
from __future__ import annotations

import random


class Dealer:
    """What a table types besides the listed plays. `setup` once, `between` whenever the table has
    something to enter before the next play (a new round's deal), `extras` candidate plays and
    changes the listing cannot give, `choose` the next step among the accepted ones."""

    def __init__(self, rng: random.Random, players: list[str]):
        self.rng, self.names = rng, players

    def setup(self, state):
        return []

    def between(self, state):
        return []

    def extras(self, state, rng):
        return []

    def choose(self, state, options, rng):
        return rng.choice(options)


class Title:
    """A title's table: its players (the first of NAMES, as many as one of COUNTS), its options, its
    dealer, when its game is over, and the step bound it must end within."""

    NAMES: list[str] = []
    COUNTS: list[int] = []
    OPTIONS: dict[str, str] = {}

    @classmethod
    def players(cls, rng):
        return cls.NAMES[:rng.choice(cls.COUNTS)]

    @classmethod
    def options(cls, rng):
        return dict(cls.OPTIONS)


def command(kind: str, text: str, by: str | None = None):
    from tests.playouts import Command

    return Command(kind, text, by)


def _tables() -> dict:
    """game id -> its Title, from each game's tests/engine/<game package>_playout.py (a game without one
    has no generated games)."""
    import importlib
    import importlib.util

    from engine import GAMES

    for package in GAMES.values():
        module = f"tests.engine.{package.rsplit('.', 1)[-1]}_playout"
        if importlib.util.find_spec(module) is not None:
            importlib.import_module(module)
    return {t.GAME: t for t in Title.__subclasses__()}


TABLES = _tables()
