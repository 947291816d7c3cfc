"""Shared fixtures: every test runs with COMPANION_HOME in a temporary folder. Also the Hypothesis
profile (the full example counts locally; in CI, `CI` set, fewer at a fixed seed) and the two ways
to run the command line: in-process (`run_in_process`, typer's runner) for behaviour, and the
installed script (`run_companion`, tests marked `installed`) for what only the wheel can break."""
from __future__ import annotations

import atexit
import contextlib
import functools
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from hypothesis import settings
from typer.testing import CliRunner

from rulesdb.games import GAME_IDS, all_games

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
RULEBOOKS = SHARED / "rulebooks"
#: the shipped games and their rulebooks, from each game's one source (rulesdb/data/<game>/game.toml)
GAMES = GAME_IDS
RULEBOOK_FILES = {game.id: game.rulebook for game in all_games()}


#: the CI profile runs a property test's examples at this share of its full count, with a fixed seed
CI_SHARE = 5
settings.register_profile("ci", derandomize=True, deadline=None)
settings.load_profile("ci" if os.environ.get("CI") else "default")


#: the terminal size a process reads from its environment: pytest-xdist's workers start with
#: COLUMNS=80 and LINES=24 that the run never had, and a child process inherits them (rich on TERM=dumb
#: takes COLUMNS only when LINES is set), so each worker takes the controller's, set or not
TERMINAL_SIZE = ("COLUMNS", "LINES")


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node):
    """pytest-xdist, in the controller: send each worker the run's terminal size variables."""
    node.workerinput["terminal_size"] = {name: os.environ.get(name) for name in TERMINAL_SIZE}


#: the files that take longest under `CI` (wall time, 6 December 2026: docs/performance.md "The suite's
#: time"), longest first, as paths under tests/: collected first, so that with one file to a worker none
#: of them is left to run alone at the end while the other worker waits. The order holds only with
#: `--no-loadscope-reorder` (pyproject's addopts): by default pytest-xdist hands out the files with the
#: most tests first, which left the files of one to four long tests to the end.
LONGEST_FIRST = (
    "test_retrieval.py", "test_serve_browser_games.py", "engine/test_catopomp_properties.py",
    "test_search_scale.py", "test_serve_browser.py", "test_installed.py", "test_playouts.py",
    "test_play_catastrophe.py", "test_input_limits.py", "test_track_table.py", "test_shell.py",
    "test_docs_run.py", "test_index_lazy.py", "test_library_catharsis_fight.py", "test_play_catopomp.py",
    "test_shell_whole_game.py", "test_writer.py", "test_track_storage.py", "test_serve_http.py",
    "test_json_everywhere.py", "test_plain_records_imports.py", "test_cards_limits.py",
    "test_library_theseus_game.py", "test_recorded_once.py", "test_code_shape.py", "test_index_shipped.py",
    "test_play_cataclysm_arcade.py", "engine/test_theseus_play_properties.py", "test_import.py",
    "test_fuzz_cli.py", "test_serve_browser_look.py")


def pytest_collection_modifyitems(config, items):
    """The longest files first (LONGEST_FIRST), everything else in its own order: the same in every
    worker, as pytest-xdist requires."""
    rank = {name: n for n, name in enumerate(LONGEST_FIRST)}
    items.sort(key=lambda item: rank.get(item.nodeid.split("::")[0].removeprefix("tests/"), len(rank)))


def pytest_configure(config):
    """In an xdist worker: the run's terminal size variables, not the worker's own."""
    for name, value in getattr(config, "workerinput", {}).get("terminal_size", {}).items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value


def examples(full: int) -> int:
    """A long property test's example count: `full` locally, a fifth of it (at least 5) in CI, where
    the profile also fixes the seed (the CI environment variable selects it; CI sets CI=true)."""
    return max(5, full // CI_SHARE) if os.environ.get("CI") else full


def ctrl_c_reaches_it() -> None:
    """preexec_fn for a child that the test stops with Ctrl-C (SIGINT): a suite started in the
    background by a non-interactive shell inherits SIGINT ignored, and Python keeps an ignored
    SIGINT ignored, so the child would never see the Ctrl-C a player's terminal delivers."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.fixture(scope="session", autouse=True)
def shared_home(tmp_path_factory) -> Path:
    """One home for the read-only tests, so the index is built once per session. Set for the
    whole session before any module fixture runs (a module fixture is set up before the
    function-scoped `_isolated`), so no fixture ever opens the user's own folders."""
    path = tmp_path_factory.mktemp("companion-home")
    before = os.environ.get("COMPANION_HOME")
    os.environ["COMPANION_HOME"] = str(path)
    yield path
    if before is None:
        os.environ.pop("COMPANION_HOME", None)
    else:
        os.environ["COMPANION_HOME"] = before



@pytest.fixture(scope="module")
def top(shared_home):
    """`top(question, game, n)`: the ids of the built-in reference's first n answers (game None: all
    five), the search opened once per module on the session's home."""
    from rulesdb.search import RulesSearch

    with RulesSearch(shared_home / "cache", shared_home / "data" / "sources") as engine:
        yield lambda ask, game, n: [h.id for h in engine.search(ask, game=game, limit=n).results]


@pytest.fixture(scope="module")
def engine(shared_home):
    """The built-in reference's search, opened once per module on the session's home."""
    from rulesdb.search import RulesSearch

    with RulesSearch(shared_home / "cache", shared_home / "data" / "sources") as opened:
        yield opened


def stems(text: str) -> list[str]:
    """The search's own reading of a text: its analyzer's stems, in order."""
    from rulesdb.analyzer import make_analyzer

    return [t.text for t in make_analyzer()(text)]

@pytest.fixture(autouse=True)
def _isolated(shared_home, monkeypatch):
    monkeypatch.setenv("COMPANION_HOME", str(shared_home))
    from companion import paths

    paths.set_home(None)


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    """A fresh, empty home for tests that write (imports, bad input checks)."""
    monkeypatch.setenv("COMPANION_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


class Cli:
    """Runs the CLI in-process with CliRunner and returns (exit code, stdout, stderr)."""

    def __init__(self):
        self.runner = CliRunner()

    def __call__(self, *args: str):
        from companion.cli import invoked_app

        # the app the script builds for these words (companion.cli.main): only the invoked command's
        # parameters, not the whole tree's at every call
        result = self.runner.invoke(invoked_app(list(args)), list(args),
                                    env={"COMPANION_HOME": os.environ["COMPANION_HOME"]})
        return result

    def json(self, *args: str, codes: tuple[int, ...] = (0,)):
        """The command's JSON answer; `codes`, the exit codes it may end with (1: a finding, such as
        no rule found)."""
        result = self(*args, "--json")
        assert result.exit_code in codes, result.output
        return json.loads(result.stdout)


@pytest.fixture
def cli() -> Cli:
    return Cli()


#: The console script pip installed beside the running interpreter: the product a player runs.
SCRIPT = Path(sys.executable).parent / ("companion.exe" if os.name == "nt" else "companion")
#: The top-level packages the wheel installs (pyproject's packages.find).
PACKAGES = ("companion", "rulesdb", "engine", "trackers")


@functools.cache
def outside() -> Path:
    """A working folder outside the checkout, where a subprocess cannot import the source tree
    (removed when the run ends)."""
    path = Path(tempfile.mkdtemp(prefix="companion-cwd-"))
    atexit.register(shutil.rmtree, path, True)
    return path


def child_env(env: dict | None = None) -> dict:
    """The environment of a child process: the test's, with no PYTHONPATH (it could point at the checkout)."""
    full = {**os.environ, **(env or {})}
    full.pop("PYTHONPATH", None)
    return full


@functools.cache
def installed_root() -> Path:
    """The folder that holds the installed packages, once checked: the console script exists, and a
    process started outside the checkout imports every package from there, not from the source tree.
    A failure here names the fix, so a suite never passes by testing the checkout instead."""
    if not SCRIPT.exists():
        pytest.fail(f"no `companion` console script beside {sys.executable}: install the product first "
                    f"(pip install \".[test]\")", pytrace=False)
    probe = "import json, importlib; print(json.dumps({p: importlib.import_module(p).__file__ for p in %r}))" % (PACKAGES,)
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, cwd=outside(),
                          env=child_env(), timeout=60)
    assert done.returncode == 0, done.stderr
    where = {p: Path(f).resolve().parent.parent for p, f in json.loads(done.stdout).items()}
    roots = set(where.values())
    if len(roots) != 1 or ROOT.resolve() in roots:
        pytest.fail(f"the packages import from {sorted(map(str, roots))}, not from one installed copy outside "
                    f"the checkout (an editable install?): reinstall with pip install \".[test]\"", pytrace=False)
    root = roots.pop()
    missing, differ, extra = compare_installed(root)
    if any(not f.endswith(".py") for f in missing):
        pytest.fail(f"the installed copy in {root} lacks data files of the checkout: "
                    f"{[f for f in missing if not f.endswith('.py')]} (pyproject.toml's package-data must "
                    f"carry them into the wheel)", pytrace=False)
    if missing or differ or extra:
        pytest.fail(f"the installed copy in {root} is not this checkout (missing: {missing[:5]}, different: "
                    f"{differ[:5]}, extra modules: {extra[:5]}): reinstall with pip install \".[test]\" (after rm -rf build, "
                    f"if a module was removed)",
                    pytrace=False)
    return root


def package_files(root: Path) -> set[str]:
    """Every file of the packages under `root`, as paths relative to it (compiled caches left out)."""
    return {p.relative_to(root).as_posix() for pkg in PACKAGES for p in (root / pkg).rglob("*")
            if p.is_file() and "__pycache__" not in p.parts and p.suffix != ".pyc"}


def compare_installed(root: Path) -> tuple[list[str], list[str], list[str]]:
    """(files of the checkout missing from the installed copy, files whose bytes differ, modules the
    installed copy has that the checkout does not: a stale build)."""
    ours, theirs = package_files(ROOT), package_files(root)
    missing = sorted(ours - theirs)
    differ = sorted(f for f in ours & theirs if (ROOT / f).read_bytes() != (root / f).read_bytes())
    extra = sorted(f for f in theirs - ours if f.endswith(".py"))
    return missing, differ, extra


def installed_cwd() -> Path:
    """outside(), once the installed copy is checked: the cwd of any child that imports the product."""
    installed_root()
    return outside()


def run_companion(*args: str, env: dict | None = None, timeout: int = 60, cwd: Path | None = None,
                  **popen) -> subprocess.CompletedProcess:
    """Run the installed `companion` script as a real subprocess, from a folder outside the checkout."""
    installed_root()
    return subprocess.run([str(SCRIPT), *args], capture_output=True, text=True, env=child_env(env),
                          timeout=timeout, cwd=cwd or outside(), **popen)


def run_in_process(*args: str, env: dict | None = None, cwd: Path | None = None, input: str | None = None,
                   timeout: int | None = None, columns: int | None = None) -> subprocess.CompletedProcess:
    """What run_companion gives (returncode, stdout, stderr), from the command line called in-process
    by typer's runner: for behaviour the installed script adds nothing to. `env` is laid over the
    test's environment for the call; `cwd` is the working folder of the call. (`timeout` is accepted
    for the signature run_companion has, and unused.)"""
    from companion.cli import invoked_app

    full = {"COMPANION_HOME": os.environ["COMPANION_HOME"], **(env or {})}
    if columns is not None:
        full["COLUMNS"] = str(columns)
    with contextlib.chdir(cwd) if cwd else contextlib.nullcontext():
        result = CliRunner().invoke(invoked_app(list(args)), list(args), env=full, input=input)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        raise result.exception
    return subprocess.CompletedProcess(["companion", *args], result.exit_code, result.stdout, result.stderr)


def files_under(path: Path) -> list[Path]:
    return sorted(p for p in path.rglob("*")) if path.exists() else []
