"""Generated games, the CI share (issue 43 item 1): a few seeded random playouts of every game through
the one checked step, every verdict cross-examined at each step (tests/playouts.py lists the checks).
benchmarks/playouts.py runs many more; docs/performance.md "Generated games" has its figures."""
from __future__ import annotations

import pytest

from tests.games import per_game
from tests.playouts import Playout, PlayoutFailure, play_game
from tests.playouts_tables import TABLES

#: the seeds each game plays in CI, and how hard: the costlier checks (every listed play, the replay)
#: every few steps, a couple of broken plays per step, at most a dozen listed plays judged per step;
#: the Sessions-library run (log, file, undo/redo, export/import) for the first seed only
SHARE = per_game("playout_seeds")  # each game's own test data, tests/games/<game>.toml
LIGHT = {"every": 6, "mutations": 2, "most_listed": 12}


@pytest.mark.parametrize("game", sorted(SHARE))
def test_generated_games_agree_with_themselves(game):
    ended = []
    for n, seed in enumerate(SHARE[game]):
        figures = play_game(TABLES[game], seed, session=n == 0, **LIGHT)
        ended.append(figures.ended)
        assert figures.steps <= TABLES[game].MOST_STEPS
        assert figures.probes > 0 and figures.plays > 0
    assert all(ended)


def test_a_disagreement_is_reported_with_its_seed_and_the_commands_that_reproduce_it():
    """A referee that refuses a play its own `moves` lists (here: Catopomp's pass, once a set is on
    the table) is caught, and the report gives the seed and a shortened command sequence."""
    playout = Playout(TABLES["catopomp"], 1, every=1, mutations=0, session=False)
    engine = playout.engine
    judged = engine.check

    def refuses_passes(state, move):
        verdict = judged(state, move)
        if engine.plays.format_move(move).startswith("pass") and verdict.legal:
            return verdict.model_copy(update={"legal": False})
        return verdict

    engine.check = refuses_passes
    with pytest.raises(PlayoutFailure) as failed:
        playout.run()
    report = failed.value.report()
    assert failed.value.check == "listed" and "catopomp seed 1" in report
    assert "companion track new catopomp --players" in report and "companion track hand" in report
    full = playout.figures.steps
    assert len(failed.value.commands) <= full + 1
