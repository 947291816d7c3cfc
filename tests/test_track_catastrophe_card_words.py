"""`track card` with a misspelt type, symbol or effect key names the nearest valid word, as every other
command names the nearest valid choice (one line, exit 2, nothing recorded)."""
from __future__ import annotations

import pytest


@pytest.mark.parametrize("word, meant", [
    ("powercat", "power-cat"), ("alley", "ally"), ("red-glowy", "red-glowy-dot"),
    ("live=self+1", "lives=self+1"), ("lives=slef+1", "lives=self+1"), ("drw=self+2", "draw=self+2"),
])
def test_a_misspelt_word_of_card_names_the_nearest(cli, home, word, meant):
    assert cli("track", "new", "catastrophe", "--players", "Abi,Betty").exit_code == 0
    result = cli("track", "card", "Hiss", word)
    assert result.exit_code == 2
    line = result.stderr.strip()
    assert "\n" not in line and line.endswith(f"did you mean {meant}?"), line
    assert "Hiss" not in cli("track", "log").stdout


def test_a_word_near_nothing_gets_the_choices_only(cli, home):
    assert cli("track", "new", "catastrophe", "--players", "Abi,Betty").exit_code == 0
    result = cli("track", "card", "Hiss", "xyzzy")
    assert result.exit_code == 2 and "did you mean" not in result.stderr and "power-cat" in result.stderr
