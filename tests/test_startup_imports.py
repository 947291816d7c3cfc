"""What each one-shot command loads: nothing it does not use (issue 13). Each runs in a fresh
process that reports the modules it imported; the timing itself is in benchmarks/startup_speed.py."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import GAMES, installed_cwd, SCRIPT

PROBE = """
import runpy, sys, json
sys.argv = ['companion'] + sys.argv[1:]
try:
    runpy.run_module('companion', run_name='__main__')
except SystemExit:
    pass
tops = sorted({m.split('.')[0] for m in sys.modules} | {m for m in sys.modules if m.startswith(('engine.', 'companion.'))})
print(json.dumps(tops), file=sys.stderr)
"""


def loaded(home, *args, env=None) -> set[str]:
    done = subprocess.run([sys.executable, "-c", PROBE, *args], capture_output=True, text=True, cwd=installed_cwd(), timeout=120,
                          env={**os.environ, "COMPANION_HOME": str(home), **(env or {})})
    return set(json.loads(done.stderr.strip().splitlines()[-1]))


@pytest.fixture(scope="module")
def table(tmp_path_factory):
    home = tmp_path_factory.mktemp("startup")
    for args in (("track", "new", "cataclysm-arcade", "--players", "Ann,Ben"),
                 ("rules", "search", "reroll", "--game", "catharsis"), ("rules", "define", "enforcer")):
        assert subprocess.run([str(SCRIPT), *args], cwd=installed_cwd(), capture_output=True, timeout=120,
                              env={**os.environ, "COMPANION_HOME": str(home)}).returncode == 0
    return home


def test_a_search_loads_neither_pydantic_nor_a_game_engine(table):
    mods = loaded(table, "rules", "search", "reroll one die", "--game", "catharsis")
    assert "whoosh" in mods
    assert not {"pydantic", "engine", "trackers", "prompt_toolkit"} & mods
    # what whoosh-reloaded pulled in and a search never uses (the reason for whoosh3)
    assert not {"asyncio", "email", "http"} & mods


def test_a_printed_search_and_a_printed_change_load_no_rich(table):
    """The hits and a change's line are written by companion/writer.py, byte for byte as rich would
    (tests/test_writer.py); rich's console is some twenty milliseconds of their start-up."""
    for args in (("rules", "search", "reroll one die", "--game", "catharsis"), ("rules", "search", "zzqx"),
                 ("track", "coins", "ann", "+1"), ("undo",), ("rules", "define", "enforcer")):
        assert "rich" not in loaded(table, *args), args
    env = {"FORCE_COLOR": "1"}  # in colour too
    assert "rich" not in loaded(table, "rules", "search", "reroll one die", "--game", "catharsis", env=env)
    assert "rich" in loaded(table, "track", "coins", "ann", "+1", "--verbose")  # its rule ids in colour


IMPORT_SYSTEM = """
import runpy, sys, json
hooks = list(sys.meta_path), list(sys.path_hooks)
sys.argv = ['companion'] + sys.argv[1:]
try:
    runpy.run_module('companion', run_name='__main__')
except SystemExit:
    pass
print(json.dumps((list(sys.meta_path), list(sys.path_hooks)) == hooks), file=sys.stderr)
"""


def test_a_one_shot_command_leaves_the_import_system_as_python_set_it_up(table):
    """typer's, whoosh's and rich's modules are imported as they are written: the process adds no
    finder or hook that would change another library's imports."""
    for args in (("rules", "search", "reroll one die", "--game", "catharsis"), ("track", "coins", "ann", "+1"),
                 ("rules", "define", "enforcer"), ("--help",)):
        done = subprocess.run([sys.executable, "-c", IMPORT_SYSTEM, *args], capture_output=True, text=True,
                              cwd=installed_cwd(), timeout=120, env={**os.environ, "COMPANION_HOME": str(table)})
        assert json.loads(done.stderr.strip().splitlines()[-1]) is True, (args, done.stderr)


def test_json_output_loads_no_rich(table):
    for args in (("rules", "search", "reroll one die", "--json"), ("track", "coins", "ann", "+1", "--json"),
                 ("rules", "define", "enforcer", "--json"), ("track", "watch", "--ticks", "1", "--json"),
                 ("track", "situation", "--json"), ("play", "pass", "--by", "ben", "--json")):
        assert "rich" not in loaded(table, *args), args


def test_a_tracker_change_loads_its_own_game_only_and_no_search(table):
    mods = loaded(table, "track", "coins", "ann", "+1")
    assert "engine.cataclysm_arcade" in mods and "pydantic" not in mods  # plain records (engine/record.py)
    others = {"engine." + game.replace("-", "_") for game in GAMES} - {"engine.cataclysm_arcade"}
    assert not others & mods
    assert not {"whoosh", "tomllib", "prompt_toolkit"} & mods


def test_stats_from_the_cache_load_no_game_engine(table):
    """Issue 26: once a session's outcome is cached, `stats` and `history` replay nothing: no game's
    engine is imported (the code digest is read from the files), and `--json` loads no rich."""
    loaded(table, "stats", "--json")  # the first reads every log and caches the records
    for args in (("stats", "--json"), ("history", "--json")):
        mods = loaded(table, *args)
        games = tuple("engine." + game.replace("-", "_") for game in GAMES)
        assert not [m for m in mods if m.startswith(games)] and not {"rich", "pydantic", "whoosh"} & mods, args
    assert "rich" in loaded(table, "stats")  # the tables and bars for people


def test_lookups_read_the_reference_cache_without_pydantic_or_toml(table):
    for args in (("rules", "define", "enforcer"), ("rules", "show", "catopomp.dice-boost")):
        mods = loaded(table, *args)
        assert not {"pydantic", "whoosh", "engine", "tomllib"} & mods, args


def test_a_search_by_game_id_parses_no_toml_and_loads_no_json(table):
    """The game given by its id needs no games list (rulesdb.games.resolve_game); JSON is loaded
    only by what prints or reads it (the probe above imports json itself: -X importtime here)."""
    mods = loaded(table, "rules", "search", "reroll one die", "--game", "catharsis")
    assert "tomllib" not in mods
    done = subprocess.run([sys.executable, "-X", "importtime", str(SCRIPT), "rules", "search", "reroll one die", "--game",
                           "catharsis"], capture_output=True, text=True, cwd=installed_cwd(), timeout=120,
                          env={**os.environ, "COMPANION_HOME": str(table)})
    names = {line.rsplit("|", 1)[1].strip() for line in done.stderr.splitlines() if line.startswith("import time:")}
    assert done.returncode == 0 and "whoosh.index" in names and not {"json", "tomllib"} & names
    assert "tomllib" in loaded(table, "rules", "search", "reroll one die", "--game", "divine wrath")  # an alias


def _tree(argv: list[str]) -> dict:
    """The command tree the process entry builds for these words: {name: sub-tree or None}."""
    import typer

    from companion.cli import invoked_app

    def walk(cmd) -> dict:
        return {name: (walk(sub) if hasattr(sub, "commands") else None) for name, sub in cmd.commands.items()}

    return walk(typer.main.get_command(invoked_app(argv)))


def test_the_process_builds_only_the_invoked_command():
    assert set(_tree(["play", "heaven 4 5"])) == {"play"}
    assert _tree(["--data-dir", "/tmp/x", "track", "coins", "ann", "+1"]) == {"track": {"_change": None}}
    assert _tree(["--data-dir=/tmp/x", "track", "undo"]) == {"track": {"undo": None, "_change": None}}
    assert _tree(["--data-dir", "track", "track", "undo"]) == {"track": {"undo": None, "_change": None}}
    assert _tree(["rules", "search", "reroll"]) == {"rules": {"search": None}}
    assert _tree(["--data-dir", "/tmp/x", "rules", "define", "armor"]) == {"rules": {"define": None}}
    # an unknown verb or none: the whole group, so the error or the help names its commands
    assert _tree(["rules", "serch", "reroll"]) == _tree(["rules"]) == {"rules": _tree([])["rules"]}
    assert len(_tree(["rules"])["rules"]) > 3


@pytest.mark.parametrize("argv", [[], ["--help"], ["play", "--help"], ["track", "-h"], ["--version"], ["plya"],
                                  ["track"], ["--data-dir"]])
def test_help_errors_and_suggestions_come_from_the_whole_tree(argv):
    whole = _tree([])
    assert _tree(argv) == whole or (argv == ["track"] and set(_tree(argv)) == {"track"})


def test_each_top_level_word_builds_from_the_modules_that_add_it():
    """companion.cli.COMMANDS names every top-level word of the command modules: each builds the
    command it runs, and the root with them all is the whole app."""
    from companion.cli import COMMANDS, root_app
    from companion.typer_parts import command_name

    own = {command_name(c) for c in root_app.registered_commands}
    assert set(_tree([])) == own | set(COMMANDS) and not own & set(COMMANDS)
    for word in COMMANDS:
        assert word in _tree([word, "x"]), word


def test_a_search_imports_no_other_command_module(table):
    """Read from sys.modules: `python -X importtime` does not list a module loaded by
    importlib.import_module, which is how cli.py loads a command's module."""
    names = loaded(table, "rules", "search", "reroll one die", "--game", "catharsis")
    assert "companion.rules_cmd" in names
    assert not {"companion.play_cmd", "companion.track_cmd", "companion.history_cmd", "companion.cards_cmd",
                "companion.odds_cmd"} & names


CATALOGUE_READS = """
import importlib, json, sys
import engine
from engine import library
models = [importlib.import_module(f"{package}.model") for package in engine.GAMES.values()]
loaded_by_models = "tomllib" in sys.modules
import tomllib
parses = []
loads = tomllib.loads
tomllib.loads = lambda text: parses.append(text) or loads(text)
for model in models:
    for reader in ("builtin_catalogue", "shipped"):
        if hasattr(model, reader):
            getattr(model, reader)()
    library.shipped_entries(model.State), library.catalogue_key(model.State), library.catalogue_key(model.State)
print(json.dumps([loaded_by_models, len(parses), sum(library.catalogue_file(m.State) is not None for m in models)]))
"""


def test_each_shipped_catalogue_is_parsed_once_and_only_when_read():
    """One reader (engine.library) serves every game's cards.toml: the models import no TOML parser,
    and the game's catalogue, its entries and its key come from one parse of the file."""
    done = subprocess.run([sys.executable, "-c", CATALOGUE_READS], capture_output=True, text=True, timeout=120,
                          cwd=Path(__file__).resolve().parent.parent)
    loaded_by_models, parses, files = json.loads(done.stdout.strip().splitlines()[-1])
    assert not loaded_by_models
    assert files >= 4 and parses == files, (parses, files)
