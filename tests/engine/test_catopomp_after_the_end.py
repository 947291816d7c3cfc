"""Catopomp: a change overruled after the game's end, when it names no player (`dice`): nothing is
recorded on anyone, the game stays over and its result is told again (it used to crash with a
TypeError: the after-the-end step looked up the player of a change that has none)."""
from __future__ import annotations

import pytest

from engine.catopomp import Tracker
from tests.engine.driver import Driver, kinds, rules_of

T = Tracker()
D = Driver(T)


def _over(**options):
    """A three-player game Ann ends by losing both soul gems in one overruled change."""
    state = T.declaration.verbs.new_state(["Ann", "Ben", "Cy"], {k: str(v) for k, v in options.items()})
    state, _ = D.overrule(state, "gems", "ann", "-2")
    assert state.game_over
    return state


@pytest.mark.parametrize("competitive", ["no", "yes"])
def test_overruled_dice_after_the_end_changes_nothing_and_tells_the_result_again(competitive):
    over = _over(competitive=competitive)
    refused = D.refused(over, "dice", "1", "3", "4", "4", "6", "6")
    assert rules_of(refused) == ["catopomp.end.game-end"]
    after, effects = D.overrule(over, "dice", "1", "3", "4", "4", "6", "6")
    assert after.game_over
    assert after.model_dump(mode="json") == over.model_dump(mode="json")
    assert T.declaration.verbs.summary(after) == T.declaration.verbs.summary(over)
    assert kinds(effects) == ["after-the-end", "winners"]
    assert "dice 1 3 4 4 6 6" in effects[0].message
    winners = T.declaration.verbs.summary(over)["winners"]
    assert winners and all(name in effects[1].message for name in winners)
    if competitive == "no":
        assert winners == ["Ben", "Cy"]  # everyone with a soul gem left


def test_overruled_dice_after_the_end_through_the_cli_is_logged_and_replays(cli, home, tmp_path):
    assert cli("track", "new", "catopomp", "--players", "Ann,Ben,Cy", "--name", "over").exit_code == 0
    assert cli("track", "gems", "ann", "-2", "--overrule").exit_code == 0
    before = cli.json("track", "show", "over")["state"]
    result = cli("track", "dice", "2", "5", "--overrule")
    assert result.exit_code == 0, result.output
    assert "the game is already over" in result.stdout
    assert cli.json("track", "show", "over")["state"] == before
    # the saved log (with the overruled dice) is replayed and checked again by an import
    saved = tmp_path / "over.json"
    assert cli("track", "export", "over", str(saved)).exit_code == 0
    assert "dice" in saved.read_text(encoding="utf-8")
    imported = cli("track", "import", str(saved), "--name", "again")
    assert imported.exit_code == 0, imported.output
    assert cli.json("track", "show", "again")["state"] == before
