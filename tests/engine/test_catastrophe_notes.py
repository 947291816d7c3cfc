"""Issue 22, structured results: every reading CATastrophe's rules give (a point the rulebook leaves
open) is a Reason citing a known rule id. The notes of every verdict the scenario files produce are
checked by the scenario runner (tests/test_scenarios.py)."""
from __future__ import annotations

from engine.base import Reason
from engine.catastrophe import rules_readings as readings
from engine.catastrophe.rule_ids import RULE_IDS


def test_every_reading_is_a_reason_with_a_known_rule():
    for reading in readings.ALL:
        assert isinstance(reading, Reason) and reading.rule in RULE_IDS, reading
