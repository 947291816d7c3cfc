"""Issue 32 item 2: two `companion players rename` at once both land (neither is lost).

Two real processes rename two different players of one data folder at the same moment. Each runs
the installed product with the pure `trackers.players.rename` wrapped so that, once it has made its
new alias table, it waits (a few seconds at most) until the other process has made its own: a
rename that reads the alias table outside the transaction that writes it then always writes over
the other's, while one that reads and writes in one transaction makes the other wait for it (the
wait times out, the first writes, the second reads what the first wrote).
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from tests.conftest import child_env, installed_cwd, run_companion

RACER = """
import sys, time
from pathlib import Path
from trackers import players

mine, theirs = Path(sys.argv[1]), Path(sys.argv[2])
real = players.rename

def rename(*args, **kwargs):
    out = real(*args, **kwargs)
    mine.touch()
    deadline = time.monotonic() + 3
    while not theirs.exists() and time.monotonic() < deadline:
        time.sleep(0.01)
    return out

players.rename = rename
sys.argv = ["companion", *sys.argv[3:]]
from companion.entry import main
main()
"""


def companion(home: Path, *args: str):
    done = run_companion(*args, env={"COMPANION_HOME": str(home)})
    assert done.returncode == 0, (args, done.stdout, done.stderr)
    return done.stdout


def test_two_renames_at_once_both_land(tmp_path):
    home = tmp_path / "home"
    companion(home, "track", "new", "catastrophe", "--players", "Ann,Ben", "--name", "one")
    companion(home, "track", "lives", "ben", "-9")
    companion(home, "track", "new", "catastrophe", "--players", "Cy,Dee", "--name", "two")
    companion(home, "track", "lives", "dee", "-9")
    env = child_env({"COMPANION_HOME": str(home)})
    marks = [tmp_path / "first", tmp_path / "second"]
    racers = [subprocess.Popen([sys.executable, "-c", RACER, str(marks[i]), str(marks[1 - i]), "players", "rename",
                                old, new], cwd=installed_cwd(), env=env, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True)
              for i, (old, new) in enumerate((("ann", "Anna"), ("cy", "Cyd")))]
    for racer in racers:
        out, err = racer.communicate(timeout=60)
        assert racer.returncode == 0, (out, err)
    shown = {p["player"] for p in json.loads(companion(home, "stats", "--json"))["players"]}
    assert shown == {"Anna", "Ben", "Cyd", "Dee"}
