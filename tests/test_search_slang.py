"""Table slang and vague phrasings (issue 46, round two): one shared map of the words players use at a
table, a few phrases, and a game's own counter for the words players use for any game's ("hp"). Each
question is written here from table talk, not taken from a question file; each failed before the map."""
from __future__ import annotations

import pytest

from rulesdb.analysis import counter_words, phrase_words, synonyms


def first(engine, ask: str, game: str, n: int = 1) -> list[str]:
    return [h.id for h in engine.search(ask, game=game, limit=n).results]


@pytest.mark.parametrize("ask, game, want", [
    ("can I mull my opening hand", "cataclysm-arcade", "cataclysm-arcade.setup.mulligan"),
    ("how do we wipe the boss", "catharsis", "catharsis.gameplay.boss-defeated"),
])
def test_a_slang_word_finds_the_rule_in_the_rulebooks_words(engine, ask, game, want):
    assert first(engine, ask, game) == [want]


def test_dumping_a_card_on_someone_is_giving_it_not_discarding_it(engine):
    assert {"transfer", "give"} <= set(phrase_words("can I dump my hell cards onto somebody else"))
    # either transfer rule answers: the optional one, or the one saying when it is a choice (two or
    # fewer Hell cards) and when a duty (three or more)
    transfers = {"catopomp.passing.transfer-optional", "catopomp.passing.transfer-mandatory-three"}
    assert transfers & set(first(engine, "can I dump my hell cards onto somebody else", "catopomp", 3))


def test_a_table_phrase_finds_the_rule_it_means(engine):
    """Nothing to do on your turn: you pass, and the level goes on until everyone has."""
    assert "pass" in phrase_words("I can't do anything on my turn")
    assert "cataclysm-arcade.basics.moves-until-all-pass" in first(engine, "what if I can't do anything on my turn",
                                                                   "cataclysm-arcade", 3)


def test_hp_is_each_games_own_life_counter(engine):
    """Catopomp's lives are Soul Gems; Catharsis keeps health as it is (tests/test_search_hedges.py: Catastrophe)."""
    assert "gem" in counter_words("catopomp", "hp")
    assert counter_words("catharsis", "hp") == () and "lives" not in synonyms("hp")
    assert first(engine, "how much hp does everyone start with", "catopomp") == ["catopomp.setup.soul-gems"]


@pytest.mark.parametrize("ask, game, want", [
    ("what is the point of fortify", "cataclysm-arcade", "cataclysm-arcade.keywords.fortify"),
    ("what's the point of refresh", "catharsis", "catharsis.morale.refresh-timing"),
])
def test_the_point_of_a_thing_is_what_it_is_for_not_points(engine, ask, game, want):
    """"The point of X" asks what X is for: "point" is not searched as a score (kill point tokens)."""
    assert first(engine, ask, game) == [want]


def test_asking_for_examples_wants_the_cases_not_the_definition(engine):
    """"examples of hell powers": a worked example ranks above the glossary's definition."""
    ids = first(engine, "examples of hell powers", "catopomp", 3)
    assert "catopomp.hell-power.example-luke" in ids and "catopomp.glossary.hell-power" not in ids
