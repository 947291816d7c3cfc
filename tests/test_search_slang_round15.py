"""The table's words for hitting someone ("smack", "whack") and for sitting a turn out ("chill"), in the
one shared map of players' words (issue 46, round fifteen: rulesdb/analysis.py PLAYER_WORDS), not on
any rule."""
from __future__ import annotations

import pytest

from rulesdb.analysis import synonyms


@pytest.mark.parametrize("word, meant", [("smack", "attack"), ("whacked", "attack"), ("chill", "pass")])
def test_the_word_searches_the_rulebooks_word(word, meant):
    assert meant in synonyms(word)


@pytest.mark.parametrize("ask, game, rule", [
    ("stealthy dudes, can i smack them the turn they come down", "cataclysm-arcade", "cataclysm-arcade.keywords.stealthy"),
    ("can i just not play anything and chill this turn", "catastrophe", "catastrophe.turn.claw-phase.any-order-or-none"),
    ("is it ok to chill on my turn and play no cards", "catastrophe", "catastrophe.turn.claw-phase.any-order-or-none"),
])
def test_the_rule_meant_comes_first(top, ask, game, rule):
    assert top(ask, game, 1) == [rule]
