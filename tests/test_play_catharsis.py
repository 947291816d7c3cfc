"""Catharsis plays and tracker commands with a word past their form, through the CLI: one line on
stderr naming the word and the form, exit 2, nothing changed on disk. In-process, on a fresh data
folder."""
from __future__ import annotations

import pytest

from tests.conftest import files_under, run_in_process
from tests.table_cli import ok, table_env


def _snapshot(home):
    return {p: p.read_bytes() for p in files_under(home) if p.is_file()}


@pytest.mark.parametrize("args,word,form", [
    (("play", "adjust Ben 4 +1 by Ann 2 top extra"), "'extra'", "adjust PLAYER DIE +N"),
    (("play", "use", "Ann", "2", "top", "bottom"), "'bottom'", "use PLAYER POWER [top|bottom]"),
    (("track", "use", "Ann", "2", "top", "bottom"), "'bottom'", "use ann 3 [top|bottom] [free]"),
])
def test_a_stray_word_is_one_line_exit_2_and_nothing_written(home, args, word, form):
    env = table_env(home)
    ok(env, "track", "new", "catharsis", "--players", "Ann,Ben", "--option", "morale=6")
    for words in ("next-card monster", "enemy Crab 8/10/12/14/16", "combat start", "combat attack", "roll Ben 4 4 5 1 3 6"):
        ok(env, "play", words)
    before = _snapshot(home)
    done = run_in_process(*args, env=env)
    lines = done.stderr.strip().splitlines()
    assert done.returncode == 2 and len(lines) == 1, (done.returncode, done.stderr)
    assert f"unexpected {word}" in lines[0] and form in lines[0] and "Traceback" not in done.stderr
    assert _snapshot(home) == before


def test_a_name_with_an_apostrophe_gets_the_same_advice_through_track_and_play(home):
    """The tracker's refusal and the same command as a play offer one advice, written so that
    `companion play` reads it back (the name quoted), and a play's refusal offers its own."""
    env = table_env(home)
    ok(env, "track", "new", "catharsis", "--players", "O'Neil,Ben", "--option", "morale=6")
    for words in ("next-card monster", "enemy Crab 8/10/12/14/16", "combat start", "combat attack",
                  "exhaust \"O'Neil\" 3", "roll \"O'Neil\" 6 6 5 1 3 2"):
        ok(env, "play", words)
    tracked = run_in_process("track", "heal", "O'Neil", "2", env=env)
    played = run_in_process("play", "heal \"O'Neil\" 2", env=env)
    adjust = run_in_process("play", "adjust \"O'Neil\" 6 +1", env=env)
    assert tracked.returncode == played.returncode == adjust.returncode == 1
    assert "allowed instead: heal \"O'Neil\" 3;" in tracked.stderr
    assert "Legal instead:\n  heal \"O'Neil\" 3\n" in played.stdout
    assert "Legal instead:\n  adjust \"O'Neil\" 6 -1\n" in adjust.stdout
    ok(env, "play", "adjust \"O'Neil\" 6 -1")  # the advice, typed as offered
    ok(env, "play", "heal \"O'Neil\" 3")


def test_a_refusal_and_a_play_line_write_an_apostrophe_name_as_typed(home):
    """A play echoed in a refusal or a recorded line writes O'Neil in double quotes, as the table typed it
    (`roll "O'Neil" ...`), never the shell's `'O'"'"'Neil'`; the echo still reads back as the same play."""
    env = table_env(home)
    ok(env, "track", "new", "catharsis", "--players", "O'Neil,Ben", "--option", "morale=6")
    for words in ("next-card monster", "enemy Crab 8/10/12/14/16", "combat start", "combat attack"):
        ok(env, "play", words)
    exhausted = run_in_process("play", "exhaust \"O'Neil\" 3", env=env)
    rolled = run_in_process("play", "roll \"O'Neil\" 6 6 5 1 3 2", env=env)
    again = run_in_process("play", "roll \"O'Neil\" 6 6 5 1 3 2", env=env)
    assert exhausted.returncode == rolled.returncode == 0 and again.returncode == 1
    assert exhausted.stdout.startswith("exhaust \"O'Neil\" 3:") and "O'Neil: roll \"O'Neil\" 6 6 5 1 3 2" in rolled.stdout
    assert "refused: roll \"O'Neil\" 6 6 5 1 3 2: O'Neil has already rolled" in again.stderr
    assert "'\"'\"'" not in exhausted.stdout + rolled.stdout + again.stderr


def test_a_name_with_an_apostrophe_typed_as_its_own_shell_word_reads(home):
    """`companion play roll "O'Neil" 6 ...`: the shell takes the quotes away; the words run together
    hold an unpaired apostrophe, so they are read quoted again, and a misspelt name is refused naming
    the player as typed and the nearest one (it was "cannot read ...: No closing quotation")."""
    env = table_env(home)
    ok(env, "track", "new", "catharsis", "--players", "O'Neil,Ben", "--option", "morale=6")
    for words in ("next-card monster", "enemy Crab 8/10/12/14/16", "combat start", "combat attack"):
        ok(env, "play", words)
    before = _snapshot(home)
    wrong = run_in_process("play", "roll", "O'Neal", "6", "6", "5", "1", "3", "2", env=env)
    assert wrong.returncode == 2 and wrong.stderr.count("\n") == 1, wrong.stderr
    assert "unknown player \"O'Neal\"; did you mean O'Neil?" in wrong.stderr and _snapshot(home) == before
    said = ok(env, "play", "roll", "O'Neil", "6", "6", "5", "1", "3", "2")
    assert "O'Neil rolls 1 2 3 5 6 6" in said, said


def test_a_one_string_play_with_an_apostrophe_names_the_word_and_the_form_that_reads(home):
    """`companion play "roll O'Neil 6 6 5 1 3 2"`: the apostrophe opens a quote that never closes. One
    line names the word and the form that reads (double quotes); nothing written (it was only
    "cannot read ...: No closing quotation")."""
    env = table_env(home)
    ok(env, "track", "new", "catharsis", "--players", "O'Neil,Ben", "--option", "morale=6")
    for words in ("next-card monster", "enemy Crab 8/10/12/14/16", "combat start", "combat attack"):
        ok(env, "play", words)
    before = _snapshot(home)
    done = run_in_process("play", "roll O'Neil 6 6 5 1 3 2", env=env)
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert "O'Neil opens a quotation that never closes" in done.stderr and "double quotes" in done.stderr
    assert _snapshot(home) == before
