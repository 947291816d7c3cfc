"""Sets compared by their sizes said in words ("does a pair beat a run of three") make the same
comparison as two lists of numbers ("9,9 against 2,3,4"): the rule that a set with more cards wins
answers first, before the rule that compares kinds of one size (rulesdb/counts.set_sizes)."""
from __future__ import annotations

import pytest

from rulesdb.counts import set_sizes
from rulesdb.numbers import Comparison, comparisons


@pytest.mark.parametrize(("text", "sizes"), [
    ("does a pair beat a run of three", (2, 3)),
    ("can i drop a 4 card straight to beat a triple", (4, 3)),
    ("does a 2 card run beat a single 10", (2, 1)),
    ("three of a kind against a 4-card run", (3, 4)),
    ("how many cards do I draw", ()),
])
def test_set_sizes_said_in_words(text, sizes):
    assert set_sizes(text) == sizes


def test_two_sizes_compare_sizes_and_one_size_compares_nothing():
    assert Comparison("sizes") in comparisons("is a triple stronger than a pair")
    assert comparisons("2 player game, can i play a run of 4") == ()
    # a list's numbers give the sizes when the question has one: "a run of 3" is the same set as 4,5,6
    assert Comparison("sizes") not in comparisons("a run of 3: 4,5,6 against 7,8,9")


@pytest.mark.parametrize("question", [
    "is my pair stronger than a run of three",
    "my 4 card straight against his triple, who wins",
    "can a single 9 beat a 2 card set",
])
@pytest.mark.parametrize("game", ["catopomp", None])
def test_more_cards_wins_answers_sets_of_two_sizes(top, question, game):
    assert top(question, game, 3)[0] == "catopomp.strength.more-cards-wins"
