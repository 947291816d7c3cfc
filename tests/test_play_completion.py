"""Issue 21: Tab after `play` completes the legal moves of the player to act (the shell, and bash, zsh
and fish completion), from the same source as `moves`; a misspelt play names the nearest legal one.
Marked `installed`: the misspelt play and the shell's Tab, in the installed script; bash, zsh and fish
completion are asked in-process (typer's runner)."""
from __future__ import annotations

import os

import pytest

from tests.conftest import run_companion, run_in_process
from tests.test_track_table import complete


def _env(home) -> dict:
    return {**os.environ, "COMPANION_HOME": str(home), "COLUMNS": "100"}


def _table(env) -> None:
    """Ben to act with a hidden hand: his legal plays are `pass` and `pass then transfer 8`. Set up
    in-process: the set-up is not what these tests ask about."""
    for args in (("track", "new", "catopomp", "--players", "Ann,Ben", "--option", "start=ann"),
                 ("track", "dice", "1", "2", "3", "4"), ("play", "heaven 7 7 then hell 8")):
        assert run_in_process(*args, env=env).returncode == 0, args


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completion_after_play_offers_the_legal_moves(home, monkeypatch, shell):
    env = _env(home)
    _table(env)
    monkeypatch.setenv("COMPANION_HOME", str(home))
    assert complete(shell, "companion play ") == ["pass"]
    assert complete(shell, "companion play pass ") == ["then"]
    assert complete(shell, "companion play pass then transfer ") == ["8"]
    assert "Ann" not in complete(shell, "companion play ")  # not player names the notation rejects


@pytest.mark.installed
def test_a_misspelt_play_names_the_nearest(home):
    env = _env(home)
    _table(env)
    r = run_companion("play", "paas", env=env)
    assert r.returncode == 2 and r.stderr.count("\n") == 1 and r.stderr.strip().endswith("did you mean: pass")
    r = run_companion("play", "pass then transfr 8", env=env)
    assert r.returncode == 2 and "did you mean: pass then transfer 8" in r.stderr


@pytest.mark.installed
def test_tab_after_play_in_the_shell(home):
    pytest.importorskip("pexpect")
    from tests.test_shell import PROMPT_READY, ShellDriver, clean

    shell = ShellDriver(home)
    try:
        for line in ("track new catopomp --players Ann,Ben --option start=ann", "track dice 1 2 3 4",
                     'play "heaven 7 7 then hell 8"'):
            shell.run(line)
        shell.typed("play pass then t\t")
        shell.child.send("\x03")
        shell.child.expect_exact(PROMPT_READY)
        assert "play pass then transfer 8" in clean(shell.child.before)
        assert shell.exit() == 0
    finally:
        if shell.child.isalive():
            shell.child.terminate(force=True)
