"""Every game's tracker reads a number the same way (engine.words.number_problem, applied once in
Tracker.parse): a change by 0 and a number past 999 are bad input, refused in one line that names the
range, exit 2, nothing written. Each game's changes: its test data (`amounts`, tests/games/<game>.toml)."""
from __future__ import annotations

import pytest

from engine import get_tracker
from engine.errors import MoveSyntaxError
from engine.words import MOST_AMOUNT
from tests.games import cases, game_data

AMOUNTS = cases("amounts")
PLAYERS = ["Ann", "Ben", "Cy"]


def _refused(result, *words: str) -> None:
    assert result.exit_code == 2, result.output
    err = result.stderr.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err, err
    for word in words:
        assert word in err, (word, err)


@pytest.mark.parametrize("game", AMOUNTS)
def test_a_change_by_zero_or_past_the_range_is_refused_alike_in_every_game(home, cli, game):
    options = [f"--option={k}={v}" for k, v in game_data(game)["new_options"].items()]
    assert cli("track", "new", game, "--players", ",".join(PLAYERS), *options).exit_code == 0
    shown = cli.json("track", "show")
    zero = AMOUNTS[game]["zero"]
    _refused(cli("track", *zero), "changes nothing", f"+1 to +{MOST_AMOUNT}", f"{zero[0]}: ")
    for words in (AMOUNTS[game]["huge"], AMOUNTS[game]["count"]):
        _refused(cli("track", *words), "out of range", f"0 to {MOST_AMOUNT}", f"{words[0]}: ")  # worded alike
        _refused(cli("track", *words, "--overrule"), "out of range")  # a bound, not a rule
    assert cli.json("track", "log")["entries"] == [] and cli.json("track", "show") == shown


@pytest.mark.parametrize("game", AMOUNTS)
def test_the_range_ends_at_its_last_number(game):
    tracker = get_tracker(game)
    state = tracker.declaration.verbs.new_state(PLAYERS, dict(game_data(game)["new_options"]))
    last = AMOUNTS[game]["last"]
    read = tracker.parse(state, [w.format(n=MOST_AMOUNT) for w in last])
    assert read.args[-1].endswith(str(MOST_AMOUNT)), read
    with pytest.raises(MoveSyntaxError, match="out of range"):
        tracker.parse(state, [w.format(n=MOST_AMOUNT + 1) for w in last])
