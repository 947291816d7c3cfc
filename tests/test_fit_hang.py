"""A line's continuation indent (companion/fit.hang) is found by a pattern whose two non-Latin-1
bullets are branches of their own (start-up: docs/performance.md); it must hang every line where
the one-class pattern did."""
from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion import fit

CLASS = re.compile(r"(\s*)(?:[•→?!*-]|\d+\.|[a-z]\))\s+")  # the bullets in one class, as it was
LINES = ["• a bullet", "  → an arrow", "→x", "1. first", "  12.  twelfth", "a) case", "b)x", "? a question",
         "! note", "* star", "- dash", "plain text", "   indented", "", "•", "\u00a0• no-break space", "•\tTab",
         "–  an en dash", "A) capital", "→ → twice", "1.5 a number"]


def hung(line: str) -> int:
    mark = CLASS.match(line)
    return mark.end() if mark else len(line) - len(line.lstrip(" ")) + 2


@pytest.mark.parametrize("line", LINES)
def test_each_bullet_hangs_as_before(line):
    assert fit.hang(line) == hung(line)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=" \t\u00a0•→·–?!*-.)(aZ19x", max_size=12))
def test_any_line_start_hangs_as_before(line):
    assert fit.hang(line) == hung(line)
