"""Party of the Theseus, End of the Game: the game ends once the last Rank 6 card has left the
Board. A Board card whose Rank the table never gave may be that card: the companion cannot tell,
so it neither ends the game nor says the card is gone; it says so, and the table decides."""
from __future__ import annotations

from engine.theseus import Tracker
from engine.theseus.track import summary
from tests.engine.driver import Driver

T = Tracker()
do = Driver(T).do


def _rank6_with(*board):
    state = T.declaration.verbs.new_state(["Ann", "Ben"], {})
    state, _ = do(state, "rank", "6")
    state, _ = do(state, "card", "Oracle:?:explore:none")
    state, _ = do(state, "board", *board)
    return do(state, "deck", "6", "0")


def test_a_board_card_of_unknown_rank_leaves_the_end_undecided():
    state, effects = _rank6_with("Oracle")
    assert not state.last_rank6_left
    assert summary(state)["last_rank6_left"] == "unknown"
    assert any(e.kind == "rank6-unknown" and "Oracle" in e.message for e in effects), effects
    state, effects = do(state, "next")
    assert not state.game_over and state.active == "Ben"
    assert any(e.kind == "rank6-unknown" for e in effects), effects
    state, _ = do(state, "last-rank6")  # the table says the Oracle is no Rank 6 card
    state, _ = do(state, "next")
    assert state.game_over


def test_an_empty_board_still_ends_the_game_by_itself():
    state = T.declaration.verbs.new_state(["Ann", "Ben"], {})
    state, _ = do(state, "rank", "6")
    state, _ = do(state, "deck", "6", "0")
    assert state.last_rank6_left and summary(state)["last_rank6_left"] is True
    state, _ = do(state, "next")
    assert state.game_over
