"""CATastrophe as a phone shows it: the Paw Phase headline says what the phase did (3 cards drawn,
turn.paw-phase.draw-three), never a count the rulebook does not give."""
from __future__ import annotations

from engine import get_tracker
from engine.catastrophe.model import State
from engine.catastrophe.track import new_state
from trackers.phone import phone_view
from trackers.secrets import public_summary


def test_paw_phase_headline_says_three_cards_were_drawn():
    tracker = get_tracker("catastrophe")
    state = new_state(["Abi", "Betty"], {})
    state, _ = tracker.apply(state, tracker.parse(state, ["next-phase"]))
    assert isinstance(state, State) and state.phase == "paw" and state.players[0].hand == 7
    view = phone_view("catastrophe", public_summary(tracker, "catastrophe", state), "Abi", "Abi", False)
    assert "3 cards drawn" in view["headline"] and "a card" not in view["headline"]
