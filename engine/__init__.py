"""Per-game rules engines, and the registry that finds them: `GAMES` (game id -> the package declaring
it, derived from the games' rules data), `declaration(game)` loaded lazily (the CLI imports no game at
start-up), and the two faces built from it (`get_engine`, `get_tracker`) bound by `get_game`.
"""
from __future__ import annotations

import importlib


def __getattr__(name: str):
    if name == "GAMES":  # derived on each read, so a game added by rulesdb.games.add_game is in it
        from rulesdb.games import game_ids, package

        return {game: package(game) for game in game_ids()}
    raise AttributeError(f"module 'engine' has no attribute {name!r}")


def declaration(game: str):
    """The game's declaration (engine.game.Declaration), its package's `GAME`."""
    from rulesdb.games import package

    return importlib.import_module(package(game)).GAME


def _known(game: str, what: str) -> None:
    from rulesdb.games import game_ids

    if game not in game_ids():
        from engine.base import EngineUnavailable

        raise EngineUnavailable(f"no {what} for {game} yet; games with one: {', '.join(sorted(game_ids()))}")


def get_tracker(game: str):
    """The tracker of a game id, or EngineUnavailable naming the games that have one."""
    _known(game, "tracker")
    from engine.tracking import Tracker

    return Tracker(declaration(game))


def get_engine(game: str):
    """The rules engine of a game id, or EngineUnavailable naming the games that have one."""
    _known(game, "move validator")
    from engine.base import Engine

    return Engine(declaration(game))


def get_game(game: str):
    """The game's Tracker and (where they keep one State) Engine bound as an engine.base.Game: what
    the one checked step (engine.base.step) takes. EngineUnavailable for a game without a tracker."""
    from engine.base import Game

    tracker = get_tracker(game)
    return Game(tracker, get_engine(game) if tracker.declaration.plays is not None else None)
