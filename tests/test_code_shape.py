"""The code keeps the shape issues 22 and 31 gave it (measured by benchmarks/code_shape.py): no import
circles, no private name imported from another module, no module over 600 lines, every game's
package laid out alike, rule ids written only in each game's rule_ids.py, one IllegalMove, and
tracker verbs dispatched and read by tables (no verb name compared in any game's track*.py or
notation_track*.py)."""
from __future__ import annotations

import ast
import importlib
import sys
from pathlib import Path

import pytest

from rulesdb.games import GAME_IDS

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
import code_shape  # noqa: E402

GAMES = tuple(sorted(game.replace("-", "_") for game in GAME_IDS))  # the games' packages
#: the modules every game has (DESIGN.md, "One game, one package")
EVERY_GAME = {"__init__.py", "model.py", "notation.py", "notation_track.py", "table.py", "rules.py",
              "track.py", "status.py", "rule_ids.py"}


@pytest.fixture(scope="module")
def shape():
    return code_shape.shape(ROOT)


def test_no_import_circles(shape):
    assert shape["import_circles"] == []


def test_no_private_names_imported_across_modules(shape):
    assert shape["private_imports"] == []


def test_no_module_over_600_lines(shape):
    assert shape["modules_over_600"] == {}


def test_one_illegal_move_class(shape):
    assert shape["illegal_move_classes"] == []


@pytest.mark.parametrize("game", GAMES)
def test_tracker_verbs_are_dispatched_by_the_table_not_by_name(game, shape):
    """No `verb == "x"` (or `verb in (...)`) in the game's track*.py; its VERBS table names every command."""
    assert shape["verb_comparisons"]["track"][game] == 0
    declared = importlib.import_module(f"engine.{game}").GAME
    verbs = importlib.import_module(f"engine.{game}.track").VERBS
    assert sorted(verbs) == sorted(declared.verbs.usage) and declared.verbs.table is verbs


@pytest.mark.parametrize("game", GAMES)
def test_tracker_commands_are_read_by_the_table_not_by_name(game, shape):
    """No `verb == "x"` (or `verb in (...)`) in the game's notation_track*.py either: each verb has
    its own reader of the words."""
    assert shape["verb_comparisons"]["notation_track"][game] == 0


@pytest.mark.parametrize("game", GAMES)
def test_each_verb_row_holds_its_usage_and_its_reading(game):
    """Issue 47: a verb's usage line and the reading of its words live in its row, with no table of
    usage lines or readers beside the rows."""
    rows = importlib.import_module(f"engine.{game}").GAME.verbs.table
    assert all(r.usage and (callable(r.read) or isinstance(r.read, tuple)) for r in rows.values())
    notation = importlib.import_module(f"engine.{game}.notation_track")
    assert not [name for name in ("COMMANDS", "USAGE", "PARSERS", "EXAMPLES") if hasattr(notation, name)]


def _private_reads(folder: Path) -> list[str]:
    """`obj._name` where obj is not self or cls: a private member used from outside its class."""
    found = []
    for path in sorted(folder.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Attribute) and node.attr.startswith("_") and not node.attr.startswith("__")
                    and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"))):
                found.append(f"{path.name}:{node.lineno} {ast.unparse(node)}")
    return found


@pytest.mark.parametrize("game", GAMES)
def test_no_private_member_is_used_from_outside_its_class(game):
    """A game's modules share public functions, not a class's private members (catopomp's
    transitions once called the tracker's _result and _standings)."""
    assert _private_reads(ROOT / "engine" / game) == []


def test_the_measure_finds_a_planted_private_read(tmp_path):
    (tmp_path / "m.py").write_text("def f(tracker, self, cls):\n"
                                   "    return tracker._result, self._own, cls._too, tracker.__class__\n")
    assert _private_reads(tmp_path) == ["m.py:2 tracker._result"]


def test_the_declaration_is_measured_for_every_game(shape):
    measured = shape["members"]
    assert len(measured["members"]) > 0
    assert sorted(measured["games"]) == sorted(GAMES)
    assert all(0 < m["sets"] <= len(measured["members"]) for m in measured["games"].values())


def test_a_game_is_declared_not_subclassed(shape):
    """No module of engine/<game> builds a class on engine.base.Engine or engine.tracking.Tracker, and
    no game keeps a validator.py: each declares GAME (engine.game.Declaration) from its functions."""
    assert shape["members"]["subclasses"] == []
    assert [g for g, m in shape["members"]["games"].items() if m["validator"]] == []


def test_the_measure_finds_a_planted_subclass(tmp_path):
    for package in ("companion", "engine", "engine/dice", "rulesdb", "trackers"):
        (tmp_path / package).mkdir()
        (tmp_path / package / "__init__.py").write_text("")
    (tmp_path / "engine" / "game.py").write_text((ROOT / "engine" / "game.py").read_text(encoding="utf-8"))
    (tmp_path / "engine" / "dice" / "__init__.py").write_text("GAME = None\n")
    (tmp_path / "engine" / "dice" / "validator.py").write_text(
        "from engine.base import Engine as Base\nclass Engine(Base):\n    pass\n")
    (tmp_path / "engine" / "game.py").write_text((ROOT / "engine" / "game.py").read_text(encoding="utf-8")
                                                + "\ndef set_by(declaration):\n    return ['game']\n")
    measured = code_shape.members(tmp_path)
    assert measured["subclasses"] == ["engine/dice/validator.py:2 Engine"]
    assert measured["games"]["dice"]["validator"] is True


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_the_same_modules(game, shape):
    assert EVERY_GAME <= set(shape["files_per_game"][game])


@pytest.mark.parametrize("game", GAMES)
def test_a_game_exports_its_declaration_its_faces_and_state_only(game):
    package = importlib.import_module(f"engine.{game}")
    assert sorted(package.__all__) == ["Engine", "GAME", "State", "Tracker"]


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


def test_the_measure_finds_planted_verb_names_game_ids_and_private_reads(tmp_path):
    """Each figure issue 31 drives to zero counts what it says, and leaves docstrings and own
    attributes alone."""
    for package in ("companion", "engine", "engine/dice", "rulesdb", "trackers"):
        (tmp_path / package).mkdir()
        (tmp_path / package / "__init__.py").write_text("")
    (tmp_path / "engine" / "dice" / "track.py").write_text(
        'def check(change, verb):\n'
        '    if verb == "roll" or change.verb in ("a", "b") or "c" != verb:\n'
        '        return verb in VERBS\n'
        'class IllegalMove(Exception):\n    pass\n')
    (tmp_path / "engine" / "dice" / "notation_track.py").write_text('def parse(verb):\n    return verb == "x"\n')
    (tmp_path / "companion" / "view.py").write_text(
        '"""dice"""\ndef show(game):\n    """For dice."""\n    return game == "dice" or "dice rolls"\n')
    (tmp_path / "rulesdb" / "fast.py").write_text(
        "import numpy\nfrom whoosh import reading\n"
        "def f(m, self):\n    return m._data, self._mine, getattr(m, '_perdoc'), m.__class__, reading\n")
    measured = code_shape.shape(tmp_path)
    assert measured["verb_comparisons"]["track"] == {"dice": 3}
    assert measured["verb_comparisons"]["notation_track"] == {"dice": 1}
    assert measured["illegal_move_classes"] == ["engine/dice/track.py:4"]
    assert measured["game_ids_in_shared_layers"] == ["companion/view.py:4 dice"]
    assert measured["whoosh_private_attributes"] == {"rulesdb/fast.py": ["_data", "_perdoc"]}
    assert measured["numpy_imports"] == {"rulesdb/fast.py": 1}
    assert measured["members"] == {}  # no declaration to import there


def test_every_tracker_verb_is_one_row_of_one_shape(shape):
    """Issue 31: each game's tracker verbs are rows of one type with one signature, dispatched by
    engine.tracking, and each row holds its other words and whether it only shows something."""
    rows = shape["verb_rows"]
    assert rows["row_types"] == ["engine.tracking.Verb"]
    assert rows["signatures"] == ["check(3) apply(2)"]
    assert rows["beside_rows"] == {game: [] for game in GAMES}
    assert rows["in_other_tables"] == {game: [] for game in GAMES}  # issue 47: no table keyed by verbs
    assert all(rows["rows_per_game"][game] for game in GAMES)


def test_the_measure_finds_a_table_keyed_by_verbs_beside_the_rows(tmp_path):
    (tmp_path / "engine" / "dice").mkdir(parents=True)
    (tmp_path / "engine" / "dice" / "__init__.py").write_text("")
    (tmp_path / "engine" / "dice" / "track_dice.py").write_text('HOW = {"roll": 1, "keep": 2}\nOPTIONS = {"sides": 6}\n')
    got = {"games": {"dice": {"rows": {"roll": {}, "keep": {}, "score": {}}}}}
    assert code_shape.verbs_in_tables(tmp_path, got) == {"dice": ["keep", "roll"]}


def test_the_measure_finds_words_written_beside_the_rows_and_each_row_signature(tmp_path):
    (tmp_path / "engine" / "dice").mkdir(parents=True)
    (tmp_path / "engine" / "dice" / "__init__.py").write_text("")
    (tmp_path / "engine" / "dice" / "notation_track.py").write_text(
        'VERB_ALIASES = {"roll": "roll", "throw": "roll", "d": "die"}\nREAD_ONLY = frozenset({"score"})\n')
    (tmp_path / "engine" / "dice" / "notation.py").write_text('PLAY_ALIASES = {"k": "keep"}\n')
    got = {"games": {"dice": {"rows": {
        "roll": {"type": "t.Verb", "check": "3", "apply": "2"}, "score": {"type": "t.Verb", "check": None, "apply": "2"},
        "keep": {"type": "t.Verb", "check": None, "apply": "1"}}}}}
    assert code_shape.verbs_beside_rows(tmp_path, got) == {"dice": ["roll", "score"]}
    assert code_shape.row_figures(got) == {"rows_per_game": {"dice": 3}, "row_types": ["t.Verb"],
                                           "signatures": ["check(-) apply(1)", "check(3) apply(2)"]}


def test_no_list_of_the_games_written_by_hand_in_the_product(shape):
    """Issue 47: every list of the games is derived from each game's one source
    (rulesdb/data/<game>/game.toml); left: the `check` help's one example per game. The phone page's
    words are each game's own (Views.phone, engine/<game>/track_phone.py; a game without one gets the plain view)."""
    assert shape["game_lists"]["product"] == []
    assert set(shape["files_naming_games"]["product"]) <= {"companion/play_cmd.py"}


def test_the_tests_spell_out_the_games_only_in_their_test_data(shape):
    """Issue 47 item 1: no test file spells out four or more of the game ids (was 17, and 31 before);
    a game's own cases are its test data (tests/games/<game>.toml). The retrieval question sets, about
    every game by nature, are test data named with their reason (code_shape.TEST_DATA), not hidden."""
    naming = shape["files_naming_games"]
    assert naming["tests"] == [] and shape["statements_naming_games"] == []
    exempt = code_shape.test_data_exempt(ROOT)
    assert naming["test_data"] and all(ROOT / where in exempt for where in naming["test_data"])


def test_the_measure_finds_a_planted_test_naming_four_games_and_names_the_test_data_apart(tmp_path):
    for game in ("ant", "bee", "cat", "dog"):
        (tmp_path / "engine" / game).mkdir(parents=True)
        (tmp_path / "engine" / game / "__init__.py").write_text("")
    (tmp_path / "tests" / "games").mkdir(parents=True)
    (tmp_path / "tests" / "retrieval" / "blind").mkdir(parents=True)
    four = 'CASES = [("ant", 1), ("bee", 2), ("cat", 3), ("dog", 4)]\n'
    for where in ("tests/test_x.py", "tests/games/ant.toml", "tests/retrieval/blind/q.toml", "tests/retrieval/other.toml"):
        (tmp_path / where).write_text(four)
    (tmp_path / "tests" / "test_three.py").write_text('CASES = ["ant", "bee", "cat", "cat-dog", "dogs"]\n')
    assert code_shape.files_naming_games(tmp_path) == {
        "product": [], "tests": ["tests/retrieval/other.toml", "tests/test_x.py"], "test_data": ["tests/retrieval/blind/q.toml"]}
