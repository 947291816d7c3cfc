"""Issue 22, structured results: every `unchecked` note a CATastrophe verdict carries is a Reason
citing the rule that leaves the point open (a known rule id), with the text apart from it. Checked
on every verdict the game's scenario files produce (their `before` steps, table set-up and the move
or tracker command judged), so a note written as a plain string anywhere in the package shows up."""
from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from engine import get_game
from engine.base import AmbiguousMove, MoveSyntaxError, Reason, step
from engine.catastrophe import rules_readings as readings
from engine.catastrophe.rule_ids import RULE_IDS

GAME = get_game("catastrophe")
FOLDER = Path(__file__).resolve().parents[1] / "scenarios" / "catastrophe"
SCENARIOS = sorted(FOLDER.glob("*.toml"))


def _verdicts(case: dict):
    """Every verdict a scenario's steps produce, in order: set-up, `before`, then the judged step."""
    if "table" in case:
        state = GAME.tracker.new_state(case["table"]["players"], case["table"].get("options", {}))
        for said in case["table"].get("setup", []):
            kind, _, rest = said.partition(" ")
            overrule = rest.endswith(" --overrule")
            stepped = step(GAME, state, rest.removesuffix(" --overrule"), kind=kind, overruled=overrule)
            yield stepped.verdict
            state = stepped.state
    else:
        state = GAME.engine.load_state(case["situation"], "scenario")
    for text in case.get("before", []):
        stepped = step(GAME, state, text)
        yield stepped.verdict
        state = stepped.state
    said, kind = (case["track"], "track") if "track" in case else (case.get("move"), "play")
    if said is None:
        return
    try:
        yield step(GAME, state, said, kind=kind).verdict
        yield step(GAME, state, said, kind=kind, overruled=True).verdict
    except (MoveSyntaxError, AmbiguousMove):
        return


def test_the_scenarios_are_there():
    assert len(SCENARIOS) > 100


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_every_note_of_every_scenario_verdict_is_a_reason_with_a_known_rule(path):
    case = tomllib.loads(path.read_text(encoding="utf-8"))
    if case.get("error") == "situation":
        return
    for verdict in _verdicts(case):
        for note in verdict.unchecked:
            assert isinstance(note, Reason), note
            assert note.rule in RULE_IDS, note
            assert note.message and "catastrophe." not in note.message, note  # the rule is data, not text


def test_the_scenarios_reach_notes_of_many_rules():
    """The check above is not vacuous: the scenarios produce notes citing several different rules."""
    cited = set()
    for path in SCENARIOS:
        case = tomllib.loads(path.read_text(encoding="utf-8"))
        if case.get("error") != "situation":
            cited |= {n.rule for v in _verdicts(case) for n in v.notes}
    assert len(cited) >= 5, cited


def test_every_reading_is_a_reason_with_a_known_rule():
    for reading in readings.ALL:
        assert isinstance(reading, Reason) and reading.rule in RULE_IDS, reading
