"""Issue 33, the shell and the terminal: Tab after `play` and `track switch`, a mistyped command,
and a refusal's error said short with its reason wrapped under it on a terminal. In-process (the
shell's completer and its `run`, companion.failure), no pseudo-terminal."""
from __future__ import annotations

import io

import pytest

from tests.table_cli import ok, table_env


@pytest.fixture
def shell(home):
    from companion.cli import whole_group
    from companion.shell import Shell

    s = Shell(whole_group())
    yield s
    s.close()


def _tab(shell, text: str) -> list[str]:
    from prompt_toolkit.document import Document

    from companion.shell_complete import ShellCompleter

    return [c.text for c in ShellCompleter(shell).get_completions(Document(text), None)]


def test_tab_after_play_offers_the_plays_and_after_switch_the_sessions(home, shell):
    env = table_env(home)
    ok(env, "track", "new", "catopomp", "--players", "Ann,Ben", "--option", "start=ann", "--name", "friday")
    ok(env, "track", "dice", "1", "2", "3", "4")
    ok(env, "track", "new", "theseus", "--players", "Ann,Ben", "--name", "saturday")
    plays = _tab(shell, "play ")  # raised IndexError before
    assert "end" in plays and any(p.startswith("use Knight") for p in plays)
    assert _tab(shell, "track switch ") == ["friday", "saturday"]
    assert _tab(shell, "track switch fr") == ["friday"]


def test_a_mistyped_command_is_refused_naming_the_command_and_searches_nothing(home, shell, capsys):
    ok(table_env(home), "track", "new", "catopomp", "--players", "Ann,Ben")
    assert shell.run("tarck show") == 2
    said = capsys.readouterr()
    assert "unknown command 'tarck'; did you mean `track show`?" in said.err
    assert 'rules search "tarck show"' in said.err and said.out == ""  # no search was run
    assert shell.run("how many dice") == 0 and "dice" in capsys.readouterr().out  # a question is asked


LONG = ("refused: gems Cy -1: the round ends when only one player holds cards, and Ann (8 hidden cards in hand; "
        "1 Hell card), Ben (10 hidden cards in hand) still hold cards [catopomp.round.round-end-trigger]; "
        "if the table decides otherwise, add --overrule")


def test_a_refusal_on_a_terminal_is_short_first_and_wrapped_between_words():
    from companion.failure import error_lines

    lines = error_lines(LONG, 80)
    assert lines[0] == "companion: error: refused: gems Cy -1 [catopomp.round.round-end-trigger]"
    assert all(len(line) < 80 for line in lines) and all(line.startswith("  ") for line in lines[1:])
    said = " ".join(line.strip() for line in lines[1:])
    assert said.startswith("the round ends when") and said.endswith("add --overrule")
    whole = LONG.replace(" [catopomp.round.round-end-trigger]", "")
    assert said.split() == whole.split(": ", 2)[2].split()  # every word whole, none cut at the edge
    assert error_lines(LONG) == [f"companion: error: {LONG}"]  # a pipe or a script: the one line


def test_fail_wraps_only_on_a_terminal(monkeypatch):
    from companion.failure import error_lines, fail

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    monkeypatch.setenv("COLUMNS", "80")
    for stream, lines in ((Terminal(), len(error_lines(LONG, 80))), (io.StringIO(), 1)):
        monkeypatch.setattr("sys.stderr", stream)
        assert fail(LONG, 2, False) == 2
        assert stream.getvalue().count("\n") == lines


def test_tab_after_export_name_offers_files_not_players(home, shell, tmp_path, monkeypatch):
    """`track export NAME FILE`: the word after the session's name is where to write, so Tab offers the
    files and folders of the path typed (as click's own completion leaves a path to the shell), never
    the players' names."""
    env = table_env(home)
    ok(env, "track", "new", "catopomp", "--players", "Ann,Ben", "--name", "friday")
    (tmp_path / "friday-night.json").write_text("{}", encoding="utf-8")
    (tmp_path / "exports").mkdir()
    monkeypatch.chdir(tmp_path)
    assert _tab(shell, "track export ") == ["friday"]  # the first argument: the sessions
    offered = _tab(shell, "track export friday ")
    assert "friday-night.json" in offered and "exports" in offered, offered
    assert not {"Ann", "Ben"} & set(offered), offered
    assert _tab(shell, "track export friday fri") == ["day-night.json"]  # the rest of the file's name
    assert _tab(shell, "track export friday A") == []  # no player name, even when one would fit
    assert _tab(shell, f"track export friday {tmp_path}/ex") == ["ports"]  # a path, absolute
    assert _tab(shell, "track coins ") and set(_tab(shell, "track coins ")) >= {"Ann", "Ben"}  # verbs keep players
