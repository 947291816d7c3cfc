"""Helpers for the issue-21 CLI tests: a session's environment, a command that must succeed, and the
session's recap."""
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


def recap(env: dict) -> dict:
    """The current session's `track recap --json`."""
    import json

    return json.loads(ok(env, "track", "recap", "--json"))


def recap_said(story: dict) -> list[tuple[str, str]]:
    """A recap's turning points as (the change said, what it did), one pair per thing it did."""
    return [(p["said"], w) for p in story["turning_points"] for w in p["what"]]
