"""Issue 22: one working-table base (engine.tracking.WorkingTable) that every game's table class
derives from, so collecting effects, refusals and unchecked points is written once."""
from __future__ import annotations

import importlib
from pathlib import Path

import pytest

from engine.base import Effect, Reason
from engine.tracking import Findings, WorkingTable
from tests.games import per_game

#: each game's working table: (module, class), from its own test data (tests/games/<game>.toml)
TABLES = [(f"engine.{game.replace('-', '_')}.table", name) for game, name in per_game("working_table").items()]


@pytest.mark.parametrize("module, name", TABLES)
def test_each_games_table_derives_from_the_base_and_keeps_no_copy_of_it(module, name):
    cls = getattr(importlib.import_module(module), name)
    assert issubclass(cls, WorkingTable)
    assert {"say", "forbid", "note", "verdict"}.isdisjoint(vars(cls))
    assert "freeze" in vars(cls)


@pytest.mark.parametrize("game", sorted(per_game("working_table")))
def test_a_games_table_says_effects_with_their_data_and_freezes_back_to_its_state(game):
    from engine import get_tracker

    tracker = get_tracker(game)
    state = tracker.declaration.verbs.new_state(["Ann", "Ben"], per_game("required_options")[game])
    module, name = next(t for t in TABLES if t[0] == f"engine.{game}.table")
    table = getattr(importlib.import_module(module), name)(state)
    table.say("note", "Ann gains 2", "some.rule", who="Ann", amount=2)
    assert table.effects == [Effect(kind="note", message="Ann gains 2", rule="some.rule", who="Ann", amount=2)]
    assert table.freeze() == state
    assert table.verdict().legal


def test_refusals_make_an_illegal_verdict_and_each_unchecked_point_is_said_once():
    table = WorkingTable(state=None)
    table.note("a.rule", "open")
    table.note("a.rule", "open")
    table.say("moved", "it moved", "b.rule")
    assert table.verdict().legal and table.verdict().effects[0].kind == "moved"
    table.forbid("c.rule", "not now")
    verdict = table.verdict(["wait"])
    assert not verdict.legal and verdict.reasons == (Reason(rule="c.rule", message="not now"),)
    assert verdict.alternatives == ("wait",) and verdict.unchecked == (Reason(rule="a.rule", message="open"),)
    assert verdict.effects == ()


def test_findings_without_a_table_give_the_advice_of_their_refusals_once_in_order():
    found = Findings()
    found.leave_open(Reason(rule="a.rule", message="open"))
    found.note("a.rule", "open")
    found.forbid("c.rule", "not now", "wait", "pass")
    found.forbid("d.rule", "nor this", "pass", "undo")
    verdict = found.verdict()
    assert verdict.alternatives == ("wait", "pass", "undo")
    assert verdict.reasons == (Reason(rule="c.rule", message="not now"), Reason(rule="d.rule", message="nor this"))
    assert verdict.unchecked == (Reason(rule="a.rule", message="open"),)
    assert found.verdict(["undo"]).alternatives == ("undo",)  # the advice a caller kept, as given
    assert issubclass(WorkingTable, Findings)


#: the modules that build a Verdict by hand on purpose: Catopomp's hot-path referee (documented)
BY_HAND = {"engine.catopomp.rules"}
#: every game's referee and tracker modules (rules*.py, track*.py), found in each game's package
JUDGING = [f"{package}.{path.stem}" for package in __import__("engine").GAMES.values()
           for pattern in ("rules*.py", "track*.py")
           for path in sorted(Path(__file__).resolve().parents[2].joinpath(*package.split(".")).glob(pattern))]


@pytest.mark.parametrize("module", [m for m in JUDGING if m not in BY_HAND])
def test_no_game_builds_a_verdict_by_hand(module):
    """Plays, tracker commands and deck lists are judged through Findings: no Verdict(...) assembled
    from lists, no builder class of a game's own (catopomp's hot-path referee is the documented exception)."""
    import ast
    import inspect

    tree = ast.parse(inspect.getsource(importlib.import_module(module)))
    built = [n.lineno for n in ast.walk(tree) if isinstance(n, ast.Call) and getattr(n.func, "id", None) == "Verdict"]
    builders = [n.name for n in ast.walk(tree) if isinstance(n, ast.ClassDef)
                and {"no", "forbid", "verdict", "note", "open"} & {f.name for f in n.body if isinstance(f, ast.FunctionDef)}]
    assert built == [] and builders == []
