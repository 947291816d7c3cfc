"""`companion track ...` driven through the CLI (CliRunner and a real subprocess)."""
from __future__ import annotations

import json

import pytest

from tests.conftest import run_companion


@pytest.fixture
def table(cli, home):
    """A fresh CATastrophe session for Ann, Ben and Cy."""
    result = cli("track", "new", "catastrophe", "--players", "Ann,Ben,Cy", "--name", "friday")
    assert result.exit_code == 0, result.output
    return cli


def state(cli, name="friday"):
    return cli.json("track", "show", name)["state"]


def lives(cli, who):
    return next(p["lives"] for p in state(cli)["players"] if p["name"] == who)


def test_new_list_show_use_end(table):
    cli = table
    listed = cli.json("track", "list")
    assert listed["current"] == "friday" and listed["sessions"][0]["game"] == "catastrophe"
    assert cli("track", "new", "cataclysm", "--players", "Ann,Ben").exit_code == 0
    assert cli.json("track", "list")["current"] == "cataclysm-arcade-1"
    assert cli("track", "switch", "friday").exit_code == 0
    assert cli.json("track", "list")["current"] == "friday"
    ended = cli.json("track", "end", "friday")
    assert ended["ended"]
    refused = cli("track", "lives", "ann", "-1", "--session", "friday")
    assert refused.exit_code == 2 and "ended" in refused.stderr


def test_changes_read_the_way_the_table_talks(table):
    cli = table
    out = cli("track", "lives", "ben", "-2")  # a negative amount needs no `--`
    assert out.exit_code == 0, out.output
    assert lives(cli, "Ben") == 7
    data = cli.json("track", "reapurr", "+1")
    assert data["change"] == "reapurr +1" and data["state"]["grim_reapurr"] == 1


def test_consequences_are_printed_with_rule_ids(table):
    cli = table
    cli("track", "lives", "cy", "=1", "--overrule")
    data = cli.json("track", "reapurr", "+1")
    kinds = {e["kind"] for e in data["effects"]}
    assert any("elim" in k for k in kinds), data["effects"]
    assert all(e["rule"] and e["rule"].startswith("catastrophe.") for e in data["effects"] if "elim" in e["kind"])


def test_refused_then_overruled(table):
    cli = table
    refused = cli("track", "lives", "ann", "=12")
    assert refused.exit_code == 1 and "catastrophe." in refused.stderr and "--overrule" in refused.stderr
    data = cli.json("track", "lives", "ann", "=12", "--overrule")
    assert data["overruled"] and data["violations"]
    log = cli.json("track", "log")["entries"]
    assert log[-1]["overruled"] and log[-1]["violations"]


def test_undo_redo_and_log(table):
    cli = table
    cli("track", "lives", "ann", "-1")
    cli("track", "lives", "ann", "-1")
    assert lives(cli, "Ann") == 7
    assert cli("track", "undo", "2").exit_code == 0
    assert lives(cli, "Ann") == 9
    assert cli("track", "redo").exit_code == 0
    assert lives(cli, "Ann") == 8
    entries = cli.json("track", "log")["entries"]
    assert [e["kind"] for e in entries] == ["change", "change", "undo", "redo"]
    assert [e["applied"] for e in entries[:2]] == [True, False]
    assert all(e["at"] for e in entries)
    too_many = cli("track", "undo", "5")
    assert too_many.exit_code == 2 and "only 1" in too_many.stderr


def test_export_then_import_elsewhere(table, tmp_path, monkeypatch):
    cli = table
    cli("track", "lives", "ben", "-3")
    target = tmp_path / "friday.json"
    assert cli("track", "export", "friday", str(target)).exit_code == 0
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "other-device"))
    data = cli.json("track", "import", str(target))
    assert data["session"] == "friday"
    assert next(p["lives"] for p in data["state"]["players"] if p["name"] == "Ben") == 6


@pytest.mark.parametrize(
    "args, words",
    [
        (["track", "mana", "ann", "-1"], ["mana"]),
        (["track", "lives", "zed", "-1"], ["zed", "Ann"]),
        (["track", "lives", "ann", "lots"], ["lots"]),
        (["track", "show", "nope"], ["nope", "friday"]),
        (["track", "switch", "nope"], ["nope"]),
        (["track", "lives", "ann", "-1", "--session", "nope"], ["nope"]),
        (["track", "new", "catastrophe", "--players", "A,B", "--option", "colour=red"], ["colour", "variant"]),
        (["track", "new", "catastrophe", "--players", "A,B", "--option", "variant=fast"], ["variant"]),
        (["track", "new", "chess", "--players", "A,B"], ["unknown game"]),
        (["track", "new", "catastrophe", "--players", "A,B", "--name", "friday"], ["exists"]),
        (["track", "undo", "0"], ["1 or more"]),
        (["track", "import", "/no/such/file.json"], ["no such file"]),
    ],
)
def test_bad_input_is_one_line_exit_2_and_changes_nothing(table, tmp_path, args, words):
    cli = table
    before = cli("track", "export", "friday", str(tmp_path / "before.json"))
    assert before.exit_code == 0
    result = cli(*args)
    assert result.exit_code == 2, result.output
    assert result.stderr.count("\n") == 1 and "Traceback" not in result.output
    for word in words:
        assert word.lower() in result.stderr.lower(), result.stderr
    cli("track", "export", "friday", str(tmp_path / "after.json"))
    strip = lambda p: {k: v for k, v in json.loads(p.read_text()).items()}  # noqa: E731
    assert strip(tmp_path / "before.json") == strip(tmp_path / "after.json")
    assert [s["name"] for s in cli.json("track", "list")["sessions"]] == ["friday"]


def test_no_current_session_says_how_to_start(cli, home):
    result = cli("track", "lives", "ann", "-1")
    assert result.exit_code == 2 and "track new" in result.stderr


@pytest.mark.installed
def test_subprocess_update_with_negative_amount(tmp_path):
    env = {"COMPANION_HOME": str(tmp_path)}
    assert run_companion("track", "new", "catastrophe", "--players", "Ann,Ben", env=env).returncode == 0
    out = run_companion("track", "lives", "ann", "-2", "--json", env=env)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["change"] == "lives Ann -2"


def test_a_read_only_command_is_not_logged(cli, home):
    assert cli("track", "new", "theseus", "--players", "Ann,Ben").exit_code == 0
    assert cli("track", "reward", "ann", "Paladin").exit_code == 0
    assert cli("track", "score").exit_code == 0
    assert [e["verb"] for e in cli.json("track", "log")["entries"]] == ["reward"]
