""""When can we X" asks for the moment, not what X does (issue 46, rulesdb/intent.py moment_first): the
rule whose title says when (after, at the start of, every refresh) comes before the rule that only
says what X is."""
from __future__ import annotations

import pytest

from rulesdb.intent import asks_when, moment_first


@pytest.mark.parametrize("ask", ["when can we spend morale to refresh", "When is the party allowed to spend Morale?",
                                 "level over when?", "so when do my cards come back"])
def test_a_question_asking_when(ask):
    assert asks_when(ask)


@pytest.mark.parametrize("ask", ["what happens when the reaper reaches me", "when I attack can I reroll",
                                 "can I refresh whenever I like", "how does refresh work"])
def test_other_questions_ask_no_moment(ask):
    assert not asks_when(ask)


def test_a_title_saying_no_moment_weighs_less_only_for_a_when_question():
    found = [(10.0, {"id": "what", "title": "Refresh: spend 1 Morale"}),
             (7.0, {"id": "when", "title": "When you may refresh: after a card resolves"})]
    assert [f["id"] for _, f in moment_first(found, "when can we refresh")] == ["when", "what"]
    assert moment_first(found, "how do we refresh") == found


@pytest.mark.parametrize("ask, game, rule", [
    ("when may the party refresh with morale", "catharsis", "catharsis.morale.refresh-timing"),
    ("When is the party allowed to spend Morale to refresh in Catharsis?", "catharsis", "catharsis.morale.refresh-timing"),
    ("when can Soraten set his powers to ground or flight", "catharsis", "catharsis.characters.soraten.set-sides"),
])
@pytest.mark.parametrize("named", [True, False])
def test_the_rule_saying_when_comes_first(top, ask, game, rule, named):
    assert top(ask, game if named else None, 1) == [rule]
