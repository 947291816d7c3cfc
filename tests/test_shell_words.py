"""Issue 21: the shell knows its commands. Session words (`undo`, `show`, `log`, `verbs`) and the
current game's tracker verbs run as `track ...`; a line that is nearly a command names it; `help` is
the shell's own. `companion undo|redo|show|log` are short forms; `companion` alone shows `play` and
`shell`. The shell through a pseudo-terminal, the rest as real processes."""
from __future__ import annotations

import os

import pytest

from tests.conftest import run_companion, run_in_process

pytest.importorskip("pexpect")

from tests.test_shell import shell  # noqa: E402,F401  (the fixture: a shell on a pseudo-terminal)

pytestmark = pytest.mark.installed  # the shell and the one-shot script


def test_session_words_and_tracker_verbs_are_commands_in_the_shell(shell, home):
    shell.run("track new catastrophe --players Ann,Ben")
    assert shell.run("lives ben -2").strip().endswith("lives Ben -2: Ben lives 9→7")
    assert "undid: Ben: lives Ben -2" in shell.run("undo")
    assert "redid: Ben: lives Ben -2" in shell.run("redo")
    assert "Ben │ 7" in shell.run("show")
    log = shell.run("log")
    assert "Ben: lives Ben -2" in log and "undo 1: took back" in log
    assert "catastrophe verbs" in shell.run("verbs")
    near = shell.run("tarck show")
    assert "did you mean `track show`?" in near
    assert "did you mean `undo`?" in shell.run("udno")
    asked = shell.run("how many lives does a cat start with")  # `how` is a question, not a mistyped `show`
    assert "did you mean" not in asked and "lives" in asked.lower()
    helped = shell.run("help")
    assert "a catastrophe verb, run as `track VERB`: lives" in helped and "Usage:" not in helped
    assert "short for `track WORD`: undo, redo, show, log, verbs" in helped
    assert shell.exit() == 0


def test_top_level_short_forms_and_the_welcome(home):
    env = {**os.environ, "COMPANION_HOME": str(home), "COLUMNS": "100"}
    # the table set up in-process: the short forms below are what runs through the installed script
    assert run_in_process("track", "new", "catastrophe", "--players", "Ann,Ben", env=env).returncode == 0
    assert run_in_process("track", "lives", "ben", "-2", env=env).returncode == 0
    for word, says in (("undo", "undid: Ben: lives Ben -2"), ("redo", "redid: Ben: lives Ben -2"), ("show", "Ben │ 7"),
                       ("log", "Ben: lives Ben -2")):
        r = run_companion(word, env=env)
        assert r.returncode == 0 and says in r.stdout, (word, r.stdout, r.stderr)
    assert run_companion("show", "--json", env=env).stdout == run_companion("track", "show", "--json", env=env).stdout
    welcome = run_companion(env=env).stdout
    assert "companion play " in welcome and "companion shell" in welcome
