"""Saved sessions an older version wrote reopen (assignment fixes10 item 1): tests/old_sessions/ holds a
sessions file and two exports made by the code of commit bbfe7ec, with inputs this version refuses when
typed (a change by 0, rules added since: a Combo outside a combat, Ice on an exhausted power, a Drink
for the dead, a reward of a card the recorded Hand does not hold). Each session opens, shows its
history, takes an undo and a redo, reaches the history and the phone's table, and exports and imports
again; a refusal applies to new input only."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

OLD = Path(__file__).parent / "old_sessions"
#: the sessions in the old file and their number of logged events
SESSIONS = {"cat0": 4, "cath0": 12, "thes0": 4, "arc0": 1, "pomp0": 3}


@pytest.fixture
def old_home(home) -> Path:
    (home / "data").mkdir(parents=True)
    shutil.copy(OLD / "sessions.sqlite3", home / "data" / "sessions.sqlite3")
    return home


@pytest.mark.parametrize("name, events", SESSIONS.items())
def test_an_old_session_opens_undoes_and_exports_to_an_import(old_home, cli, tmp_path, name, events):
    shown = cli.json("track", "show", name)
    log = cli.json("track", "log", "--session", name)["entries"]
    assert len(log) == events
    assert cli("track", "switch", name).exit_code == 0
    assert cli("track", "undo").exit_code == 0 and cli("track", "redo").exit_code == 0
    assert cli.json("track", "show", name)["state"] == shown["state"]
    assert name in cli("history").stdout
    out = tmp_path / f"{name}.json"
    assert cli("track", "export", name, str(out)).exit_code == 0
    result = cli("track", "import", str(out), "--name", "again")
    assert result.exit_code == 0, result.stderr
    assert cli.json("track", "show", "again")["state"] == shown["state"]
    said = [(e["kind"], e["verb"], e["args"]) for e in cli.json("track", "log", "--session", name)["entries"]]
    assert [(e["kind"], e["verb"], e["args"]) for e in cli.json("track", "log", "--session", "again")["entries"]] == said


def test_the_export_marks_a_change_todays_rules_refuse_as_overruled(old_home, cli, tmp_path):
    out = tmp_path / "cath0.json"
    assert cli("track", "export", "cath0", str(out)).exit_code == 0
    marked = {e["verb"]: e for e in json.loads(out.read_text())["events"] if e["overruled"]}
    assert sorted(marked) == ["combo", "drinks", "ice"]
    assert all(e["violations"] for e in marked.values())


def test_the_phone_page_reads_an_old_session(old_home):
    from companion.serve.live import Live

    live = Live(old_home / "data", "cath0")
    try:
        assert len(live.table(None)["log"]) == SESSIONS["cath0"]
    finally:
        live.close()


def test_an_old_export_with_changes_by_0_imports_as_recorded(home, cli):
    result = cli("track", "import", str(OLD / "cat0.export.json"))
    assert result.exit_code == 0, result.stderr
    assert [e["args"] for e in cli.json("track", "log")["entries"]][:2] == [["Ann", "0"], ["Ben", "0"]]
    assert cli("track", "draw", "ann", "0").exit_code == 2  # typed now, it is refused


def test_an_old_export_with_a_change_the_rules_now_refuse_names_the_event(home, cli):
    """An export file is untrusted: a change the rules refuse must carry its marker, whoever wrote it
    (the session itself, exported by this version, carries it: the test above)."""
    result = cli("track", "import", str(OLD / "cath0.export.json"))
    assert result.exit_code == 2 and "event 3 (combo Ann 3 +1)" in result.stderr
    assert "overrule" in result.stderr and "export the session again with this version" in result.stderr


def test_an_export_from_before_the_numbers_rule_imports_its_change_past_999_overruled(home, cli):
    """cat_past999.export.json: written by the code of commit 2acfed5 (before the numbers rule), whose
    `track lives ben +1000` was taken (Ben on 9 lives, the rest lost)."""
    result = cli("track", "import", str(OLD / "cat_past999.export.json"))
    assert result.exit_code == 0, result.stderr
    log = cli.json("track", "log")["entries"]
    assert [(e["args"], e["overruled"]) for e in log] == [(["Ann", "-1"], False), (["Ben", "+1000"], True),
                                                          (["Ann", "2"], False)]
    lives = {p["name"]: p["lives"] for p in cli.json("track", "show")["state"]["players"]}
    assert lives == {"Ann": 8, "Ben": 9}
    assert cli("track", "lives", "ben", "+1000").exit_code == 2  # typed now, it is refused


def test_an_export_with_a_play_in_an_older_notation_imports_in_its_own_words(home, cli, tmp_path):
    """cath_quoted.export.json: written by the code of commit 2acfed5, whose notation quoted a card's
    name with single quotes (`card 'Fire Bolt' ...`, today `card "Fire Bolt" ...`): the same play."""
    result = cli("track", "import", str(OLD / "cath_quoted.export.json"))
    assert result.exit_code == 0, result.stderr
    log = cli.json("track", "log")["entries"]
    assert log[0]["args"] == ["card 'Fire Bolt' bottom 'BB 4 || 6 6'"] and len(log) == 2
    from trackers.sessions import Sessions

    with Sessions(home / "data") as store:
        cards = store.replay(store.get("cathq")).state.cards
    assert [(c.name, c.bottom.cost) for c in cards] == [("Fire Bolt", "BB 4 || 6 6")]  # the card it described
    out = tmp_path / "again.json"
    assert cli("track", "export", "cathq", str(out)).exit_code == 0
    assert cli("track", "import", str(out), "--name", "again").exit_code == 0


def test_a_play_that_does_not_read_today_is_refused_naming_the_line_and_the_way_out(home, cli, tmp_path):
    doc = json.loads((OLD / "cath_quoted.export.json").read_text())
    doc["events"][0]["args"] = ["cast 'Fire Bolt' at the dragon"]  # no play of today's notation
    path = tmp_path / "unread.json"
    path.write_text(json.dumps(doc))
    result = cli("track", "import", str(path))
    err = result.stderr.strip()
    assert result.exit_code == 2 and len(err.splitlines()) == 1, err
    assert "event 1 (play cast 'Fire Bolt' at the dragon)" in err and "export the session again with this version" in err
    assert not cli.json("track", "list")["sessions"]  # nothing written
