""""What's the deal with X", "X, what's the deal" ask what X is, in the table's words (issue 46,
rulesdb/intent.py ASKS_WHAT and ASKS_AFTER): X's glossary entry comes first; a kind word after a
name ("the Murder Mystery deck") names the thing, as "card" or "rule" does."""
from __future__ import annotations

import pytest

from rulesdb.intent import asked_things


@pytest.mark.parametrize("ask, thing", [
    ("whats the deal with the reserve die", "reserve die"),
    ("what's the deal with stealthy?", "stealthy"),
    ("murder mystery deck whats the deal", "murder mystery deck"),
    ("the line, what's the deal with it", "line"),
])
def test_the_deal_with_a_thing_asks_what_it_is(ask, thing):
    assert asked_things(ask) == ([thing], True)


@pytest.mark.parametrize("ask, game, term", [
    ("murder mystery deck whats the deal", "catharsis", "catharsis.glossary.murder-mystery"),
    ("whats the deal with the reserve die", "catopomp", "catopomp.glossary.reserve-die"),
])
@pytest.mark.parametrize("named", [True, False])
def test_the_thing_s_definition_comes_first(top, ask, game, term, named):
    assert top(ask, game if named else None, 1) == [term]
