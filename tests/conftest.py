"""Shared fixtures: every test runs with COMPANION_HOME in a temporary folder."""
from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
RULEBOOKS = SHARED / "rulebooks"
GAMES = ("catharsis", "cataclysm-arcade", "catopomp", "theseus", "catastrophe")
RULEBOOK_FILES = {
    "catharsis": "000_f64d64ffcb7176cc.txt",
    "cataclysm-arcade": "001_781e1f8c8bf2120b.txt",
    "catopomp": "002_b0b2999f26859189.txt",
    "theseus": "003_d74d51e4b8443254.txt",
    "catastrophe": "004_c1672bb17aab67c1.txt",
}


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
        from companion.cli import app

        result = self.runner.invoke(app, list(args), env={"COMPANION_HOME": os.environ["COMPANION_HOME"]})
        return result

    def json(self, *args: str):
        result = self(*args, "--json")
        assert result.exit_code == 0, result.output
        return json.loads(result.stdout)


@pytest.fixture
def cli() -> Cli:
    return Cli()


def run_companion(*args: str, env: dict | None = None, timeout: int = 60,
                  input: str | None = None) -> subprocess.CompletedProcess:
    """Run `python -m companion ...` as a real subprocess (`input`: what it reads on stdin)."""
    full_env = {**os.environ, **(env or {})}
    return subprocess.run(
        [sys.executable, "-m", "companion", *args],
        capture_output=True, text=True, env=full_env, timeout=timeout, cwd=ROOT, input=input,
    )


def files_under(path: Path) -> list[Path]:
    return sorted(p for p in path.rglob("*")) if path.exists() else []
