"""engine.words: how every tracker reads a counter change (+N, -N, =N) and a player's name."""
from __future__ import annotations

import pytest
from hypothesis import given, settings, strategies as st

from engine.base import AmbiguousMove, MoveSyntaxError
from engine.words import amount, match, signed


@pytest.mark.parametrize("typed, normal", [("+2", "+2"), ("-1", "-1"), ("=5", "=5"), (" +07 ", "+7"), ("=0", "=0")])
def test_an_amount_is_normalised(typed, normal):
    assert amount(typed, "lives ben") == normal


def test_a_bare_number_lists_each_reading_with_the_words_typed():
    with pytest.raises(AmbiguousMove) as err:
        amount("2", "lives ben")
    assert err.value.candidates == ["lives ben +2", "lives ben -2", "lives ben =2"]
    with pytest.raises(AmbiguousMove) as err:
        amount("2", "bonus ann", readings="+=")
    assert err.value.candidates == ["bonus ann +2", "bonus ann =2"]


def test_a_counter_that_cannot_be_set_says_why():
    with pytest.raises(MoveSyntaxError, match="cannot be set"):
        amount("=3", "yarn ann", no_set="yarn cannot be set")
    with pytest.raises(AmbiguousMove) as err:
        amount("3", "yarn ann", no_set="yarn cannot be set")
    assert err.value.candidates == ["yarn ann +3", "yarn ann -3"]
    with pytest.raises(MoveSyntaxError, match=r"write \+N to add or -N to take away \(e\.g\. `yarn ann -1`\)"):
        amount("x", "yarn ann", no_set="yarn cannot be set")


@pytest.mark.parametrize("typed", ["x", "", "+", "2.5", "+-1", "two", "= 3"])
def test_what_is_not_an_amount_is_named(typed):
    with pytest.raises(MoveSyntaxError, match="is not an amount"):
        amount(typed, "coins ann")


@settings(max_examples=200, derandomize=True)
@given(st.sampled_from("+-="), st.integers(min_value=0, max_value=10**6))
def test_a_normalised_amount_reads_back(sign, n):
    text = amount(f"{sign}{n}", "x")
    back_sign, back_n = signed(text)
    assert back_n == n and (back_sign == sign or (n == 0 and sign == "-" and back_sign == "+"))


def test_signed_names_the_verb_of_a_bad_logged_amount():
    with pytest.raises(MoveSyntaxError, match="gems: '3' is not an amount"):
        signed("3", "gems")


def test_names_match_by_case_and_unique_prefix():
    assert match("BE", ["Ann", "Ben"], "player") == "Ben"
    with pytest.raises(AmbiguousMove):
        match("a", ["Ann", "Abe"], "player")
    with pytest.raises(MoveSyntaxError, match="unknown player 'zed'"):
        match("zed", ["Ann", "Ben"], "player")
