"""Round eighteen's readings of a player's numbers (issue 46): two counts some way apart and a count
asked past a cap (rulesdb/numbers.py), and a worked example saying the player's numbers
(rulesdb/examples_rank.py)."""
from __future__ import annotations

import pytest

from rulesdb.examples_rank import worked
from rulesdb.numbers import Comparison, comparisons, states

PREDICTION_OFF = ("Off by more than 1: zero points",
                  "If the size of your last set differs from your prediction by 2 or more, you score nothing.")


def told(question: str, kind: str) -> list[Comparison]:
    return [c for c in comparisons(question) if c.kind == kind]


def test_two_counts_two_apart_are_a_gap_of_two():
    gap = told("predicted 1 and i finished with 3 cards", "gap")
    assert gap == [Comparison("gap", frozenset({2}))]
    assert states(gap[0], PREDICTION_OFF[0]) and states(gap[0], PREDICTION_OFF[1])
    one = told("i predicted 2 and my last set was 3 cards", "gap")[0]  # one apart: the off-by-one scores
    assert not states(one, PREDICTION_OFF[0]) and not states(one, PREDICTION_OFF[1])


@pytest.mark.parametrize("question", ["I hold 5 cards and draw 3", "the attack is 4 and I roll a 4",
                                      "an ability deals 2 then 3 damage, is it 3 and 4 with the bonus"])
def test_a_total_a_roll_or_many_counts_make_no_gap(question):
    assert told(question, "gap") == []


def test_a_count_asked_past_a_cap_on_the_same_thing():
    cap = told("can i use 3 dice", "cap")
    assert cap and states(cap[0], "Take up to two centre dice into your set")
    assert not states(cap[0], "Use up to 2 Party cards per turn")  # another thing
    assert not states(cap[0], "Take up to four dice")  # a cap the count does not pass
    assert told("i used 3 dice", "cap") == []  # nothing asked
    assert told("can i use a rank 5 card", "cap") == []  # a rank names a card, it counts nothing


def test_a_worked_example_with_every_number_of_the_question_weighs_as_its_rule():
    rule = {"id": "x.adjust", "kind": "rule", "title": "Adjust dice up or down", "text": "Raise or lower a die."}
    example = {"id": "x.example", "kind": "example", "title": "Example: adjusting a 2 by 2",
               "text": "You cannot go down, so raise it to 4."}
    hits = [(10.0, rule), (9.0, example)]
    assert [f["id"] for _, f in worked(hits, "i need to adjust a 2 down by 2", 0.75)] == ["x.example", "x.adjust"]
    assert worked(hits, "can i adjust a 2", 0.75) == hits  # one number names no case
    assert worked(hits, "adjust a 3 down by 2", 0.75) == hits  # the example does not say 3


@pytest.mark.parametrize("game", ["catopomp", None])
@pytest.mark.parametrize("ask, rule", [
    ("my prediction was 4 and my final set was 2 cards", "catopomp.competitive.off-by-more-than-one"),
    ("can i use 3 dice", "catopomp.dice-boost.take-up-to-two"),
    ("i predicted 2 and my last set was 3 cards", "catopomp.competitive.score-prediction-2"),  # one off: as before
])
def test_the_players_numbers_find_the_rule_they_ask(top, ask, game, rule):
    assert top(ask, game, 1) == [rule]


@pytest.mark.parametrize("game", ["catharsis", None])
@pytest.mark.parametrize("ask, rule", [
    ("i need to adjust a 2 down by 2, is that allowed", "catharsis.glossary-rules.adjust-example"),
    ("i give +2 damage to an ability that deals 2 then 3, what are the numbers",
     "catharsis.glossary-rules.ability-example"),
])
def test_the_worked_example_of_the_players_numbers_comes_first(top, ask, game, rule):
    assert top(ask, game, 1) == [rule]
