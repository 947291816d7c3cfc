"""How much each of a question's words weighs (issue 46): a phrase's little words ("the go of my go")
are not searched alone, pronouns say nothing, and a rare game term outweighs common words in a hit's
share of the question."""
from __future__ import annotations

import pytest

from rulesdb.analysis import glued, words


def test_the_go_of_my_go_is_a_turn_not_a_card_that_goes_somewhere(top):
    assert glued("which moves are there on my go") == {"go"}
    assert "cataclysm-arcade.turn.moves" in top("which moves are there on my go", "cataclysm-arcade", 2)


def test_pronouns_are_not_searched(top):
    assert words("his fighter hits her for 3") == ["fighter", "hits", "3"]
    ask = "his fighter has armor 2 and he hits mine for 3, how much health do I lose"
    assert top(ask, "cataclysm-arcade", 1) == ["cataclysm-arcade.keywords.armor"]


def test_a_rare_game_term_outweighs_common_words(top):
    """"cobble" is Luthia's own resource: the rule on what a level costs in it comes before her duo
    power, which says "power" and "level" more often but never "cobble"."""
    ask = "how much cobble does luthia need to raise a power a level"
    assert top(ask, "catharsis", 1) == ["catharsis.characters.luthia.level-2-cost"]


@pytest.mark.parametrize("game", [None, "catharsis"])
def test_a_characters_own_rule_answers_only_a_question_naming_the_character(top, game):
    """Soraten's once-a-round rule is about Soraten: asked in general, the general rule comes first;
    naming Soraten puts hers first."""
    ask = "Catharsis can I activate the same ability twice in a round?"
    assert top(ask, game, 1) == ["catharsis.combat.player-attack.once-per-ability"]
    assert top("soraten: " + ask, game, 1) == ["catharsis.characters.soraten.once-per-round"]
