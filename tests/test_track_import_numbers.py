"""`track import` reads the numbers of every logged change as an older version may have written them:
an amount past 999 (refused when typed today) imports as recorded, marked overruled; a change by 0
imports as recorded (older versions logged some; it changes nothing); an export imports again as it
was."""
from __future__ import annotations

import json

import pytest


@pytest.mark.parametrize("event, arg", [(0, "+1000"), (1, "1000")])
def test_a_number_past_999_in_an_export_imports_as_recorded_and_overruled(home, cli, tmp_path, event, arg):
    """Versions before the numbers rule took such a change (tests/old_sessions/cat_past999.export.json is
    one they wrote): it imports in the file's own words, marked overruled, as the rule refuses it typed."""
    path = tmp_path / "old.json"
    doc = _exported(cli, path)[1]
    doc["events"][event]["args"][-1] = arg
    path.write_text(json.dumps(doc))
    result = cli("track", "import", str(path), "--name", "copy")
    assert result.exit_code == 0, result.stderr
    entries = cli.json("track", "log")["entries"]
    assert entries[event]["args"][-1] == arg and entries[event]["overruled"] is True
    assert not entries[1 - event]["overruled"]
    assert cli("track", "export", "copy", str(tmp_path / "again.json")).exit_code == 0
    assert cli("track", "import", str(tmp_path / "again.json"), "--name", "again").exit_code == 0


@pytest.mark.parametrize("event, arg", [(0, "-0"), (1, "0")])
def test_a_change_by_0_in_an_export_imports_as_recorded(home, cli, tmp_path, event, arg):
    path = tmp_path / "old.json"
    shown, doc = _exported(cli, path)
    doc["events"][event]["args"][-1] = arg
    path.write_text(json.dumps(doc))
    result = cli("track", "import", str(path), "--name", "copy")
    assert result.exit_code == 0, result.stderr
    assert cli.json("track", "log")["entries"][event]["args"][-1] == arg
    hands = [p["hand"] for p in cli.json("track", "show")["state"]["players"]]
    ann, ben = (p["hand"] for p in shown["players"])
    assert hands == [ann + (2 if event == 0 else 0), ben]  # Ann's draw of 2, or of 0 in its place


def _exported(cli, path):
    """A CATastrophe session with two changes (Ann's lives -1, draw 2), exported to `path`: the table
    before the changes and the export's document."""
    assert cli("track", "new", "catastrophe", "--players", "Ann,Ben").exit_code == 0
    shown = cli.json("track", "show")["state"]
    assert cli("track", "lives", "ann", "-1").exit_code == 0
    assert cli("track", "draw", "ann", "2").exit_code == 0
    assert cli("track", "export", "catastrophe-1", str(path)).exit_code == 0
    return shown, json.loads(path.read_text())
