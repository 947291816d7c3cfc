"""The words of a named thing's section ("deck" of boss-decks) say which thing, as its name does
(issue 46, rulesdb/topic.py's share): "lich deck waves" names the Ice Elf Lich's boss deck and asks
about its waves, so the deck's ratings, matching only the name and "deck", no longer come first."""
from __future__ import annotations

import pytest


RATINGS, WAVES = "catharsis.boss-decks.ice-elf-lich.ratings", "catharsis.boss-decks.ice-elf-lich.twenty-waves"


@pytest.mark.parametrize("game", ["catharsis", None])
@pytest.mark.parametrize("ask", ["lich deck waves", "number of waves in the lich deck"])
def test_a_boss_decks_rule_about_what_is_asked_comes_before_its_ratings(engine, game, ask):
    ids = [h.id for h in engine.search(ask, game=game, limit=5).results]
    assert ids[0] != RATINGS and WAVES in ids[:3], ids
    assert ids.index(WAVES) < (ids.index(RATINGS) if RATINGS in ids else 99), ids


@pytest.mark.parametrize("game", ["catharsis", None])
def test_a_question_saying_only_the_name_and_the_section_keeps_the_things_rules(engine, game):
    # every word is the name or the section: nothing else is asked, so the name's rules keep their share
    ids = [h.id for h in engine.search("ice elf lich boss deck", game=game, limit=3).results]
    assert ids and ids[0].startswith(("catharsis.boss-decks.ice-elf-lich.", "catharsis.glossary.ice-elf-lich")), ids
