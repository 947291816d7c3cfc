"""A bare name with the word for its kind ("King of the Meowtain variant", "god tier challenges",
"murder mystery mode") asks about the thing named (issue 46, rulesdb/intent.py KIND_TAIL): its
glossary entry comes first, as for the bare name alone; a name's little words ("of the") do not make
it a sentence."""
from __future__ import annotations

import pytest

from rulesdb.intent import asked_things


@pytest.mark.parametrize("ask, thing", [
    ("king of the meowtain variant", "king of the meowtain variant"),
    ("the king of the meowtain mode", "king of the meowtain mode"),
])
def test_a_name_with_its_little_words_is_still_a_bare_name(ask, thing):
    assert asked_things(ask) == ([thing], False)


def test_four_telling_words_are_no_bare_name():
    assert asked_things("cards left over end") == ([], False)


@pytest.mark.parametrize("ask, game, term", [
    ("king of the meowtain variant", "catastrophe", "catastrophe.glossary.king-of-the-meowtain"),
    ("the king of the meowtain mode", "catastrophe", "catastrophe.glossary.king-of-the-meowtain"),
    ("god tier challenges catharsis", "catharsis", "catharsis.glossary.god"),
    ("avatar tier challenges", "catharsis", "catharsis.glossary.avatar"),
    ("murder mystery mode", "catharsis", "catharsis.glossary.murder-mystery"),
])
@pytest.mark.parametrize("named", [True, False])
def test_the_named_thing_comes_first(top, ask, game, term, named):
    assert top(ask, game if named else None, 1) == [term]


def test_a_kind_word_after_what_is_may_name_one_case(top):
    # "the god tier challenge for Goz" is Goz's own God challenge, not the tier
    assert top("what's the god tier challenge for goz", "catharsis", 1) == ["catharsis.challenges.god.goz-solo-no-bottom"]
