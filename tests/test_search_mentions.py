"""Issue 46, round four: a question's mention of its game (its name, "in the co-op dice game") says
which game, not which rule; "what is X" behind the game's name, a misspelt X, "X what is it for" and
"X vs Y" keep X's glossary term first; the players' own words (people, trash, a word cut short) reach
the rulebook's; the --json answer says how sure it is."""
from __future__ import annotations

import pytest

from rulesdb.mentions import mentions
from tests.games import cases

NAMES = {"catharsis": "plain", "catastrophe": "term", "9 lives": "named", "cataclysm arcade": "plain"}


@pytest.mark.parametrize("ask, rest, faint", [
    ("Catharsis: what does exhaust mean?", "what does exhaust mean?", []),
    ("what is the Line in Cataclysm Arcade?", "what is the Line?", []),
    ("catastrophe what is the claw phase", "what is the claw phase", []),
    ("what happens in the catastrophe phase", "what happens in the catastrophe phase", []),
    ("I have 9 lives left", "I have 9 lives left", []),
    ("when is a player dead in the co-op dice game", "when is a player dead", ["co-op", "dice"]),
    ("can i mulligan twice in the card game with bosses and coins", "can i mulligan twice", ["card", "bosses", "coins"]),
    ("who wins at the end of the game", "who wins at the end of the game", []),
    ("in a 4 player game what happens to my cards", "in a 4 player game what happens to my cards", []),
    ("catharsis", "catharsis", []),
])
def test_a_games_name_and_description_leave_the_words_searched(ask, rest, faint):
    assert mentions(ask, NAMES) == (rest, faint)


@pytest.mark.parametrize("game, case", [(g, c) for g, asked in cases("mentions").items() for c in asked])
def test_the_thing_asked_about_comes_first_behind_the_games_name_a_typo_or_a_generic_word(engine, game, case):
    ids = [h.id for h in engine.search(case["ask"], game=None if case.get("across") else game, limit=3).results]
    assert ids[0] == case["first"], ids


def test_x_vs_y_puts_both_terms_first(engine):
    ids = [h.id for h in engine.search("cataclysm arcade line vs initiative", game="cataclysm-arcade", limit=3).results]
    assert set(ids[:2]) == {"cataclysm-arcade.glossary.line", "cataclysm-arcade.glossary.initiative"}, ids


@pytest.mark.parametrize("game, case", [(g, c) for g, asked in cases("players_words").items() for c in asked])
def test_the_players_words_reach_the_rulebooks(engine, game, case):
    assert case["wanted"] in [h.id for h in engine.search(case["ask"], game=game, limit=3).results]


def test_the_json_answer_says_how_sure_it_is(engine):
    shown = engine.search("how many cards do you draw", game=None, limit=5).as_json()
    assert isinstance(shown["also"], list) and all(set(a) == {"game", "id", "title"} for a in shown["also"])
    assert shown["also"] and shown["also"][0]["game"] != shown["results"][0]["game"]
    assert shown["close"] is None or set(shown["close"]) == {"id", "title"}
