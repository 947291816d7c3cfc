"""Every `unchecked` note a Cataclysm Arcade verdict carries is a Reason citing a rule id the package
knows (issue 22: structured results; no plain-string note, no rule id read back out of English).

Walks every Cataclysm Arcade scenario file as the scenario runner does (tests/test_scenarios.py): the
table's set-up steps, the `before` plays, the judged move or tracker command, the listed legal moves
and the deck checks, and looks at the notes of every verdict on the way.
"""
from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from engine import get_game
from engine.base import AmbiguousMove, MoveSyntaxError, Reason, SituationError, step

GAME = "cataclysm-arcade"
SCENARIOS = sorted((Path(__file__).parent.parent / "scenarios" / GAME).glob("*.toml"))
game = get_game(GAME)
E = game.engine


def _verdicts(case: dict, path: Path) -> list:
    """Each verdict the scenario produces, in order."""
    if "deck" in case:
        return [E.check_deck(case["deck"], str(path))]
    out = []
    if "table" in case:
        table = case["table"]
        state = game.tracker.new_state(table["players"], table.get("options", {}))
        for said in table.get("setup", []):
            kind, _, rest = said.partition(" ")
            stepped = step(game, state, rest.removesuffix(" --overrule"), kind=kind,
                           overruled=rest.endswith(" --overrule"))
            out.append(stepped.verdict)
            state = stepped.state
    else:
        state = E.load_state(case["situation"], str(path))
    for text in case.get("before", []):
        stepped = step(game, state, text)
        out.append(stepped.verdict)
        state = stepped.state
    out += [E.check(state, m) for m in E.legal_moves(state)]
    for key, kind in (("move", "play"), ("track", "track")):
        if key in case:
            try:
                out.append(step(game, state, case[key], kind=kind, overruled=True).verdict)
                out.append(step(game, state, case[key], kind=kind).verdict)
            except (MoveSyntaxError, AmbiguousMove):  # no verdict to look at
                pass
    return out


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_every_note_of_a_scenario_verdict_is_a_reason_with_a_known_rule(path):
    case = tomllib.loads(path.read_text(encoding="utf-8"))
    try:
        verdicts = _verdicts(case, path)
    except SituationError:
        assert case.get("error") == "situation", path
        return
    for verdict in verdicts:
        for note in verdict.unchecked:
            assert isinstance(note, Reason), f"{path.stem}: a plain-string note: {note!r}"
            assert note.rule in E.RULE_IDS, f"{path.stem}: {note.rule!r} is not a rule id of the package ({note.message})"
            assert note.message, path.stem


def test_the_scenarios_do_meet_notes():
    """The walk above is not empty: the scenarios between them carry notes of many rules."""
    rules = set()
    for path in SCENARIOS:
        case = tomllib.loads(path.read_text(encoding="utf-8"))
        try:
            rules |= {n.rule for v in _verdicts(case, path) for n in v.notes}
        except SituationError:
            continue
    assert len(rules) >= 8, sorted(rules)
