"""Issue 21: a Cataclysm Arcade move the Line carries has one form, the play. The tracker's `fighter`
and `attack` are refused in one line that names the `companion play` line to type (exit 2, nothing
recorded); the named play then goes on the Line; `--overrule` records what a card effect did."""
from __future__ import annotations

import json
import shlex

from tests.conftest import run_in_process


def _run(home, *args):
    return run_in_process(*args, env={"COMPANION_HOME": str(home)})


def _log(home) -> list:
    return json.loads(_run(home, "track", "log", "--json").stdout)["entries"]


def _refused_once(done, play_line: str) -> None:
    assert done.returncode == 1, done.stdout + done.stderr
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    assert f"`{play_line}`" in lines[0], lines[0]


def test_tracker_fighter_and_attack_are_refused_with_the_play_line(tmp_path):
    home = tmp_path / "home"
    assert _run(home, "track", "new", "cataclysm-arcade", "--players", "Ann,Ben,Cy").returncode == 0
    assert _run(home, "track", "card", "Grunt", "fighter", "level=1", "health=4", "attack=2",
                "attack-cost=1").returncode == 0
    before, shown = _log(home), _run(home, "track", "show", "--json").stdout

    _refused_once(_run(home, "track", "fighter", "ann", "Grunt", "4"), 'companion play "fighter Grunt"')
    _refused_once(_run(home, "track", "fighter", "ben", "Grunt", "4"), 'companion play --by ben "fighter Grunt"')
    _refused_once(_run(home, "track", "attack", "ann", "boss", "1"),
                  'companion play "attack boss at PLAYER CHARACTER"')
    assert _log(home) == before and _run(home, "track", "show", "--json").stdout == shown  # nothing changed

    # the line it names is a play: it goes on the Line, where Ben has priority
    words = shlex.split('companion play "fighter Grunt"')[1:]
    done = _run(home, *words, "--json")
    assert done.returncode == 0, done.stderr
    status = json.loads(_run(home, "status", "--json").stdout)
    assert status["line"] == ["fighter Grunt (Ann)"] and status["to_act"] == "Ben"

    # overruled, the tracker form records what a card effect did (a Fighter put into play)
    done = _run(home, "track", "fighter", "cy", "Imp", "2", "--overrule", "--json")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["overruled"] is True
    assert [e["verb"] for e in _log(home)][-2:] == ["play", "fighter"]
