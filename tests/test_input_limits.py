"""Inputs the CLI must refuse, bound or survive (issue 19, items 8 to 13): each refusal one line,
exit 2, nothing written; each limit the same at every door."""
from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from rulesdb.games import GAME_IDS
from tests.conftest import files_under, run_companion
from tests.games import cases, game_data, per_game

#: the game a rulebook is imported for (any: the registry's first)
BOOK = GAME_IDS[0]


def quick() -> str:
    """A game whose table of two (Ann, Ben) starts with no option: the first such in each game's own test
    data (tests/games/<game>.toml)."""
    return next(g for g, table in per_game("tracked").items() if table["players"] == "Ann,Ben" and not table["options"])


def _run(home: Path, *args: str, cwd: Path | None = None, timeout: int = 120, **kw) -> subprocess.CompletedProcess:
    """The installed `companion` script, from outside the checkout (or `cwd`)."""
    return run_companion(*args, env={"COMPANION_HOME": str(home)}, timeout=timeout, cwd=cwd, **kw)


def _child_cpu() -> float:
    import resource

    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def _one_line_refusal(result, *words: str) -> None:
    err = result.stderr if hasattr(result, "stderr") else result.output
    code = result.returncode if hasattr(result, "returncode") else result.exit_code
    assert code == 2, (code, err)
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err and "internal error" not in err, err
    for word in words:
        assert word in err, (word, err)


# -- 8. rules import: the limit is on what is stored -------------------------------------------

def test_a_rulebook_of_short_lines_is_stored_in_a_form_the_reader_accepts(tmp_path):
    """One-line headings up to the section limit are stored compactly and read back (300,000 of
    them, 3.6 MB, are now refused by that limit: tests/test_import_section_limit.py)."""
    from rulesdb.sources import MAX_SECTIONS, import_rulebook, load_sources

    book = tmp_path / "cards.txt"
    book.write_text("".join(f"Card {n:06d}\n" for n in range(MAX_SECTIONS)), encoding="utf-8")
    sources = tmp_path / "sources"
    import_rulebook(BOOK, book, sources)
    [source] = load_sources(sources)
    assert len(source["sections"]) == MAX_SECTIONS


@pytest.mark.installed
def test_a_rulebook_stored_over_the_limit_is_refused_and_nothing_is_written(tmp_path):
    """10.5 MB of backslashes is under the 20 MB limit as a file, but 21 MB stored (JSON doubles
    each): refused before writing, and every later command still works."""
    home = tmp_path / "home"
    book = tmp_path / "slashes.txt"
    book.write_text(("\\" * 99 + "\n") * 105_000, encoding="utf-8")
    assert book.stat().st_size < 20 * 1024 * 1024
    _one_line_refusal(_run(home, "rules", "import", BOOK, str(book), "--name", "slashes"),
                      "over the limit", "20,971,520")
    assert not [p for p in files_under(home / "data") if p.suffix == ".json"]
    assert _run(home, "rules", "sources").returncode == 0


def _damaged_source(home: Path) -> Path:
    folder = home / "data" / "sources"
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "broken.json").write_text(f'{{"name": "broken", "game": "{BOOK}", "sections": [', encoding="utf-8")
    return folder


def test_rules_remove_takes_away_a_damaged_source(home, cli):
    folder = _damaged_source(home)
    assert cli("rules", "sources").exit_code == 2  # named as damaged, with the way out:
    result = cli("rules", "remove", "broken")
    assert result.exit_code == 0, result.output
    assert "damaged" in result.stdout and not (folder / "broken.json").exists()
    assert cli("rules", "sources").exit_code == 0


def test_an_import_beside_a_damaged_source_is_refused_and_writes_nothing(home, cli, tmp_path):
    folder = _damaged_source(home)
    book = tmp_path / "mine.md"
    book.write_text("# Setup\n\nShuffle the deck.\n", encoding="utf-8")
    result = cli("rules", "import", BOOK, str(book))
    _one_line_refusal(result, "broken", "rules remove broken")
    assert sorted(p.name for p in folder.iterdir()) == ["broken.json"]


# -- 13. slow refusals and leftovers -----------------------------------------------------------

def test_a_rulebook_with_a_nul_byte_past_its_first_64_kb_is_refused(home, cli, tmp_path):
    book = tmp_path / "late-nul.txt"
    book.write_bytes(b"Setup\n\nShuffle the deck.\n" * 5000 + b"\0\0\0 more text\n")
    assert book.stat().st_size > 65536
    _one_line_refusal(cli("rules", "import", BOOK, str(book)), "binary", "NUL")
    assert not [p for p in files_under(home / "data") if p.suffix == ".json"]


# -- 9. one rule for kept text, the same at the CLI and at import; escapes shown, never obeyed ---

def _arcade(cli) -> None:
    assert cli("track", "new", "cataclysm-arcade", "--players", "Ann,Ben,Cy").exit_code == 0


def _events(cli) -> int:
    return len(cli.json("track", "log")["entries"])


@pytest.mark.parametrize("name", ["A" * 201, "Grunt\x1b[31m", "Gr\x07unt", "Gr\x9bunt"])
def test_the_cli_refuses_a_card_name_an_import_would_refuse(home, cli, name):
    _arcade(cli)
    for words in (["track", "card", name, "fighter", "level=1", "health=3", "attack=2", "attack-cost=1"],
                  ["track", "hand", "ann", name], ["play", f"fighter {name}", "--overrule"]):
        result = cli(*words)
        _one_line_refusal(result, "200 characters" if len(name) > 200 else "control character")
        assert "\x1b" not in result.output and "\x07" not in result.output
    assert _events(cli) == 0


def test_whatever_the_cli_keeps_an_export_imports_again(home, cli, tmp_path):
    """A long card name (150 characters, any script) played, exported and imported again."""
    _arcade(cli)
    name = "Ögre " + "x" * 145
    for change in (f"card {name} fighter level=1 health=3 attack=2 attack-cost=1", "boss ann 6", "boss ben 6",
                   "boss cy 6", f"hand ann {name}"):
        result = cli("track", *change.split(" ") if "=" not in change else
                     ["card", name, "fighter", "level=1", "health=3", "attack=2", "attack-cost=1"])
        assert result.exit_code == 0, (change, result.output)
    assert cli("play", f"fighter {name}").exit_code == 0
    assert cli("track", "hand", "ben", ", ".join(f"C{n}" for n in range(20))).exit_code == 0  # 21 words
    _one_line_refusal(cli("track", "hand", "cy", ", ".join(f"C{n}" for n in range(64))), "more than 64")
    assert cli("track", "export", "cataclysm-arcade-1", str(tmp_path / "out.json")).exit_code == 0
    result = cli("track", "import", str(tmp_path / "out.json"), "--name", "again")
    assert result.exit_code == 0, result.output


def test_escapes_in_an_old_log_or_a_refusal_reach_the_terminal_written_out(home, cli):
    """A log written before the rule (an escape in a card name) is shown with the escape spelt out;
    a refusal that echoes what was typed spells it out too."""
    from engine import get_tracker
    from trackers.sessions import Sessions

    _arcade(cli)
    with Sessions(home / "data") as store:  # what an older version let in: appended as it appended it
        session = store.get()

        def body(con):
            store._replayed(session, get_tracker(session.game))
            store._append(con, session, kind="change", verb="card", args=("[/]\x1b[31mRed", "fighter"))

        store._write(body)
    for words in (["track", "log"], ["track", "show"], ["play", "fighter Nobody\x1b[2J"],
                  ["track", "frobnicate\x1b[2J"], ["rules", "show", f"{BOOK}.\x1b[2J"]):
        result = cli(*words)
        assert "\x1b" not in result.output, (words, result.output)
    assert "\\x1b[31mRed" in cli("track", "log").stdout


def test_visible_leaves_no_control_character_but_tab_and_newline():
    from hypothesis import given, strategies as st

    from companion.render import visible

    @given(st.text())
    def check(text):
        shown = visible(text)
        assert all(c in "\t\n" or not (ord(c) < 32 or 0x7f <= ord(c) <= 0x9f) for c in shown)
        assert all(ord(c) >= 32 and not 0x7f <= ord(c) <= 0x9f for c in visible(text, one_line=True))
        if not any(ord(c) < 32 or 0x7f <= ord(c) <= 0x9f for c in text):
            assert shown == text

    check()


def test_an_export_over_the_import_limit_says_it_cannot_be_imported_again(home, cli, tmp_path):
    plain = quick()
    from trackers.imports import MAX_EVENTS
    from trackers.sessions import Sessions

    assert cli("track", "new", plain, "--players", "Ann,Ben").exit_code == 0
    assert cli("track", *per_game("tracked")[plain]["change"]).exit_code == 0
    with Sessions(home / "data") as store:
        store.repeat_last(f"{plain}-1", MAX_EVENTS)
    assert cli.json("track", "export", f"{plain}-1", str(tmp_path / "a.json"))["importable"] is True
    with Sessions(home / "data") as store:
        store.repeat_last(f"{plain}-1", MAX_EVENTS + 1)
    doc = cli.json("track", "export", f"{plain}-1", str(tmp_path / "b.json"))
    assert doc["events"] == MAX_EVENTS + 1 and doc["importable"] is False
    said = cli("track", "export", f"{plain}-1", str(tmp_path / "c.json")).stdout
    assert "cannot be imported again" in said and "10,000" in said
    assert "10,000" in cli("track", "import", str(tmp_path / "b.json"), "--name", "b").stderr


# -- 10. counts bounded by what a table holds ------------------------------------------------------

THESEUS = """active_rank = 1
board = ["Paladin", "Witch", "Buster", "Kunoichi"]
[decks]
1 = {deck}
2 = 10
3 = 10
4 = 10
5 = 10
6 = 10
[[players]]
name = "Ann"
party = ["Knight", "Mage", "Rogue"]
hand = {hand}
[[players]]
name = "Ben"
party = ["Knight", "Mage", "Rogue"]
"""


def _bounded_memory() -> None:
    """preexec_fn: at most 1.5 GB of address space (today's main took 7.6 GB for these files)."""
    import resource

    resource.setrlimit(resource.RLIMIT_AS, (1536 * 1024 * 1024, 1536 * 1024 * 1024))


@pytest.mark.installed
@pytest.mark.parametrize("deck, hand, field", [(10, 10**9, "players.0.hand"), (10**9, 3, "decks.1")])
def test_a_situation_with_a_billion_cards_is_refused_at_once(tmp_path, deck, hand, field):
    path = tmp_path / "table.toml"
    path.write_text(THESEUS.format(deck=deck, hand=hand), encoding="utf-8")
    done = _run(tmp_path / "h", "check", "theseus", "--situation", str(path), "--move", "end", timeout=60,
                preexec_fn=_bounded_memory)
    _one_line_refusal(done, f"field {field}", "200")


def test_an_overruled_count_past_what_a_table_holds_is_refused(home, cli):
    assert cli("track", "new", "theseus", "--players", "Ann,Ben").exit_code == 0
    for words in (["hand", "ann", "count", "1000000000"], ["deck", "1", "1000000000"]):
        _one_line_refusal(cli("track", *words, "--overrule"), "at most 200")
    assert _events(cli) == 0
    assert cli("track", "hand", "ann", "count", "200", "--overrule").exit_code == 0
    judged = cli("check", "end")  # judged (over the Hand limit), not a MemoryError
    assert judged.exit_code == 1 and "Illegal" in judged.stdout, judged.output


# -- 13. messages name fields as the file does -------------------------------------------------------

@pytest.mark.parametrize("game, case", cases("bad_field").items())  # tests/games/<game>.toml
def test_a_bad_field_is_named_by_its_path_in_the_file(cli, tmp_path, game, case):
    text, field = case["situation"], case["field"]
    path = tmp_path / "table.toml"
    path.write_text(text, encoding="utf-8")
    result = cli("check", game, "--situation", str(path), "--move", "pass")
    _one_line_refusal(result, f"field {field}:")
    assert "[" not in result.stderr and "function" not in result.stderr, result.stderr


# -- 11. status and check hold situation files to the seat rule of `track new` -------------------

def _situation(cli, tmp_path, game: str, players: str, *options: str) -> dict:
    assert cli("track", "new", game, "--players", players, *options).exit_code == 0
    out = tmp_path / f"{game}.json"
    assert cli("track", "situation", "--output", str(out)).exit_code == 0
    return json.loads(out.read_text(encoding="utf-8"))


def _write(tmp_path, doc: dict) -> Path:
    path = tmp_path / "table.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    return path


CATHARSIS_OPTIONS = ("--option", "morale=18", "--option", "characters=Ann=Luthia,Ben=Durhak")


def test_only_murder_mystery_seats_six_or_seven_catharsis_characters(home, cli, tmp_path):
    """The Murder Mystery deck is built for 3 to 7 players, the others for 1 to 5: a session of 7 starts
    against it, and a table of 6 against another deck is refused (`track new`) or reported (`status`)."""
    seven = "A,B,C,D,E,F,G"
    assert cli("track", "new", "catharsis", "--players", seven, "--option", "morale=18",
               "--option", "boss=murder-mystery").exit_code == 0
    other = cli("track", "new", "catharsis", "--players", "A,B,C,D,E,F", "--option", "morale=18")
    assert other.exit_code == 2 and "only murder-mystery takes 6 or 7" in other.stderr, other.stderr
    doc = _situation(cli, tmp_path, "catharsis", "Ann,Ben", *CATHARSIS_OPTIONS)
    doc["players"] = [dict(doc["players"][0], name=f"P{n}") for n in range(6)]
    status = cli("status", "catharsis", "--situation", str(_write(tmp_path, doc)), "--json")
    assert status.exit_code == 1 and any("only murder-mystery takes 6 or 7" in p["message"]
                                         for p in json.loads(status.stdout)["problems"]), status.stdout


@pytest.mark.parametrize("players, problem", [(0, "no players"), (13, "more than catharsis allows (7 at most)")])
def test_status_reports_a_catharsis_table_with_too_many_or_no_players(home, cli, tmp_path, players, problem):
    doc = _situation(cli, tmp_path, "catharsis", "Ann,Ben", *CATHARSIS_OPTIONS)
    doc["players"] = [dict(doc["players"][0], name=f"P{n}") for n in range(players)]
    path = _write(tmp_path, doc)
    status = cli("status", "catharsis", "--situation", str(path), "--json")
    assert status.exit_code == 1 and not json.loads(status.stdout)["possible"]
    assert any(problem in p["message"] and p["rule"] == "catharsis.setup.player-count"
               for p in json.loads(status.stdout)["problems"]), status.stdout
    _one_line_refusal(cli("check", "catharsis", "--situation", str(path), "--move", "roll P0 1 2 3 4 5 6"),
                      "cannot be a catharsis table", problem)


@pytest.mark.installed
def test_a_million_players_are_refused_before_the_file_is_read_further(home, cli, tmp_path):
    doc = _situation(cli, tmp_path, "catharsis", "Ann,Ben", *CATHARSIS_OPTIONS)
    doc["players"] = [{"name": f"P{n}"} for n in range(1_000_000)]
    path = _write(tmp_path, doc)
    for command in ("status", "check"):  # today's main took 38 s and 1.6 GB for each
        began = _child_cpu()
        result = _run(home, command, "catharsis", "--situation", str(path), *(["--move", "pass"] * (command == "check")),
                      preexec_fn=_bounded_memory)
        _one_line_refusal(result, "1,000,000 players")
        assert _child_cpu() - began < 8


def test_status_reports_morale_below_zero(home, cli, tmp_path):
    doc = _situation(cli, tmp_path, "catharsis", "Ann,Ben", *CATHARSIS_OPTIONS)
    doc["morale"] = -5
    status = json.loads(cli("status", "catharsis", "--situation", str(_write(tmp_path, doc)), "--json").stdout)
    assert not status["possible"] and any("Morale -5" in p["message"] for p in status["problems"])


@pytest.mark.parametrize("game, names, problem", [(g, c["names"], c["problem"]) for g, named in cases("refused_names").items()
                                                for c in named])  # tests/games/<game>.toml
def test_status_reports_players_the_name_rule_refuses(home, cli, tmp_path, game, names, problem):
    doc = _situation(cli, tmp_path, game, "Ann,Ben")
    doc["players"] = [dict(p, name=n) for p, n in zip(doc["players"], names)]
    for key in ("current", "active", "turn", "to_act"):
        if isinstance(doc.get(key), str):
            doc[key] = names[0]
    path = _write(tmp_path, doc)
    status = cli("status", game, "--situation", str(path), "--json")
    assert status.exit_code == 1, status.output
    found = json.loads(status.stdout)
    assert not found["possible"] and any(problem in p["message"] for p in found["problems"]), found
    _one_line_refusal(cli("moves", game, "--situation", str(path)), "cannot be a")


@pytest.mark.installed
@pytest.mark.parametrize("text", ["[" + ".".join(["a"] * 100_000) + "]\n", ".".join(["a"] * 100_000) + " = 1\n"])
def test_a_toml_key_of_a_hundred_thousand_dotted_parts_is_refused_at_once(home, tmp_path, text):
    path = tmp_path / "table.toml"
    path.write_text(text, encoding="utf-8")
    began = _child_cpu()
    _one_line_refusal(_run(home, "check", "theseus", "--situation", str(path), "--move", "end"), "dotted parts")
    assert _child_cpu() - began < 5  # today's main took 15 s or more


def test_a_killed_exports_leftover_is_cleaned_and_a_fresh_one_kept(home, cli, tmp_path):
    """A write killed between creating its temporary file and renaming it leaves `.NAME.XXXXXXXX.tmp`:
    the next write of NAME removes an old one; a young one may be a write in progress."""
    plain = quick()
    assert cli("track", "new", plain, "--players", "Ann,Ben").exit_code == 0
    out = tmp_path / "exports"
    out.mkdir()
    stale, fresh = out / ".game.json.abcd1234.tmp", out / ".game.json.wxyz9876.tmp"
    for leftover in (stale, fresh):
        leftover.write_text('{"format": "companion-session", "ev', encoding="utf-8")
    os.utime(stale, (1_000_000, 1_000_000))
    other = out / ".notes.txt.abcd1234.tmp"  # another file's: not this write's business
    other.write_text("x", encoding="utf-8")
    os.utime(other, (1_000_000, 1_000_000))
    assert cli("track", "export", f"{plain}-1", str(out / "game.json")).exit_code == 0
    assert sorted(p.name for p in out.iterdir()) == sorted([fresh.name, other.name, "game.json"])


@pytest.mark.parametrize("game", GAME_IDS)
def test_an_empty_play_is_one_line_in_every_game(home, cli, game):
    options = [w for name, value in game_data(game)["required_options"].items() for w in ("--option", f"{name}={value}")]
    assert cli("track", "new", game, "--players", "Ann,Ben", *options).exit_code == 0
    for move in ("", "   "):
        result = cli("play", move)
        _one_line_refusal(result, "no move given", "companion moves")
        assert "heaven" not in result.output  # no one game's example (it was the same one in every game)


# -- 12. odd data folders ------------------------------------------------------------------------

@pytest.mark.installed
@pytest.mark.parametrize("make", [lambda tmp: str(tmp / ("x" * 300)), lambda tmp: str(tmp) + "/y" * 2500])
def test_a_data_dir_too_long_for_the_system_is_one_line(tmp_path, make):
    value = make(tmp_path)
    for args in (["--data-dir", value, "track", "list"], ["--data-dir", value, "rules", "search", "dice"]):
        result = _run(tmp_path / "home", *args)
        _one_line_refusal(result, "--data-dir", "too long")
        assert len(result.stderr) < 300  # the 5,000 characters are not echoed


@pytest.mark.installed
@pytest.mark.parametrize("value", ["-", "--help", "-x"])
def test_a_data_dir_that_looks_like_an_option_creates_nothing(tmp_path, value):
    result = _run(tmp_path / "home", "--data-dir", value, "track", "list", cwd=tmp_path)
    _one_line_refusal(result, "looks like an option", f"./{value}")
    assert sorted(p.name for p in tmp_path.iterdir()) == []


@pytest.mark.installed
def test_read_commands_create_no_sessions_file(tmp_path):
    home = tmp_path / "home"
    for args in (["track", "list"], ["track", "list", "--json"], ["track", "show"], ["track", "log"],
                 ["status"], ["moves"]):
        result = _run(home, *args)
        assert result.returncode in (0, 2) and "Traceback" not in result.stderr, (args, result.stderr)
    assert not (home / "data" / "sessions.sqlite3").exists()
    assert not (home / "data").exists()


def test_a_file_with_our_id_at_version_0_and_a_foreign_table_is_left_alone(tmp_path, cli, monkeypatch):
    plain = quick()
    import sqlite3

    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "home"))
    data = tmp_path / "home" / "data"
    data.mkdir(parents=True)
    con = sqlite3.connect(data / "sessions.sqlite3")
    con.execute("PRAGMA application_id = 1131245665")  # 0x436D7061, ours
    con.execute("CREATE TABLE recipes (name TEXT)")
    con.commit()
    con.close()
    before = (data / "sessions.sqlite3").read_bytes()
    for args in (["track", "list"], ["track", "new", plain, "--players", "Ann,Ben"]):
        _one_line_refusal(cli(*args), "another program")
    assert (data / "sessions.sqlite3").read_bytes() == before


def test_one_session_that_does_not_read_leaves_the_others_listed(home, cli):
    plain = quick()
    import sqlite3

    for players in ("Ann,Ben", "Ann,Cy", "Ann,Dee"):
        assert cli("track", "new", plain, "--players", players).exit_code == 0
    con = sqlite3.connect(home / "data" / "sessions.sqlite3")
    con.execute("UPDATE sessions SET players = 'not json' WHERE name = ?", (f"{plain}-1",))
    con.execute("UPDATE sessions SET game = 'chess' WHERE name = ?", (f"{plain}-2",))
    con.commit()
    con.close()
    result = cli("track", "list")
    assert result.exit_code == 0 and f"{plain}-3" in result.stdout, result.output
    assert f"{plain}-1" in result.stderr and f"{plain}-2" in result.stderr and "damaged" in result.stderr
    doc = cli.json("track", "list")
    assert [s["name"] for s in doc["sessions"]] == [f"{plain}-3"]
    assert [d["name"] for d in doc["damaged"]] == [f"{plain}-1", f"{plain}-2"]


def test_the_dotted_key_bound_reads_a_large_file_in_one_pass():
    """Long words, many short dotted keys and floats are read whole by the bound's scan (only
    nesting may refuse them). How long the scan takes (once, not restarting inside each word) is
    measured by benchmarks/untrusted_scan.py, not here."""
    from rulesdb.untrusted import parse_toml

    class Refused(Exception):
        pass

    for text in SCAN_TEXTS:
        try:
            parse_toml(text, Path("t.toml"), Refused)
        except Refused as exc:  # only nesting may refuse these (31 parts nest 32 deep with the table)
            assert "nested" in str(exc)


#: a file of each shape a restarting scan would read in quadratic time (minutes for these)
SCAN_TEXTS = ['x = "' + "y" * 1_000_000 + '"\n',
              "".join(f"k{n}." + ".".join(["a"] * 30) + " = 1\n" for n in range(20_000)),
              "x = [" + ", ".join(["1.5"] * 200_000) + "]\n"]
