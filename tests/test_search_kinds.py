"""Ranking fixes for kinds of question that any game's players ask (issue 46, search8): each reads
the kind the same way in every game, never one question or one rule."""
from __future__ import annotations

import pytest

from rulesdb.analysis import glued, phrase_words
from rulesdb.intent import asked_state, brings_about


@pytest.mark.parametrize("ask", ["how do I die", "can a player die twice", "they die after 3", "what if we all die",
                                 "is my character gonna die", "am I going to die"])
def test_to_die_is_death_not_a_die(ask):
    assert "death" in phrase_words(ask)
    assert "die" in glued(ask)


@pytest.mark.parametrize("ask", ["roll the reserve die", "when does the reserve die go back", "can I reroll one die",
                                 "which die do I use", "do I discard a die"])
def test_a_die_is_still_a_die(ask):
    assert "death" not in phrase_words(ask)
    assert "die" not in glued(ask)


@pytest.mark.parametrize("game", ["catharsis", None])
def test_how_do_i_die_finds_death_not_dice(top, game):
    found = top("how do I die in catharsis", game, 3)
    assert found[0] == "catharsis.damage.death"
    assert not any("dice" in rule or "die" in rule.split(".")[-1] for rule in found)


def test_dying_in_a_game_of_lives_is_elimination(top):
    assert all(rule.startswith("catastrophe.elimination.") for rule in top("what happens if I die", "catastrophe", 3))


@pytest.mark.parametrize("ask, state", [("how do you get eliminated", "eliminated"), ("when is a player dead", "dead"),
                                        ("when am I out", "out"), ("how does a card get exhausted", "exhausted")])
def test_a_question_asking_how_a_state_comes_about(ask, state):
    assert asked_state(ask) == state


@pytest.mark.parametrize("ask", ["when am I allowed to play a level 3 fighter", "how do you get coins", "when is the game over",
                                 "what happens to an eliminated player"])
def test_other_questions_ask_no_cause(ask):
    assert asked_state(ask) is None


@pytest.mark.parametrize("text, state, says", [
    ("A player whose last power has been discarded is dead.", "dead", True),
    ("When a Fighter's health drops to 0 or below it is destroyed.", "destroyed", True),
    ("If all players are dead, the game is lost.", "dead", False),
    ("An eliminated player moves their token down.", "eliminated", False),
    ("Their lives run out.", "out", None),
])
def test_a_rule_brings_a_state_about_or_follows_it(text, state, says):
    assert brings_about(text, state) is says


@pytest.mark.parametrize("game", ["catastrophe", None])
def test_how_you_get_eliminated_comes_before_what_follows(top, game):
    found = top("catastrophe how do you get eliminated", game, 2)
    # the rule and the glossary term both say the two ways out (lives run out, the Reapurr's space)
    assert found[0] in ("catastrophe.elimination.immediate", "catastrophe.glossary.eliminated"), found


@pytest.mark.parametrize("game", ["catharsis", None])
def test_when_a_player_is_dead_comes_before_what_follows(top, game):
    assert top("when is a player dead in catharsis", game, 1) == ["catharsis.damage.death"]
