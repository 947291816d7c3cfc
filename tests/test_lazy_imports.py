"""Issue 25: the modules a one-shot command imports but does not use run only at their first use
(companion/lazy_imports.py). They still work when used (the real module runs then, once, also
with threads racing to it), searches answer byte for byte as without the deferral, and after a
one-shot command run through the installed script they have not run. Fresh interpreters each,
since the test process has long imported these modules for real."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib

from tests.conftest import GAMES, ROOT, SCRIPT, installed_cwd, run_companion


def child(code: str, home=None, *args: str) -> dict:
    """Run `code` in a fresh interpreter; it prints one JSON object last."""
    env = {**os.environ, **({"COMPANION_HOME": str(home)} if home else {})}
    done = subprocess.run([sys.executable, "-c", code, *args], env=env, capture_output=True, text=True,
                          timeout=600, cwd=str(installed_cwd()))
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


USES = """
import json, sys, threading
DEFER = {defer}
if DEFER:
    from companion.lazy_imports import defer, waiting
    defer()
else:
    waiting = lambda name: False
import subprocess, bz2, lzma, calendar, random
from whoosh.lang.morph_en import variations
from whoosh.lang.dmetaphone import double_metaphone
import subprocess as again  # a second import does not run it
seen = {{"waiting": {{m: waiting(m) for m in
                     ("subprocess", "bz2", "lzma", "calendar", "random", "whoosh.lang.morph_en",
                      "whoosh.lang.dmetaphone")}}}}
seen["same module"] = again is subprocess is sys.modules["subprocess"]
from subprocess import PIPE  # a from-import runs it
seen["PIPE"] = PIPE
seen["after from-import"] = waiting("subprocess")
seen["run"] = subprocess.run([sys.executable, "-c", "print(6 * 7)"], capture_output=True, text=True).stdout
seen["bz2"] = bz2.decompress(bz2.compress(b"table " * 50)).decode()
seen["dir"] = "LZMACompressor" in dir(lzma)  # dir() runs it too
seen["lzma"] = lzma.decompress(lzma.compress(b"companion " * 50)).decode()
seen["random"] = random.Random(7).random()
seen["variations waiting before its call"] = waiting("whoosh.lang.morph_en")
seen["variations"] = sorted(variations("reroll"))
seen["morph_en after the call"] = waiting("whoosh.lang.morph_en")
seen["double_metaphone"] = [double_metaphone("Cataclysm"), double_metaphone("arcade")]
# threads racing to a module's first use: it runs once and every thread gets the answer
barrier, answers = threading.Barrier(8), []
def first_use():
    barrier.wait()
    answers.append(calendar.monthrange(2024, 2))
threads = [threading.Thread(target=first_use) for _ in range(8)]
for t in threads:
    t.start()
for t in threads:
    t.join()
seen["calendar"] = sorted(set(map(tuple, answers)))
seen["answers"] = len(answers)
seen["all run"] = [m for m in seen["waiting"] if waiting(m)]
# the fourth pass's modules (typer's, click's and the standard library's top-level imports)
import io, tokenize, token, linecache, textwrap, ipaddress
from whoosh.automata.lev import levenshtein_automaton
LATER = ("tokenize", "token", "linecache", "textwrap", "ipaddress", "whoosh.automata.lev")
seen["later waiting"] = {{m: waiting(m) for m in LATER}}
seen["tokens"] = [[token.tok_name[t.type], t.string] for t in tokenize.generate_tokens(io.StringIO("x = 1\\n").readline)]
seen["line"] = linecache.getline(textwrap.__file__, 1)
seen["fill"] = textwrap.fill("keep the counters of the table for every game night", 20)
seen["private"] = ipaddress.ip_address("192.168.1.7").is_private
seen["lev"] = [levenshtein_automaton("die", 1).accept(w) for w in ("die", "dice", "tie", "dye", "dance")]
seen["later all run"] = [m for m in LATER if waiting(m)]
print(json.dumps(seen))
"""


def test_a_deferred_module_waits_then_works_when_used_as_if_imported_at_once():
    deferred, eager = child(USES.format(defer=True)), child(USES.format(defer=False))
    assert deferred.pop("waiting") == dict.fromkeys(
        ("subprocess", "bz2", "lzma", "calendar", "random", "whoosh.lang.morph_en", "whoosh.lang.dmetaphone"), True)
    assert deferred["same module"] and deferred["after from-import"] is False
    assert deferred["variations waiting before its call"] is True and deferred["morph_en after the call"] is False
    assert deferred["run"] == "42\n" and deferred["calendar"] == [[3, 29]] and deferred["answers"] == 8
    assert deferred["all run"] == []
    assert deferred.pop("later waiting") == dict.fromkeys(
        ("tokenize", "token", "linecache", "textwrap", "ipaddress", "whoosh.automata.lev"), True)
    assert deferred["later all run"] == []
    eager.pop("waiting"), eager.pop("later waiting")
    for key in ("PIPE", "run", "bz2", "dir", "lzma", "random", "variations", "double_metaphone", "calendar",
                "tokens", "line", "fill", "private", "lev"):
        assert deferred[key] == eager[key], key
    assert deferred["private"] is True and deferred["tokens"][0] == ["NAME", "x"] and deferred["lev"] == [True] * 4 + [False]


SEARCHES = """
import json, sys
if {defer}:
    from companion.lazy_imports import defer
    defer()
from rulesdb.search import RulesSearch
from pathlib import Path
home = Path(sys.argv[1])
asked = json.loads(sys.argv[2])
out = []
with RulesSearch(home / "cache", home / "data" / "sources") as engine:
    for game, ask in asked:
        out.append([engine.search(ask, game, 10).as_json(), engine.search(ask, None, 10).as_json()])
print(json.dumps(out))
"""


def test_searches_answer_the_same_with_and_without_the_deferral(shared_home):
    asked = []
    for path in sorted((ROOT / "tests" / "retrieval").glob("*.toml")):
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
        if doc.get("game") in GAMES:
            asked += [(doc["game"], q["ask"]) for q in doc["questions"]]
    assert len(asked) >= 300
    with_it = child(SEARCHES.format(defer=True), None, str(shared_home), json.dumps(asked))
    without = child(SEARCHES.format(defer=False), None, str(shared_home), json.dumps(asked))
    assert json.dumps(with_it) == json.dumps(without)


# runs the installed console script as it is, then reports which deferred modules never ran
AFTER = """
import json, runpy, sys
script = sys.argv[1]
sys.argv = [script, *sys.argv[2:]]
try:
    runpy.run_path(script, run_name="__main__")
except SystemExit:
    pass
from companion.lazy_imports import DEFERRED, waiting
print(json.dumps(sorted(m for m in DEFERRED if waiting(m))))
"""


#: the fourth pass's standard-library modules, none of which a one-shot command uses
LATER = ["ipaddress", "linecache", "textwrap", "token", "tokenize"]


def test_after_a_one_shot_command_the_unused_modules_have_not_run(home):
    env = {**os.environ, "COMPANION_HOME": str(home)}
    search = ("rules", "search", "reroll one die", "--game", "catharsis")
    assert run_companion(*search, env=env).returncode == 0  # the index is built
    assert run_companion("track", "new", "cataclysm-arcade", "--players", "Ann,Ben", env=env).returncode == 0
    for words, expected in (
        (search, [*LATER, "bz2", "calendar", "lzma", "random", "subprocess", "whoosh.automata.lev",
                  "whoosh.lang.dmetaphone", "whoosh.lang.morph_en"]),  # printed by writer.py: no rich, whose styles run random
        ((*search, "--json"), [*LATER, "bz2", "calendar", "lzma", "random", "subprocess", "whoosh.automata.lev",
                                "whoosh.lang.dmetaphone", "whoosh.lang.morph_en"]),
        (("track", "coins", "ann", "+1"), [*LATER, "bz2", "lzma", "subprocess"]),
        (("rules", "define", "enforcer"), [*LATER, "bz2", "lzma", "subprocess"]),
    ):
        assert child(AFTER, home, str(SCRIPT), *words) == sorted(expected), words


def test_the_installed_search_prints_what_the_library_prints_without_the_deferral(home):
    env = {**os.environ, "COMPANION_HOME": str(home)}
    for words in (("rules", "search", "reroll one die", "--game", "catharsis"),
                  ("rules", "search", "who goes first", "--json"), ("rules", "define", "enforcer")):
        installed = run_companion(*words, env=env)
        plain = subprocess.run([sys.executable, "-c", "import sys; sys.argv = ['companion', *sys.argv[1:]]\n"
                                "from companion.cli import main\nmain()", *words], env=env, capture_output=True,
                               text=True, timeout=600, cwd=str(installed_cwd()))
        assert (installed.returncode, installed.stdout) == (plain.returncode, plain.stdout), words
