"""A limit the player's numbers cross comes first (issue 46, rulesdb/limits.py): "I have 6 cards and
draw 3" asks about the hand limit of 7, not only about drawing; a count that stays under the limit,
or a limit on another thing ("never more than 9 lives"), moves nothing."""
from __future__ import annotations

import pytest

from rulesdb.limits import crossing, limits_first

HAND_LIMIT = "catastrophe.general.max-hand-size"


def hit(rule: str, title: str, score: float) -> tuple[float, dict]:
    return score, {"id": rule, "title": title, "text": ""}


def test_the_count_crossed_and_the_thing_counted():
    assert crossing("I have 6 cards and draw 3") == (6, 9, "card")
    assert crossing("Im at 8 lives and a card gives me 3") == (8, 11, "live")
    assert crossing("how many cards do I draw") is None


@pytest.mark.parametrize("ask, first", [
    ("I have 6 cards and draw 3", "hand-limit"),  # 6 <= 7 < 9
    ("I have 2 cards and draw 3", "draw"),  # 5: under the limit
    ("I have 7 coins and gain 3", "draw"),  # coins: the limit is on cards
])
def test_only_a_limit_on_the_thing_counted_that_the_count_crosses_comes_first(ask, first):
    found = [hit("draw", "Draw 3 cards", 10.0), hit("lives", "Never more than 9 lives", 4.0),
             hit("hand-limit", "Hand limit: 7 cards", 2.0)]
    assert limits_first(found, ask)[0][1]["id"] == first


@pytest.mark.parametrize("game", ["catastrophe", None])
def test_the_hand_limit_comes_first_when_a_draw_crosses_it(engine, game):
    ids = [h.id for h in engine.search("I have 6 cards and my paw phase draws 3", game=game, limit=3).results]
    assert ids[0] == HAND_LIMIT, ids
    ids = [h.id for h in engine.search("I have 2 cards and my paw phase draws 3", game=game, limit=3).results]
    assert ids[0] != HAND_LIMIT, ids
