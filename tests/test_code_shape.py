"""The code keeps the shape issue 22 gave it (measured by benchmarks/code_shape.py): no import
circles, no private name imported from another module, no module over 600 lines, every game's
package laid out alike, and rule ids written only in each game's rule_ids.py."""
from __future__ import annotations

import ast
import importlib
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
import code_shape  # noqa: E402

GAMES = ("cataclysm_arcade", "catastrophe", "catharsis", "catopomp", "theseus")
#: the modules every game has (DESIGN.md, "One game, one package")
EVERY_GAME = {"__init__.py", "model.py", "notation.py", "notation_track.py", "table.py", "rules.py",
              "track.py", "status.py", "rule_ids.py", "validator.py"}


@pytest.fixture(scope="module")
def shape():
    return code_shape.shape(ROOT)


def test_no_import_circles(shape):
    assert shape["import_circles"] == []


def test_no_private_names_imported_across_modules(shape):
    assert shape["private_imports"] == []


def test_no_module_over_600_lines(shape):
    assert shape["modules_over_600"] == {}


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_the_same_modules(game, shape):
    assert EVERY_GAME <= set(shape["files_per_game"][game])


@pytest.mark.parametrize("game", GAMES)
def test_a_game_exports_engine_tracker_and_state_only(game):
    package = importlib.import_module(f"engine.{game}")
    assert sorted(package.__all__) == ["Engine", "State", "Tracker"]


@pytest.mark.parametrize("game", GAMES)
def test_rule_ids_are_written_only_in_rule_ids(game):
    """A rule id appears as a string only on `class R`; code cites R.NAME."""
    R = importlib.import_module(f"engine.{game}.rule_ids").R
    ids = {v for k, v in vars(R).items() if not k.startswith("_") and isinstance(v, str)}
    assert ids, "class R names no rule"
    found = []
    for path in sorted((ROOT / "engine" / game).glob("*.py")):
        if path.name == "rule_ids.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Constant) and node.value in ids:
                found.append(f"{path.name}:{node.lineno} {node.value}")
    assert found == []


def test_the_measure_finds_a_planted_circle_and_private_import(tmp_path):
    """The measure itself can fail: two modules importing each other, one a private name."""
    pkg = tmp_path / "engine"
    pkg.mkdir()
    (pkg / "__init__.py").write_text("")
    (pkg / "a.py").write_text("from engine.b import _hidden\n")
    (pkg / "b.py").write_text("def f():\n    import engine.a\n_hidden = 1\n")
    for other in ("companion", "rulesdb", "trackers"):
        (tmp_path / other).mkdir()
    measured = code_shape.shape(tmp_path)
    assert measured["import_circles"] == [["engine.a", "engine.b"]]
    assert measured["private_imports"] == ["engine.a imports engine.b._hidden"]
