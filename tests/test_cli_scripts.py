"""The command line as a script and a player expect it (issue 48): exit codes that mean the same in
every command (0 fine, 1 a finding, 2 bad input), a closed pipe that ends quietly with the command's
own code, `companion shell` reading a pipe one command a line, errors that say which session and
game you are in, `moves --by` / `check --by`, and output a player may copy whole at 60, 80 and 120
columns, in player words."""
from __future__ import annotations

import json
import re
import subprocess

import pytest

from tests.conftest import SCRIPT, child_env, outside
from tests.games import cases, per_game

PLAYERS = "Ann,Ben,Cy"


def ok(cli, *args, code: int = 0):
    done = cli(*args)
    assert done.exit_code == code, (args, done.exit_code, done.output)
    return done


@pytest.fixture
def pomp(cli, home):
    """A Catopomp table after Ben's first play: Cy to act, no hand recorded."""
    for args in (("track", "new", "catopomp", "--players", PLAYERS, "--name", "pomp"), ("track", "first", "ben"),
                 ("track", "dice", "1", "3", "4", "4", "6", "6"), ("play", "heaven 4 5 then hell 2")):
        ok(cli, *args)
    return home


def round_two_table(tmp_path):
    """A readable Catopomp situation that `status` flags: round 2 with no Soul Gem lost yet."""
    path = tmp_path / "round-two.json"
    players = [{"name": name, "hand": 7} for name in PLAYERS.split(",")]
    path.write_text(json.dumps({"players": players, "turn": "Ann", "centre_dice": [1, 2, 3, 4, 5, 6],
                                "phase": "play", "round": 2}), encoding="utf-8")
    return path


def impossible_table(tmp_path):
    """A Catopomp situation with five 9s in one hand (the deck holds four): impossible."""
    path = tmp_path / "impossible.json"
    players = [{"name": name, "hand": [9, 9, 9, 9, 9, 1, 2] if name == "Ann" else 7}
               for name in PLAYERS.split(",")]
    path.write_text(json.dumps({"players": players, "turn": "Ann", "centre_dice": [1, 2, 3, 4, 5, 6],
                                "phase": "play"}), encoding="utf-8")
    return path


def test_every_command_exits_0_when_fine_1_on_a_finding_2_on_bad_input(cli, pomp, tmp_path, shared_home):
    """The table in docs/cli.md, command by command: each run in a state that gives each code."""
    def rules(*args):
        return cli.runner.invoke(_app(list(args)), list(args), env={"COMPANION_HOME": str(shared_home)})

    before = ok(cli, "track", "log", "--json").stdout
    table = {
        "check": [(("check", "pass"), 0), (("check", "heaven 9 then hell 1"), 1), (("check", "hevan 4"), 2)],
        "moves": [(("moves",), 0), (("moves", "catopomp", "--situation", str(round_two_table(tmp_path))), 1),
                  (("moves", "catopomp", "--situation", str(impossible_table(tmp_path))), 2),
                  (("moves", "--session", "nope"), 2)],
        "status": [(("status",), 0), (("status", "catopomp", "--situation", str(impossible_table(tmp_path))), 1),
                   (("status", "--session", "nope"), 2)],
        "play": [(("play", "heaven 9 then hell 1"), 1), (("play", "hevan 4"), 2)],
        "track": [(("track", "reserve", "cy", "4"), 1), (("track", "lives", "cy", "-1"), 2)],
        "rules search": [*((("rules", "search", question, "--game", game), 0) for game, question in per_game("question").items()),
                         (("rules", "search", "are card sleeves allowed in tournaments", "--game",
                           "cataclysm-arcade"), 1), (("rules", "search", " ? "), 2)],
        "rules define": [(("rules", "define", "hell domain"), 0), (("rules", "define", "zzzzqqq"), 1),
                         (("rules", "define", "hell", "--game", "chess"), 2)],
    }
    for command, runs in table.items():
        for args, code in runs:
            run = rules if command.startswith("rules") else cli  # the rules in the shared home: its index kept
            done = run(*args)
            assert done.exit_code == code, (command, args, done.output)
            assert "Traceback" not in done.output
            as_json = run(*args, "--json")
            assert as_json.exit_code == code, (command, args, as_json.output)
            if code == 1 and command in ("check", "moves", "status", "rules search"):
                json.loads(as_json.stdout)  # a finding is an answer: its JSON, shape unchanged
    assert ok(cli, "track", "log", "--json").stdout == before  # nothing recorded by a refusal
    verdict = json.loads(cli("check", "heaven 9 then hell 1", "--json").stdout)
    assert set(verdict) == {"legal", "reasons", "effects", "alternatives", "unchecked"} and not verdict["legal"]
    refused = cli("play", "heaven 9 then hell 1", "--json")
    assert json.loads(refused.stdout)["recorded"] is False and json.loads(refused.stderr)["exit_code"] == 1
    ok(cli, "play", "pass")  # a legal play: 0
    for args, code in ((("track", "show"), 0), (("track", "show", "nope"), 2), (("games",), 0),
                       *((tuple(odds), 0) for odds in per_game("odds").values()),
                       *((tuple(odds), 2) for odds in cases("odds_refused").values()),
                       (("history",), 0), (("history", "chess"), 2)):  # every other command: 0 done, 2 bad input
        assert cli(*args).exit_code == code, args
    assert rules("rules", "show", "catopomp.dice-boost").exit_code == 0
    assert rules("rules", "show", "catopomp.nope").exit_code == 2


@pytest.mark.installed
def test_a_closed_pipe_ends_quietly_with_the_commands_own_code(shared_home):
    """`companion rules toc | head -1`: the reader goes away after one line (the table of contents is
    larger than a pipe holds); the command ends with its own code (0), no error line."""
    env = child_env({"COMPANION_HOME": str(shared_home)})  # read only: the rules and no session
    reader = subprocess.Popen([str(SCRIPT), "rules", "toc"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                              cwd=outside(), env=env)
    assert reader.stdout.readline()
    reader.stdout.close()
    assert reader.wait(timeout=60) == 0
    assert reader.stderr.read() == b""
    reader.stderr.close()
    # `companion shell` reading a real pipe: one command a line, no warning, non-zero when a line failed
    piped = subprocess.run([str(SCRIPT), "shell"], input="rules define enforcer\nrules define zzzzqqq\ngames\n",
                           capture_output=True, text=True, cwd=outside(), env=env, timeout=60)
    assert piped.returncode == 1, piped.stderr
    assert "Enforcer" in piped.stdout and "catopomp" in piped.stdout and "companion>" not in piped.stdout
    assert "not a terminal" not in piped.stderr and piped.stderr.count("\n") == 1  # the one failed line


def test_the_shell_reads_a_pipe_one_command_a_line(cli, pomp):
    """In-process: stdin not a terminal, each line its own command; the exit code is the highest any
    line had (0 when all were fine)."""
    done = cli.runner.invoke(_app(["shell"]), ["shell"], input="rules define enforcer\ntrack show\n",
                             env={"COMPANION_HOME": str(pomp)})
    assert done.exit_code == 0, done.output
    assert "Enforcer" in done.stdout and "pomp (catopomp)" in done.stdout
    assert "enforcertrack" not in done.output and "not a terminal" not in done.output
    failed = cli.runner.invoke(_app(["shell"]), ["shell"], input="moves\nplay hevan 4\nexit\nrules define x\n",
                               env={"COMPANION_HOME": str(pomp)})
    assert failed.exit_code == 2 and "Cy to act" in failed.stdout, failed.output
    assert "no glossary term" not in failed.output  # `exit` left before the last line


def _app(args):
    from companion.cli import invoked_app

    return invoked_app(args)


def test_an_unknown_verb_names_the_session_its_game_the_nearest_verbs_and_the_game_that_has_it(cli, home):
    ok(cli, "track", "new", "catastrophe", "--players", PLAYERS, "--name", "friday")
    ok(cli, "track", "new", "cataclysm-arcade", "--players", PLAYERS, "--name", "arcade")
    done = ok(cli, "track", "lives", "ben", "-9", code=2)
    said = done.stderr
    assert said.count("\n") == 1
    assert "session arcade (cataclysm-arcade)" in said
    assert "'lives' is a verb of catastrophe" in said and "companion track switch friday" in said
    from engine import get_tracker

    verbs = [v["verb"] for v in get_tracker("cataclysm-arcade").verbs()]
    assert sum(re.search(rf"\b{re.escape(v)}\b", said) is not None for v in verbs) <= 3  # the nearest, not all
    near = ok(cli, "track", "heel", "ann", code=2).stderr
    assert "did you mean: heal" in near and "session arcade" in near
    bare = ok(cli, "coins", "ann", "+1", code=2).stderr  # a verb typed without `track`: the line it meant
    assert "session arcade" in bare and "companion track coins ann +1" in bare
    assert "verb of catastrophe" in ok(cli, "lives", "ben", "-9", code=2).stderr


def test_moves_and_check_by_a_player_say_what_they_could_play_now(cli, pomp):
    """One consistent answer when a hand is not recorded, and `--by` for a player out of turn."""
    shown = ok(cli, "moves").stdout
    assert shown.startswith("Cy to act: 2 plays") and "left out:" in shown and "cannot be listed" not in shown
    assert "companion track hand cy" in shown
    other = ok(cli, "moves", "--by", "ann").stdout
    assert "it is Cy's turn" in other and "no play now" in other
    theirs = json.loads(ok(cli, "moves", "--by", "cy", "--json").stdout)
    assert theirs["by"] == "Cy" and "pass" in theirs["moves"] and theirs["left_out"]
    out_of_turn = json.loads(ok(cli, "check", "pass", "--by", "ann", "--json", code=1).stdout)
    assert not out_of_turn["legal"] and "Cy" in out_of_turn["reasons"][0]["message"]
    assert json.loads(ok(cli, "check", "pass", "--by", "cy", "--json").stdout)["legal"]
    ok(cli, "moves", "--by", "zed", code=2)


@pytest.mark.parametrize("columns", [60, 80, 120])
def test_what_a_player_copies_is_never_broken(cli, home, columns):
    """The welcome's quoted move, a change's rule id, a session's game: whole at each width; piped
    tables carry no trailing spaces."""
    env = {"COMPANION_HOME": str(home), "COLUMNS": str(columns)}

    def run(*args):
        done = cli.runner.invoke(_app(list(args)), list(args), env=env)
        assert done.exit_code == 0, (args, done.output)
        return done.stdout

    assert '"heaven 4 5 then hell 2"' in run()
    run("track", "new", "catastrophe", "--players", PLAYERS, "--name", "friday")
    run("track", "new", "catopomp", "--players", PLAYERS, "--name", "pomp")
    for said in (run("track", "first", "ben"), run("track", "gems", "cy", "-1"), run("track", "reserve", "cy", "4")):
        assert not re.search(r"\[[a-z0-9.-]*…", said) and said.count("`") % 2 == 0, said
    history = run("history")
    assert "; (" not in history and "friday" in history
    for text in (history, run("track", "show"), run("track", "show", "friday"), run("track", "list")):
        assert not [line for line in text.splitlines() if line != line.rstrip()], text


def test_track_show_says_player_words_and_undo_names_who_made_the_change(cli, home):
    ok(cli, "track", "new", "catastrophe", "--players", PLAYERS, "--name", "friday")
    shown = ok(cli, "track", "show").stdout
    for key in ("grim_reapurr_space", "game_over", "winner -", "yarn_sanctuary"):
        assert key not in shown, shown
    assert "Grim Reapurr on Reapurr's Lair" in shown and "Grim Reapurr 0" not in shown  # said once, in words
    ok(cli, "track", "new", "cataclysm-arcade", "--players", PLAYERS, "--name", "arcade")
    ok(cli, "track", "hand", "ann", "Zap,", "Bolt")  # two cards (without the comma: which is refused, exit 2)
    table = ok(cli, "track", "show").stdout
    assert "unnamed" not in table and "5 cards" in table  # Ann's named cards are hidden, not unnamed
    assert "Zap" in ok(cli, "track", "show", "--reveal", "ann").stdout
    ok(cli, "track", "coins", "ben", "+1")
    undone = ok(cli, "track", "undo").stdout
    assert undone.startswith("undid: Ben: coins Ben +1"), undone
    assert json.loads(ok(cli, "track", "redo", "--json").stdout)["undone"] == ["Ben: coins Ben +1"]


def test_data_dir_is_read_wherever_an_option_is(cli, tmp_path):
    there = tmp_path / "elsewhere"
    ok(cli, "track", "new", "catopomp", "--players", PLAYERS, "--data-dir", str(there))
    assert (there / "data").is_dir()
    assert "catopomp-1" in ok(cli, "track", "list", f"--data-dir={there}").stdout
    assert "catopomp-1" in ok(cli, "--data-dir", str(there), "track", "show").stdout


def test_check_by_a_player_out_of_turn_never_says_what_the_refused_play_did(cli, pomp):
    """Ben owns the winning set while it is Cy's turn: his play is refused, and `check --by ben`
    says nothing of what it would set going (the others passing, Cy next), as `play` refuses it."""
    said = ok(cli, "check", "heaven 6 then hell 1", "--by", "ben", code=1).stdout
    assert "it is Cy's turn" in said
    assert "What happens" not in said and "everyone else passed" not in said
    doc = json.loads(ok(cli, "check", "heaven 6 then hell 1", "--by", "ben", "--json", code=1).stdout)
    refused = json.loads(ok(cli, "play", "heaven 6 then hell 1", "--by", "ben", "--json", code=1).stdout)
    assert doc["effects"] == refused["effects"] == []
