"""Party of the Theseus tracker: what a refused Rank command offers instead is itself accepted
(found by the refpt referee). A Rank ends only when its deck runs out (10. Advancing the Rank
Deck), so while a deck is still counted above 0, neither `rank 6` nor `next-rank` past it is
offered as an alternative: the tracker would refuse it in turn."""
from __future__ import annotations

import pytest

from engine.base import step
from engine.theseus import Tracker
from tests.engine.driver import Driver

T = Tracker()
D = Driver(T)


def _counted(*decks):
    state = T.declaration.verbs.new_state(["Ann", "Ben"], {})
    for rank, size in decks:
        state, _ = D.do(state, "deck", str(rank), str(size))
    return state


@pytest.mark.parametrize("command, decks", [
    ("last-rank6", [(1, 4)]),
    ("last-rank6", [(1, 0), (2, 3)]),
    ("next-rank", [(1, 4)]),
])
def test_every_alternative_to_a_refused_rank_command_is_accepted(command, decks):
    state = _counted(*decks)
    verdict = D.refused(state, *command.split())
    for alternative in verdict.alternatives:
        stepped = step(D.game, state, alternative.split(), kind="track")
        assert stepped.verdict.legal, (command, alternative, [r.message for r in stepped.verdict.reasons])


def test_with_every_deck_still_uncounted_rank_6_is_still_offered():
    assert D.refused(_counted(), "last-rank6").alternatives == ("rank 6",)
