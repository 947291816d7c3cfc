"""Ranking fixes that hold for every game (issue 46, search7): each reads a kind of question the
same way in every game, never one question or one rule."""
from __future__ import annotations

import pytest

from rulesdb.analysis import glued, phrase_words
from rulesdb.search import RulesSearch


@pytest.fixture(scope="module")
def engine(shared_home):
    with RulesSearch(shared_home / "cache", shared_home / "data" / "sources") as opened:
        yield opened


def top(engine, ask: str, game: str | None, n: int) -> list[str]:
    return [h.id for h in engine.search(ask, game=game, limit=n).results]


@pytest.mark.parametrize("said", ["in one go", "in a single go", "at one go"])
def test_in_one_go_is_at_once_not_a_turn(said):
    assert "simultaneous" in phrase_words(f"can we all attack {said}")
    assert "turn" not in phrase_words(f"can we all attack {said}")
    assert glued(f"can we all attack {said}") >= {"go"}
    assert "turn" in phrase_words("whose go is it") and "turn" in phrase_words("can I do it every go")


def test_in_one_go_ranks_as_at_once(engine):
    ask = "do all players attack {}"
    assert top(engine, ask.format("in one go"), "catharsis", 5) == top(engine, ask.format("at once"), "catharsis", 5)


def test_a_corrected_word_keeps_the_table_meanings_of_its_right_spelling():
    from rulesdb.analysis import fixed_meanings

    from rulesdb.analyzer import make_analyzer

    analyzer = make_analyzer()
    assert {"prevent", "block", "cancel"} <= fixed_meanings("stop", lambda word: [t.text for t in analyzer(word)])


@pytest.mark.parametrize("game, typed, meant", [
    ("catastrophe", "can I stopp a catastrophe card", "can I stop a catastrophe card"),
])
def test_a_typo_ranks_as_its_right_spelling(engine, game, typed, meant):
    assert top(engine, typed, game, 3) == top(engine, meant, game, 3)


@pytest.mark.parametrize("game", ["catharsis", None])
@pytest.mark.parametrize("ask, term", [
    ("tsuna what are thralls", "catharsis.glossary.thrall"),
    ("luthia what is cobble", "catharsis.glossary.cobble"),
    ("goz what does combo mean", "catharsis.glossary.combo"),
])
def test_a_definition_behind_a_characters_name_comes_first(engine, game, ask, term):
    assert top(engine, ask, game, 1) == [term]


def test_a_name_first_is_not_any_opening():
    from rulesdb.intent import asked_things

    assert asked_things("tsuna what are thralls") == (["thralls"], True)
    assert asked_things("if I die what happens") == ([], False)
