"""Catopomp verdicts an independent referee (refpomp2) found wrong while playing whole games through a
session: a player the record shows holding Heaven cards was taken as cleared, and a set needing more
copies of a card than the hand or Hell Domain holds was said to need a card that is not there at all."""
from __future__ import annotations

import pytest

from engine import get_engine
from engine.base import Game, step
from engine.catopomp import Engine, Tracker
from tests.engine.driver import rules_of

T = Tracker()
GAME = Game(T, Engine())
ENGINE = get_engine("catopomp")


def _session(record_hands: bool):
    """Round 1 of a two-player game: Ann starts, the dice are rolled, Ann plays 8 8 8 and places a 1."""
    state = T.declaration.verbs.new_state(["Ann", "Ben"], {})
    commands = ["first ann", "dice 1 2 3 4"]
    if record_hands:
        commands += ["hand ann 1 1 2 3 4 5 6 7 8 8 8", "hand ben 1 2 2 3 3 4 5 5 6 7 7"]
    for command in commands:
        stepped = step(GAME, state, command, kind="track")
        assert stepped.verdict.legal, command
        state = stepped.state
    stepped = step(GAME, state, "heaven 8 8 8 then hell 1")
    assert stepped.verdict.legal
    return stepped.state


@pytest.mark.parametrize("record_hands", [True, False])
def test_a_player_the_record_shows_holding_cards_is_not_cleared(record_hands):
    """Round Summary: a player is safe only once every Heaven and Hell card is gone. Ben holds 11 cards
    in hand (recorded, or a count once a play of the round is recorded, as `lost` reads it), so
    `cleared ben` is refused and the round goes on; nothing is changed."""
    state = _session(record_hands)
    stepped = step(GAME, state, "cleared ben", kind="track")
    assert stepped.refused and stepped.state is state
    assert rules_of(stepped.verdict) == ["catopomp.round.safe-when-clear"]
    said = stepped.verdict.reasons[0].message
    assert "Ben" in said and "11" in said and "hand" in said, said
    assert state.round == 1 and state.phase == "play"


def test_a_counters_only_table_still_takes_cleared_at_its_word():
    """With no play of the round recorded a hidden hand is only its dealt count: the table's word stands."""
    state = T.declaration.verbs.new_state(["Ann", "Ben", "Cy"], {})
    stepped = step(GAME, state, "cleared ann", kind="track")
    assert stepped.verdict.legal and stepped.state.cleared_record("Ann") is not None


@pytest.mark.parametrize("move, said", [
    ("hell 2 2", "Ben's Hell Domain holds only one 2"),
    ("hell 2 2 2", "Ben's Hell Domain holds only one 2"),
    ("hell 3 3 dice 3", "Ben's Hell Domain holds no 3"),
    ("heaven 5 5 then hell 1", "Ben holds only one 5 in hand"),
    ("heaven 6 then hell 1", "Ben does not hold 6 in hand"),
])
def test_a_set_short_of_copies_says_how_many_are_there(move, said):
    """1. Playing a Set of Cards: the cards come from the hand or the Hell Domain. A pair of 2s from a
    Hell Domain holding one 2 is refused saying it holds only one, not that it holds no 2."""
    state = ENGINE.load_state({
        "turn": "Ben", "centre_dice": [1, 2, 5, 6],
        "players": [{"name": "Ann", "hand": [4, 8, 9]},
                    {"name": "Ben", "hand": [1, 5, 7], "hell_domain": [2, 4, 9]},
                    {"name": "Cy", "hand": [3, 6, 8]}]})
    verdict = ENGINE.check(state, ENGINE.plays.parse_move(move, state))
    assert not verdict.legal
    messages = [r.message for r in verdict.reasons]
    assert said in messages, messages
