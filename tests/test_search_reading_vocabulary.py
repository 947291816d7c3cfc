"""Table slang in the shared player vocabulary (issue 46, rulesdb/analysis.py, PLAYER_WORDS): one
map for every game, no alias on a rule. "yoink" is taking a card; "toast" is being dead or out."""
from __future__ import annotations

import pytest

from rulesdb.analysis import synonyms


@pytest.mark.parametrize("said, meant", [
    ("yoink", "take"), ("yoinked", "take"), ("yoinking", "take"),
    ("toast", "dead"), ("toast", "eliminated"),
])
def test_the_slang_searches_the_rulebooks_word(said, meant):
    assert meant in synonyms(said)


@pytest.mark.parametrize("game", ["catastrophe", None])
def test_yoinking_a_played_card_is_the_take_card(top, game):
    # without the map "yoink" was unknown: the rules on playing a card came first
    assert top("can she yoink a card i just played", game, 1) == ["catastrophe.main-deck.take"]


def test_being_toast_finds_when_a_character_dies(top):
    # without the map the question had no word the reference knows but "hero": the ratings came first
    assert "catharsis.damage.death" in top("when is a hero toast", "catharsis", 3)


def test_being_toast_in_catastrophe_is_elimination(top):
    assert top("am i toast at 0 lives", "catastrophe", 1) == ["catastrophe.elimination.lost-all-lives"]
