"""Issue 22: trackers/ stores and replays and decides nothing per game. Each game's own reading of
a finished log (who won, its length's unit, its figures) is a hook of its Tracker
(engine.game.Outcome: result, length, cooperative, figures), so no module of trackers/ names a
game in its code (docstrings and comments may), but those still listed in NOT_YET. A recap's turning
points and response wars are hooks too (turning_points, engine.game.response_wars).

Issue 31: no module of companion/ branches on a game id either (a help text may name one): a play
made of several (`decline all`, Engine.series), the groups of `moves` (Views.move_group), the plays
listed for a hand not recorded (Views.partly_listed) and the figures of `stats` (Outcome.figure_lines)
are hooks of the game."""
from __future__ import annotations

import ast
import dataclasses
from pathlib import Path

import pytest

from engine import GAMES as REGISTRY, get_tracker
from tests.games import game_data

ROOT = Path(__file__).resolve().parent.parent
GAMES = sorted(REGISTRY)
PACKAGES = sorted({module.rsplit(".", 1)[-1] for module in REGISTRY.values()})
#: modules of trackers/ that still branch per game, not yet hooks: none (the hidden hands are the
#: declaration's Secrets (hides_hand, secret_verbs, hide, own_hand...); the figures over many sessions
#: are each record's `share`, written with it, so `stats` from the cache still imports no game's engine)
NOT_YET: set[str] = set()


def _docstrings(tree: ast.Module) -> set[int]:
    return {id(node.body[0].value) for node in ast.walk(tree)
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}


def game_names_in_code(path: Path) -> list[str]:
    """Each game id in a string of the module's code (not a docstring), and each game package it imports."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docs = _docstrings(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            found += [g for g in GAMES if g in node.value]
        elif isinstance(node, ast.ImportFrom) and node.module:
            found += [p for p in PACKAGES if p in node.module.split(".")]
        elif isinstance(node, ast.Import):
            found += [p for a in node.names for p in PACKAGES if p in a.name.split(".")]
    return found


def _ids(node) -> list[str]:
    """The game ids a value of the code is (a string, or a tuple, list or set of them)."""
    values = node.elts if isinstance(node, (ast.Tuple, ast.List, ast.Set)) else [node]
    return [v.value for v in values if isinstance(v, ast.Constant) and v.value in GAMES]


def game_branches(path: Path) -> list[str]:
    """Each game id the module's code decides by: compared with a value (==, !=, in, not in), a key
    of a table it looks up, a case it matches; and each game package it imports. A game id in a
    help text, an example or a docstring decides nothing."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Compare):
            found += [g for side in (node.left, *node.comparators) for g in _ids(side)]
        elif isinstance(node, ast.Dict):
            found += [g for key in node.keys if key is not None for g in _ids(key)]
        elif isinstance(node, ast.MatchValue):
            found += _ids(node.value)
        elif isinstance(node, ast.ImportFrom) and node.module:
            found += [p for p in PACKAGES if p in node.module.split(".")]
        elif isinstance(node, ast.Import):
            found += [p for a in node.names for p in PACKAGES if p in a.name.split(".")]
    return found


@pytest.mark.parametrize("path", sorted(p for p in (ROOT / "trackers").glob("*.py") if p.name not in NOT_YET),
                         ids=lambda p: p.name)
def test_no_module_of_trackers_names_a_game_in_its_code(path):
    assert game_names_in_code(path) == []


@pytest.mark.parametrize("path", sorted((ROOT / "companion").rglob("*.py")),
                         ids=lambda p: str(p.relative_to(ROOT / "companion")))
def test_no_module_of_companion_branches_on_a_game(path):
    assert game_branches(path) == []


def test_the_check_finds_a_branch_on_a_game_id_but_not_a_help_text(tmp_path):
    """The check itself, on the branches issue 31 found (so the test above can fail)."""
    imported, compared, one, other, keyed = GAMES[:5]  # five of the games, each caught another way
    module = tmp_path / "branching.py"
    module.write_text(
        f'"""For {imported}."""\nimport typer\nfrom {REGISTRY[imported]}.rules import plays_without_hand\n\n\n'
        'def play(words, game, engine, f):\n'
        f'    deck = typer.Option(None, help="a deck list ({compared})")\n'
        f'    if " ".join(words) == "decline all" and game == "{compared}":\n'
        '        return deck\n'
        f'    if engine.game in ("{one}", "{other}"):\n'
        f'        return {{"{keyed}": f}}[game]\n', encoding="utf-8")
    package = REGISTRY[imported].rsplit(".", 1)[-1]  # an import is found by its package's name
    assert sorted(game_branches(module)) == sorted([package, compared, one, other, keyed])


def test_the_check_finds_a_game_branch(tmp_path):
    """The check itself: a module that branches per game, or imports a game's package, is caught
    (so the test above can fail); a game named in a docstring is not."""
    compared, imported, told = GAMES[:3]
    module = tmp_path / "branching.py"
    module.write_text(f'"""Hides {told} hands."""\nfrom {REGISTRY[imported]} import Tracker\n\n\n'
                      f'def hidden(game):\n    return game == "{compared}"\n', encoding="utf-8")
    assert sorted(game_names_in_code(module)) == sorted([compared, imported])


@pytest.mark.parametrize("game", GAMES)
def test_every_tracker_reads_its_own_outcome(game):
    tracker = get_tracker(game)
    outcome = tracker.declaration.outcome
    unit, field = outcome.length
    assert unit and field in {f.name for f in dataclasses.fields(tracker.State)}
    state = tracker.declaration.verbs.new_state(["Ann", "Ben"], game_data(game)["required_options"])
    assert isinstance(getattr(state, field), int)
    assert set(outcome.result({"game_over": True}, ["Ann", "Ben"])) <= {"winners", "party", "reapurr", "tied", "unclear"}
    assert isinstance(outcome.figures(state, tracker.declaration.verbs.summary(state), []), dict)  # optional: none by default


@pytest.mark.parametrize("game", GAMES)
def test_no_turning_point_without_a_step(game):
    tracker = get_tracker(game)
    assert tracker.declaration.outcome.turning_points([], tracker.declaration.verbs.summary) == {}
