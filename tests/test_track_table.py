"""At the table (issue 12): session commands never collide with game verbs, verbs are discoverable
(help, `track verbs`, shell completion), a change says one line, everything fits 80 columns,
undo says what it undid, `track list` says where each game stands."""
from __future__ import annotations

import json
import os

import pytest
from typer.testing import CliRunner

from tests.conftest import GAMES
from tests.games import cases, game_data, per_game

#: what `track new` needs for each game (the options a rulebook leaves to the table): tests/games/<game>.toml
NEW = {g: [w for k, v in o.items() for w in ("--option", f"{k}={v}")] for g, o in per_game("new_options").items()}
OPTIONS = per_game("required_options")


def run(*args, columns: int = 80, env: dict | None = None):
    """The CLI in-process at a given terminal width."""
    from companion.cli import invoked_app

    return CliRunner().invoke(invoked_app(list(args)), list(args), env={"COMPANION_HOME": os.environ["COMPANION_HOME"],
                                                    "COLUMNS": str(columns), **(env or {})})


def ok(*args, **kw):
    result = run(*args, **kw)
    assert result.exit_code == 0, result.output
    return result


def start(game: str, players: str = "Ann,Ben,Cy", name: str | None = None):
    ok("track", "new", game, "--players", players, *NEW[game], *(["--name", name] if name else []))


def session_commands() -> list[str]:
    """Every visible `companion track` sub-command: today's and any added later."""
    import typer

    from companion.track_cmd import track_app

    group = typer.main.get_command(track_app)
    return sorted(name for name, cmd in group.commands.items() if not cmd.hidden)


def tracker(game: str):
    from engine import get_tracker

    return get_tracker(game)


def fresh_state(game: str):
    return tracker(game).declaration.verbs.new_state(["Ann", "Ben", "Cy"], dict(OPTIONS.get(game, {})))


def assert_bad_input(result, *words):
    assert result.exit_code == 2, result.output
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.output
    for word in words:
        assert word.lower() in result.stderr.lower(), result.stderr


def width_of(text: str) -> int:
    from rich.cells import cell_len

    return max((cell_len(line) for line in text.splitlines()), default=0)


# ----------------------------------------------------------------- session commands vs game verbs


@pytest.mark.parametrize("game", GAMES)
def test_no_session_command_is_a_game_verb_or_alias(game):
    """Checked against the tables and against the game's own reading of the word (prefixes, aliases
    kept elsewhere): each session command must be an unknown command to every game, the typed error
    naming the word (what `track` reads to say where the word is a verb)."""
    from engine import GAMES as REGISTRY
    from engine.base import UnknownVerb

    assert set(GAMES) <= set(REGISTRY)
    t = tracker(game)
    words = set(t.declaration.verbs.usage) | set(t.declaration.verbs.aliases)
    names = session_commands()
    assert {"new", "list", "show", "switch", "undo", "redo", "verbs", "watch"} <= set(names)
    assert not words & set(names), f"{game} verbs shadowed by session commands: {sorted(words & set(names))}"
    state = fresh_state(game)
    for name in names:
        with pytest.raises(UnknownVerb, match=r"(?i)unknown (command|verb)") as refused:
            t.parse(state, [name])
        assert refused.value.word == name


def test_every_game_verb_reaches_the_game():
    import typer

    from companion.track_cmd import track_app

    group = typer.main.get_command(track_app)
    ctx = group.make_context("track", ["list"])
    for game in GAMES:
        t = tracker(game)
        for word in [*t.declaration.verbs.usage, *(t.declaration.verbs.aliases)]:
            name, cmd, args = group.resolve_command(ctx, [word, "ann"])
            assert cmd.name == "_change" and name == word and args[0] == word, (game, word)


def test_switch_makes_another_session_current_and_old_use_points_to_it(cli, home, tmp_path):
    start("catastrophe", name="friday")
    start("catopomp", name="saturday")
    assert "Now tracking friday" in ok("track", "switch", "friday").stdout
    assert json.loads(ok("track", "list", "--json").stdout)["current"] == "friday"
    ok("track", "export", "friday", str(tmp_path / "before.json"))
    result = run("track", "use", "saturday")  # CATastrophe has no verb `use`
    assert_bad_input(result, "use", "track switch")
    ok("track", "export", "friday", str(tmp_path / "after.json"))
    assert (tmp_path / "before.json").read_text() == (tmp_path / "after.json").read_text()


@pytest.mark.parametrize("slip, meant", [("lsit", "list"), ("shwo", "show"), ("udno", "undo")])
def test_a_slip_on_a_session_command_names_it(cli, home, tmp_path, slip, meant):
    start("catopomp")
    ok("track", "export", "catopomp-1", str(tmp_path / "before.json"))
    result = run("track", slip)
    assert_bad_input(result, f"unknown command '{slip}'", f"session command: {meant}")
    ok("track", "export", "catopomp-1", str(tmp_path / "after.json"))
    assert (tmp_path / "before.json").read_text() == (tmp_path / "after.json").read_text()


# ------------------------------------------------------------------------------ help and verbs


def test_change_help_names_the_verb_not_the_internal_command(cli, home):
    start("catastrophe")
    out = ok("track", "lives", "--help").stdout
    assert "_change" not in out
    assert "companion track lives" in out and "lives ben -2" in out and "In catastrophe" in out


@pytest.mark.parametrize("game", GAMES)
def test_track_help_lists_the_current_games_verbs_with_examples(cli, home, game):
    start(game)
    out = ok("track", "--help").stdout
    assert width_of(out) <= 80
    assert f"Verbs of {game}" in out
    for v in tracker(game).verbs():
        assert f"companion track {v['example']}" in " ".join(out.split()), v


@pytest.mark.parametrize("game", GAMES)
def test_track_verbs_lists_every_alias_the_game_reads(cli, home, game):
    """Each alias shown for a verb reads as that verb, and `track verbs` shows it in both outputs
    (Cataclysm Arcade's `next` and `gain` were read but never listed)."""
    t = tracker(game)
    data = json.loads(ok("track", "verbs", game, "--json").stdout)
    text = " ".join(ok("track", "verbs", game).stdout.split())
    state = fresh_state(game)
    for v in data["verbs"]:
        for alias in v["aliases"]:
            try:
                assert t.parse(state, [alias, *v["example"].split()[1:]]).verb == v["verb"], (v, alias)
            except Exception as exc:  # noqa: BLE001 - a fresh table may refuse the change, not the word
                assert "unknown command" not in str(exc) and "unknown verb" not in str(exc), (v, alias, exc)
            assert alias in text, (v, alias)
    listed = {v["verb"]: v["aliases"] for v in data["verbs"]}
    for verb, aliases in game_data(game).get("listed_aliases", {}).items():  # the game's own (tests/games/<game>.toml)
        assert set(aliases) <= set(listed[verb]), (verb, aliases, listed[verb])


def test_track_help_without_a_session_says_where_verbs_are(cli, home):
    out = ok("track", "--help").stdout
    assert "track verbs GAME" in " ".join(out.split())


@pytest.mark.parametrize("game", GAMES)
def test_every_verb_appears_in_track_verbs_with_a_working_example(cli, home, game):
    t = tracker(game)
    data = json.loads(ok("track", "verbs", game, "--json").stdout)
    assert data["game"] == game and [v["verb"] for v in data["verbs"]] == list(t.declaration.verbs.usage)
    text = ok("track", "verbs", game).stdout
    assert width_of(text) <= 80
    state = fresh_state(game)
    for v in data["verbs"]:
        assert v["usage"] == t.declaration.verbs.usage[v["verb"]] and v["verb"] in text
        assert v["example"].split()[0] == v["verb"], v
        assert f"companion track {v['example']}" in text
        try:  # the example reads as that verb (it may still need a table where it applies)
            assert t.parse(state, v["example"].split()).verb == v["verb"]
        except Exception as exc:  # noqa: BLE001
            assert "unknown command" not in str(exc) and "unknown verb" not in str(exc), (v, exc)


def test_track_verbs_defaults_to_the_current_game_then_every_game(cli, home):
    every = json.loads(ok("track", "verbs", "--json").stdout)
    assert [t["game"] for t in every] == list(__import__("engine").GAMES)
    for game in GAMES:
        start(game)
        assert json.loads(ok("track", "verbs", "--json").stdout)["game"] == game
    assert_bad_input(run("track", "verbs", "chess"), "chess", *GAMES)


# ---------------------------------------------------------------------------------- completion


def complete(shell: str, line: str) -> list[str]:
    """What the shell would offer for `line` (the word being typed is the last one, maybe empty)."""
    if shell == "bash":
        words = line.split(" ")
        env = {"_COMPANION_COMPLETE": "complete_bash", "COMP_WORDS": line, "COMP_CWORD": str(len(words) - 1)}
    else:
        env = {"_COMPANION_COMPLETE": f"complete_{shell}", "_TYPER_COMPLETE_ARGS": line}
        if shell == "fish":
            env["_TYPER_COMPLETE_FISH_ACTION"] = "get-args"
    result = run(env=env)
    out = result.stdout
    if shell == "zsh":
        return [w.split(":")[0] for w in __import__("re").findall(r'"([^"]+)"', out)]
    return [w.split("\t")[0] for w in out.splitlines() if w]


@pytest.mark.parametrize("game", GAMES)
def test_every_verb_completes_and_so_do_the_players(cli, home, game):
    start(game)
    offered = complete("bash", "companion track ")
    assert set(tracker(game).declaration.verbs.usage) <= set(offered)
    assert {"switch", "verbs", "watch", "show"} <= set(offered)
    for verb in tracker(game).declaration.verbs.usage:
        assert verb in complete("bash", f"companion track {verb[:2]}"), verb
    verb = next(iter(tracker(game).declaration.verbs.usage))
    assert complete("bash", f"companion track {verb} ") == ["ann", "ben", "cy"] or \
        complete("bash", f"companion track {verb} ") == ["Ann", "Ben", "Cy"]
    assert complete("bash", f"companion track {verb} B") == ["Ben"]


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_completion_of_games_sessions_and_rule_ids(cli, home, shell):
    start("catastrophe", name="friday")
    start("catopomp", name="saturday")
    assert complete(shell, "companion track new cat") == [g for g in GAMES if g.startswith("cat")]
    assert complete(shell, "companion track switch fr") == ["friday"]
    assert complete(shell, "companion track show ") == ["friday", "saturday"]
    ids = complete(shell, "companion rules show catopomp.dice-boost")
    assert "catopomp.dice-boost" in ids and all(i.startswith("catopomp.dice-boost") for i in ids)
    assert "lost" in complete(shell, "companion track l")


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_show_completion_prints_a_script_for_each_shell(shell):
    out = run("--show-completion", env={"COMPANION_SHELL": shell})
    assert out.exit_code == 0 and "_COMPANION_COMPLETE" in out.stdout
    assert_bad_input(run("--show-completion", env={"COMPANION_SHELL": "tcsh"}), "bash, zsh or fish")


# --------------------------------------------------------------------- saying little, 80 columns

#: a few changes per game that reach its interesting parts (tables, nested lists, effects): tests/games/
PLAYS = per_game("changes")


@pytest.mark.parametrize("game", GAMES)
def test_show_and_changes_fit_80_columns(cli, home, game):
    start(game)
    for words in PLAYS[game]:
        out = ok("track", *words).stdout
        assert width_of(out) <= 80, out
        wide = ok("track", "undo").stdout + ok("track", "redo").stdout
        assert width_of(wide) <= 80
    show = ok("track", "show").stdout
    assert width_of(show) <= 80, show
    assert "Ann" in show and "Ben" in show
    assert width_of(ok("track", "list").stdout) <= 80
    assert width_of(ok("track", "log").stdout) <= 80


@pytest.mark.parametrize("game", GAMES)
def test_show_of_four_long_names_keeps_every_heading_whole_at_80_columns(cli, home, game):
    """A player table too wide for the terminal turns a column per player, so no heading or name
    is cut into pieces ("rewar d", "Annabe…")."""
    names = ["Annabelle", "Benedict", "Clementine", "Dorothea"]
    start(game, ",".join(names))
    show = ok("track", "show").stdout
    assert width_of(show) <= 80, show
    summary = json.loads(ok("track", "show", "--json").stdout)["state"]
    flat = " ".join(show.split())
    for name in names:
        assert name in flat, show
    from companion.saying import records

    tables = 0
    for key, value in summary.items():
        rows = records(value)
        if rows and set(rows) == set(names):
            tables += 1
            for row in rows.values():
                for column, cell in row.items():
                    if not (isinstance(cell, list) and cell and isinstance(cell[0], dict)):
                        assert column.replace("_", " ") in flat, (key, column, show)
    assert tables, summary


@pytest.mark.parametrize("game", GAMES)
def test_a_change_says_one_line(cli, home, game):
    start(game)
    for words in PLAYS[game]:
        out = ok("track", *words, columns=400).stdout
        # one line, and below it a reading said the first time in the game (issue 44; engine/readings.py)
        assert out.count("\n") == 1 + out.count("\n  ? reading: "), out
        data = json.loads(ok("track", "undo", "--json").stdout)
        assert data["change"] == "undo 1"
        again = json.loads(ok("track", *words, "--json").stdout)
        assert set(again) == {"session", "game", "change", "overruled", "violations", "effects", "state"}
        for effect in again["effects"]:
            assert effect["message"] in ok("track", "undo").stdout + ok("track", *words, "-v", columns=400).stdout


def test_the_line_names_the_counters_and_what_was_triggered(cli, home):
    for game, line in cases("counter_line").items():  # tests/games/<game>.toml
        start(game)
        out = ok("track", *line["change"], columns=400).stdout
        assert out.startswith(line["starts"]) and all(said in out for said in line["says"]), (game, out)
    start("catastrophe", players="Ann,Ben")
    out = ok("track", "lives", "ben", "-2", columns=400).stdout
    assert out == "lives Ben -2: Ben lives 9→7\n"
    out = ok("track", "lives", "ben", "-7", columns=400).stdout
    assert "eliminated" in out and "wins" in out  # the elimination and the game's end
    verbose = ok("track", "undo", columns=400).stdout + ok("track", "redo", "--json").stdout
    assert "undid: Ben: lives Ben -7" in verbose


def test_undo_and_redo_say_what_they_did(cli, home):
    start("catastrophe")
    ok("track", "lives", "ben", "-2")
    ok("track", "reapurr", "+1")
    assert ok("track", "undo", columns=400).stdout.startswith("undid: Ann: reapurr +1: grim reapurr 1→0")
    out = ok("track", "undo", columns=400).stdout
    assert out.startswith("undid: Ben: lives Ben -2: Ben lives 7→9")
    assert ok("track", "redo", "2", columns=400).stdout.startswith("redid: Ben: lives Ben -2; Ann: reapurr +1")
    assert_bad_input(run("track", "undo", "5"), "only 2 changes")
    ok("track", "undo", "2")
    assert_bad_input(run("track", "redo", "3"), "only 2 changes")


def test_list_shows_game_players_last_change_and_finished(cli, home):
    start("catastrophe", players="Ann,Ben", name="duel")
    ok("track", "lives", "ben", "-9")  # Ben is out: Ann wins
    start("catopomp", name="pomp")
    ok("track", "lost", "cy")
    start(next(g for g in GAMES if g not in ("catastrophe", "catopomp")), name="quiet")  # a third game
    ok("track", "end", "quiet")
    out = ok("track", "list", columns=200).stdout
    rows = {line.split("│")[1].strip(): line for line in out.splitlines() if "│" in line}
    assert "catastrophe" in rows["duel"] and "Ann, Ben" in rows["duel"] and "lives Ben -9" in rows["duel"]
    assert "game over" in rows["duel"]
    assert "lost Cy" in rows["pomp"] and rows["pomp"].rstrip().endswith("no")
    assert "ended" in rows["quiet"] and "Ann, Ben, Cy" in rows["quiet"]
    listed = json.loads(ok("track", "list", "--json").stdout)
    assert set(listed) == {"current", "sessions"}
    assert set(listed["sessions"][0]) == {"name", "game", "players", "options", "created", "ended"}


@pytest.mark.parametrize(
    "args, words",
    [
        (["track", "verbs", "chess"], ["chess"]),
        (["track", "switch", "nope"], ["nope", "friday"]),
        (["track", "watch", "nope"], ["nope", "friday"]),
        (["track", "use", "friday"], ["switch"]),
        (["track", "lives", "ben", "-2", "--verbose", "--session", "nope"], ["nope"]),
    ],
)
def test_bad_input_keeps_its_contract(cli, home, tmp_path, args, words):
    start("catastrophe", name="friday")
    ok("track", "lives", "ann", "-1")
    ok("track", "export", "friday", str(tmp_path / "before.json"))
    assert_bad_input(run(*args), *words)
    ok("track", "export", "friday", str(tmp_path / "after.json"))
    assert (tmp_path / "before.json").read_text() == (tmp_path / "after.json").read_text()


def test_track_alone_shows_its_help_and_succeeds(cli, home):
    result = run("track")
    assert result.exit_code == 0 and "Usage" in result.stdout and "error" not in result.output


@pytest.mark.parametrize("game, count, words", [(game, t["count"], t["says"])  # each game's own test data
                                                 for game, t in per_game("too_many_players").items()])
def test_too_many_players_cites_the_rulebook_or_says_it_sets_no_limit(cli, home, game, count, words):
    """A player limit is the rulebook's where it gives one; elsewhere the session's own bound is
    not passed off as a rule of the game."""
    result = run("track", "new", game, "--players", ",".join(f"P{i}" for i in range(count)), *NEW[game])
    assert_bad_input(result, *words)
    assert json.loads(ok("track", "list", "--json").stdout)["sessions"] == []


def test_a_change_naming_two_players_says_both_counters():
    """`lives ann -1 ben -2` moved two cats' lives: the one line names both, not only Ann's (two
    counters the change names, within the line's limit, each kept with its group)."""
    from companion.saying import touched

    before = {"players": [{"name": n, "lives": 9} for n in ("Ann", "Ben", "Cy")]}
    after = {"players": [{"name": "Ann", "lives": 8}, {"name": "Ben", "lives": 7}, {"name": "Cy", "lives": 9}]}
    assert touched(before, after, "lives Ann -1 Ben -2") == ["lives Ann 9→8, Ben 9→7"]
    after["players"][1]["lives"] = 8
    assert touched(before, after, "lives Ann -1 Ben -1") == ["Ann, Ben lives 9→8"]
