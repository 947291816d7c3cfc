"""Issue 22: the Cataclysm Arcade package's modules bear the names of the DESIGN table ("One game, one
package"): the face, model, notation, notation_track, table, rules and rules_<topic>, track and
track_<topic>, status, odds, rule_ids; nothing else."""
from __future__ import annotations

import re
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[2] / "engine" / "cataclysm_arcade"
NAMES = {"__init__", "model", "notation", "notation_track", "table", "rules", "track", "status", "odds", "rule_ids"}


def test_every_module_is_named_as_the_design_table():
    odd = [p.stem for p in PACKAGE.glob("*.py")
           if p.stem not in NAMES and not re.fullmatch(r"(rules|track)_[a-z]+", p.stem)]
    assert odd == []


def test_the_referee_helpers_are_rules_modules():
    stems = {p.stem for p in PACKAGE.glob("*.py")}
    assert {"rules_readings", "rules_cards", "rules_deck", "rules_line"} <= stems
