"""`track import` reads every logged change as the tracker reads a typed one: an amount past 999 or a
change by 0 in the file is the same bad input (one line naming the event and the range, exit 2, no
session written), and an export imports again as it was."""
from __future__ import annotations

import json

import pytest


@pytest.mark.parametrize("event, arg, said", [
    (0, "-0", "event 1 (lives Ann -0): lives: '-0' changes nothing: a change runs from +1 to +999"),
    (0, "-1000", "event 1 (lives Ann -1000): lives: '-1000' is out of range: a change runs from +1 to +999"),
    (1, "0", "event 2 (draw Ann 0): draw: '0' changes nothing: a cat draws 1 to 999 cards"),
])
def test_a_bad_number_in_an_export_is_refused_as_typed(home, cli, tmp_path, event, arg, said):
    assert cli("track", "new", "catastrophe", "--players", "Ann,Ben").exit_code == 0
    assert cli("track", "lives", "ann", "-1").exit_code == 0
    assert cli("track", "draw", "ann", "2").exit_code == 0
    good = tmp_path / "good.json"
    assert cli("track", "export", "catastrophe-1", str(good)).exit_code == 0
    doc = json.loads(good.read_text())
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
