"""A loss that takes a count held to 0 or below ("my fighter has 2 health and takes 4 damage") asks
what happens at 0: the rule whose title says so, naming the thing counted, comes first, before the
rule that damage lowers health (rulesdb/limits.emptied)."""
from __future__ import annotations

import pytest

from rulesdb.limits import emptied


@pytest.mark.parametrize(("text", "thing"), [
    ("my fighter has 2 health and takes 4 damage", "health"),
    ("my fighter is on 2 health and takes 2 damage", "health"),  # exactly to 0
    ("we have 2 morale and take 3 damage", "morale"),
    ("fighter has 5 health and takes 2 damage", None),  # some left: no 0
    ("I have 6 cards and draw 3", None),  # a gain, no loss
    ("with 3 players, 4 damage to a player", None),  # the table's count, not one held
])
def test_a_loss_past_the_count_held_empties_it(text, thing):
    assert emptied(text) == thing


@pytest.mark.parametrize("game", ["cataclysm-arcade", None])
@pytest.mark.parametrize("question", [
    "my fighter is on 2 health and takes 4 damage",
    "our fighter had 3 health, then it takes 3 damage: what now",
])
def test_a_count_taken_to_zero_finds_the_rule_at_zero(top, question, game):
    assert top(question, game, 3)[0] == "cataclysm-arcade.combat.fighter-destroyed"


@pytest.mark.parametrize("game", ["cataclysm-arcade", None])
def test_a_count_left_above_zero_keeps_the_rule_that_lowers_it(top, game):
    first = top("my fighter has 5 health and takes 2 damage", game, 3)[0]
    assert first == "cataclysm-arcade.combat.health-reduced"
