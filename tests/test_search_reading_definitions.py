"""A thing named, then the word asking what it means ("subjugate meaning", "wild die definition"), is a
definition question like "what does X mean" (issue 46, rulesdb/intent.py ASKS_TAIL): the glossary
entry comes first, not the rules that happen to say the term most."""
from __future__ import annotations

import pytest

from rulesdb.intent import asked_things


@pytest.mark.parametrize("ask, thing", [
    ("reserve die meaning", "reserve die"),
    ("the Line definition?", "Line"),
    ("stun keyword meaning", "stun keyword"),
])
def test_the_thing_before_meaning_is_asked_about(ask, thing):
    assert asked_things(ask) == ([thing], True)


@pytest.mark.parametrize("ask", ["the boss rolled a six, what could that possibly mean",
                                 "if the deck runs out before the last round ends what does it mean"])
def test_a_situation_before_mean_is_no_thing(ask):
    assert asked_things(ask) == ([], False)


@pytest.mark.parametrize("ask, game, term", [
    ("wild die definition", "catharsis", "catharsis.glossary.wild-die"),
    ("rank deck meaning?", "theseus", "theseus.glossary.rank-deck"),
    ("stun keyword meaning", "cataclysm-arcade", "cataclysm-arcade.glossary.stun"),
    ("morale meaning", None, "catharsis.glossary.morale"),
])
def test_the_definition_comes_first(engine, ask, game, term):
    assert engine.search(ask, game=game, limit=1).results[0].id == term


@pytest.mark.parametrize("ask, game, term", [
    ("what does stun 2 mean", "cataclysm-arcade", "cataclysm-arcade.glossary.stun"),
    ("what is agility 1", "cataclysm-arcade", "cataclysm-arcade.glossary.agility"),
    ("what does armor 2 mean on my fighter", "cataclysm-arcade", "cataclysm-arcade.glossary.armor"),
])
def test_a_keyword_asked_with_its_value_is_defined_first(engine, ask, game, term):
    # "stun 2" names the keyword Stun with the value a card prints: no glossary term is "stun 2"
    assert engine.search(ask, game=game, limit=1).results[0].id == term


@pytest.mark.parametrize("ask, game, terms", [
    ("whats the line and priority", "cataclysm-arcade", ["cataclysm-arcade.glossary.line", "cataclysm-arcade.glossary.priority"]),
    ("what are the party and the hand", "theseus", ["theseus.glossary.party", "theseus.glossary.hand"]),
])
def test_two_things_asked_what_they_are_are_both_defined_first(engine, ask, game, terms):
    assert [h.id for h in engine.search(ask, game=game, limit=2).results] == terms


def test_and_in_a_situation_names_no_things():
    assert asked_things("what happens if i pass and draw") == ([], False)
