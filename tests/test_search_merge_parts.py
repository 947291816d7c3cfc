"""Across games (no game named), a question of two parts leans to the game that answers both parts,
not to one answering a single part better (issue 46, round sixteen: rulesdb.intent.parts_answered)."""
from __future__ import annotations

import pytest

from rulesdb.intent import parts_answered


def test_a_game_answering_both_parts_keeps_its_weight():
    firsts = {("a", "p"): 10.0, ("a", "q"): 8.0, ("b", "p"): 12.0, ("b", "q"): 0.0}
    out = parts_answered(["p", "q"], firsts, {"a": 1.0, "b": 1.0})
    assert out["a"] == pytest.approx((10 / 12 + 1.0) / 2)
    assert out["b"] == pytest.approx(0.5)
    assert out["a"] > out["b"]


def test_each_part_is_weighed_by_its_game():
    firsts = {("a", "p"): 10.0, ("a", "q"): 10.0, ("b", "p"): 10.0, ("b", "q"): 10.0}
    out = parts_answered(["p", "q"], firsts, {"a": 1.0, "b": 0.5})
    assert out == pytest.approx({"a": 1.0, "b": 0.25})


def test_a_game_without_a_hit_for_any_part_weighs_nothing():
    out = parts_answered(["p", "q"], {("a", "p"): 4.0, ("a", "q"): 2.0}, {"a": 1.0, "b": 1.0})
    assert out == pytest.approx({"a": 1.0, "b": 0.0})


@pytest.mark.parametrize("ask, rule", [
    # blind3's tuning questions: first with their game named, another game's rule first without it
    ("whats the max cards on my board and what if my deck runs out", "catharsis.player-decks.empty-deck"),
    ("how many cards does each player get dealt at the start, and how many of the special cat cards",
     "catastrophe.setup.deal-main-cards"),
])
def test_the_game_answering_both_parts_comes_first(top, ask, rule):
    assert top(ask, None, 1) == [rule]


@pytest.mark.parametrize("ask, game", [
    ("whats the max cards on my board and what if my deck runs out", "catharsis"),
    ("how many cards does each player get dealt at the start, and how many of the special cat cards", "catastrophe"),
])
def test_a_games_own_order_is_its_order_with_the_game_named(top, ask, game):
    mine = [i for i in top(ask, None, 10) if i.startswith(game + ".")]
    assert mine[:2] == top(ask, game, 2)
