""""Already ..., can we still ...?" asks whether the moment has passed (issue 46, round seventeen): the
rules whose title says a moment come before those saying only what the thing does (rulesdb/intent.py's
moment_first, as for "when can we ...")."""
from __future__ import annotations

import pytest

from rulesdb.intent import asks_when


@pytest.mark.parametrize("ask", [
    "we flipped the next boss card already, can we still spend morale to refresh",
    "I already passed, can I still play a response?",
    "is it too late to react once the dice are rolled",
])
def test_already_then_still_or_too_late_asks_for_the_moment(ask):
    assert asks_when(ask)


@pytest.mark.parametrize("ask", [
    "i already have 6 cards on my board and something tells me to add a power",  # no "still": a state
    "do dead players still count for the monsters health",  # "still" without "already"
    "when the reaper reaches me am I out",  # "when" opening a condition, not asking when
])
def test_other_questions_do_not(ask):
    assert not asks_when(ask)


@pytest.mark.parametrize("game", ["catharsis", None])
def test_refreshing_after_the_next_card_is_flipped_finds_too_late_first(engine, game):
    """A tuning-set question (blind3): the general refresh rule came first, the window's close second."""
    ask = "we flipped the next boss card already, can we still spend morale to refresh"
    ids = [h.id for h in engine.search(ask, game=game, limit=3).results]
    assert ids[0] == "catharsis.morale.refresh-too-late", ids
