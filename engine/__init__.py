"""Per-game rules engines: the situation on the table, moves, and verdicts that cite rule ids.

Each game package declares itself in one record, `GAME` (an engine.game.Declaration built from its
module functions). `get_game(game)` loads one lazily, so the CLI never imports every game's models at
start-up; `get_engine` and `get_tracker` give the two faces built from it (engine.base.Engine,
engine.tracking.Tracker).
"""
from __future__ import annotations

import importlib

# game id -> module under engine/ (games without an engine yet are absent)
ENGINES = {
    "catastrophe": "engine.catastrophe",
    "catharsis": "engine.catharsis",
    "cataclysm-arcade": "engine.cataclysm_arcade",
    "catopomp": "engine.catopomp",
    "theseus": "engine.theseus",
}


# game id -> module whose declaration has a tracker (every game's)
TRACKERS = {
    "catharsis": "engine.catharsis",
    "cataclysm-arcade": "engine.cataclysm_arcade",
    "catastrophe": "engine.catastrophe",
    "catopomp": "engine.catopomp",
    "theseus": "engine.theseus",
}


def declaration(game: str):
    """The game's declaration (engine.game.Declaration), its package's `GAME`."""
    return importlib.import_module(ENGINES.get(game) or TRACKERS[game]).GAME


def get_tracker(game: str):
    """The tracker of a game id, or EngineUnavailable naming the games that have one."""
    from engine.base import EngineUnavailable

    module = TRACKERS.get(game)
    if module is None:
        raise EngineUnavailable(f"no tracker for {game} yet; games with one: {', '.join(sorted(TRACKERS))}")
    from engine.tracking import Tracker

    return Tracker(declaration(game))


def get_engine(game: str):
    """The rules engine of a game id, or EngineUnavailable naming the games that have one."""
    from engine.base import EngineUnavailable

    module = ENGINES.get(game)
    if module is None:
        raise EngineUnavailable(
            f"no move validator for {game} yet; games with one: {', '.join(sorted(ENGINES))}"
        )
    from engine.base import Engine

    return Engine(declaration(game))


def get_game(game: str):
    """The game's Tracker and (where they keep one State) Engine bound as an engine.base.Game: what
    the one checked step (engine.base.step) takes. EngineUnavailable for a game without a tracker."""
    from engine.base import Game

    return Game(get_tracker(game), get_engine(game) if game in ENGINES else None)
