"""Ranking fixes that hold for every game (issue 46, search7): each reads a kind of question the
same way in every game, never one question or one rule."""
from __future__ import annotations

import pytest

from rulesdb.analysis import glued, phrase_words


@pytest.mark.parametrize("said", ["in one go", "in a single go", "at one go"])
def test_in_one_go_is_at_once_not_a_turn(said):
    assert "simultaneous" in phrase_words(f"can we all attack {said}")
    assert "turn" not in phrase_words(f"can we all attack {said}")
    assert glued(f"can we all attack {said}") >= {"go"}
    assert "turn" in phrase_words("whose go is it") and "turn" in phrase_words("can I do it every go")


def test_in_one_go_ranks_as_at_once(top):
    ask = "do all players attack {}"
    assert top(ask.format("in one go"), "catharsis", 5) == top(ask.format("at once"), "catharsis", 5)


def test_a_corrected_word_keeps_the_table_meanings_of_its_right_spelling():
    from rulesdb.analysis import fixed_meanings

    from rulesdb.analyzer import make_analyzer

    analyzer = make_analyzer()
    assert {"prevent", "block", "cancel"} <= fixed_meanings("stop", lambda word: [t.text for t in analyzer(word)])


@pytest.mark.parametrize("game, typed, meant", [
    ("catastrophe", "can I stopp a catastrophe card", "can I stop a catastrophe card"),
])
def test_a_typo_ranks_as_its_right_spelling(top, game, typed, meant):
    assert top(typed, game, 3) == top(meant, game, 3)


@pytest.mark.parametrize("game", ["catharsis", None])
@pytest.mark.parametrize("ask, term", [
    ("tsuna what are thralls", "catharsis.glossary.thrall"),
    ("luthia what is cobble", "catharsis.glossary.cobble"),
    ("goz what does combo mean", "catharsis.glossary.combo"),
])
def test_a_definition_behind_a_characters_name_comes_first(top, game, ask, term):
    assert top(ask, game, 1) == [term]


def test_a_name_first_is_not_any_opening():
    from rulesdb.intent import asked_things

    assert asked_things("tsuna what are thralls") == (["thralls"], True)
    assert asked_things("if I die what happens") == ([], False)


def test_a_topic_before_a_colon_is_every_parts_topic():
    from rulesdb.intent import question_parts

    assert question_parts("Luthia: how do I get Cobble, and when can I spend it?") == [
        "Luthia: how do I get Cobble", "Luthia: when can I spend it"]
    assert question_parts("can I reroll a die? and how many times can I reroll") == [
        "can I reroll a die", "and how many times can I reroll"]


def test_both_parts_of_a_question_on_one_topic_are_answered_in_the_top_three(top):
    ask = "duo power: who can take damage on it, and can it be replaced once discarded?"
    assert {"catharsis.duo-powers.damage", "catharsis.duo-powers.discarded"} <= set(top(ask, "catharsis", 3))


@pytest.mark.parametrize("game", ["catharsis", None])
def test_a_bare_term_behind_a_name_puts_the_term_first(top, game):
    assert top("durhak divine gamble?", game, 1) == ["catharsis.glossary.divine-gamble"]


def test_a_first_word_that_says_which_is_kept(top):
    # "max" is not a name: the party's limit, not Catharsis's party, answers
    assert top("whats the max party size", None, 1) == ["theseus.limits.max-four"]


def test_a_corrected_word_makes_a_phrase_with_its_neighbour_as_its_right_spelling(top):
    # "bos deck": the two words side by side in a title weigh extra, as "boss deck" does
    assert top("whats in the bos deck", "catharsis", 1) == top("whats in the boss deck", "catharsis", 1)


def test_the_start_of_a_turn_is_not_the_games_setup(top):
    from rulesdb.analysis import as_said

    assert as_said("what happens at the start of my turn") == {"start"}
    assert as_said("at the beginning of each round") == {"beginning"}
    assert as_said("what do we do at the start of the game") == set()  # the game's start is its setup
    assert not top("what happens at the start of my turn", "theseus", 1)[0].startswith("theseus.setup.")
    assert "catastrophe.turn.three-phases" in top("what happens at the start of my turn", "catastrophe", 3)
