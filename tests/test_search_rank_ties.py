"""A tie said with "both" a word or two before its verb ("we both finished on 14 vp") is a tie, as
"we both have 14" is, and a rule titled as a tiebreak ("Tiebreak 1: ...") states the tie it breaks:
the question finds the tiebreakers, not only the rule that the most points win (rulesdb/counts.py,
rulesdb/numbers.py)."""
from __future__ import annotations

import pytest

from rulesdb.counts import counts
from rulesdb.numbers import Comparison, states


@pytest.mark.parametrize(("text", "kind"), [
    ("we both finished on 14 vp", "tie"),
    ("we both ended up on 20", "have"),  # three words between: not read as both players'
    ("we both rolled 5", "tie"),
    ("i finished on 14 vp", "have"),
])
def test_both_before_the_verb_makes_a_tie(text, kind):
    assert counts(text)[0].kind == kind


def test_a_tiebreak_title_states_a_tie():
    assert states(Comparison("tie"), "Tiebreak 1: higher total Rank in the Party")
    assert not states(Comparison("tie"), "Most Victory Points wins")


@pytest.mark.parametrize("game", ["theseus", None])
def test_both_finishing_on_the_same_points_finds_the_first_tiebreak(top, game):
    ids = top("we both finished on 21 vp, who wins", game, 3)
    assert "theseus.tiebreakers.party-rank" in ids
