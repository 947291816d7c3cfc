"""A thing's name says which thing, not which of its rules (issue 46, rulesdb/topic.py): within the
section of the character or boss deck a question names, a rule matching the name alone says nothing
asked, so one that repeats the name everywhere and matches nothing else (its ratings) no longer
comes before the rule about what is asked."""
from __future__ import annotations

import pytest

from rulesdb.topic import named_thing, share

CRAB, TREASURE = frozenset({"crab"}), frozenset({"treasur"})


def test_the_named_thing_of_a_rule():
    assert named_thing("catharsis.characters.lumi.one-ice") == "lumi"
    assert named_thing("catharsis.boss-decks.undercity-crab.ratings") == "undercity-crab"
    assert named_thing("catharsis.challenges.mortal.permanent-burn") is None  # a tier, not one thing
    assert named_thing("catharsis.glossary.lumi-ice-elf") is None
    assert named_thing("catharsis.damage.per-point") is None


def test_a_rule_matching_only_its_own_name_has_no_share():
    groups, rarity = [CRAB, TREASURE], [3.0, 1.0]
    assert share(groups, rarity, {"crab"}, set()) == 0.75  # another section's rule: the name counts
    assert share(groups, rarity, {"crab"}, {"crab"}) == 0.0  # its own name alone answers nothing asked
    assert share(groups, rarity, {"crab", "treasur"}, {"crab"}) == 1.0
    assert share(groups, rarity, {"treasur"}, {"crab"}) == 0.25


def test_a_question_that_is_only_the_name_keeps_every_word():
    assert share([CRAB], [3.0], {"crab"}, {"crab"}) == 1.0
    assert share([CRAB], [3.0], set(), {"crab"}) == 0.0


RATINGS = ("catharsis.boss-decks.undercity-crab.ratings",
           "catharsis.boss-decks.battle-with-fate.ratings")


@pytest.mark.parametrize("game", ["catharsis", None])
@pytest.mark.parametrize("ask, answer", [
    ("which treasures does the undercity crab deck give", "catharsis.boss-decks.undercity-crab.treasures"),
    ("battle with fate paradox, how does it work", "catharsis.boss-decks.battle-with-fate.paradox"),
])
def test_a_boss_decks_rule_about_what_is_asked_comes_before_its_ratings(engine, game, ask, answer):
    ids = [h.id for h in engine.search(ask, game=game, limit=5).results]
    assert answer in ids and ids[0] not in RATINGS, ids
    assert ids.index(answer) < min((ids.index(r) for r in RATINGS if r in ids), default=99), ids
