""""What is X on Y", "what's X for the Z deck" ask what X is (issue 46, rulesdb/intent.py head_of): the
words after "on", "for" or "in" say whose or where X is, so X's glossary entry comes first, not the
rules that share Y's words."""
from __future__ import annotations

import pytest

from rulesdb.intent import asked_things, head_of


@pytest.mark.parametrize("said, head", [
    ("siphon on calyxia", "siphon"),
    ("Passive on a Role card", "Passive"),
    ("Avatar challenge for the Ice Elf Lich deck", "Avatar challenge"),
    ("On Defeat", "On Defeat"),  # a name opening with one of the words
    ("reserve die", "reserve die"),
])
def test_the_thing_is_the_words_before_whose_it_is(said, head):
    assert head_of(said.split()) == head.split()


def test_a_long_subject_keeps_the_thing_before_for():
    assert asked_things("what's the Avatar challenge for the Ice Elf Lich deck") == (["Avatar challenge"], True)


@pytest.mark.parametrize("ask, game, term", [
    ("what is siphon on calyxia", "catharsis", "catharsis.glossary.siphon"),
    ("what's the Avatar challenge for the Ice Elf Lich deck", "catharsis", "catharsis.glossary.avatar"),
    ("what is the flip on a role card", "catharsis", "catharsis.glossary.flip"),
    ("what is the reserve die in a two player game", "catopomp", "catopomp.glossary.reserve-die"),
])
@pytest.mark.parametrize("named", [True, False])
def test_the_definition_of_the_thing_comes_first(top, ask, game, term, named):
    assert top(ask, game if named else None, 1) == [term]
