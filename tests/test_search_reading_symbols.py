"""A printed symbol typed as itself is read by its names (issue 46, rulesdb/analysis.py, SYMBOLS):
"what does ? mean" asks about the question mark (a wild die in a Catharsis cost), "**" is the
asterisks marking a challenge, "1 / 2 / 3" the slashes of a value per party size. The word
splitter keeps no symbol, so such a question lost its subject."""
from __future__ import annotations

import pytest

from rulesdb.analysis import lone_question_mark, symbol_words
from rulesdb.mentions import mentions


@pytest.mark.parametrize("ask, names", [
    ("what does ? mean on a power", ["question", "mark"]),
    ('what is the "?" in a cost', ["question", "mark"]),
    ("the ** next to a challenge", ["asterisk", "star"]),
    ("what does ** mean", ["asterisk", "star"]),
    ("it says 2 / 4 / 6 damage", ["slash"]),
])
def test_a_symbol_standing_alone_is_read_by_its_names(ask, names):
    assert symbol_words(ask) == names


@pytest.mark.parametrize("ask", ["can I reroll? and how many times", "refresh??", "what is *this* card",
                                 "is 1/2 of the deck dealt", "what is a pass?"])
def test_punctuation_is_no_symbol(ask):
    assert symbol_words(ask) == []
    assert not lone_question_mark(ask)


def test_the_game_name_removed_keeps_a_lone_question_mark():
    names = {"catharsis": "plain"}
    assert mentions("catharsis: what does ? mean", names)[0] == "what does ? mean"
    assert mentions("what is a combo in catharsis ?", names)[0] == "what is a combo?"


@pytest.mark.parametrize("game", ["catharsis", None])
def test_a_question_mark_in_a_cost_is_the_wild_die(top, game):
    # without the symbol the question kept only "mean" and "power": the one-ability rule came first
    assert top("what does ? mean on a power", game, 1) == ["catharsis.glossary.wild-die"]


def test_asterisks_on_a_challenge_mark_expansion_content(top):
    assert "catharsis.challenges.expansion-content" in top("a challenge with ** next to it, what does that mean",
                                                           "catharsis", 2)


def test_slashed_values_are_read_by_party_size(top):
    assert top("the event says 1 / 2 / 3 / 4 / 5 damage, which do we take", "catharsis", 1) == \
        ["catharsis.boss-deck.slash-values"]
