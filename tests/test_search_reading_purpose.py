""""What does X do for Y" asks what X is for (issue 46, rulesdb/intent.py, ASKS_MEAN): X's glossary
entry comes first, as for "what does X mean for Y", not the rules that only share Y's name."""
from __future__ import annotations

import pytest

from rulesdb.intent import asked_things


@pytest.mark.parametrize("ask, thing", [("what does ice do for lumi", "ice"),
                                         ("What does the reserve die do for me?", "reserve die")])
def test_the_thing_before_do_for_is_asked_about(ask, thing):
    assert asked_things(ask) == ([thing], True)


@pytest.mark.parametrize("ask", ["what do i do for setup", "what do we do for the first round", "what does it do for us"])
def test_a_person_or_it_before_do_for_is_no_thing(ask):
    assert asked_things(ask) == ([], False)


@pytest.mark.parametrize("ask, game, term", [
    ("what does cobble do for luthia", "catharsis", "catharsis.glossary.cobble"),
    ("what does the reserve die do for me", "catopomp", "catopomp.glossary.reserve-die"),
    ("what does a yarn ball do for my cat", "catastrophe", "catastrophe.glossary.yarn-ball"),
])
@pytest.mark.parametrize("named", [True, False])
def test_what_a_thing_does_for_someone_puts_its_definition_first(engine, ask, game, term, named):
    first = engine.search(ask, game=game if named else None, limit=1).results[0].id
    assert first == term
