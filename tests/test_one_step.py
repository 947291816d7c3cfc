"""The one checked step (engine.base.step, issue 22): a session, the scenario runner and a direct call
of the step give the same table for the same log, in all five games; and what the step decides
(turn order, refusal unless overruled, what is logged) in concrete situations."""
from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from engine import GAMES, get_game
from engine.base import PLAY, EngineError, LogError, step, step_logged
from tests.games import per_game
from tests.test_scenarios import build_table

#: each game's players and options, and what opens it (so plays can be listed: Catopomp's hands, Theseus's
#: Board; Catharsis's combat): its own test data, tests/games/<game>.toml [step]
PLAYERS = {g: t["players"] for g, t in per_game("step").items()}
OPTIONS = {g: t["options"] for g, t in per_game("step").items()}
PRELUDE = {g: t["prelude"] for g, t in per_game("step").items()}


def _commands(game) -> list[str]:
    """The tracker's own example of each verb (one word per token: none quoted)."""
    return [v["example"] for v in game.tracker.verbs() if '"' not in v["example"]]


def _accepted(game, state, kind: str, text: str):
    """The step's result when the rules allow it as said; None when refused or unreadable."""
    try:
        stepped = step(game, state, text, kind=kind)
    except EngineError:
        return None
    return None if stepped.refused or not stepped.logged else stepped


def _log(name: str, choices: list[float]) -> list[tuple[str, str]]:
    """A log of steps the rules allow: the prelude, then at each choice a listed play of the player
    to act or a tracker command (the first from the chosen one on that is allowed)."""
    game = get_game(name)
    state = game.tracker.declaration.verbs.new_state(PLAYERS.get(name, ["Ann", "Ben", "Cy"]), OPTIONS.get(name, {}))
    log = []
    for said in PRELUDE.get(name, []):
        kind, text = said.split(" ", 1) if said.startswith("play ") else ("track", said)
        state = _accepted(game, state, kind, text).state
        log.append((kind, text))
    commands = _commands(game)
    for f in choices:
        plays = [("play", game.engine.plays.format_move(m)) for m in game.engine.plays.legal_moves(state)]
        candidates = [("track", c) for c in commands] + plays
        start = int(f * len(candidates))
        for n in range(min(6, len(candidates))):
            kind, text = candidates[(start + n) % len(candidates)]
            stepped = _accepted(game, state, kind, text)
            if stepped is not None:
                state = stepped.state
                log.append((kind, text))
                break
        else:
            break
    return log


def _direct(name: str, log) -> object:
    game = get_game(name)
    state = game.tracker.declaration.verbs.new_state(PLAYERS.get(name, ["Ann", "Ben", "Cy"]), OPTIONS.get(name, {}))
    for kind, text in log:
        state = step(game, state, text, kind=kind).state
    return state


def _runner(name: str, log) -> object:
    """The scenario runner's table built from the same log (its [table] setup)."""
    return build_table(get_game(name), {"players": PLAYERS.get(name, ["Ann", "Ben", "Cy"]),
                                   "options": OPTIONS.get(name, {}),
                                   "setup": [f"{kind} {text}" for kind, text in log]})


def _session(name: str, log) -> object:
    """The table a stored session replays from its log (a fresh Sessions object: no cached replay)."""
    from trackers.sessions import Sessions

    with tempfile.TemporaryDirectory() as folder:
        with Sessions(Path(folder)) as store:
            store.new(name, PLAYERS.get(name, ["Ann", "Ben", "Cy"]), "t", OPTIONS.get(name, {}))
            for kind, text in log:
                if kind == "play":
                    store.play(text, "t")
                else:
                    store.record(text.split(), "t")
        with Sessions(Path(folder)) as again:
            return again.show("t").state


@pytest.mark.parametrize("name", sorted(GAMES))
@settings(max_examples=4, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(choices=st.lists(st.floats(0, 1, exclude_max=True), min_size=1, max_size=12))
@example(choices=[0.999] * 12)  # Catopomp: the last listed play each time ends round 1 within 7 plays
def test_a_session_the_scenario_runner_and_the_step_give_the_same_table(name, choices):
    log = _log(name, choices)
    direct = _direct(name, log)
    assert _runner(name, log) == direct, log
    assert _session(name, log) == direct, log


def test_a_round_ending_catopomp_play_is_settled_alike_everywhere():
    """The example above, said plainly: the play that ends round 1 deals round 2 in all three."""
    log = _log("catopomp", [0.999] * 12)
    direct = _direct("catopomp", log)
    assert direct.round == 2 and direct.phase == "setup" and log[-1][0] == "play", log
    assert _runner("catopomp", log) == direct == _session("catopomp", log)


def _theseus():
    game = get_game("theseus")
    return game, game.tracker.declaration.verbs.new_state(["Ann", "Ben"], {})


def test_a_play_out_of_turn_is_refused_unless_overruled():
    game, state = _theseus()
    refused = step(game, state, "use Mage recruit", by="ben")
    assert refused.refused and refused.state is state
    turn = refused.verdict.reasons[0]
    assert turn.rule == game.engine.declaration.turns.rule and turn.message == "it is Ann's turn, not Ben's"
    made = step(game, state, "use Mage recruit", by="ben", overruled=True)
    assert made.overruled and made.args == ("use Mage recruit", "Ben") and made.by == "Ben"
    assert made.violations[0]["rule"] == game.engine.declaration.turns.rule
    # the log's form of it replays to the same table
    assert step_logged(game, state, PLAY, made.args, overruled=True, checked=False).state == made.state


def test_the_player_to_act_is_logged_with_the_play_and_judged_again_on_import():
    game, state = _theseus()
    made = step(game, state, "use Mage recruit")
    assert made.verdict.legal and made.args == ("use Mage recruit", "Ann")
    assert made.to_act == game.engine.turns.to_act(made.state)  # who acts after it
    again = step_logged(game, state, PLAY, made.args)
    assert again.state == made.state and again.violations == []
    with pytest.raises(LogError):
        step_logged(game, state, PLAY, ("use mage recruit", "Ann"))  # not as the step writes it
    with pytest.raises(LogError):
        step_logged(game, state, PLAY, ("use Mage recruit", "Zed"))


def test_a_refused_log_entry_is_not_applied_unless_marked_overruled():
    game, state = _theseus()
    assert step_logged(game, state, PLAY, ("use Mage recruit", "Ben")).refused
    assert step_logged(game, state, PLAY, ("use Mage recruit", "Ben"), overruled=True).overruled


def test_a_verb_that_only_shows_something_is_not_logged():
    game = get_game("catopomp")
    state = game.tracker.declaration.verbs.new_state(["Ann", "Ben"], {})
    shown = step(game, state, "score", kind="track")
    assert shown.verdict.legal and not shown.logged
    with pytest.raises(LogError):
        step_logged(game, state, "score", ())


def test_asking_only_judges():
    """apply=False is `companion check`'s question: a legal play is judged and the table kept."""
    game, state = _theseus()
    asked = step(game, state, "use Mage recruit", apply=False)
    assert asked.verdict.legal and not asked.refused and not asked.applied and asked.state is state
