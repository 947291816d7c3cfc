"""Issue 25: the `companion` process runs a one-shot command with the cyclic garbage collector off
(companion/entry.py: its collections at start-up cost a tenth of a search and free almost nothing),
and turns it back on for work that runs long or builds much: the shell, serve, an index build. The
answers are the same either way. Real processes, each on its own COMPANION_HOME."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from tests.conftest import run_companion

# runs the entry as the console script does, then says whether the collector was left on
PROBE = """
import gc, sys
sys.argv = ["companion", *sys.argv[1:]]
from companion.entry import main
try:
    main()
except SystemExit:
    pass
print("collector on:", gc.isenabled())
"""


def probe(home, *words: str, stdin: str = "") -> str:
    env = {**os.environ, "COMPANION_HOME": str(home)}
    done = subprocess.run([sys.executable, "-c", PROBE, *words], env=env, input=stdin, capture_output=True,
                          text=True, timeout=600, cwd=str(home.parent))
    assert "Traceback" not in done.stderr, done.stderr
    return done.stdout


@pytest.mark.installed
def test_a_one_shot_command_runs_without_the_collector_and_answers_the_same(home):
    home.mkdir(parents=True, exist_ok=True)
    first = probe(home, "rules", "search", "reroll", "one", "die", "--game", "catharsis", "--json")
    assert first.endswith("collector on: True\n")  # the first search built the index: on again
    again = probe(home, "rules", "search", "reroll", "one", "die", "--game", "catharsis", "--json")
    assert again.endswith("collector on: False\n")
    answer = again.removesuffix("collector on: False\n")
    assert json.loads(answer)["results"]
    # the installed script (same entry) and the library with the collector on say the same
    assert run_companion("rules", "search", "reroll", "one", "die", "--game", "catharsis", "--json",
                         env={**os.environ, "COMPANION_HOME": str(home)}).stdout == answer
    with_collector = subprocess.run(
        [sys.executable, "-c", "import sys; sys.argv = ['companion', *sys.argv[1:]]\n"
                               "from companion.cli import main\nmain()",
         "rules", "search", "reroll", "one", "die", "--game", "catharsis", "--json"],
        env={**os.environ, "COMPANION_HOME": str(home)}, capture_output=True, text=True, timeout=600,
        cwd=str(home.parent))
    assert with_collector.stdout == answer


def test_the_shell_and_serve_turn_the_collector_back_on(home):
    home.mkdir(parents=True, exist_ok=True)
    assert probe(home, "shell", "--json", stdin="").endswith("collector on: True\n")
    assert probe(home, "serve", "--port", "0", "--stop-after", "0.2", "--json").endswith("collector on: True\n")
    assert probe(home, "track", "list", "--json").endswith("collector on: False\n")


# runs a command as the console script does, then says how many objects were left to the process's end
FROZEN = """
import gc, sys
library = sys.argv[1] == "--library"  # the command line called as a library (the tests do)
sys.argv = ["companion", *sys.argv[2:]]
if library:
    from companion.cli import main
else:
    from companion.entry import main
try:
    main()
except SystemExit:
    pass
print("frozen:", gc.get_freeze_count())
"""


def frozen(home, *words: str) -> int:
    env = {**os.environ, "COMPANION_HOME": str(home)}
    done = subprocess.run([sys.executable, "-c", FROZEN, *words], env=env, capture_output=True, text=True,
                          timeout=600, cwd=str(home.parent))
    assert "Traceback" not in done.stderr, done.stderr
    return int(done.stdout.rsplit("frozen:", 1)[1])


def test_a_command_leaves_its_objects_to_the_process_end_not_to_a_last_collection(home):
    """The interpreter's last collection at exit walks every object the command made (about 35 M
    instructions of a search's 520 M: docs/performance.md): the entry freezes them when the command
    is done, so the process ends without that walk; a library call (the tests) freezes nothing."""
    home.mkdir(parents=True, exist_ok=True)
    search = ("rules", "search", "reroll", "one", "die", "--game", "catharsis")
    assert frozen(home, "x", *search) > 10_000
    assert frozen(home, "x", "track", "list") > 10_000
    assert frozen(home, "x", "rules", "define", "nonesuchterm") > 10_000  # a finding (exit 1) too
    assert frozen(home, "--library", *search) == 0
