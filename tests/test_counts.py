"""The one reader of a player's counts (rulesdb/counts.py, issue 46): each count a question gives as a
fact (how many, what is done with it, what is counted), read the same way by limits.py, numbers.py
and exceptions_rank.py."""
from __future__ import annotations

import pytest

from rulesdb.analysis import NUMBER_WORDS
from rulesdb.counts import counts, digits, rulebook_words, short, total, values
from rulesdb.exceptions_rank import counted
from rulesdb.limits import crossing
from rulesdb.numbers import comparisons


def facts(text: str) -> list[tuple[int, str, tuple[str, ...]]]:
    return [(c.n, c.kind, c.thing) for c in counts(text)]


def test_every_number_word_has_its_value():
    assert set(values()) == {w for w in NUMBER_WORDS if w.isalpha()}
    assert sorted(values().values()) == list(range(len(values())))
    assert values()["seven"] == 7 and values()["zero"] == 0 and values()["ten"] == 10
    assert digits("Three or more Hell cards, never above ten") == "3 or more hell cards, never above 10"


@pytest.mark.parametrize("text, kind, n", [
    ("I have 6 cards", "have", 6),
    ("I hold 5 cards", "have", 5),
    ("i'm holding three cards", "have", 3),
    ("he got 4 gems", "have", 4),
    ("she's sitting on 8 lives", "have", 8),
    ("I have only 1 gold left", "have", 1),
    ("the price of 3 gems", "cost", 3),
    ("my paw phase draws 3", "gain", 3),
    ("a card gives me 3", "gain", 3),  # the gain's verb a few words before its number
    ("the attack costs 3", "cost", 3),
    ("it needs two coins", "cost", 2),
    ("I rolled a 4", "roll", 4),
    ("5 against 5", "roll", 5),
    ("we both rolled 5", "tie", 5),
    ("reroll one die", "", 1),  # a number nobody holds, gains or pays
    ("can I reroll just one die", "", 1),
    ("I have lost 3 lives", "", 3),  # "have" is not the verb of the 3
    ("the fight with the 100 eyed dragon", "", 100),
    ("I already have six powers and an effect gives me another one", "gain", 1),  # "another one": 1 more
])
def test_each_kind_of_count(text, kind, n):
    assert (n, kind) in [(c.n, c.kind) for c in counts(text)], counts(text)


def test_what_is_counted_comes_after_the_number():
    assert facts("he has 2 hell cards") == [(2, "have", ("hell", "cards"))]
    assert facts("holds 3 or more Hell cards") == [(3, "have", ("hell", "cards"))]  # "or more" skipped
    assert facts("3+ hell cards") == [(3, "", ("hell", "cards"))]


def test_a_list_of_numbers_is_a_set_of_its_size():
    assert [(c.kind, c.n, c.numbers) for c in counts("they played 8,8 and I have 3, 4, 5")] == [
        ("set", 2, (8, 8)), ("set", 3, (3, 4, 5))]


@pytest.mark.parametrize("text", ["which one wins", "give me one", "does that one count", "no one can beat it",
                                  "is it the one with wings"])
def test_one_standing_for_a_thing_counts_nothing(text):
    assert counts(text) == ()


def test_one_as_a_number_still_counts():
    assert facts("I have 7 cards, can I draw one") == [(7, "have", ("cards",)), (1, "gain", ())]


def test_what_is_counted_stays_in_its_clause():
    assert facts("armor 1 and he hits for 3, how much hp do I lose") == [(1, "", ("and", "he")), (3, "", ())]
    assert facts("I have 2, what then") == [(2, "have", ())]


@pytest.mark.parametrize("text", ["how many cards in a starting hand", "3rd player draws", "roll a d6"])
def test_no_count(text):
    assert counts(text) == ()


def test_a_total_is_the_count_held_and_the_gain_after_it():
    held, gain = total(counts("I hold 6 cards and my paw phase draws 3"))
    assert (held.n, held.thing[0], gain.n) == (6, "cards", 3)
    assert total(counts("draw 3, then I have 6 cards")) is None  # the gain before the count held
    assert total(counts("how many cards do I draw")) is None
    assert total(counts("with 3 players do we each get 2 cards")) is None  # the table's players, not held
    assert [c.verb for c in counts("with 3 players, I hold 2 cards and draw 1")] == ["with", "hold", "draw"]


def test_a_shortfall_is_a_count_held_under_a_cost():
    assert short(counts("I have 2 coins and the attack costs 3"))
    assert short(counts("I have two coins and the attack costs three"))  # number words too
    assert not short(counts("I have 3 coins and the attack costs 2"))
    assert not short(counts("the attack costs 3"))


def test_the_three_readers_read_hold_as_have():
    """"hold" was read as having by numbers.py only: limits.py's crossing missed it."""
    assert crossing("I hold 5 cards and draw 3") == (5, 8, "card")
    assert crossing("I'm holding six cards and draw two") == (6, 8, "card")
    assert {c.kind for c in comparisons("I hold 5 cards and draw 3")} == {"total", "threshold"}
    assert counted("I hold 5 gems", lambda text: text.split()) == {"gems"}


def test_one_as_a_pronoun_names_no_case():
    assert counted("he has hell cards, which one must he give", lambda text: text.split()) == set()
    assert counts("he has hell cards, which one must he give") == ()


def test_the_rulebook_words_for_what_the_counts_say():
    assert rulebook_words("I hold 6 cards and draw 3") == ["limit", "maximum"]
    assert rulebook_words("I have two coins and the attack costs three") == ["enough", "cannot"]
    assert rulebook_words("my fighter is at 3, and I heal 4") == []  # a total of no thing named
    assert rulebook_words("they played 8,8 and I have 3,4,5") == ["same", "number", "sequential", "run", "more", "fewer"]
    assert rulebook_words("which one wins") == [] and rulebook_words("how many cards do I draw") == []


@pytest.mark.parametrize("game", ["catastrophe", None])
@pytest.mark.parametrize("ask", ["I hold 6 cards and my paw phase draws 3",
                                 "I'm holding six cards and my paw phase draws three"])
def test_holding_cards_past_the_hand_limit_finds_the_limit_first(engine, game, ask):
    """Only "have"/"has"/"got" with digits were read as a count that a draw adds to (issue 46)."""
    ids = [h.id for h in engine.search(ask, game=game, limit=3).results]
    assert ids[0] == "catastrophe.general.max-hand-size", ids
