"""Long entries split where one clause answers a common question (issue 46, item 2). Each parent
keeps its id and the rest of its text, and points to the new entry by id (in its text and its
see_also), so a verdict or a link citing the parent still leads to the clause; the new entry is found
for a question in players' words (written here, not taken from a question file)."""
from __future__ import annotations

import pytest

from rulesdb.lookup import lookup
from rulesdb.search import RulesSearch

# parent id -> (the new entry split out of it, a player's question, the question's game)
SPLITS = {
    "catopomp.overview.goal": ("catopomp.overview.player-count", "how many people can play this", "catopomp"),
    "catopomp.passing.pass-instead-of-play": ("catopomp.passing.pass-again-later",
                                              "does passing knock me out of this round of plays", "catopomp"),
    "catharsis.setup.difficulty": ("catharsis.setup.difficulty-morale",
                                   "we keep losing, could we just begin with extra morale", "catharsis"),
    "catastrophe.king-meowtain.lose-next-unoccupied": (
        "catastrophe.king-meowtain.reapurr-space", "king of the meowtain: does the grim reapurr take up a space",
        "catastrophe"),
    "catastrophe.main-deck.take": ("catastrophe.main-deck.take-not-red-dot", "can somebody steal my power cat with a take",
                                   "catastrophe"),
    "cataclysm-arcade.keywords.trigger-order": (
        "cataclysm-arcade.keywords.trigger-order-own", "can I choose the order of my own triggers", "cataclysm-arcade"),
    "cataclysm-arcade.setup.mulligan": (
        "cataclysm-arcade.setup.mulligan-not-redrawn", "could the mulligan give me the very same cards again",
        "cataclysm-arcade"),
    "theseus.refill.deck-runs-out": (
        "theseus.refill.advance-before-rest",
        "the rank deck empties halfway through a refill: do bonuses come before the board is topped up", "theseus"),
}


@pytest.fixture(scope="module")
def engine(shared_home):
    with RulesSearch(shared_home / "cache", shared_home / "data" / "sources") as opened:
        yield opened


@pytest.mark.parametrize("parent", sorted(SPLITS))
def test_the_parent_id_still_resolves_and_points_to_the_split_entry(parent):
    child = SPLITS[parent][0]
    old, new = lookup(parent), lookup(child)
    assert old["id"] == parent and new["id"] == child
    assert child in old["text"]
    assert child in {s["id"] for s in old["see_also"]}
    assert parent in {s["id"] for s in new["see_also"]}


@pytest.mark.parametrize("parent", sorted(SPLITS))
def test_the_split_entry_answers_a_players_question(engine, parent):
    child, ask, game = SPLITS[parent]
    assert child in [h.id for h in engine.search(ask, game=game, limit=3).results]
    assert child in [h.id for h in engine.search(ask, game=None, limit=5).results]
