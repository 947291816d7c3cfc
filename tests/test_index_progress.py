"""A search that builds the index (seconds: an install without the shipped index, an imported
rulebook): on a terminal a progress bar says so on stderr, then the answer comes; piped, nothing but
the answer is written. With the index the wheel ships, the first search builds nothing."""
from __future__ import annotations

import json
import os
import shutil
import sys

import pytest

from tests.conftest import SCRIPT, installed_cwd, installed_root, run_companion

pytestmark = pytest.mark.installed  # rules search on a pty

pexpect = pytest.importorskip("pexpect")


def test_a_first_search_on_a_terminal_shows_the_index_build(tmp_path):
    # an installed copy without the shipped index (rulesdb/shipped.py: a build that could not write it)
    lib = tmp_path / "lib"
    shutil.copytree(installed_root() / "rulesdb", lib / "rulesdb", ignore=shutil.ignore_patterns("__pycache__", "shipped-index"))
    env = {**os.environ, "COMPANION_HOME": str(tmp_path / "home"), "TERM": "xterm", "COLUMNS": "100", "PYTHONPATH": str(lib)}
    # across all games: the build of every game's index takes long enough to show the bar (one
    # game's alone may finish before the bar's 0.3 s)
    child = pexpect.spawn(sys.executable, ["-m", "companion", "rules", "search", "reroll one die"],
                          cwd=str(installed_cwd()), env=env, encoding="utf-8", timeout=120, dimensions=(30, 100))
    child.expect_exact("Building the search index")
    child.expect_exact("catharsis.combat.player-attack.reroll-which-dice")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    # built once: the next search draws no bar
    again = pexpect.spawn(sys.executable, ["-m", "companion", "rules", "search", "reroll one die"],
                          cwd=str(installed_cwd()), env=env, encoding="utf-8", timeout=120, dimensions=(30, 100))
    again.expect(pexpect.EOF)
    assert "Building the search index" not in again.before and "reroll-which-dice" in again.before


def test_a_first_search_with_the_shipped_index_draws_no_bar(tmp_path):
    env = {**os.environ, "COMPANION_HOME": str(tmp_path / "home"), "TERM": "xterm", "COLUMNS": "100"}
    env.pop("PYTHONPATH", None)
    child = pexpect.spawn(str(SCRIPT), ["rules", "search", "reroll one die"],
                          cwd=str(installed_cwd()), env=env, encoding="utf-8", timeout=120, dimensions=(30, 100))
    child.expect(pexpect.EOF)
    assert "Building the search index" not in child.before and "reroll-which-dice" in child.before


def test_a_first_search_piped_writes_only_the_answer(tmp_path):
    done = run_companion("rules", "search", "reroll one die", "--json", env={"COMPANION_HOME": str(tmp_path / "h")})
    assert done.returncode == 0 and done.stderr == ""
    assert json.loads(done.stdout)["results"]


def test_the_readmes_first_search_answers_from_a_fresh_folder_with_one_games_index(tmp_path):
    home = tmp_path / "h"
    done = run_companion("rules", "search", "can I reroll just one die?", "--game", "catharsis",
                         env={"COMPANION_HOME": str(home)})
    assert done.returncode == 0 and done.stderr == ""
    assert "catharsis.combat.player-attack.reroll-which-dice" in done.stdout
    (target,) = (home / "cache").glob("index-*")
    assert [p.name for p in target.iterdir()] == ["catharsis"]
