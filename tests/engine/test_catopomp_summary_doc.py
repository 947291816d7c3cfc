"""The Summary section of docs/track-catopomp.md lists the fields of the tracker's summary: each field it
names is one the summary has (in some state of the game), and each field the summary has is listed."""
from __future__ import annotations

import re
from pathlib import Path

from tests.engine.test_catopomp_tracker import T, do, lose, new

DOC = Path(__file__).resolve().parents[2] / "docs" / "track-catopomp.md"


def _section() -> str:
    return DOC.read_text(encoding="utf-8").split("## Summary", 1)[1].split("\nEffects reported", 1)[0]


def _documented() -> set[str]:
    """The field names the Summary section lists: the backquoted name that opens each list item."""
    section = _section()
    return {name for item in re.findall(r"^\s*- (.*)$", section, re.M)
            for name in re.findall(r"`([a-z_]+)`", item.split(":", 1)[0])}


def _fields_seen(*, options: bool = False) -> set[str]:
    """The summary's fields and its player rows' fields (and the options', `options`), over a competitive game from its set-up to its end."""
    summary = T.declaration.verbs.summary
    state = new(competitive="yes")
    seen = [summary(state)]
    for change in (("first", "ann"), ("dice", "1", "2", "3", "4", "5", "6"), ("predict", "ann", "3"),
                   ("cleared", "ann", "3")):
        state, _ = do(state, *change)
        seen.append(summary(state))
    seen.append(summary(lose(lose(state, "cy"), "cy")))
    return {key for doc in seen for key in (*doc, *(doc["options"] if options else ()), *(k for row in doc["players"] for k in row))}


def test_the_summary_section_lists_the_summary_fields():
    documented, seen = _documented(), _fields_seen()
    assert documented - seen == set(), "documented but not in the summary"
    assert seen - documented == set(), "in the summary but not documented"


def test_every_field_name_the_section_spells_is_a_summary_field():
    """A backquoted snake_case name anywhere in the section (list or prose) is a field the summary has."""
    spelled = set(re.findall(r"`([a-z]+(?:_[a-z]+)+)`", _section()))
    assert spelled - _fields_seen(options=True) == set()
