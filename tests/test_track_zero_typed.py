"""A change by 0 is bad input in every tracker: CATastrophe's `draw ann 0` and `discard ann 0` too, and a
refusal quotes the number as the player typed it (`-0`, not the '+0' the notation reads it as)."""
from __future__ import annotations

import pytest

from engine import get_game
from engine.base import PLAY, MoveSyntaxError, step, step_logged
from tests.test_track_amounts import _refused


@pytest.mark.parametrize("verb", ["draw", "discard"])
@pytest.mark.parametrize("count", ["0", "+0", "00"])
def test_catastrophe_draw_or_discard_of_no_card_is_refused(home, cli, verb, count):
    assert cli("track", "new", "catastrophe", "--players", "Ann,Ben").exit_code == 0
    shown = cli.json("track", "show")
    _refused(cli("track", verb, "ann", count), f"{verb}: '{count}' changes nothing", "1 to 999", f"{verb} ann 2")
    assert cli.json("track", "log")["entries"] == [] and cli.json("track", "show") == shown
    assert cli("track", verb, "ann", "1").exit_code == 0


@pytest.mark.parametrize("game, words, options", [
    ("catastrophe", ["lives", "ann", "-0"], []),
    ("catharsis", ["morale", "-00"], ["--option", "morale=10"]),
])
def test_a_change_by_minus_zero_is_quoted_as_typed(home, cli, game, words, options):
    assert cli("track", "new", game, "--players", "Ann,Ben", *options).exit_code == 0
    result = cli("track", *words)
    _refused(result, f"{words[0]}: '{words[-1]}' changes nothing")
    assert "'+0'" not in result.stderr


@pytest.mark.parametrize("command", ["play", "check"])
def test_a_catharsis_play_that_is_a_tracker_change_reads_its_numbers_as_track_does(home, cli, command):
    assert cli("track", "new", "catharsis", "--players", "Ann,Ben", "--option", "morale=10").exit_code == 0
    _refused(cli(command, "morale -0"), "morale: '-0' changes nothing")
    _refused(cli(command, "morale +1000"), "morale: '+1000' is out of range")
    assert cli.json("track", "log")["entries"] == []


def test_a_bare_zero_read_as_a_change_by_zero_is_quoted_as_typed(home, cli):
    assert cli("track", "new", "catastrophe", "--players", "Ann,Ben").exit_code == 0
    result = cli("track", "yarn", "ann", "00")
    _refused(result, "yarn: '00' changes nothing")
    assert "'+0'" not in result.stderr


def test_a_logged_play_by_0_from_an_older_version_still_replays():
    """Versions before the numbers rule reached plays logged `play "morale -0"` as a change of nothing;
    such a session reopens (its log replays as recorded) while the same play typed now is refused."""
    game = get_game("catharsis")
    state = game.tracker.declaration.verbs.new_state(["Ann", "Ben"], {"morale": "10"})
    for checked in (False, True):
        assert step_logged(game, state, PLAY, ("morale -0",), checked=checked).state.morale == 10
    with pytest.raises(MoveSyntaxError, match="'-0' changes nothing"):
        step(game, state, "morale -0")
