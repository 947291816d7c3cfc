"""`track import` reads the numbers of every logged change: an amount past 999 in the file is the bad
input a typed one is (one line naming the event and the range, exit 2, no session written); a change
by 0 imports as recorded (older versions logged some; it changes nothing), and an export imports
again as it was."""
from __future__ import annotations

import json

import pytest


@pytest.mark.parametrize("event, arg, said", [
    (0, "-1000", "event 1 (lives Ann -1000): lives: '-1000' is out of range: a change runs from +1 to +999"),
    (1, "1000", "event 2 (draw Ann 1000): draw: '1000' is out of range: a change runs from +1 to +999"),
])
def test_a_bad_number_in_an_export_is_refused_as_typed(home, cli, tmp_path, event, arg, said):
    good = tmp_path / "good.json"
    doc = _exported(cli, good)[1]
    doc["events"][event]["args"][-1] = arg
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    sessions = cli.json("track", "list")
    result = cli("track", "import", str(bad), "--name", "copy")
    assert result.exit_code == 2, result.output
    err = result.stderr.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err and said in err, err
    assert cli.json("track", "list") == sessions
    assert cli("track", "import", str(good), "--name", "copy").exit_code == 0


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
