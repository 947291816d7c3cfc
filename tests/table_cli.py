"""Helpers for the issue-21 CLI tests: a session's environment and a command that must succeed."""
from __future__ import annotations

import os

from tests.conftest import run_in_process


def table_env(home, columns: int = 100) -> dict:
    """The environment of a `companion` command on this home, at a terminal width."""
    return {**os.environ, "COMPANION_HOME": str(home), "COLUMNS": str(columns)}


def ok(env: dict, *args: str) -> str:
    """Run `companion ARGS...` (in-process); it must exit 0. Its stdout."""
    r = run_in_process(*args, env=env)
    assert r.returncode == 0, (args, r.stdout, r.stderr)
    return r.stdout
