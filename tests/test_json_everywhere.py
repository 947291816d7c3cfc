"""`--json` everywhere (issue 18): every command in the app's tree takes `--json`, and its output
parses as JSON on stdout (or, when it fails, stderr carries one JSON error object).

The commands are found by walking the typer app the process builds, not from a list: a new
command without `--json`, or without a sample run below, fails here. Each sample runs in-process
(typer's runner; the tests marked `installed` also ask the installed script) on its own copy of a
prepared home (a Catopomp table with a hand and an undone change,
an imported rulebook copy, an export and a situation file), so the samples do not disturb each
other and none depends on another's order.
"""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
import typer

from companion.cli import app
from tests.conftest import run_companion, run_in_process
from tests.games import per_game


def command_tree(command, path: tuple[str, ...] = ()) -> dict[tuple[str, ...], object]:
    """Every command (not group) under a click command, by its path of names, hidden ones too."""
    subs = getattr(command, "commands", None)
    if subs is None:
        return {path: command}
    out: dict[tuple[str, ...], object] = {}
    for name, sub in subs.items():
        out.update(command_tree(sub, path + (name,)))
    return out


TREE = command_tree(typer.main.get_command(app))

OWN_TEXT = """# Our house notes

## Dice at our table
We roll the dice on the tray, never on the floor.
"""

# A sample run per command path: (the words after `companion`, the lines it reads on stdin, whether it
# prints one JSON object a line). "{home}" stands for the prepared home's copy; `--json` is added last.
SAMPLES: dict[tuple[str, ...], list[tuple[list[str], str | None, bool]]] = {
    ("games",): [(["games"], None, False)],
    ("shell",): [(["shell"], "rules define enforcer\ntrack show\nplay heaven 8 8 then hell 1\nhow do dice work\n", True)],
    ("schema",): [(["schema", "catopomp"], None, False)],
    ("check",): [(["check", "heaven 7 7 then hell 8"], None, False)],
    ("moves",): [(["moves"], None, False)],
    ("status",): [(["status"], None, False)],
    ("play",): [(["play", "heaven 7 7 then hell 8"], None, False)],
    ("rules", "search"): [(["rules", "search", "reroll one die"], None, False)],
    ("rules", "show"): [(["rules", "show", "catopomp.dice-boost"], None, False)],
    ("rules", "define"): [(["rules", "define", "enforcer"], None, False)],
    ("rules", "toc"): [(["rules", "toc", "--game", "catopomp"], None, False)],
    ("rules", "import"): [(["rules", "import", "catopomp", "{home}/notes.md", "--name", "more-notes"], None, False)],
    ("rules", "sources"): [(["rules", "sources"], None, False)],
    ("rules", "remove"): [(["rules", "remove", "house"], None, False)],
    ("track", "new"): [(["track", "new", "theseus", "--players", "Ann,Ben"], None, False)],
    ("track", "list"): [(["track", "list"], None, False)],
    ("track", "show"): [(["track", "show"], None, False)],
    ("track", "switch"): [(["track", "switch", "pomp"], None, False)],
    ("track", "end"): [(["track", "end"], None, False)],
    ("track", "export"): [(["track", "export", "pomp", "{home}/again.json"], None, False)],
    ("track", "import"): [(["track", "import", "{home}/export.json", "--name", "copy"], None, False)],
    ("track", "situation"): [(["track", "situation"], None, False),
                             (["track", "situation", "--output", "{home}/table.json"], None, False)],
    ("track", "log"): [(["track", "log"], None, False)],
    ("track", "undo"): [(["track", "undo"], None, False)],
    ("track", "redo"): [(["track", "redo"], None, False)],
    ("track", "verbs"): [(["track", "verbs"], None, False)],
    ("track", "watch"): [(["track", "watch", "--interval", "0.05", "--ticks", "3"], None, True)],
    ("serve",): [(["serve", "--port", "0", "--stop-after", "0.2"], None, True)],
    ("track", "_change"): [(["track", "gems", "ben", "-1"], None, False)],
    ("undo",): [(["undo"], None, False)],  # the short forms of the track commands
    ("redo",): [(["redo"], None, False)],
    ("show",): [(["show"], None, False)],
    ("log",): [(["log"], None, False)],
    ("cards", "add"): [(["cards", "add", "theseus", "Seer", "--rank", "2", "--icon", "explore"], None, False)],
    ("cards", "edit"): [(["cards", "edit", "theseus", "knig", "--vp", "1"], None, False)],
    ("cards", "show"): [(["cards", "show", "catastrophe", "killed"], None, False)],
    ("cards", "remove"): [(["cards", "remove", "theseus", "Oracle"], None, False)],
    ("cards", "import"): [(["cards", "import", "theseus", "{home}/cards.toml"], None, False)],
    ("cards", "export"): [(["cards", "export", "theseus", "{home}/library.json"], None, False)],
    ("history",): [(["history"], None, False), (["history", "catopomp", "--player", "ben"], None, False),
                   (["history", "--since", "2020-01-01", "--bgstats"], None, False)],
    ("track", "export-play"): [(["track", "export-play", "cats"], None, False)],
    ("stats",): [(["stats"], None, False), (["stats", "--since", "2020-01-01", "--player", "ANN"], None, False)],
    ("track", "recap"): [(["track", "recap"], None, False), (["track", "recap", "pomp", "--markdown"], None, False)],
    ("players", "rename"): [(["players", "rename", "ben", "Benji"], None, False)],
}


def samples() -> dict[tuple[str, ...], list[tuple[list[str], str | None, bool]]]:
    """SAMPLES and the runs read from each game's own test data (tests/games/<game>.toml): each game's dice
    odds, and the games that keep a card catalogue."""
    catalogued = [game for game, has in per_game("card_catalogue").items() if has]
    return {**SAMPLES, ("odds",): [(odds, None, False) for odds in per_game("odds").values()],
            ("cards", "list"): [(["cards", "list", catalogued[0]], None, False),
                                (["cards", "list", catalogued[0], "--unknown"], None, False)],
            ("cards", "schema"): [(["cards", "schema", game], None, False) for game in catalogued]}


def ok(done) -> str:
    assert done.returncode == 0, (done.args, done.stdout[-2000:], done.stderr[-2000:])
    return done.stdout


@pytest.fixture(scope="module")
def prepared(tmp_path_factory) -> Path:
    """A home with a Catopomp table (Ben's hand known, Ann to play, an undone change to redo), an
    imported rulebook copy named `house`, an export of the table and a notes file to import."""
    home = tmp_path_factory.mktemp("json-home")
    env = {"COMPANION_HOME": str(home)}
    (home / "notes.md").write_text(OWN_TEXT, encoding="utf-8")
    (home / "cards.toml").write_text('[[cards]]\nname = "Sibyl"\nrank = 3\nicon = "recruit"\n', encoding="utf-8")
    for args in (["track", "new", "catopomp", "--players", "Ann,Ben", "--option", "start=ann", "--option",
                  "hell-power=yes", "--name", "pomp"],
                 ["track", "dice", "1", "2", "3", "4"],
                 ["track", "hand", "ben", *"1 1 2 2 3 3 4 4 5 5 6".split()],
                 # Ben still holds cards, so the round cannot end with Ann: the table overrules (issue 20, item 6)
                 ["track", "gems", "ann", "-1", "--overrule"], ["track", "undo"],
                 ["track", "export", "pomp", str(home / "export.json")],
                 ["rules", "import", "catopomp", str(home / "notes.md"), "--name", "house"],
                 ["cards", "add", "theseus", "Oracle", "--rank", "1"],
                 # a finished game to send to BG Stats (issue 36), then Catopomp current again
                 ["track", "new", "catastrophe", "--players", "Ann,Ben", "--name", "cats"], ["track", "lives", "ben", "-9"],
                 ["track", "switch", "pomp"]):
        ok(run_in_process(*args, env=env))
    return home


def run_in_copy(prepared: Path, tmp_path: Path, words: list[str], stdin: str | None, *extra: str,
                installed: bool = False):
    """The command on a copy of the prepared home: in-process, or through the installed script."""
    home = tmp_path / "home"
    shutil.copytree(prepared, home)
    args = [w.replace("{home}", str(home)) for w in words]
    run = run_companion if installed else run_in_process
    return run(*args, *extra, env={"COMPANION_HOME": str(home)}, input=stdin), home


def parsed(stdout: str, lines: bool) -> list:
    """The JSON documents a command printed: one, or one a line."""
    if not lines:
        return [json.loads(stdout)]
    docs = [json.loads(line) for line in stdout.splitlines() if line.strip()]
    assert docs, "no JSON line printed"
    return docs


def test_the_walk_finds_every_command():
    """The tree walk sees the groups' commands and the hidden change command, so it cannot pass empty."""
    assert {("games",), ("rules", "search"), ("track", "watch"), ("track", "_change"), ("shell",)} <= set(TREE)
    assert len(TREE) > 25


@pytest.mark.parametrize("path", sorted(TREE), ids=" ".join)
def test_every_command_has_a_json_option(path):
    options = {opt for param in TREE[path].params for opt in getattr(param, "opts", [])}
    assert "--json" in options, f"`companion {' '.join(path)}` takes no --json"


@pytest.mark.parametrize("path", sorted(TREE), ids=" ".join)
def test_every_command_prints_json_with_json(path, prepared, tmp_path):
    assert path in samples(), f"add a sample run of `companion {' '.join(path)} --json` to SAMPLES"
    for n, (words, stdin, lines) in enumerate(samples()[path]):
        done, _home = run_in_copy(prepared, tmp_path / str(n), words, stdin, "--json")
        docs = parsed(ok(done), lines)
        assert all(isinstance(d, (dict, list)) for d in docs), docs


@pytest.mark.parametrize("path", sorted(TREE), ids=" ".join)
def test_every_command_reports_bad_input_as_one_json_error(path, prepared, tmp_path):
    words, stdin, _lines = samples().get(path, [([*path], None, False)])[0]
    done, _home = run_in_copy(prepared, tmp_path, words, stdin, "--no-such-option", "--json")
    assert done.returncode == 2, (done.stdout, done.stderr)
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr
    error = json.loads(done.stderr)
    assert error["exit_code"] == 2 and error["error"], error
    assert "Traceback" not in done.stderr


@pytest.mark.installed
def test_a_refused_play_has_the_shape_of_a_play(prepared, tmp_path):
    """Ben's hand is known: a play of cards he lacks is refused, and the JSON is a play's, with who
    tried it, who is to act and the table as it stands; nothing is logged."""
    legal, _ = run_in_copy(prepared, tmp_path / "legal", ["play", "heaven 7 7 then hell 8"], None, "--json")
    legal_doc = json.loads(ok(legal))
    first, home = run_in_copy(prepared, tmp_path / "refused", ["play", "heaven 7 7 then hell 8"], None)
    ok(first)
    done = run_companion("play", "heaven 8 8 then hell 1", "--json", env={"COMPANION_HOME": str(home)})
    assert done.returncode == 1
    error = json.loads(done.stderr)
    assert error["exit_code"] == 1 and error["error"].startswith("refused:")
    doc = json.loads(done.stdout)
    assert set(doc) == set(legal_doc)
    assert doc["session"] == "pomp" and doc["game"] == "catopomp"
    assert doc["by"] == "Ben" and doc["to_act"] == "Ben"
    assert doc["legal"] is False and doc["recorded"] is False and doc["overruled"] is False
    assert doc["change"] is None and doc["move"] == "heaven 8 8 then hell 1"
    assert "catopomp.heaven.play-from-hand" in [r["rule"] for r in doc["reasons"]]
    assert doc["violations"] == doc["reasons"]
    shown = json.loads(ok(run_companion("track", "show", "--json", env={"COMPANION_HOME": str(home)})))
    assert doc["state"] == shown["state"]  # the table as it stands: nothing was logged
    assert legal_doc["recorded"] is True and legal_doc["change"] == "play heaven 7 7 then hell 8"


def test_a_play_out_of_turn_refused_names_who_tried_it_and_who_is_to_act(prepared, tmp_path):
    done, _home = run_in_copy(prepared, tmp_path, ["play", "heaven 1 1 then hell 2", "--by", "ben"], None, "--json")
    assert done.returncode == 1
    doc = json.loads(done.stdout)
    assert doc["by"] == "Ben" and doc["to_act"] == "Ann" and not doc["legal"] and not doc["recorded"]
    assert "catopomp.round.turn-order" in [r["rule"] for r in doc["reasons"]]


@pytest.mark.installed
def test_the_json_shell_answers_each_line_with_one_object(prepared, tmp_path):
    """`shell --json` reads lines from a pipe and answers each with one line: the line, its exit code,
    the command's JSON and its error, as the one-shot commands would give them."""
    lines = ["track show", "play heaven 1 1 then hell 2 --by ben", "how do dice work", "rules define nothingatall", "",
             "track watch", "quit", "games"]
    done, home = run_in_copy(prepared, tmp_path, ["shell"], "\n".join(lines) + "\n", "--json")
    answers = parsed(ok(done), lines=True)
    assert [a["line"] for a in answers] == ["track show", "play heaven 1 1 then hell 2 --by ben", "how do dice work",
                                           "rules define nothingatall", "track watch"]  # blank skipped; quit leaves
    assert all(set(a) == {"line", "exit_code", "result", "error", "note"} for a in answers)
    assert all(a["note"] is None for a in answers)  # nothing only told on the way
    show, refused, question, unknown, watch = answers
    one_shot = json.loads(ok(run_companion("track", "show", "--json", env={"COMPANION_HOME": str(home)})))
    assert show["exit_code"] == 0 and show["result"] == one_shot and show["error"] is None
    assert refused["exit_code"] == 1 and refused["error"].startswith("refused:")
    assert refused["result"]["recorded"] is False and refused["result"]["by"] == "Ben"
    assert refused["result"]["to_act"] == "Ann" and refused["result"]["state"] == one_shot["state"]
    assert question["result"]["game"] == "catopomp" and question["result"]["results"]  # the session's game
    assert unknown["exit_code"] == 1 and unknown["result"] is None and "nothingatall" in unknown["error"]
    assert watch["exit_code"] == 2 and "track watch" in watch["error"]


@pytest.mark.installed
def test_watch_json_prints_one_show_object_a_frame_with_the_last_change(prepared, tmp_path):
    done, home = run_in_copy(prepared, tmp_path, ["track", "watch", "--interval", "0.05", "--ticks", "2"], None, "--json")
    frames = parsed(ok(done), lines=True)
    shown = json.loads(ok(run_companion("track", "show", "--json", env={"COMPANION_HOME": str(home)})))
    assert len(frames) == 1  # nothing changed after the first look: no second frame
    frame = frames[0]
    assert {k: frame[k] for k in shown} == shown
    assert frame["ended"] is None and frame["last"]["kind"] == "undo" and frame["last"]["label"] == "undo 1"


@pytest.mark.installed
def test_situation_json_prints_the_situation_or_says_where_it_was_written(prepared, tmp_path):
    printed, home = run_in_copy(prepared, tmp_path, ["track", "situation"], None)
    with_json = json.loads(ok(run_companion("track", "situation", "--json", env={"COMPANION_HOME": str(home)})))
    assert json.loads(ok(printed)) == with_json and with_json["players"]
    target = tmp_path / "table.json"
    done = run_companion("track", "situation", "--output", str(target), "--json", env={"COMPANION_HOME": str(home)})
    assert json.loads(ok(done)) == {"session": "pomp", "game": "catopomp", "file": str(target)}
    assert json.loads(target.read_text(encoding="utf-8")) == with_json


@pytest.mark.installed
def test_schema_json_is_the_schema(prepared, tmp_path):
    plain, home = run_in_copy(prepared, tmp_path, ["schema", "catopomp"], None)
    with_json = run_companion("schema", "catopomp", "--json", env={"COMPANION_HOME": str(home)})
    assert json.loads(ok(with_json)) == json.loads(ok(plain)) and "properties" in json.loads(plain.stdout)


def test_a_play_json_lists_what_the_table_settled_after_it(cli, home):
    """A play that ends a round: its JSON effects name the next round being dealt, as the text does
    (the verdict's own effects alone would leave it out)."""
    from tests.engine.catopomp_players import table_game

    assert cli("track", "new", "catopomp", "--players", "P1,P2,P3").exit_code == 0
    settled = []
    for kind, what, _table in table_game(3, 3):
        if kind == "track":
            assert cli("track", *what).exit_code == 0, what
            continue
        doc = cli.json("play", what)
        settled += [e["message"] for e in doc["effects"] if e["message"].startswith("round 2 begins")]
        if settled:
            break
    assert settled, "the seeded game never reached round 2"
