"""Catharsis costs, solver and odds: against brute force and exact enumeration (hypothesis)."""
from __future__ import annotations

import os
from fractions import Fraction
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.base import MoveSyntaxError
from engine.catharsis.rules_costs import Cost, Option, parse_cost, pay, solve, why_not
from tests.engine.catharsis_costs_oracle import brute_force_pays
from engine.catharsis.odds import odds

SCALE = int(os.environ.get("COMPANION_PROPERTY_SCALE", "1"))


def examples(n: int):
    return settings(max_examples=n * SCALE, derandomize=True, deadline=None)


# ---------------------------------------------------------------------------- notation

def test_parse_every_symbol():
    c = parse_cost("AA BB 3 ?")
    (o,) = c.options
    assert o.exact == (3,) and o.groups == (("A", 2), ("B", 2)) and o.wild == 1 and o.size == 6
    assert parse_cost("111222").options[0].exact == (1, 1, 1, 2, 2, 2)
    assert parse_cost("2 || 4").options == (Option(exact=(2,)), Option(exact=(4,)))
    assert parse_cost("3 ? ?").options[0].wild == 2
    assert parse_cost("AAA").options[0].groups == (("A", 3),)
    assert parse_cost("aa ??").text() == "AA ? ?"


@pytest.mark.parametrize("bad,token", [("7", "7"), ("AA 3!", "!"), ("", "empty"), ("2 ||", "nothing"),
                                       ("AA AA", "twice"), ("AA x", "x"), ("3 0", "0")])
def test_bad_costs_name_the_token(bad, token):
    with pytest.raises(MoveSyntaxError) as err:
        parse_cost(bad)
    assert token in str(err.value)


# ---------------------------------------------------------------------------- the solver

@pytest.mark.parametrize("cost,dice,ok", [
    ("AA", [1, 2, 3, 4, 5, 6], False),
    ("AA", [1, 1, 3, 4, 5, 6], True),
    ("AA BB", [1, 1, 1, 1, 5, 6], False),   # the BB must not be the AA's 1s
    ("AA BB", [1, 1, 5, 5, 2, 3], True),
    ("AAA", [4, 4, 2, 4, 1, 1], True),
    ("3 ? ?", [3, 6, 6], True),
    ("3 ? ?", [2, 6, 6], False),
    ("2 || 4", [4], True),
    ("2 || 4", [5], False),
    ("1 1 1 2 2 2", [1, 1, 1, 2, 2, 5], False),   # Dave: stuck with a 5
    ("1 1 1 2 2 2", [1, 1, 1, 2, 2, 2], True),
    ("AA 1", [1, 1, 1], True),              # a letter group may share a number symbol's value
])
def test_solver_cases(cost, dice, ok):
    assert bool(solve(parse_cost(cost), dice)) is ok


def test_payment_names_each_die():
    (payment,) = solve(parse_cost("AA BB ?"), [5, 5, 2, 2, 6, 1])
    values = {sym: [] for sym, _ in payment.uses}
    for sym, i in payment.uses:
        values[sym].append([5, 5, 2, 2, 6, 1][i])
    assert len(set(values["AA"])) == 1 and len(set(values["BB"])) == 1
    assert values["AA"][0] != values["BB"][0]
    assert len(payment.positions()) == 5


def test_why_not_names_the_group():
    assert "BB" in why_not(parse_cost("AA BB").options[0], [1, 1, 1, 1, 5, 6])
    assert "AAA" in why_not(parse_cost("AAA").options[0], [1, 1, 2, 3, 4, 5])
    assert "showing 2" in why_not(parse_cost("1 1 1 2 2 2").options[0], [1, 1, 1, 2, 2, 5])


letters = st.lists(st.tuples(st.sampled_from("ABC"), st.integers(2, 3)), max_size=3,
                   unique_by=lambda g: g[0])
options = st.builds(
    lambda exact, groups, wild: Option(tuple(sorted(exact)), tuple(sorted(groups)), wild),
    st.lists(st.integers(1, 6), max_size=3), letters, st.integers(0, 3),
).filter(lambda o: 0 < o.size <= 6)
dice = st.lists(st.integers(1, 6), min_size=0, max_size=6)


@examples(150)
@given(options, dice)
def test_solver_equals_brute_force(option, rolled):
    payment = pay(option, rolled)
    assert (payment is not None) is brute_force_pays(option, rolled)
    if payment is not None:   # the assignment itself is a valid one
        used = [i for _, i in payment.uses]
        assert len(used) == len(set(used)) == option.size
        assert brute_force_pays(option, [rolled[i] for i in used])


@examples(60)
@given(st.lists(options, min_size=1, max_size=3), dice)
def test_alternatives_pay_when_any_option_pays(opts, rolled):
    cost = Cost(tuple(opts))
    assert bool(solve(cost, rolled)) is any(brute_force_pays(o, rolled) for o in opts)


# ---------------------------------------------------------------------------- odds

small_costs = st.sampled_from(["6", "AA", "AA BB", "3 ? ?", "2 || 4", "AAA", "1 2", "AA 5", "? ?"])


@examples(12)
@given(small_costs, st.integers(1, 4))
def test_one_roll_odds_equal_enumeration(text, n):
    cost = parse_cost(text)
    hits = sum(bool(solve(cost, list(roll))) for roll in product(range(1, 7), repeat=n))
    assert odds(cost, rerolls=0, n=n).probability == Fraction(hits, 6 ** n)


@examples(12)
@given(small_costs, st.lists(st.integers(1, 6), min_size=1, max_size=5), st.integers(1, 2))
def test_rerolls_never_hurt_and_stay_probabilities(text, rolled, r):
    cost = parse_cost(text)
    with_r = odds(cost, rerolls=r, dice=rolled)
    less = odds(cost, rerolls=r - 1, dice=rolled)
    assert less.probability <= with_r.probability <= 1
    assert with_r.without_reroll <= with_r.probability
    assert sorted(with_r.keep + with_r.reroll) == sorted(rolled)


def test_one_reroll_by_hand():
    # keep the 6, reroll the other die: 1 - (5/6) chance of a second 6... for "6 6" from [6, 1]
    o = odds(parse_cost("6 6"), rerolls=1, dice=[6, 1])
    assert o.probability == Fraction(1, 6) and o.keep == (6,) and o.reroll == (1,)
    # two rerolls: miss twice with 5/6 each
    assert odds(parse_cost("6 6"), rerolls=2, dice=[6, 1]).probability == 1 - Fraction(25, 36)


def test_paid_dice_need_no_reroll():
    o = odds(parse_cost("AA"), rerolls=2, dice=[3, 3, 1])
    assert o.probability == 1 and o.reroll == ()


def test_why_not_counts_the_number_symbols_out_before_the_groups():
    """Issue 43 item 4: a mutant that took the wrong die out for a number symbol survived. `2 AA` on
    2 2 5: the 2 pays the number, the other 2 is left alone, so no pair remains for AA."""
    option = parse_cost("2 AA").options[0]
    assert solve(parse_cost("2 AA"), [2, 2, 5]) == []
    assert why_not(option, [2, 2, 5]) == "no 2 dice of one value for AA"
    assert why_not(parse_cost("4 AA").options[0], [4, 4, 6]) == "no 2 dice of one value for AA"


def test_why_not_says_how_many_dice_of_the_number_are_needed_and_the_largest_group_first():
    """Issue 43 item 4: mutants of the count in the number line and of the group order survived."""
    assert why_not(parse_cost("1 1 1 2 2 2").options[0], [1, 1, 1, 2, 2, 5]) == \
        "the number symbols need 3 dice showing 2, only 2 unused"
    for cost in ("AA BBB", "BBB AA"):  # the largest group is named first, whatever order the cost gives
        assert why_not(parse_cost(cost).options[0], [1, 1, 2, 2, 3, 4]) == "no 3 dice of one value for BBB"
