"""The five games: ids, names, aliases and player counts, and resolving what a user typed.

Deliberately free of pydantic so that cheap commands stay cheap.
"""
from __future__ import annotations

import difflib
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from rulesdb.errors import DataError, UnknownGame

DATA_DIR = Path(__file__).resolve().parent / "data"
GAME_IDS = ("catharsis", "cataclysm-arcade", "catopomp", "theseus", "catastrophe")


class Game(NamedTuple):  # not a dataclass: a search would import dataclasses for this alone
    id: str
    name: str
    aliases: tuple[str, ...]
    kind: str
    players_note: str
    min_players: int | None = None
    max_players: int | None = None

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


@lru_cache(maxsize=1)
def all_games() -> tuple[Game, ...]:
    """Every game, in the order of GAME_IDS."""
    import tomllib  # here: a search names its game by id (resolve_game) and parses no TOML

    path = DATA_DIR / "games.toml"
    try:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))["games"]
        games = {g["id"]: Game(**{**g, "aliases": tuple(g.get("aliases", ()))}) for g in raw}
    except (OSError, KeyError, TypeError, tomllib.TOMLDecodeError) as exc:
        raise DataError(f"{path}: cannot load the games list ({exc})") from exc
    return tuple(games[g] for g in GAME_IDS)


def resolve_game(text: str) -> str:
    """Turn an id, name or alias the user typed into a game id, or raise UnknownGame."""
    wanted = " ".join(text.lower().replace("_", " ").split())
    if wanted.replace(" ", "-") in GAME_IDS:  # an id, as the loop below would find it (tests/test_data.py)
        return wanted.replace(" ", "-")
    for game in all_games():
        names = {game.id, game.name.lower(), *(a.lower() for a in game.aliases)}
        if wanted in names or wanted.replace(" ", "-") in names:
            return game.id
    choices = [g.id for g in all_games()]
    near = difflib.get_close_matches(wanted, choices, n=2, cutoff=0.5)
    hint = f"did you mean {' or '.join(near)}? " if near else ""
    raise UnknownGame(f"unknown game {text!r}: {hint}choose one of {', '.join(choices)}")
