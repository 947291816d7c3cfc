"""Every rule id a tracker can cite exists in the rules reference, and every game has a tracker."""
from __future__ import annotations

import pytest

from engine import GAMES, get_tracker
from rulesdb.games import GAME_IDS


def test_every_game_has_a_tracker():
    assert sorted(GAMES) == sorted(GAME_IDS)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_rule_a_tracker_can_cite_exists(game):
    from rulesdb.reference import reference

    ref = reference()
    tracker = get_tracker(game)
    assert tracker.declaration.verbs.rule_ids
    assert sorted(set(tracker.declaration.verbs.rule_ids) - (set(ref.rules) | set(ref.sections))) == []
    assert tracker.declaration.verbs.usage and tracker.game == game
