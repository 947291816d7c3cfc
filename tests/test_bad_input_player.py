"""A fresh player's wrong input (round `badinput`): each refusal one line on stderr naming the problem
and what would do instead, exit 2, and nothing on disk changed, not even a sessions file created."""
from __future__ import annotations

import pytest


def _files(home) -> list[str]:
    return sorted(str(p.relative_to(home)) for p in home.rglob("*")) if home.exists() else []


def _refused(done, *words: str) -> None:
    assert done.exit_code == 2, (done.exit_code, done.output)
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.output, done.stderr
    for word in words:
        assert word in done.stderr, (word, done.stderr)


#: commands that change a session, typed before there is any: refused, and no sessions file made
NO_SESSION_YET = [
    ("play", "pass"),
    ("play", "pass", "--session", "friday"),
    ("track", "morale", "-1"),
    ("track", "hand", "ann"),
    ("track", "undo"),
    ("redo",),
    ("track", "end"),
    ("track", "switch", "friday"),
    ("track", "watch", "friday"),
]


@pytest.mark.parametrize("args", NO_SESSION_YET, ids=" ".join)
def test_a_change_before_any_session_creates_no_sessions_file(cli, home, args):
    _refused(cli(*args), "session")
    assert _files(home) == []


def test_the_shell_creates_no_sessions_file_for_a_refused_line_but_does_for_track_new(cli, home):
    from companion.cli import invoked_app

    piped = cli.runner.invoke(invoked_app(["shell"]), ["shell"], input="play pass\nundo\n",
                              env={"COMPANION_HOME": str(home)})
    assert piped.exit_code == 2 and "no current session" in piped.stderr, piped.output
    assert _files(home) == []
    made = cli.runner.invoke(invoked_app(["shell"]), ["shell"], input="undo\ntrack new catopomp --players Ann,Ben\n"
                             "track first ann\nundo\n", env={"COMPANION_HOME": str(home)})
    assert made.exit_code == 2 and "undid: " in made.stdout, made.output  # the first line's code, the rest worked
    assert "data/sessions.sqlite3" in _files(home)


@pytest.fixture
def pomp(cli, home):
    """A Catopomp session with one change, and a card library of one card: things to undo and export."""
    for args in (("track", "new", "catopomp", "--players", "Ann,Ben", "--name", "pomp", "--option", "start=ann"),
                 ("track", "dice", "1", "2", "3", "4"), ("cards", "add", "catharsis", "Zap", "--top.cost", "AA")):
        assert cli(*args).exit_code == 0
    return home


#: (what a player typed, words the one error line must hold); each refused with the data folder as it was
MISTAKES = [
    (("undo", "-1"), ["-1", "1 or more"]),
    (("track", "redo", "-2"), ["-2", "1 or more"]),
    (("rules", "search", "lives", "-1"), ["-1", "quotes"]),
    (("track", "log", "--all", "--last", "3"), ["--all", "--last"]),
    (("track", "new", "catopomp", "--players", "Ann,Ben", "--option", "start=ann", "--option", "Start=ben"),
     ["start", "twice", "'ann'", "'ben'"]),
    (("track", "new", "catopomp", "--players", "Ann,,Ben"), ["'Ann,,Ben'", "empty name", "Ann,Ben,Cy"]),
    (("track", "gemz", "--help"), ["unknown command 'gemz'", "did you mean: gems"]),
    (("cards", "export", "catharsis", "OUT/cards.yaml"), [".toml", ".json", "cards.toml"]),
    (("odds", "catharsis", "AA", "--dice", ""), ["--dice is empty", "--dice 3,3,4,5,6,6"]),
    (("track", "show", "--reveal", ""), ["--reveal needs a player's name", "Ann, Ben"]),
    (("track", "gems", "ann", "-one"), ["'-one' is not an option of a change nor an amount", "-2", "--overrule"]),
    (("--data-dir", "~nosuchplayer/x", "track", "list"), ["'~nosuchplayer/x'", "no user 'nosuchplayer'"]),
    (("cards", "edit", "catharsis", "brewf"), ["nothing to change", "Brewfest", "--FIELD VALUE"]),
    (("cards", "edit", "catharsis", "nosuchcard"), ["unknown card 'nosuchcard'"]),
]


@pytest.mark.parametrize("args,words", MISTAKES, ids=lambda v: " ".join(v) if isinstance(v, tuple) else "")
def test_a_mistake_is_one_line_naming_it_and_changes_nothing(cli, pomp, tmp_path, args, words):
    out = tmp_path / "out"
    out.mkdir()
    args = tuple(a.replace("OUT", str(out)) for a in args)
    before = {p: p.read_bytes() for p in pomp.rglob("*") if p.is_file() and "cache" not in p.parts}
    _refused(cli(*args), *words)
    assert {p: p.read_bytes() for p in pomp.rglob("*") if p.is_file() and "cache" not in p.parts} == before
    assert not any(out.iterdir())


def test_what_the_mistakes_meant_still_works(cli, pomp, tmp_path):
    """The right forms of the lines above: the refusals are of the mistakes only."""
    for args in (("undo", "1"), ("track", "gems", "--help"), ("track", "log", "--last", "3"),
                 ("track", "new", "catopomp", "--players", "Ann,Ben", "--option", "start=ann", "--option", "start=ann"),
                 ("track", "new", "catopomp", "--players", "Ann,Ben,", "--name", "last-comma"),
                 ("cards", "export", "catharsis", str(tmp_path / "cards.toml"))):
        assert cli(*args).exit_code == 0, args


def test_ending_an_ended_session_again_keeps_its_end_time(cli, pomp):
    assert cli("track", "end", "pomp").exit_code == 0
    before = cli.json("track", "list")["sessions"]
    _refused(cli("track", "end", "pomp"), "'pomp' has ended already", "track list")
    assert cli.json("track", "list")["sessions"] == before


@pytest.mark.parametrize("old", ["Ann", "ann", " ANN "])
def test_players_rename_to_the_name_already_shown_is_refused_and_writes_nothing(cli, home, old):
    from trackers import players
    from trackers.sessions import Sessions

    assert cli("track", "new", "catopomp", "--players", "Ann,Ben").exit_code == 0
    _refused(cli("players", "rename", old, "Ann"), "Ann is already shown as Ann", "nothing to rename",
             "players rename Anne Ann")
    with Sessions(home / "data") as store:
        assert store.meta_value(players.META_KEY) is None  # no alias entry written
    assert cli("players", "rename", "Ann", "ANN").exit_code == 0  # a new spelling to show is a rename
