"""Play along whole CATastrophe games: four cats, told only what a real table tells (plays, dice,
Yarn Balls, the CATastrophe cards and what Events did), hands kept as counts. One game ends with the
last cat standing, one with the Grim Reapurr catching everyone left."""
from __future__ import annotations

import json

import pytest

from tests.engine.catastrophe_table import E, find_seed, table_game

PLAYERS = "Abi,Betty,Chris,Dan"


def _session_state():
    from companion import paths
    from trackers.sessions import Sessions

    with Sessions(paths.data_dir()) as store:
        return store.replay(store.get()).state


@pytest.mark.parametrize("ending", ["winner", "reapurr"])
def test_a_whole_four_player_game_by_play_commands(cli, home, ending):
    steps, direct = table_game(find_seed(ending))
    assert cli("track", "new", "catastrophe", "--players", PLAYERS).exit_code == 0
    last = None
    for kind, what in steps:
        result = cli("play", what, "--json") if kind == "play" else cli("track", *what)
        assert result.exit_code == 0, (kind, what, result.output)
        if kind == "play":
            last = json.loads(result.stdout)
            assert last["legal"] and last["move"] == what
    # the session replays to the table the plays made directly (less the readings the step said: it
    # keeps them, engine/readings.py, and the direct plays go round it)
    assert _session_state().model_copy(update={"readings_said": ()}) == direct
    shown = cli.json("track", "show")["state"]
    assert shown["game_over"]
    if ending == "winner":
        assert shown["winner"] == direct.winner and not shown["grim_reapurr_wins"]
        assert any(e["kind"] == "game-won" for e in last["effects"])
    else:
        assert shown["grim_reapurr_wins"] and shown["winner"] is None
        assert any(e["kind"] == "grim-reapurr-wins" for e in last["effects"])
    refused = cli("play", "resolve")
    assert refused.exit_code == 1 and "game is over" in refused.stderr


def test_bad_plays_are_one_line_exit_2_and_change_nothing(cli, home):
    assert cli("track", "new", "catastrophe", "--players", PLAYERS).exit_code == 0
    assert cli("play", "Abi play Attack 4 at Betty").exit_code == 0
    before = cli.json("track", "log")
    for words, code in ((["Betty roll 9"], 2), (["Betty jump"], 2), (["Zed play Pass to Abi"], 2),
                        (["Abi play Attack at Betty"], 2), (["Chris roll 3"], 1), (["Chris yarn"], 1)):
        result = cli("play", *words)  # a play that does not read: 2; one the rules refuse: 1 (issue 48)
        assert result.exit_code == code, (words, result.output)
        lines = [x for x in result.stderr.splitlines() if x.strip()]
        assert len(lines) == 1 and "Traceback" not in result.stderr, result.stderr
    assert cli.json("track", "log") == before


def test_empty_basket_yarn_is_refused_through_the_cli(cli, home):
    """Issue 12 regression, as a table types it: `track yarn` from an empty basket, exit 2, nothing logged."""
    assert cli("track", "new", "catastrophe", "--players", "Ann,Ben").exit_code == 0
    assert cli("track", "yarn", "ann", "-3").exit_code == 0
    before = cli.json("track", "log")
    result = cli("track", "yarn", "ann", "-1")
    assert result.exit_code == 1 and "yarn-balls.basket" in result.stderr
    assert cli.json("track", "log") == before
    eq = cli("track", "yarn", "ann", "=2")
    assert eq.exit_code == 2 and "cannot be set with =N" in eq.stderr


def test_check_moves_status_with_a_situation_file(cli, tmp_path):
    from engine.catastrophe import Tracker

    state = Tracker().declaration.verbs.new_state(["Abi", "Betty"], {})
    path = tmp_path / "table.json"
    path.write_text(json.dumps(state.model_dump(mode="json")), encoding="utf-8")
    verdict = cli.json("check", "catastrophe", "Abi play Curiosity at Betty", "--situation", str(path))
    assert verdict["legal"] and verdict["unchecked"]
    listed = cli.json("moves", "catastrophe", "--situation", str(path))
    assert "Abi draw" in listed["moves"]
    assert cli("status", "catastrophe", "--situation", str(path)).exit_code == 0


def test_a_reaction_is_made_by_the_player_it_names(cli, home):
    """Reactions come from anyone: the play names its player, so `by` is that player, not the one to act."""
    assert cli("track", "new", "catastrophe", "--players", PLAYERS).exit_code == 0
    assert cli("play", "Abi play Curiosity at Betty").exit_code == 0
    doc = cli.json("play", "Betty play Pass to Chris")
    assert doc["by"] == "Betty" and doc["to_act"] == "Abi"
    clash = cli("play", "Chris play Cucumber", "--by", "Dan")
    assert clash.exit_code == 1 and "not Dan's" in clash.stderr
    assert cli("play", "Chris play Cucumber", "--by", "Chris").exit_code == 0
    entries = cli.json("track", "log")["entries"]
    assert [e["args"] for e in entries if e["verb"] == "play"][-1] == ["Chris play Cucumber"]


@pytest.mark.installed
def test_plays_as_real_processes(tmp_path):
    """The same contract from a real process: a legal play exits 0, a bad one one line and exit 2,
    and the session's log is unchanged by it. The plays and `odds` are real processes (the installed
    script); the set-up and the log reads are in-process."""
    from tests.conftest import run_companion, run_in_process

    env = {"COMPANION_HOME": str(tmp_path)}
    assert run_in_process("track", "new", "catastrophe", "--players", "Ann,Ben", env=env).returncode == 0
    ok = run_companion("play", "Ann play Attack 5 at Ben", "--json", env=env)
    assert ok.returncode == 0, ok.stderr
    assert json.loads(ok.stdout)["to_act"] == "Ben"
    log = run_in_process("track", "log", "--json", env=env).stdout
    for bad, code in (("Ben roll 8", 2), ("Ann play Cucumber at", 2), ("Ben yarn", 1)):
        result = run_companion("play", bad, env=env)
        assert result.returncode == code and len(result.stderr.strip().splitlines()) == 1, (bad, result.stderr)
        assert "Traceback" not in result.stderr
    assert run_in_process("track", "log", "--json", env=env).stdout == log
    odds = run_companion("odds", "catastrophe", "attack", "--json", env=env)
    assert odds.returncode == 0 and json.loads(odds.stdout)["chance"] == "65/81"
