"""Ranking fixes for kinds of question that any game's players ask (issue 46, search8): each reads
the kind the same way in every game, never one question or one rule."""
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
def test_how_do_i_die_finds_death_not_dice(engine, game):
    found = top(engine, "how do I die in catharsis", game, 3)
    assert found[0] == "catharsis.damage.death"
    assert not any("dice" in rule or "die" in rule.split(".")[-1] for rule in found)


def test_dying_in_a_game_of_lives_is_elimination(engine):
    assert all(rule.startswith("catastrophe.elimination.") for rule in top(engine, "what happens if I die", "catastrophe", 3))
