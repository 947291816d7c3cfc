"""A verb whose own table-talk sense is another is read by the phrase it makes (issue 46,
rulesdb/analysis.py, PHRASES): "cash in" spends (cash alone is coins), "throw down" plays (throw
alone is a discard)."""
from __future__ import annotations

import pytest

from rulesdb.analysis import glued, phrase_words


@pytest.mark.parametrize("ask, meant, verb", [
    ("when do i get to cash in my points", "spend", "cash"),
    ("can she cash her tokens out early", "pay", "cash"),
    ("which sets can i throw down now", "play", "throw"),
    ("she slapped a pair down", "play", None),
])
def test_the_phrase_gives_its_meaning_and_holds_its_verb(ask, meant, verb):
    assert meant in phrase_words(ask)
    if verb:
        assert verb in glued(ask)


@pytest.mark.parametrize("ask", ["how much cash do i get each level", "can i throw away a card", "throw it in the bin"])
def test_the_verb_alone_keeps_its_own_sense(ask):
    assert not {"spend", "play"} & set(phrase_words(ask))
    assert not {"cash", "throw"} & glued(ask)


@pytest.mark.parametrize("ask, answers", [
    ("what combos could i throw down", {"catopomp.glossary.set", "catopomp.sets.kinds"}),
    ("can i throw down a single card", {"catopomp.sets.single"}),
])
def test_throwing_cards_down_asks_which_sets_may_be_played(top, ask, answers):
    # "throw" alone reads as a discard: the rules on discarding the previous set came first
    assert top(ask, "catopomp", 1)[0] in answers


def test_cashing_in_a_resource_finds_when_it_is_spent(top):
    # "cash" alone reads as coins: how cobble is gained came before how it is spent
    assert "catharsis.characters.luthia.cobble-spend" in top("when is luthia allowed to cash in her cobble", "catharsis", 3)


def test_throwing_away_is_still_a_discard(top):
    assert top("can i throw away a card", "catopomp", 1) == ["catopomp.passing.casual-discard"]
