"""The reader of a player's numbers (rulesdb.numbers): the comparison a question's numbers make, and
the rules whose own text states it ranked first (issue 46)."""
from __future__ import annotations

import pytest

from companion import paths
from rulesdb.numbers import TEXT_LIFT, TITLE_LIFT, Comparison, comparisons, lift, states
from rulesdb.search import search


def kinds(question: str) -> set[str]:
    return {c.kind for c in comparisons(question)}


def told(question: str, kind: str) -> Comparison:
    return next(c for c in comparisons(question) if c.kind == kind)


def test_a_total_passing_a_limit_names_the_limits_it_passes():
    total = told("I hold 5 cards and draw 3", "total")
    assert total.numbers == {5, 6, 7}
    assert states(total, "You may never hold more than 7 cards.")
    assert states(total, "Nine lives is the maximum.") is False  # 9 is not passed by 5 + 3
    assert states(total, "Take the top 3 cards of the deck.") is False  # the draw itself, no limit


def test_a_tie_is_the_same_number_rolled_against():
    assert "tie" in kinds("the attack is 4 and I roll a 4")
    assert "tie" in kinds("we both rolled 5, who wins")
    tie = told("5 against 5 in a fight", "tie")
    assert states(tie, "A result equal to or above the Attack number defends.")
    assert states(tie, "Spend a Yarn Ball to make them roll again.") is False


def test_a_count_held_meets_a_threshold_at_or_just_above_it():
    threshold = told("the winner has 2 hell cards", "threshold")
    assert states(threshold, "If they hold three or more Hell cards, the transfer is not optional.")
    assert states(threshold, "With 2 or fewer Hell cards it stays a choice.")
    assert states(threshold, "holding 3+ Hell cards")
    assert states(threshold, "A set needs at least 5 cards.") is False
    assert states(threshold, "With 3 or more players, deal 8 each.") is False  # a count of something else
    assert states(threshold, "never more than 3 hell cards") is False  # a limit, not a threshold


def test_sets_of_different_sizes_and_of_the_same_size():
    assert kinds("they played 8,8 and I have 3,4,5") == {"sizes"}
    assert states(Comparison("sizes"), "A set with more cards beats any set with fewer cards.")
    assert kinds("6,7,8 against 2,3,4") == {"same-size", "same-kind"}  # two runs of three
    assert kinds("6,7,8 against 2,2,2") == {"same-size"}
    assert states(Comparison("same-kind"), "Same size and same kind: higher numbers win")
    assert states(Comparison("sizes"), "If both sets have the same number of cards") is False


@pytest.mark.parametrize("question", [
    "how many cards in a starting hand",
    "reroll one die",
    "an ability deals 2 then 3 damage, is it 3 and 4 with the bonus",  # a 3 twice, nothing rolled against it
])
def test_questions_whose_numbers_compare_nothing(question):
    assert comparisons(question) == ()


@pytest.mark.parametrize("question", [
    "how many cards with 3 players",
    "if im on one gem for 3 rounds do I get 3 reserve dice",  # a 3 twice, but rounds and dice
])
def test_counts_held_are_no_tie_and_no_set(question):
    assert kinds(question) <= {"total", "threshold"}


def test_the_lift_is_a_share_of_the_best_score_and_only_for_a_stated_comparison():
    asked = comparisons("I hold 5 cards and draw 3")
    assert lift(asked, "Hand limit: 7 cards", "You may never hold more than 7 cards.") == TITLE_LIFT + TEXT_LIFT
    assert lift(asked, "Draw 3 cards", "If that puts you above 7, discard down to 7.") == TEXT_LIFT
    assert lift(asked, "Draw 3 cards", "Take the top 3 cards.") == 0.0
    assert lift((), "Hand limit: 7 cards", "never more than 7") == 0.0
    # two comparisons stated add up: "6,7,8 vs 2,3,4" is of one size and of one kind
    both = comparisons("6,7,8 against 2,3,4")
    assert lift(both, "Same size and same kind: higher numbers win", "") == 2 * TITLE_LIFT
    assert lift(both, "Same size: a same-number set beats a sequential set", "") == TITLE_LIFT


def ids(query: str, game: str | None) -> list[str]:
    return [h.id for h in search(query, paths.cache_dir(), paths.sources_dir(), game=game, limit=3).results]


@pytest.mark.parametrize("game", ["catastrophe", None])
def test_a_roll_tying_the_attack_finds_the_defend_rule_first(game):
    assert ids("the attack card shows 3 and I rolled a 3", game)[0] == "catastrophe.attack-symbol.roll-to-defend"


def test_a_bigger_set_of_smaller_numbers_finds_the_size_rule_first():
    assert ids("they played 8,8 and I have 3,4,5, does mine win", "catopomp")[0] == "catopomp.strength.more-cards-wins"


def test_two_runs_of_one_size_find_the_higher_numbers_rule_first():
    assert ids("6,7,8 against 3,4,5, which one wins", "catopomp")[0] == "catopomp.strength.higher-numbers-win"
