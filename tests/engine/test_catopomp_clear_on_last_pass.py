"""Competitive variant: the winning set's owner clears by handing over their last Hell card on the
pass that ends the passing (2.1: everyone else passed, the set is discarded, the next player leads).
Their last set is read as that winning set (the reading `catopomp.competitive.reveal` states), and
the table keeps its size even though the set has just been discarded: it shows as their last set,
and a prediction entered afterwards is scored at once against it (found by the refpt referee)."""
from __future__ import annotations

from engine import get_engine
from engine.base import Game, step
from engine.catopomp import Tracker
from tests.engine.driver import Driver, kinds

ENGINE = get_engine("catopomp")
GAME = Game(Tracker(), ENGINE)
D = Driver(Tracker())


def _last_pass(prediction=None):
    """Ava owns the pair of 7s and holds one Hell card; Cy has passed, Bo passes last."""
    ava = {"name": "Ava", "hand": [], "hell_domain": [4]}
    if prediction is not None:
        ava["prediction"] = prediction
    state = ENGINE.load_state({
        "turn": "Bo", "centre_dice": [1, 2, 3, 4, 5, 6], "options": {"competitive": True},
        "winning_set": {"owner": "Ava", "heaven": [7, 7]},
        "players": [ava, {"name": "Cy", "hand": [6, 9], "prediction": 1},
                    {"name": "Bo", "hand": [2, 8], "prediction": 2}]})
    played = step(GAME, state, "pass then transfer 4")
    assert played.verdict.legal and "initiative" in kinds(played.effects)  # the set is discarded, Cy leads
    return played.state


def test_the_last_set_is_kept_when_the_clearing_pass_discards_it():
    after = _last_pass()
    assert after.turn == "Cy" and after.winning_set is None
    assert [(c.name, c.last_set) for c in after.cleared] == [("Ava", 2)]


def test_a_prediction_entered_after_that_clear_is_scored_at_once():
    after, effects = D.do(_last_pass(), "predict", "ava", "2")
    assert "score" in kinds(effects), [e.message for e in effects]
    assert after.players[0].points == 2  # prediction 2, last set of 2 cards


def test_a_prediction_on_the_table_is_scored_by_the_pass_itself():
    after = _last_pass(prediction=2)
    assert after.players[0].points == 2
    assert [(c.name, c.last_set, c.points) for c in after.cleared] == [("Ava", 2, 2)]
