"""A game's name misspelt by one edit still names the game (issue 46, rulesdb/mentions.py,
spelt_names): "catastrohpe how do u win" asked without --game answered from Theseus, the name read as
an unknown word."""
from __future__ import annotations

import pytest

from rulesdb.mentions import spelt_names

NAMES = {"catastrophe": "term", "catharsis": "plain", "catopomp": "plain"}  # three games' names: enough here


@pytest.mark.parametrize("ask, meant", [
    ("catastrohpe how do u win", "catastrophe how do u win"),  # two neighbours swapped
    ("Catastrophy: hand limit?", "catastrophe: hand limit?"),  # a letter changed
    ("how do I pass in catopmop", "how do I pass in catopomp"),
    ("catharis boss decks", "catharsis boss decks"),  # a letter left out
    ("catopompp scoring", "catopomp scoring"),  # one added
])
def test_a_name_one_edit_off_is_written_right(ask, meant):
    assert spelt_names(ask, NAMES) == meant


@pytest.mark.parametrize("ask", ["a catastrophic event", "catapult cards", "the catharsis deck", "catopomp"])
def test_other_words_and_right_names_stay(ask):
    assert spelt_names(ask, NAMES) == ask


@pytest.mark.parametrize("ask, game", [
    ("catastrohpe how do u win", "catastrophe"),
    ("catharis how do we win", "catharsis"),
    ("how does passing work in catopmop", "catopomp"),
])
def test_a_misspelt_name_picks_the_game_without_one_given(top, ask, game):
    assert {i.split(".")[0] for i in top(ask, None, 3)} == {game}
