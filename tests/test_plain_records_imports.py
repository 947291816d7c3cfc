"""The play and tracker paths load no pydantic (the engines' records are plain dataclasses,
engine/record.py); only untrusted input (a situation file) is validated by pydantic. Each command
runs in a fresh process that reports what it imported (the timing is in benchmarks/); the tables it
runs on are set up, and read back, in-process (what they load is not the question there)."""
from __future__ import annotations

import os
import subprocess

import pytest

from tests.conftest import installed_cwd, run_in_process, SCRIPT
from tests.games import per_game
from tests.test_startup_imports import loaded

SESSIONS = {  # game -> (players, options, a tracker change that is legal on a new table): tests/games/<game>.toml
    game: (t["players"], tuple(t["options"]), tuple(t["change"])) for game, t in per_game("tracked").items()}


def companion(home, *args: str) -> subprocess.CompletedProcess:
    """A set-up or read-back command, in-process (typer's runner): only `loaded` needs a fresh process."""
    done = run_in_process(*args, env={"COMPANION_HOME": str(home)})
    assert done.returncode == 0, (args, done.stderr)
    return done


@pytest.fixture(scope="module")
def tables(tmp_path_factory):
    home = tmp_path_factory.mktemp("plain")
    # builds the rules reference cache (validating: pydantic) in a fresh process: in this one the
    # reference may be loaded already, and then `rules define` writes no cache
    done = subprocess.run([str(SCRIPT), "rules", "define", "enforcer"], cwd=installed_cwd(), capture_output=True,
                          text=True, timeout=120, env={**os.environ, "COMPANION_HOME": str(home)})
    assert done.returncode == 0, done.stderr
    for game, (players, options, _change) in SESSIONS.items():
        companion(home, "track", "new", game, "--players", players, "--name", game, *options)
    return home


@pytest.mark.parametrize("game", list(SESSIONS))
def test_a_tracker_change_loads_no_pydantic(tables, game):
    companion(tables, "track", "switch", game)
    mods = loaded(tables, "track", *SESSIONS[game][2])
    assert f"engine.{game.replace('-', '_')}" in mods
    assert "pydantic" not in mods, game


def test_play_show_and_undo_load_no_pydantic(tables):
    companion(tables, "track", "new", "catopomp", "--players", "Ann,Ben,Cy", "--name", "play", "--option", "start=ann")
    companion(tables, "track", "dice", "1", "2", "3", "4", "5", "6")
    before = companion(tables, "track", "show", "--json").stdout
    mods = loaded(tables, "play", "heaven 4 5 then hell 2")
    assert "engine.catopomp" in mods and "pydantic" not in mods
    assert companion(tables, "track", "show", "--json").stdout != before  # the play was recorded
    for args in (("track", "show"), ("track", "show", "--json"), ("track", "undo"), ("moves",), ("status",),
                 ("check", "heaven 4 5 then hell 2"), ("track", "situation")):
        assert "pydantic" not in loaded(tables, *args), args
    assert companion(tables, "track", "show", "--json").stdout == before  # undone


def test_a_bad_situation_file_is_still_refused_naming_the_field(tables, tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('turn = "Ann"\n', encoding="utf-8")
    done = subprocess.run([str(SCRIPT), "check", "catopomp", "--move", "heaven 4",
                           "--situation", str(bad)], cwd=installed_cwd(), capture_output=True, text=True, timeout=120,
                          env={**os.environ, "COMPANION_HOME": str(tables)})
    assert done.returncode == 2
    assert done.stderr.strip().splitlines()[-1].endswith(f"{bad}: field players: missing, and it is required")
    nested = tmp_path / "nested.toml"
    nested.write_text('turn = "Ann"\n[[players]]\nname = "Ann"\nhand = [11]\n[[players]]\nname = "Ben"\n',
                      encoding="utf-8")
    done = subprocess.run([str(SCRIPT), "check", "catopomp", "--move", "heaven 4",
                           "--situation", str(nested)], cwd=installed_cwd(), capture_output=True, text=True, timeout=120,
                          env={**os.environ, "COMPANION_HOME": str(tables)})
    assert done.returncode == 2 and "field players.0.hand" in done.stderr and "Traceback" not in done.stderr
