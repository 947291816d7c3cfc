"""Validator scenarios, one TOML file each under tests/scenarios/<game>/ (see docs/data-format.md).

Each file describes a situation on the table and either a move with the expected verdict and the
rule ids it must cite, or (with `status`) the rule ids `status()` must report for that table.

Instead of a whole `situation`, a file may give a `[table]`: the players and options of a new
tracker session and `setup`, the steps that bring the table to the situation, each
`track WORDS` (a tracker command, which must be allowed) or `play MOVE` (a play, which must be
legal). `[expect]` then names values of the situation after the move (dotted paths into the
situation; a list element may be named by its `name`), and `unchecked = true` says the verdict
must list something it could not judge.
"""
from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from engine import ENGINES, get_engine
from engine.base import AmbiguousMove, MoveSyntaxError, SituationError

SCENARIOS = sorted((Path(__file__).parent / "scenarios").glob("*/*.toml"))


def _load(path: Path) -> dict:
    return tomllib.loads(path.read_text(encoding="utf-8"))


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_scenario(path):
    case = _load(path)
    engine = get_engine(path.parent.name)
    if case.get("error") == "situation":
        with pytest.raises(SituationError):
            engine.load_state(case["situation"], str(path))
        return
    if "deck" in case:  # a deck list against the deck-building rules
        verdict = engine.check_deck(case["deck"], str(path))
        assert verdict.legal is case["legal"], verdict.as_json()
        assert set(case.get("rules", [])) <= {r.rule for r in verdict.reasons}, verdict.as_json()
        return
    state = _table(engine, case["table"]) if "table" in case else engine.load_state(case["situation"], str(path))
    if "status" in case:
        cited = {r.rule for r in engine.status(state)}
        assert set(case["status"]) <= cited, f"status cited {sorted(cited)}"
        if not case["status"]:
            assert cited == set(), f"status should find nothing, found {sorted(cited)}"
        return
    if case.get("error") == "syntax":
        with pytest.raises(MoveSyntaxError):
            engine.parse_move(case["move"], state)
        return
    if case.get("error") == "ambiguous":
        with pytest.raises(AmbiguousMove) as err:
            engine.parse_move(case["move"], state)
        assert set(case.get("candidates", [])) <= set(err.value.candidates)
        return
    move = engine.parse_move(case["move"], state)
    verdict = engine.check(state, move)
    cited = {r.rule for r in verdict.reasons} | {e.rule for e in verdict.effects if e.rule}
    assert verdict.legal is case["legal"], f"{case.get('description', '')}: {verdict.as_json()}"
    assert set(case.get("rules", [])) <= cited, f"cited {sorted(cited)}"
    for alt in case.get("alternatives_include", []):
        assert alt in verdict.alternatives, f"alternatives {verdict.alternatives}"
    if case.get("effects_include"):
        kinds = {e.kind for e in verdict.effects}
        assert set(case["effects_include"]) <= kinds, f"effects {sorted(kinds)}"
    if "unchecked" in case:
        assert bool(verdict.unchecked) is case["unchecked"], f"unchecked {verdict.unchecked}"
    if case.get("expect"):
        after = engine.situation(engine.apply(state, move, overruled=not verdict.legal))
        for dotted, value in case["expect"].items():
            assert _at(after, dotted) == value, f"{dotted}: {_at(after, dotted)!r} != {value!r}"


def _table(engine, table: dict):
    """A new tracker session's State brought to the situation by tracker commands and plays."""
    from engine import get_tracker

    tracker = get_tracker(engine.game)
    state = tracker.new_state(table["players"], table.get("options", {}))
    for step in table.get("setup", []):
        kind, _, rest = step.partition(" ")
        if kind == "track":
            change = tracker.parse(state, rest.split())
            verdict = tracker.check(state, change)
            assert verdict.legal, f"{step}: {verdict.as_json()}"
            state, _ = tracker.apply(state, change)
        else:
            assert kind == "play", step
            move = engine.parse_move(rest, state)
            verdict = engine.check(state, move)
            assert verdict.legal, f"{step}: {verdict.as_json()}"
            state = engine.apply(state, move)
    return state


def _at(data, dotted: str):
    for key in dotted.split("."):
        if isinstance(data, list):
            data = data[int(key)] if key.isdigit() else next(x for x in data if x.get("name") == key)
        else:
            data = data[key]
    return data


def test_every_game_with_an_engine_has_scenarios():
    for game in ENGINES:
        assert any(p.parent.name == game for p in SCENARIOS), game


@pytest.mark.parametrize("game", sorted(ENGINES))
def test_every_rule_an_engine_can_cite_exists(game):
    from rulesdb.reference import reference

    ref = reference()
    known = set(ref.rules) | set(ref.sections)
    engine = get_engine(game)
    assert engine.RULE_IDS, game
    assert sorted(set(engine.RULE_IDS) - known) == []
