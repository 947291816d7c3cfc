"""Upgrade safety: one whole game per game, exported by an earlier version of the companion
(tests/golden/, written once by tests/golden/make_golden.py), must still import through the installed
script and replay to the very table it showed then. A change of notation, catalogue or rules that
cannot open an old session fails here instead of at a player's table (docs/architecture.md, "Upgrades")."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import GAMES, run_companion

GOLDEN = Path(__file__).resolve().parent / "golden"


def _json(done):
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.installed
@pytest.mark.parametrize("game", GAMES)
def test_an_old_session_opens_to_the_same_table(game, tmp_path):
    export = GOLDEN / f"{game}.export.json"
    expected = json.loads((GOLDEN / f"{game}.table.json").read_text(encoding="utf-8"))
    doc = json.loads(export.read_text(encoding="utf-8"))
    events = doc["events"]
    reveal = [word for name in doc["players"] for word in ("--reveal", name)]  # the whole table, named hands too
    env = {"COMPANION_HOME": str(tmp_path / "home")}
    imported = run_companion("track", "import", str(export), "--name", "golden", env=env)
    assert imported.returncode == 0, f"the {game} session of an earlier version no longer opens: {imported.stderr}"
    shown = _json(run_companion("track", "show", "--json", *reveal, env=env))
    assert shown["game"] == game
    assert shown["state"] == expected
    # every event came along, plays and counter changes, with the undo and redo the table made
    log = _json(run_companion("track", "log", "--json", "--all", env=env))  # every entry, not the newest window
    assert len(log["entries"]) == len(events)
    verbs = {e["verb"] for e in events}
    assert "play" in verbs and len(verbs) > 1 and {e["kind"] for e in events} >= {"undo", "redo"}
    # and it leaves again as it came: the same events, in the same order
    again = tmp_path / "again.json"
    assert run_companion("track", "export", "golden", str(again), env=env).returncode == 0
    out = json.loads(again.read_text(encoding="utf-8"))["events"]
    assert [(e["kind"], e["verb"], e["args"], e["count"]) for e in out] == \
        [(e["kind"], e["verb"], e["args"], e["count"]) for e in events]
