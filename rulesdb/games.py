"""The games, each read from its `rulesdb/data/<game>/game.toml` (docs/architecture.md, Add a game;
docs/data-format.md), and resolving what a user typed. Free of pydantic, so cheap commands stay
cheap; naming a game by its id parses no TOML."""
from __future__ import annotations

import difflib
import os
from collections import namedtuple
from functools import lru_cache
from pathlib import Path

from rulesdb.errors import DataError, UnknownGame

DATA_DIR = Path(__file__).resolve().parent / "data"
GAME_FILE = "game.toml"


def _shipped_ids(data_dir: Path = DATA_DIR) -> tuple[str, ...]:
    """Every folder of the rules data holding a game.toml, in the games' `order` (read from its own
    line, so listing the ids parses no TOML; all_games checks it against the parsed file)."""
    found = []
    for name in os.listdir(data_dir):
        try:
            with open(os.path.join(data_dir, name, GAME_FILE), encoding="utf-8") as file:
                text = file.read()
        except (FileNotFoundError, NotADirectoryError):
            continue
        order = next((value for key, _, value in (line.partition("=") for line in text.splitlines())
                      if key.strip() == "order" and value.strip().isdigit()), "0")
        found.append((int(order), name))
    return tuple(name for _, name in sorted(found))


#: the shipped games' ids, in their order
GAME_IDS = _shipped_ids()


class Game(namedtuple("Game", "id name aliases kind players_note min_players max_players order rulebook package",
                      defaults=(None, None, 0, "", ""))):
    """A game: its id, name, aliases (a tuple), kind and players' note, min_players and max_players
    (None when the rulebook says none), order, rulebook (its file among the project's source texts)
    and package (the module declaring the game, `GAME`; by default engine.<id with _>). Not a
    dataclass (a search would import dataclasses for this alone), nor typing's NamedTuple (its string
    annotations cost a compile each at import: start-up is measured)."""

    __slots__ = ()

    @property
    def players(self) -> str:
        """Player count as a short range ("2-4", "2+", "up to 6", "?")."""
        lo, hi = self.min_players, self.max_players
        if lo and hi:
            return f"{lo}-{hi}"
        if lo:
            return f"{lo}+"
        if hi:
            return f"up to {hi}"
        return "not stated"

    def as_json(self) -> dict:
        """The game as `companion games --json` prints it."""
        return {"id": self.id, "name": self.name, "aliases": list(self.aliases), "kind": self.kind,
                "min_players": self.min_players, "max_players": self.max_players, "players_note": self.players_note}


#: games added from outside the project's rules data (add_game): id -> its record
_ADDED: dict[str, Game] = {}


def _read_game(path: Path) -> Game:
    import tomllib  # here: a search names its game by id (resolve_game) and parses no TOML

    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
        return Game(**{**raw, "aliases": tuple(raw.get("aliases", ()))})
    except (OSError, KeyError, TypeError, tomllib.TOMLDecodeError) as exc:
        raise DataError(f"{path}: cannot load the game ({exc})") from exc


@lru_cache(maxsize=1)
def _shipped_games() -> tuple[Game, ...]:
    games = []
    for game_id in GAME_IDS:
        path = DATA_DIR / game_id / GAME_FILE
        game = _read_game(path)
        if game.id != game_id:
            raise DataError(f"{path}: field id: {game.id} does not match its folder {game_id}")
        games.append(game)
    return tuple(games)


def all_games() -> tuple[Game, ...]:
    """Every game: the shipped ones in their order, then any added by add_game."""
    return (*_shipped_games(), *_ADDED.values())


def game_ids() -> tuple[str, ...]:
    """Every game's id: GAME_IDS, then any added by add_game."""
    return (*GAME_IDS, *_ADDED)


def add_game(folder: Path) -> Game:
    """Add the game whose `game.toml` is in `folder` (a game declared outside the project, as the toy
    game of the tests): from now on it is listed, resolved and registered like a shipped one."""
    game = _read_game(Path(folder) / GAME_FILE)
    if not game.package:
        raise DataError(f"{Path(folder) / GAME_FILE}: field package: a game added from outside names its module")
    _ADDED[game.id] = game
    return game


def drop_game(game: str) -> None:
    """Take back a game add_game added (a test's toy game, once its test is done)."""
    _ADDED.pop(game, None)


def package(game: str) -> str:
    """The module declaring a game (its `GAME`): engine.<id with _> unless its game.toml says."""
    added = _ADDED.get(game)
    return added.package if added else "engine." + game.replace("-", "_")


def resolve_game(text: str) -> str:
    """Turn an id, name or alias the user typed into a game id, or raise UnknownGame."""
    wanted = " ".join(text.lower().replace("_", " ").split())
    if wanted.replace(" ", "-") in game_ids():  # an id, as the loop below would find it (tests/test_data.py)
        return wanted.replace(" ", "-")
    for game in all_games():
        names = {game.id, game.name.lower(), *(a.lower() for a in game.aliases)}
        if wanted in names or wanted.replace(" ", "-") in names:
            return game.id
    choices = [g.id for g in all_games()]
    near = difflib.get_close_matches(wanted, choices, n=2, cutoff=0.5)
    hint = f"did you mean {' or '.join(near)}? " if near else ""
    raise UnknownGame(f"unknown game {text!r}: {hint}choose one of {', '.join(choices)}")
