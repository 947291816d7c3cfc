"""Across games (no game named), a game whose index spells a verb with its ending cut ("getting" is
"get" there) does not weigh as if the player misspelt a word it lacks (issue 46, round sixteen:
rulesdb.search.misspelt)."""
from __future__ import annotations

import pytest

from rulesdb.search import misspelt


@pytest.mark.parametrize("fixes, slips", [
    ({"getting": "get"}, 0), ({"dropped": "drop"}, 0), ({"sitting": "sit"}, 0),
    ({"attacked": "attach"}, 1), ({"rund": "run"}, 1), ({"getting": "get", "startng": "start"}, 1), ({}, 0),
])
def test_a_verbs_ending_is_no_slip(fixes, slips):
    assert misspelt(fixes) == slips


@pytest.mark.parametrize("ask, rule, within", [
    # blind4's tuning question: Cataclysm Arcade's rule, first with its game named, was out of the top 10
    ("does the guy getting attacked hit back", "cataclysm-arcade.combat.no-reciprocal-damage", 1),
    ("when a character is getting attacked does it deal damage back", "cataclysm-arcade.combat.no-reciprocal-damage", 2),
])
def test_the_game_knowing_the_verb_is_not_weighed_down(top, ask, rule, within):
    assert rule in top(ask, None, within)
