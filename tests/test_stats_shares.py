"""Issue 22: `companion stats` adds up each game's figures from the share every outcome record
carries (Outcome.share, written with the record), so trackers/stats.py names no game and the cache
answers without a game's engine. The totals must read the same whether a record is fresh or came
back from the cache (JSON with sorted keys), in the order each game gives its figures. (Inside a
Theseus player's VP the sources come in the cache's sorted order, as they did before the shares:
left as it was, so `stats` prints the same bytes.)"""
from __future__ import annotations

import json

import pytest

from engine import GAMES as REGISTRY, get_tracker
from trackers.secrets import hidden, hides_hand
from tests.games import game_data
from trackers.stats import game_figures

GAMES = sorted(REGISTRY)


def record(game: str, **result) -> dict:
    """An outcome record of a fresh table, as trackers/history.outcome builds it."""
    tracker = get_tracker(game)
    state = tracker.declaration.verbs.new_state(["Ann", "ben"], game_data(game)["required_options"])
    summary = tracker.declaration.verbs.summary(state)
    out = {"game": game, "winners": [], "party": None, "reapurr": False, "tied": [], **result,
           "figures": tracker.declaration.outcome.figures(state, summary, [])}
    return out | {"share": tracker.declaration.outcome.share(out)}


def cached(r: dict) -> dict:
    return json.loads(json.dumps(r, ensure_ascii=False, sort_keys=True))


@pytest.mark.parametrize("game", GAMES)
def test_the_totals_read_the_same_from_the_cache(game):
    rs = [record(game), record(game, tied=["Ann", "ben"], reapurr=True, party="won")]
    fresh = game_figures(rs, rs)
    again = game_figures([cached(r) for r in rs], [cached(r) for r in rs])
    assert again == fresh and list(again) == list(fresh)  # the same figures, in the same order
    assert list(fresh) == [name for name, _, _ in rs[0]["share"]]  # each the game shares (optional: none by default)


@pytest.mark.parametrize("game", GAMES)
def test_a_game_with_none_finished_still_lists_its_figures(game):
    figures = game_figures([record(game)], [])
    assert list(figures) == [name for name, _, _ in record(game)["share"]]
    assert all(v in (0, {}, None) for v in figures.values())


def test_bosses_add_up_played_then_beaten():
    rs = [record("catharsis", party="won"), record("catharsis", party="lost")]
    boss = rs[0]["figures"]["boss"]
    assert json.dumps(game_figures(rs, [cached(r) for r in rs])["bosses"]) == json.dumps({boss: {"played": 2, "beaten": 1}})


def test_the_ratio_divides_two_added_figures():
    r = record("catopomp")
    rs = [r | {"share": [[n, h, 3 if n == "gems_lost" else 2 if n == "rounds" else v] for n, h, v in r["share"]]}] * 2
    assert game_figures(rs, rs)["gems_lost_per_round"] == 1.5


@pytest.mark.parametrize("game", GAMES)
def test_only_a_game_with_named_hands_hides_anything(game):
    tracker = get_tracker(game)
    state = tracker.declaration.verbs.new_state(["Ann", "ben"], game_data(game)["required_options"])
    assert hides_hand(game) == game_data(game)["hides_hand"]
    assert (hidden(game, state) is state) == (not hides_hand(game))
    assert hidden(game, state, {"Ann", "ben"}).players == state.players
