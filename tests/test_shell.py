"""`companion shell` driven through a pseudo-terminal: the same lines as one-shot commands give the
same output; tab completion, Ctrl-C, Ctrl-D, history; changes from another terminal are seen."""
from __future__ import annotations

import json
import os
import re
import time
from pathlib import Path

import pytest

from tests.conftest import SCRIPT as COMPANION, ctrl_c_reaches_it, installed_cwd, run_companion

pytestmark = pytest.mark.installed  # the shell under pexpect

pexpect = pytest.importorskip("pexpect")

ANSI = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]")
LINE_DONE, PROMPT_READY = "\x1b[?2004l", "\x1b[?2004h"  # prompt_toolkit's bracketed-paste off / on

# (what is typed in the shell, the same as a one-shot command)
SCRIPT = [
    ('rules search "reroll one die" --game catharsis', ["rules", "search", "reroll one die", "--game", "catharsis"]),
    ('rules search "reroll one die" --game catharsis --json',
     ["rules", "search", "reroll one die", "--game", "catharsis", "--json"]),
    ("rules define enforcer", ["rules", "define", "enforcer"]),
    ("track new catopomp --players Ann,Ben --option start=ann", ["track", "new", "catopomp", "--players", "Ann,Ben",
                                                                 "--option", "start=ann"]),
    ("track dice 1 2 3 4", ["track", "dice", "1", "2", "3", "4"]),
    ("track undo", ["track", "undo"]),
    ("track redo --json", ["track", "redo", "--json"]),
    ('play "heaven 7 7 then hell 8"', ["play", "heaven 7 7 then hell 8"]),
    ("track show --json", ["track", "show", "--json"]),
    ("can I reroll just one die", ["rules", "search", "can I reroll just one die", "--game", "catopomp"]),
    ("track lives nobody -2", ["track", "lives", "nobody", "-2"]),  # bad input: the same one line, exit 2
]


def clean(text: str) -> str:
    return ANSI.sub("", text).replace("\r\n", "\n").replace("\r", "")


class ShellDriver:
    def __init__(self, home: Path):
        env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
        env.update(COMPANION_HOME=str(home), PROMPT_TOOLKIT_NO_CPR="1", TERM="xterm")
        self.child = pexpect.spawn(str(COMPANION), ["shell"], cwd=str(installed_cwd()), env=env,
                                   encoding="utf-8", timeout=90, dimensions=(24, 80),
                                   preexec_fn=ctrl_c_reaches_it)
        self.child.expect_exact(PROMPT_READY)

    def run(self, line: str) -> str:
        """Type a line, return what the command printed (until the next prompt)."""
        self.child.sendline(line)
        self.child.expect_exact(LINE_DONE)
        self.child.expect_exact(PROMPT_READY)
        return clean(self.child.before)

    def typed(self, keys: str) -> None:
        self.child.send(keys)
        time.sleep(0.5)

    def exit(self) -> int:
        self.child.sendeof()
        self.child.expect(pexpect.EOF)
        self.child.close()
        return self.child.exitstatus


def one_shot(home: Path, args: list[str]) -> str:
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES")}
    done = run_companion(*args, env={**env, "COMPANION_HOME": str(home)})
    return done.stdout + done.stderr


@pytest.fixture
def shell(home):
    # the index built first: a first build draws its progress bar on the terminal (stderr,
    # tests/test_index_progress.py), which is not what the command prints
    assert run_companion("rules", "search", "dice", env={"COMPANION_HOME": str(home)}).returncode == 0
    driver = ShellDriver(home)
    yield driver
    if driver.child.isalive():
        driver.child.terminate(force=True)


def test_lines_in_the_shell_print_what_the_one_shot_commands_print(shell, home, tmp_path):
    other = tmp_path / "one-shot-home"
    for line, args in SCRIPT:
        inside = shell.run(line)
        outside = one_shot(other, args)
        assert inside.strip(), line
        if inside.startswith("companion: error:"):  # on the shell's terminal, wrapped between words at 80
            assert inside.split() == outside.split() and max(map(len, inside.splitlines())) < 80, line
        else:
            assert inside == outside, line
        if args[-1] == "--json":
            json.loads(inside)  # the same JSON, parseable
    assert "catopomp.heaven.play-from-hand" not in inside
    assert inside.startswith("companion: error:") and outside.count("\n") == 1  # a pipe: one line
    assert shell.exit() == 0


def test_a_change_from_another_terminal_is_seen_at_the_next_command(shell, home):
    shell.run("track new cataclysm-arcade --players Ann,Ben")
    before = json.loads(shell.run("track show --json"))["state"]["players"][0]["coins"]
    outside = run_companion("track", "coins", "ann", "+3", env={"COMPANION_HOME": str(home)})
    assert outside.returncode == 0, outside.stderr
    after = json.loads(shell.run("track show --json"))["state"]["players"][0]["coins"]
    assert after == before + 3
    # and the other way round: the shell's undo is what the next one-shot command sees
    shell.run("track undo")
    seen = json.loads(run_companion("track", "show", "--json", env={"COMPANION_HOME": str(home)}).stdout)
    assert seen["state"]["players"][0]["coins"] == before
    # the open rules index follows a rulebook copy imported from another terminal
    assert json.loads(shell.run("marmalade --json"))["results"] == []
    book = home / "house.md"
    book.write_text("# Snacks\nThe loser of a level fetches marmalade for the table.\n", encoding="utf-8")
    imported = run_companion("rules", "import", "cataclysm-arcade", str(book), "--name", "house",
                             env={"COMPANION_HOME": str(home)})
    assert imported.returncode == 0, imported.stderr
    hits = json.loads(shell.run("marmalade --json"))["results"]
    assert hits and hits[0]["source"] == "house"
    assert shell.exit() == 0


def test_completion_ctrl_c_ctrl_d_and_history(shell, home):
    shell.run("track new cataclysm-arcade --players Ann,Ben")
    # Tab completes a sub-command, a tracker verb, a player name, a rule id and a glossary term
    for typed, expected in (("rules def", "rules define"), ("track coi", "track coins"), ("track coins B", "track coins Ben"),
                            ("rules show catopomp.dice-boost.once-per-r", "rules show catopomp.dice-boost.once-per-round"),
                            ("rules define hell domain ma", "rules define hell domain marker")):
        shell.typed(typed + "\t")
        shell.child.send("\x03")  # Ctrl-C: the line is dropped, nothing runs
        shell.child.expect_exact(PROMPT_READY)
        assert expected in clean(shell.child.before), typed
    # after the session's name `track export` takes a file: Tab completes a file of the shell's folder
    (Path(shell.child.cwd) / "table-night.json").write_text("{}", encoding="utf-8")
    shell.typed("track export cataclysm-arcade-1 tab\t")
    shell.child.send("\x03")
    shell.child.expect_exact(PROMPT_READY)
    assert "track export cataclysm-arcade-1 table-night.json" in clean(shell.child.before)
    # a cancelled change changed nothing
    shell.typed("track coins ann +5")
    shell.child.send("\x03")
    shell.child.expect_exact(PROMPT_READY)
    assert json.loads(shell.run("track show --json"))["state"]["players"][0]["coins"] == 1
    assert shell.exit() == 0
    history = (home / "data" / "shell-history").read_text(encoding="utf-8")
    assert "track show --json" in history and "coins ann +5" not in history


def test_ctrl_c_stops_a_running_command_and_history_keys_work(shell, home):
    """The shell runs each command inside its one prompt application: Ctrl-C still stops a command
    that runs until interrupted (track watch), and the next line runs; Up recalls the history and
    Ctrl-R searches it."""
    shell.run("track new cataclysm-arcade --players Ann,Ben")
    shell.child.sendline("track watch")
    shell.child.expect_exact(LINE_DONE)
    time.sleep(1.0)  # watching
    shell.child.send("\x03")
    shell.child.expect_exact(PROMPT_READY)
    before = json.loads(shell.run("track show --json"))["state"]["players"][0]["coins"]
    shell.run("track coins ann +2")
    shell.typed("\x1b[A")  # Up: the change again
    shell.child.send("\r")
    shell.child.expect_exact(LINE_DONE)
    shell.child.expect_exact(PROMPT_READY)
    shell.typed("\x12show --j")  # Ctrl-R: the last line with these words
    shell.child.send("\r")  # take the found line
    time.sleep(0.3)
    coins = json.loads(shell.run(""))["state"]["players"][0]["coins"]
    assert coins == before + 4  # +2 typed, +2 recalled
    assert shell.exit() == 0
