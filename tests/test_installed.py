"""The product as a player installs it (`pip install .`, not editable) and runs it from any folder:
every data file of the checkout is in the installed copy, the `companion` script imports that copy,
and each game is played through the script from set-up to a play, its undo and a rules question (and one
game's session exported and imported again)."""
from __future__ import annotations

import json
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from tests.conftest import GAMES, ROOT, SCRIPT, compare_installed, installed_root, package_files, run_companion
from tests.games import per_game

pytestmark = pytest.mark.installed  # the installed product itself

# The table as each game's set-up leaves it, said the way a table says it (docs/games/*.md).
SETUP = per_game("setup")  # tests/games/<game>.toml
# Exact odds, in the games that roll dice for them.
ODDS = per_game("odds")  # each game's own test data, tests/games/<game>.toml
#: the game whose session goes out and back in through the installed script here (tests/test_golden.py
#: imports every game's saved export through it, and opens it to the same table)
EXPORTED = "catharsis"
QUESTION = per_game("question")  # a question each game's rules search answers (tests/games/)


def ok(*args: str, env: dict) -> subprocess.CompletedProcess:
    done = run_companion(*args, env=env)
    assert done.returncode == 0, f"companion {' '.join(args)} exited {done.returncode}: {done.stderr}"
    assert "Traceback" not in done.stderr and "internal error" not in done.stderr
    return done


def as_json(*args: str, env: dict):
    return json.loads(ok(*args, "--json", env=env).stdout)


def test_the_installed_copy_carries_every_file_of_the_checkout():
    """Every file under a package in the checkout (data files above all: catalogues, rules data) is
    in the installed copy, byte for byte; a file the wheel leaves out fails here, not at the table."""
    root = installed_root()
    missing, differ, extra = compare_installed(root)
    assert not missing, f"the installed copy lacks {missing}"
    assert not differ and not extra
    data = sorted(f for f in package_files(ROOT) if not f.endswith(".py"))
    static = {f for f in data if f.startswith("companion/serve/static/")}  # the served page (issue 24)
    assert {"companion/serve/static/index.html", "companion/serve/static/app.js",
            "companion/serve/static/app.css"} <= static
    # the 26 of today: catalogues, rules
    assert len(data) - len(static) >= 26 and all(f.endswith(".toml") for f in set(data) - static)
    from engine import GAMES, get_tracker
    from engine.library import card_model

    catalogues = {f"{package.replace('.', '/')}/cards.toml" for game, package in GAMES.items()
                  if card_model(get_tracker(game).State) is not None}  # every game with a card catalogue
    assert len(catalogues) >= 3 and catalogues <= set(data)


def test_the_script_runs_the_installed_copy_not_the_checkout(tmp_path):
    """`companion --version` names the folder it runs from: the installed copy, outside the checkout."""
    done = run_companion("--version", env={"COMPANION_HOME": str(tmp_path)})
    assert done.returncode == 0
    where = Path(done.stdout.split(" from ", 1)[1].rsplit(" (Python", 1)[0])
    assert where == installed_root() / "companion"
    # the environment's own site-packages (which may sit inside the checkout, as the README's .venv
    # does), never the source tree's package
    assert where.parent == Path(sysconfig.get_paths()["purelib"]).resolve()
    assert where != (ROOT / "companion").resolve()
    assert SCRIPT.parent == Path(sys.executable).parent


@pytest.mark.parametrize("game", GAMES)
def test_a_game_through_the_installed_script(game, tmp_path):
    env = {"COMPANION_HOME": str(tmp_path / "home")}
    for step in SETUP[game]:
        ok(*step, env=env)
    listed = as_json("moves", env=env)
    assert listed["moves"], listed
    move = listed["moves"][0]
    verdict = as_json("check", move, env=env)
    assert verdict["legal"] is True, verdict
    before = as_json("track", "show", env=env)
    played = as_json("play", move, env=env)
    assert played.get("legal", True) is True, played
    ok("track", "undo", env=env)
    assert as_json("track", "show", env=env) == before
    ok("play", move, env=env)
    after = as_json("track", "show", env=env)
    assert after != before

    if game in ODDS:
        odds = ok(*ODDS[game], env=env).stdout
        assert "%" in odds
    hits = as_json("rules", "search", QUESTION[game], "--game", game, env=env)
    assert hits["results"] and all(h["id"].startswith(game) for h in hits["results"])

    if game == EXPORTED:
        export = tmp_path / f"{game}.json"
        ok("track", "export", after["session"], str(export), env=env)
        ok("track", "import", str(export), "--name", "copy", env=env)
        assert _comparable(as_json("track", "show", env=env)) == _comparable(after)

    # bad input from the installed product: one line, exit 2, nothing written
    bad = run_companion("play", "not a play at all", env=env)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "Traceback" not in bad.stderr
    assert _comparable(as_json("track", "show", env=env)) == _comparable(after)


def _comparable(show: dict) -> dict:
    """A table as shown, without the session's name (an import takes a new one)."""
    return {k: v for k, v in show.items() if k != "session"}


def test_bad_input_gets_one_line_and_exit_2_from_the_installed_script(tmp_path):
    env = {"COMPANION_HOME": str(tmp_path / "home")}
    for args in (["track", "new", "monopoly", "--players", "Ann,Ben"], ["rules", "show", "catopomp.no-such-rule"],
                 ["rules", "search", "x", "--game", "chess"], ["play", "pass"]):
        done = run_companion(*args, env=env)
        assert done.returncode == 2, (args, done.stderr)
        assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    assert not (tmp_path / "home" / "data" / "sessions.sqlite3").exists() or \
        not as_json("track", "list", env=env)["sessions"]
