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

#: every key of a game's file -> its kind (OPTIONAL: the keys a game may leave out); the tables' own keys.
#: Each key is described where a shipped game's file sets it (tests/games/catharsis.toml sets most).
KEYS = {
    # the tracker's options, changes and verbs (test_track_options, test_plain_records_imports, test_snapshots,
    # test_track_table, test_cards_library, test_cli...)
    "required_options": dict, "new_options": dict, "option_names": str, "near_miss": list, "naming": list,
    "changes": list, "snapshot": dict, "step": dict, "tracked": dict, "setup": list, "too_many_players": dict,
    "listed_aliases": dict, "card_catalogue": bool, "player_range": list,
    # its rules data and search (test_scenarios, test_data, test_installed)
    "noted": int, "question": str, "required_terms": list, "worked_examples": bool, "left_open": list,
    # its engine (test_working_table, test_odds_hook, test_stats_shares, test_installed)
    "working_table": str, "odds": list, "odds_options": list, "hides_hand": bool,
    # scripts and tables the generic tests run (test_docs_run_help, test_docs_run_verbs, test_history,
    # test_serve_taps, test_snapshots, test_playouts, hidden_oracle)
    "check_table": list, "verb_script": list, "evening": dict, "taps": dict, "seeded_game": dict,
    "playout_seeds": list, "secrets": dict,
    # its finished record's result, as history, a recap and the BG Stats play say it (test_outcome_words)
    "outcomes": list,
    # its own cases for the tests that check a sample per game (test_answers, test_exceptions, test_docs_run_help,
    # test_search_mentions, test_search_ranking, test_cli_scripts, test_input_limits, test_readings_once,
    # test_track_table, test_track_amounts: each key's comment in a game's file names its test); a game may
    # leave any out
    "definition": dict, "exception": dict, "help_examples": dict,
    "mentions": list, "players_words": list, "ranking": dict,
    "odds_refused": list, "bad_field": dict, "refused_names": list,
    "misplaced_card": dict, "counter_line": dict, "amounts": dict,
}
#: the keys of SAMPLES: a game's own cases, each optional (a game without one is not checked there)
SAMPLES = {"definition", "exception", "help_examples", "mentions", "players_words", "ranking", "odds_refused", "bad_field",
           "refused_names", "misplaced_card", "counter_line", "amounts"}
OPTIONAL = {"working_table", "odds", "odds_options", "too_many_players", "seeded_game", "outcomes", "listed_aliases",
            "player_range", "left_open"} | SAMPLES
TABLES = {"snapshot": {"players", "options", "changes"}, "step": {"players", "options", "prelude"},
          "tracked": {"players", "options", "change"}, "secrets": {"oracle", "field", "table_plays", "left_out"},
          "evening": {"at", "players", "options", "changes", "winners", "plays", "length", "figures", "whole_figures"},
          "taps": {"at", "players", "options", "setup", "plays"}, "too_many_players": {"count", "says"},
          "seeded_game": {"module", "new"}, "outcomes": {"result", "said", "comment"},
          "definition": {"ask", "first", "then"},
          "exception": {"ask", "general", "exception"}, "help_examples": {"reading", "plan"},
          "mentions": {"ask", "first", "across"}, "players_words": {"ask", "wanted"},
          "ranking": {"same_order", "two_part"},
          "bad_field": {"situation", "field"}, "refused_names": {"names", "problem"},
          "misplaced_card": {"typed", "play", "card"},
          "counter_line": {"change", "starts", "says"},
          "amounts": {"zero", "huge", "count", "last"}}


@lru_cache(maxsize=None)
def game_data(game: str) -> dict:
    """The test data of one game, checked against the closed schema."""
    path = HERE / f"{game}.toml"
    if not path.is_file():
        raise FileNotFoundError(f"{path}: no test data for the game {game}: a game adds its own (docs/architecture.md, "
                                "\"Add a game\"; its keys: KEYS here, each described in a shipped game's file)")
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    for key, value in data.items():
        if key not in KEYS:
            raise ValueError(f"{path}: {key}: unknown key (known: {', '.join(KEYS)})")
        if not isinstance(value, KEYS[key]):
            raise ValueError(f"{path}: {key}: a {KEYS[key].__name__}, not {type(value).__name__}")
        for table in (value if isinstance(value, list) else [value]) if key in TABLES else ():
            if set(table) - TABLES[key]:  # a table, or each of a list of tables ([[outcomes]])
                raise ValueError(f"{path}: {key}.{sorted(set(table) - TABLES[key])[0]}: unknown key")
    return data


def per_game(key: str) -> dict:
    """game -> its `key`, for every shipped game whose file has it (the shape the tests' tables had)."""
    return {game: game_data(game)[key] for game in GAME_IDS if key in game_data(game)}


def cases(key: str) -> dict:
    """game -> its own cases under `key` (one of SAMPLES), for every shipped game whose file has them. A game
    whose file is not written yet has none here (tests/test_game_data.py names the missing file), so no
    test module stops at collection for want of it."""
    if key not in SAMPLES:
        raise KeyError(f"{key}: not one of a game's own cases (SAMPLES: {', '.join(sorted(SAMPLES))})")
    return {game: game_data(game)[key] for game in GAME_IDS if (HERE / f"{game}.toml").is_file() and key in game_data(game)}
