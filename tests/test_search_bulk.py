"""Issue 25: numpy's sums (rulesdb/bulksum.py) give the very ranking the dict's sums give
(rulesdb.memo.summed): the same documents, the same float64 scores bit for bit, ties by document
number, the cut at the limit, no zero sum where asked. Clauses are generated: sorted postings, and
also repeated or unordered ones (numpy's ordered `add.at` then), scores drawn from a few values so
that exact ties and equal sums reached in different orders are common. The whole-search comparison
over a 10x rulebook is in tests/test_search_scale.py; the import guard in tests/test_startup_imports.py."""
from __future__ import annotations

import math

from hypothesis import given, settings, strategies as st

from rulesdb import bulksum
from rulesdb.memo import summed

SIZE = 60  # documents numbered 0..59

scores = st.one_of(st.sampled_from([0.0, -0.0, 0.1, 0.2, 0.3, 1.0, 1e-17, 2.5, -0.1]),
                   st.floats(min_value=-5, max_value=50, allow_nan=False, allow_infinity=False))


@st.composite
def clause(draw, ordered: bool = True):
    """A clause's (document numbers, scores): each document once and ascending, as a word's or a
    phrase's postings are; or, unordered, any documents in any order with repeats."""
    if ordered:
        ids = sorted(draw(st.sets(st.integers(0, SIZE - 1), max_size=40)))
    else:
        ids = draw(st.lists(st.integers(0, SIZE - 1), max_size=40))
    return ids, draw(st.lists(scores, min_size=len(ids), max_size=len(ids)))


def ranked_both_ways(clauses, limit, positive):
    arrays = [bulksum.as_arrays(ids, sc) for ids, sc in clauses]
    got = bulksum.summed(arrays, SIZE, limit, positive)
    assert all(type(d) is int and type(s) is float for d, s in got)  # plain Python numbers, as the dict's
    return got, summed(clauses, limit, positive)


def same(a, b) -> bool:
    """Equal tuples whose scores are the same floats bit for bit (the sign of a zero included)."""
    return len(a) == len(b) and all(d == e and math.copysign(1, s) == math.copysign(1, t) and s == t
                                    for (d, s), (e, t) in zip(a, b))


@settings(max_examples=400, deadline=None)
@given(clauses=st.lists(clause(), min_size=1, max_size=6), limit=st.integers(1, 70), positive=st.booleans())
def test_numpys_sums_rank_as_the_dicts(clauses, limit, positive):
    got, want = ranked_both_ways(clauses, limit, positive)
    assert same(got, want)


@settings(max_examples=200, deadline=None)
@given(clauses=st.lists(clause(ordered=False), min_size=1, max_size=4), limit=st.integers(1, 70),
       positive=st.booleans())
def test_repeated_or_unordered_postings_add_up_one_after_another(clauses, limit, positive):
    got, want = ranked_both_ways(clauses, limit, positive)
    assert same(got, want)


def test_the_same_scores_in_another_clause_order_can_differ_and_each_order_is_kept():
    """Float addition is not associative: 0.1 + 0.2 + 0.3 and 0.3 + 0.2 + 0.1 differ in the last
    bit; each path keeps its clauses' own order, so both give the order's own sum."""
    forward = [([7], [0.1]), ([7], [0.2]), ([7], [0.3])]
    backward = forward[::-1]
    for order in (forward, backward):
        got, want = ranked_both_ways(order, 5, True)
        assert same(got, want)
    assert ranked_both_ways(forward, 5, True)[0] != ranked_both_ways(backward, 5, True)[0]


def test_ties_go_by_document_number_and_the_cut_keeps_the_first():
    clauses = [([3, 9, 20, 41], [1.0, 2.0, 1.0, 1.0]), ([1, 41], [2.0, 0.0])]
    got, want = ranked_both_ways(clauses, 3, False)
    assert got == want == ((1, 2.0), (9, 2.0), (3, 1.0))


def test_zero_sums_are_dropped_only_where_asked():
    clauses = [([2, 5], [0.0, 1.0]), ([2], [-0.0]), ([8], [0.5])]
    assert ranked_both_ways(clauses, 10, True)[0] == ((5, 1.0), (8, 0.5))
    assert ranked_both_ways(clauses, 10, False)[0] == ((5, 1.0), (8, 0.5), (2, 0.0))
