"""Issue 21: Cataclysm Arcade `decline` says whose decline it records, and `decline all` passes
priority round the table in one command until the top of the Line resolves. Each `decline all` is a
real process (the installed script); the table is set up and its log read in-process."""
from __future__ import annotations

import json
import os

import pytest

from tests.conftest import run_companion, run_in_process


@pytest.mark.installed
def test_decline_all_goes_round_the_table_until_the_line_resolves(home):
    env = {**os.environ, "COMPANION_HOME": str(home), "COLUMNS": "100"}
    for args in (("track", "new", "cataclysm-arcade", "--players", "Ann,Ben,Cy"), ("play", "fighter Grunt")):
        assert run_in_process(*args, env=env).returncode == 0
    # Ben holds a coin and cards nobody named: he could respond, so `decline all` does not decline for him:
    # refused (exit 1), as a refused `decline` is, not bad input (exit 2)
    r = run_companion("play", "decline all", env=env)
    assert r.returncode == 1 and "Ben could still respond" in r.stderr and r.stderr.count("\n") == 1, r.stderr
    # a table that agrees to let the Line be says so: `decline all before Ann` declines for everyone up to Ann
    r = run_companion("play", "decline all before Ann", env=env)
    assert r.returncode == 0, r.stderr
    assert "Ben: decline" in r.stdout and "Cy: decline" in r.stdout and "Grunt enters play for Ann" in r.stdout
    entries = json.loads(run_in_process("track", "log", "--json", env=env).stdout)["entries"]
    assert [(e["by"], e["args"][0]) for e in entries[1:]] == [("Ben", "decline"), ("Cy", "decline")]
    r = run_companion("play", "decline all", env=env)
    assert r.returncode == 1 and "the Line is empty" in r.stderr and r.stderr.count("\n") == 1


def test_check_reads_decline_all_as_play_does_and_records_nothing(home):
    """`check` reads every form `play` reads: `decline all` and `decline all before NAME` are judged as
    the declines `play` would make (refused the same way, or legal with what they set off), never made."""
    env = {**os.environ, "COMPANION_HOME": str(home), "COLUMNS": "100"}
    for args in (("track", "new", "cataclysm-arcade", "--players", "Ann,Ben,Cy"), ("play", "fighter Grunt")):
        assert run_in_process(*args, env=env).returncode == 0
    before = run_in_process("track", "log", "--json", env=env).stdout
    r = run_in_process("check", "decline all", "--json", env=env)
    said = json.loads(r.stdout)
    assert r.returncode == 1 and not said["legal"], r.stdout
    assert "Ben could still respond" in said["reasons"][0]["message"], said
    r = run_in_process("check", "decline all before Ann", "--json", env=env)
    said = json.loads(r.stdout)
    assert r.returncode == 0 and said["legal"], r.stdout
    assert any("Grunt enters play for Ann" in e["message"] for e in said["effects"]), said
    assert run_in_process("track", "log", "--json", env=env).stdout == before
