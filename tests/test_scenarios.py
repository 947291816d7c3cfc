"""Validator scenarios, one TOML file each under tests/scenarios/<game>/ (see docs/data-format.md).

Each file describes a situation on the table and either a move with the expected verdict and the
rule ids it must cite, or (with `status`) the rule ids `status()` must report for that table.
Optional keys: `before` (moves played first, each legal), `unchecked` (whether the verdict must
name something it cannot judge), `after` (values of the table once the move is applied, by dotted
path: `players.0.dice`, `morale`, a player by name `Betty.lives`, a list's length `chain.len`).
Instead of `move`, `track = "lives ben -2"` judges a tracker command against the same State (for
a game whose tracker and validator share one State): the same keys apply.
Instead of a whole `situation`, a file may build the table the way a session does: `[table]` with
`players`, `options` and `setup`, steps that are `track WORDS` (a tracker command, which must be
allowed), `track WORDS --overrule` (one the rules refuse, recorded as the table says: e.g. a
Cataclysm Arcade Fighter already in play, as a card effect puts it there) or `play MOVE` (which
must be legal).
`[expect]` is read like `after`. A `[deck]` instead of a move is judged by `check_deck`.

Every play and tracker command goes through the one checked step (engine.base.step), as in a
session: so `after` is the table once the step has settled (a round that a play ends is followed by
the next round's deal, as `companion play` shows it).
"""
from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from engine import ENGINES, get_engine, get_game
from engine.base import AmbiguousMove, MoveSyntaxError, SituationError, step

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
    game = get_game(engine.game)
    state = _state(game, case, path)
    for text in case.get("before", []):
        first = step(game, state, text)
        assert first.verdict.legal, f"before: {text}: {first.verdict.as_json()}"
        state = first.state
    if "moves_include" in case or "moves_count" in case:
        listed = [engine.format_move(m) for m in engine.legal_moves(state)]
        for text in case.get("moves_include", []):
            assert text in listed, f"moves {listed}"
        if "moves_count" in case:
            assert len(listed) == case["moves_count"], f"moves {listed}"
        for text in listed:  # every listed play is accepted by check()
            assert engine.check(state, engine.parse_move(text, state)).legal, text
        if "move" not in case:
            return
    if "status" in case:
        cited = {r.rule for r in engine.seat_problems(state) + engine.status(state)}  # as `companion status`
        assert set(case["status"]) <= cited, f"status cited {sorted(cited)}"
        if not case["status"]:
            assert cited == set(), f"status should find nothing, found {sorted(cited)}"
        return
    if "track" in case:
        _tracker_case(game, case, state)
        return
    if case.get("error") == "syntax":
        with pytest.raises(MoveSyntaxError):
            step(game, state, case["move"])
        return
    if case.get("error") == "ambiguous":
        with pytest.raises(AmbiguousMove) as err:
            step(game, state, case["move"])
        assert set(case.get("candidates", [])) <= set(err.value.candidates)
        return
    wanted = {**case.get("after", {}), **case.get("expect", {})}
    # judged only, as `companion check` does, unless the table after it is wanted: then the whole
    # step, as a session makes it (overruled where the rules object, as the table made it)
    stepped = step(game, state, case["move"], apply=bool(wanted))
    if stepped.refused and wanted:
        stepped = step(game, state, case["move"], overruled=True)
    verdict = stepped.verdict
    effects = stepped.effects if stepped.applied else verdict.effects
    cited = {r.rule for r in verdict.reasons} | {e.rule for e in effects if e.rule}
    assert verdict.legal is case["legal"], f"{case.get('description', '')}: {verdict.as_json()}"
    assert set(case.get("rules", [])) <= cited, f"cited {sorted(cited)}"
    for alt in case.get("alternatives_include", []):
        assert alt in verdict.alternatives, f"alternatives {verdict.alternatives}"
    if case.get("effects_include"):
        kinds = {e.kind for e in effects}
        assert set(case["effects_include"]) <= kinds, f"effects {sorted(kinds)}"
    said = " | ".join([r.message for r in verdict.reasons] + [e.message for e in effects])
    for text in case.get("message_includes", []):
        assert text in said, said
    if "unchecked" in case:
        assert bool(verdict.unchecked) is case["unchecked"], verdict.unchecked
    for dotted, want in wanted.items():
        assert _get(stepped.state, dotted) == want, f"{dotted}: {_get(stepped.state, dotted)!r}"


def _state(game, case: dict, path: Path):
    """The table of a scenario: a `situation` (the State written out) or a `table` built as a
    session is, by tracker commands and plays."""
    assert ("table" in case) != ("situation" in case), f"{path}: give a [table] or a [situation], one of them"
    if "table" in case:
        return build_table(game, case["table"])
    return game.engine.load_state(case["situation"], str(path))


def _tracker_case(game, case: dict, state) -> None:
    """A tracker command judged on the validator's State (one model: Tracker.State is Engine.State),
    then applied as the table said it (overruled where the rules object), as a session would."""
    assert game.engine is not None, f"{game.name}: the tracker keeps another State"
    if case.get("error") == "syntax":
        with pytest.raises(MoveSyntaxError):
            step(game, state, case["track"], kind="track")
        return
    stepped = step(game, state, case["track"], overruled=True, kind="track")
    verdict, after, effects = stepped.verdict, stepped.state, stepped.effects
    assert verdict.legal is case["legal"], f"{case.get('description', '')}: {verdict.as_json()}"
    cited = {r.rule for r in verdict.reasons} | {e.rule for e in effects if e.rule}
    assert set(case.get("rules", [])) <= cited, f"cited {sorted(cited)}"
    for alt in case.get("alternatives_include", []):
        assert alt in verdict.alternatives, f"alternatives {verdict.alternatives}"
    if case.get("effects_include"):
        kinds = {e.kind for e in effects}
        assert set(case["effects_include"]) <= kinds, f"effects {sorted(kinds)}"
    for dotted, want in case.get("after", {}).items():
        assert _get(after, dotted) == want, f"{dotted}: {_get(after, dotted)!r}"


def _get(state, dotted: str):
    """A value of the State by a dotted path: `players.0.dice`, `morale`; a player may be named
    (`Betty.lives`), a list element by its name (`players.Ben.fighters.0`), and `len` gives a
    list's length (`chain.len`)."""
    value = state.model_dump(mode="json")
    parts = dotted.split(".")
    names = [p.get("name") for p in value.get("players", [])] if isinstance(value.get("players"), list) else []
    if parts[0] not in value and parts[0] in names:
        parts = ["players", str(names.index(parts[0])), *parts[1:]]
    for part in parts:
        if part == "len" and isinstance(value, list):
            value = len(value)
        elif isinstance(value, list):
            value = value[int(part)] if part.isdigit() else next(x for x in value if x.get("name") == part)
        else:
            value = value[part]
    return value


def build_table(game, table: dict):
    """A new tracker session's State brought to the situation by tracker commands and plays."""
    state = game.tracker.new_state(table["players"], table.get("options", {}))
    for said in table.get("setup", []):
        kind, _, rest = said.partition(" ")
        assert kind in ("track", "play"), said
        overrule = kind == "track" and rest.endswith(" --overrule")
        stepped = step(game, state, rest.removesuffix(" --overrule"), kind=kind, overruled=overrule)
        assert stepped.verdict.legal is not overrule, f"{said}: {stepped.verdict.as_json()}"  # overrule a refusal only
        state = stepped.state
    return state


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
