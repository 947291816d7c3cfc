"""A gain adds to a count held only when it gains the same thing (issue 46, rulesdb/counts.py): "my
fighter has 3 health and takes 5 damage" is a loss, not 3 + 5 passing a limit of 3, 4 ... 7."""
from __future__ import annotations

import pytest

from rulesdb.counts import counts, rulebook_words, total
from rulesdb.limits import crossing
from rulesdb.numbers import comparisons


@pytest.mark.parametrize("text", [
    "my fighter has 2 health and takes 4 damage",  # a loss of health, said as damage taken
    "I am on one gem and get 3 reserve dice",  # another count than the one held
])
def test_a_gain_of_another_thing_is_no_total(text):
    assert total(counts(text)) is None
    assert "total" not in {c.kind for c in comparisons(text)}
    assert rulebook_words(text) == []


@pytest.mark.parametrize("text, held, gained", [
    ("I have 6 cards and draw 3 cards", 6, 3),  # the same thing
    ("I have 6 cards and draw 3 in my paw phase", 6, 3),  # the gain names no thing
    ("I'm at 8 lives and a card gives me 3", 8, 3),
    ("I hold 6 cards, I have 2 coins, and draw 3 cards", 6, 3),  # the count of the thing drawn, not the last
])
def test_a_gain_of_the_same_thing_or_of_none_adds_to_it(text, held, gained):
    have, gain = total(counts(text))
    assert (have.n, gain.n) == (held, gained)


def test_the_crossing_is_of_the_thing_gained():
    assert crossing("I hold 6 cards, I have 2 coins, and draw 3 cards") == (6, 9, "card")


@pytest.mark.parametrize("game", ["cataclysm-arcade", None])
def test_damage_taken_past_health_finds_the_health_rules_not_a_limit(engine, game):
    """3 health "plus" 4 passed the limit of "At most 3 copies of a card", which came first."""
    ids = [h.id for h in engine.search("my fighter has 3 health and then takes 4 damage", game=game, limit=3).results]
    assert ids[0] in {"cataclysm-arcade.combat.health-reduced", "cataclysm-arcade.combat.fighter-destroyed",
                      "cataclysm-arcade.card-anatomy.health"}, ids
