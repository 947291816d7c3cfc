"""Each game's own test data, `tests/games/<game>.toml`, read by the generic tests (and the toy game
nim/ the "add a game" recipe of docs/architecture.md is proven with: tests/test_add_a_game.py).

One closed schema (KEYS): a key a file does not declare fails, naming the file and the key. A new game
adds its own file here and no test's table changes."""
from __future__ import annotations

import tomllib
from functools import lru_cache
from pathlib import Path

from rulesdb.games import GAME_IDS

HERE = Path(__file__).resolve().parent

#: every key of a game's file -> its kind (OPTIONAL: the keys a game may leave out); the tables' own keys
KEYS = {"required_options": dict, "new_options": dict, "option_names": str, "near_miss": list, "naming": list,
        "changes": list, "snapshot": dict, "step": dict, "noted": int, "question": str, "tracked": dict,
        "setup": list, "required_terms": list, "working_table": str,
        "check_table": list, "verb_script": list, "secrets": dict,
        "playout_seeds": list, "evening": dict, "hides_hand": bool, "taps": dict, "odds": list, "odds_options": list,
        "worked_examples": bool, "too_many_players": dict,
        "seeded_game": dict}
OPTIONAL = {"working_table", "odds", "odds_options", "too_many_players", "seeded_game"}
TABLES = {"snapshot": {"players", "options", "changes"}, "step": {"players", "options", "prelude"},
          "tracked": {"players", "options", "change"}, "secrets": {"oracle", "field", "left_out"},
          "evening": {"at", "players", "options", "changes", "winners", "plays", "length", "figures", "whole_figures"},
          "taps": {"at", "players", "options", "setup", "plays"}, "too_many_players": {"count", "says"},
          "seeded_game": {"module", "new"}}


@lru_cache(maxsize=None)
def game_data(game: str) -> dict:
    """The test data of one game, checked against the closed schema."""
    path = HERE / f"{game}.toml"
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    for key, value in data.items():
        if key not in KEYS:
            raise ValueError(f"{path}: {key}: unknown key (known: {', '.join(KEYS)})")
        if not isinstance(value, KEYS[key]):
            raise ValueError(f"{path}: {key}: a {KEYS[key].__name__}, not {type(value).__name__}")
        if key in TABLES and set(value) - TABLES[key]:
            raise ValueError(f"{path}: {key}.{sorted(set(value) - TABLES[key])[0]}: unknown key")
    return data


def per_game(key: str) -> dict:
    """game -> its `key`, for every shipped game whose file has it (the shape the tests' tables had)."""
    return {game: game_data(game)[key] for game in GAME_IDS if key in game_data(game)}
