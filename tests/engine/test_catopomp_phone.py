"""Catopomp as a phone shows it (engine/catopomp/track_phone.py, track_view.py): in the competitive
variant the points are on every player's counters and the end screen is decided and scored on points
(catopomp.competitive.winner, catopomp.competitive.game-end-reset); a prediction is shown to its owner
(their page, `--reveal NAME`) and stays `secret` to everyone else until it is revealed."""
from __future__ import annotations

from engine import get_tracker
from tests.engine.driver import Driver
from trackers.phone import phone_view
from trackers.secrets import public_summary

T = get_tracker("catopomp")
D = Driver(T)
GAME = "catopomp"


def _competitive(*commands):
    state = T.declaration.verbs.new_state(["Ann", "Ben", "Cy"], {"competitive": "yes", "start": "ann"})
    return D.play(state, "dice 1 2 3 4 5 6", *commands)


def _view(state, viewer=None):
    summary = public_summary(T, GAME, state, frozenset({viewer} if viewer else ()))
    return phone_view(GAME, summary, None, None, bool(T.finished(state)))


def _counters(view, name):
    return dict(next(p["counters"] for p in view["players"] if p["name"] == name))


# Round 1: Ann predicts 1 and goes out with 1 card (4 points), Ben 2 with 2 (2 points), Cy loses a gem.
# Round 2: Ann 3 with 3 (2 points: 6), Ben 1 with 2 (1 point: 3), Cy loses the last gem: 0 points.
WHOLE_GAME = ("predict ann 1", "predict ben 2", "predict cy 4", "cleared ann 1", "cleared ben 2",
              "dice 1 2 3 4 5", "reserve cy 3", "predict ann 3", "predict ben 1", "predict cy 2",
              "cleared ann 3", "cleared ben 2")


def test_competitive_points_are_on_each_players_counters_mid_game():
    state = _competitive(*WHOLE_GAME[:5])
    view = _view(state)
    assert view["end"] is None
    assert [_counters(view, n).get("Points") for n in ("Ann", "Ben", "Cy")] == ["4", "2", "0"]


def test_the_competitive_end_screen_is_decided_and_scored_on_points():
    state = _competitive(*WHOLE_GAME)
    assert T.finished(state)
    end = _view(state)["end"]
    assert end["title"] == "Ann wins, 6 points"
    assert "most points" in end["how"] and "Cy lost their last Soul Gem" in end["how"]
    assert dict(end["scores"]) == {"Ann": "6 points, 2 Soul Gems", "Ben": "3 points, 2 Soul Gems",
                                   "Cy": "0 points, 0 Soul Gems"}


def test_the_plain_game_end_screen_still_scores_soul_gems():
    state = T.declaration.verbs.new_state(["Ann", "Ben"], {"start": "ann"})
    state = D.play(state, "dice 1 2 3 4", "lost ben", "dice 1 2 3", "reserve ben 2", "lost ben")
    end = _view(state)["end"]
    assert end["title"] == "Ann wins" and end["how"] == "Ben lost their last Soul Gem"
    assert dict(end["scores"]) == {"Ann": "2 Soul Gems", "Ben": "0 Soul Gems"}
    assert "Points" not in _counters(_view(state), "Ann")


def test_a_prediction_is_shown_to_its_owner_and_secret_to_everyone_else():
    state = _competitive("predict ann 1", "predict ben 2")
    for viewer, shown in ((None, ["secret", "secret", None]), ("Ann", ["1", "secret", None]),
                          ("Ben", ["secret", "2", None]), ("Cy", ["secret", "secret", None])):
        view = _view(state, viewer)
        assert [_counters(view, n).get("Prediction") for n in ("Ann", "Ben", "Cy")] == shown, viewer
    # the summary `track show --reveal ann` prints: Ann's number, nobody else's
    rows = public_summary(T, GAME, state, frozenset({"Ann"}))["players"]
    assert [r.get("prediction") for r in rows] == [1, "secret", None]
