"""Every game's tracker reads a number the same way (engine.words.number_problem, applied once in
Tracker.parse): a change by 0 and a number past 999 are bad input, refused in one line that names the
range, exit 2, nothing written."""
from __future__ import annotations

import pytest

from engine import get_tracker
from engine.errors import MoveSyntaxError
from engine.words import MOST_AMOUNT

HUGE = "99999999999999999999"

#: game -> (its `track new` words, a change by 0, a change far past the range, a count past it)
CASES = {
    "catastrophe": (["--players", "Ann,Ben"], "lives ann +0", f"lives ann -{HUGE}", f"draw ann {HUGE}"),
    "cataclysm-arcade": (["--players", "Ann,Ben"], "coins ann +0", f"coins ann +{HUGE}", f"boss ann {HUGE}"),
    "catopomp": (["--players", "Ann,Ben,Cy"], "gems ann -0", f"gems ann +{HUGE}", f"cleared ann {HUGE}"),
    "theseus": (["--players", "Ann,Ben"], "points ann +0", f"points ann +{HUGE}", f"party ann {HUGE}"),
    "catharsis": (["--players", "Ann,Ben", "--option", "morale=18"], "morale 0", f"kpt ann +{HUGE}",
                  f"paradox ={HUGE}"),
}


def _refused(result, *words: str) -> None:
    assert result.exit_code == 2, result.output
    err = result.stderr.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
    for word in words:
        assert word in err, (word, err)


@pytest.mark.parametrize("game", CASES)
def test_a_change_by_zero_or_past_the_range_is_refused_alike_in_every_game(home, cli, game):
    new, zero, huge, count = CASES[game]
    assert cli("track", "new", game, *new).exit_code == 0
    shown = cli.json("track", "show")
    _refused(cli("track", *zero.split()), "changes nothing", f"+1 to +{MOST_AMOUNT}")
    for words in (huge, count):
        _refused(cli("track", *words.split()), "out of range", f"0 to {MOST_AMOUNT}")
        _refused(cli("track", *words.split(), "--overrule"), "out of range")  # a bound, not a rule
    assert cli.json("track", "log")["entries"] == [] and cli.json("track", "show") == shown


@pytest.mark.parametrize("game, words", [("catastrophe", "yarn ann +{n}"), ("catharsis", "kpt ann +{n}"),
                                         ("theseus", "points ann ={n}"), ("cataclysm-arcade", "coins ann +{n}")])
def test_the_range_ends_at_its_last_number(game, words):
    tracker = get_tracker(game)
    state = tracker.declaration.verbs.new_state(["Ann", "Ben"], {"morale": "18"} if game == "catharsis" else {})
    assert tracker.parse(state, words.format(n=MOST_AMOUNT).split()).args[-1].endswith(str(MOST_AMOUNT))
    with pytest.raises(MoveSyntaxError, match="out of range"):
        tracker.parse(state, words.format(n=MOST_AMOUNT + 1).split())


def test_catastrophe_power_cats_past_what_a_cat_has_are_refused_as_yarn_balls_are():
    """Power Cats are face up in front of the cat, as Yarn Balls are in its basket: taking more than
    it has is refused alike, offering what it has (overruled, the count goes to 0)."""
    from engine.base import Game, step

    tracker = get_tracker("catastrophe")
    state = tracker.declaration.verbs.new_state(["Ann", "Ben"], {})
    for verb, has in (("yarn", 3), ("power-cats", 2)):
        refused = step(Game(tracker), state, [verb, "ann", f"-{has + 1}"], kind="track")
        assert refused.refused and refused.verdict.alternatives == (f"{verb} Ann -{has}",), refused.verdict
    overruled = step(Game(tracker), state, ["power-cats", "ann", "-3"], kind="track", overruled=True)
    assert overruled.state.players[0].power_cats == 0
    assert [e.message for e in overruled.effects] == ["Ann had only 2 Power Cats; the count goes to 0"]
