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
from engine.base import Reason, SituationError
from tests.test_notes_are_reasons import verdicts

GAME = "cataclysm-arcade"
SCENARIOS = sorted((Path(__file__).parent.parent / "scenarios" / GAME).glob("*.toml"))
game = get_game(GAME)
E = game.engine


def _verdicts(case: dict, path: Path) -> list:
    """Each verdict the scenario produces, in order (the all-games walk's, for this game)."""
    return verdicts(GAME, case, path)


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
