"""A change or play, once recorded, is a success (exit 0) however its display fails, and a play sent
twice is recorded once, for the player it was meant for (issue 19, items 6 and 7).

Real processes: a closed pipe, a full device and an ASCII-only stdout only happen to a real one."""
from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import time
from pathlib import Path

import pytest

from tests.conftest import SCRIPT, child_env, installed_cwd, run_in_process

ARCADE = [
    "card Queen boss health=6 attack=2 attack-cost=1",
    "card Grunt fighter level=1 health=3 attack=2 attack-cost=1",
    "boss ann 6 Queen", "boss ben 6 Queen", "boss cy 6 Queen",
    "hand ann Grunt, Grunt",
]


def _command(*args: str) -> list[str]:
    return [str(SCRIPT), *args]  # the installed console script, run from outside the checkout


def _run(home: Path, *args: str, stdout=subprocess.PIPE, env: dict | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(_command(*args), stdout=stdout, stderr=subprocess.PIPE, text=True, cwd=installed_cwd(),
                          timeout=120, env=child_env({"COMPANION_HOME": str(home), **(env or {})}))


def _table(home: Path) -> None:
    """A Cataclysm Arcade table, Ann to act (set up in this process: the commands under test run apart)."""
    from trackers.sessions import Sessions

    with Sessions(home / "data") as store:
        store.new("cataclysm-arcade", ["Ann", "Ben", "Cy"])
        for change in ARCADE:
            store.record(change.split())


def _log(home: Path) -> list[dict]:
    """The session's log as `track log --json` gives it: read in-process (reading it is not what is under test)."""
    done = run_in_process("track", "log", "--json", env={"COMPANION_HOME": str(home)})
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)["entries"]


def _closed_pipe(home: Path, *args: str, **kw) -> subprocess.CompletedProcess:
    """`companion ARGS | true`: the reader has gone before the command writes a byte."""
    read, write = os.pipe()
    os.close(read)
    try:
        return _run(home, *args, stdout=write, **kw)
    finally:
        os.close(write)


def _full_device(home: Path, *args: str) -> subprocess.CompletedProcess:
    with open("/dev/full", "w") as full:
        return _run(home, *args, stdout=full)


def _ascii_terminal(home: Path, *args: str) -> subprocess.CompletedProcess:
    return _run(home, *args, env={"PYTHONIOENCODING": "ascii"})


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
@pytest.mark.parametrize("display", [_closed_pipe, _full_device, _ascii_terminal])
def test_a_recorded_play_change_or_undo_exits_0_whatever_happens_to_its_display(tmp_path, display):
    home = tmp_path / "home"
    _table(home)
    # a play (its effects line starts with an arrow an ASCII stdout cannot show), a counter change, an undo
    for args, kind in ((("play", "fighter Grunt"), "change"), (("track", "coins", "ben", "+1"), "change"),
                       (("track", "undo"), "undo")):
        before = len(_log(home))
        done = display(home, *args)
        assert done.returncode == 0, (args, done.returncode, done.stderr)
        assert "internal error" not in done.stderr and "Traceback" not in done.stderr, done.stderr
        assert len(done.stderr.strip().splitlines()) <= 1, done.stderr
        if display is not _closed_pipe:  # a reader that went away is not told; anything else is, in one line
            assert "recorded" in done.stderr, (args, done.stderr)
        log = _log(home)
        assert len(log) == before + 1 and log[-1]["kind"] == kind, args  # recorded exactly once


def test_a_closed_pipe_on_a_read_command_is_quiet(tmp_path):
    home = tmp_path / "home"
    _table(home)
    done = _closed_pipe(home, "track", "log")
    assert done.returncode == 0 and "Traceback" not in done.stderr and "Exception ignored" not in done.stderr


def _holding_the_write_lock(home: Path):
    """An open transaction holding the sessions file's write lock (readers still read)."""
    con = sqlite3.connect(str(home / "data" / "sessions.sqlite3"), isolation_level=None)
    con.execute("BEGIN IMMEDIATE")
    return con


def _has_opened(pid: int, path: Path) -> bool:
    try:
        return any(os.readlink(f"/proc/{pid}/fd/{fd}") == str(path) for fd in os.listdir(f"/proc/{pid}/fd"))
    except OSError:
        return False


@pytest.mark.skipif(not os.path.isdir("/proc/self/fd"), reason="watches the processes through /proc")
def test_eight_processes_sending_the_same_pass_at_once_record_it_once(tmp_path):
    home = tmp_path / "home"
    _table(home)
    before = len(_log(home))
    sessions = (home / "data" / "sessions.sqlite3").resolve()
    # Every process reads the table (Ann to act) while the write lock is held, then all race for it.
    lock = _holding_the_write_lock(home)
    env = child_env({"COMPANION_HOME": str(home), "COMPANION_BUSY_SECONDS": "120"})
    cwd = installed_cwd()
    procs = [subprocess.Popen(_command("play", "pass"), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                              cwd=cwd, env=env) for _ in range(8)]
    try:
        deadline = time.monotonic() + 90
        while not all(_has_opened(p.pid, sessions) for p in procs) and time.monotonic() < deadline:
            time.sleep(0.05)
        time.sleep(3)  # each has read the table and judged the play for Ann: now they wait for the lock
    finally:
        lock.execute("ROLLBACK")
        lock.close()
    results = [(p.wait(timeout=120), p.stderr.read()) for p in procs]
    for p in procs:
        p.stdout.close()
        p.stderr.close()
    log = _log(home)
    plays = [e for e in log[before:] if e["verb"] == "play"]
    assert [e["args"] for e in plays] == [["pass", "Ann"]], results  # once, and recorded as Ann's
    assert sorted(code for code, _ in results) == [0] + [1] * 7, results
    # each copy is refused for the table it was sent against (Ann to act): the line says what changed
    assert all("meant for Ann" in err or ("table moved on" in err and "Ann played `pass`" in err)
               for code, err in results if code == 2), results


def test_a_play_overtaken_under_the_lock_is_refused_not_recorded_as_the_next_players(home):
    """In one process: while this play waits for the lock (after judging it for Ann), Ann's pass is
    recorded by another terminal; under the lock the turn is Ben's, so this play is refused."""
    from trackers.errors import Refused
    from trackers.sessions import Sessions

    data = home / "data"
    _table(home)
    first, other = Sessions(data), Sessions(data)
    write = first._write

    def overtaken(body):
        other.play("pass")  # the other terminal wins the race
        return write(body)

    first._write = overtaken
    with pytest.raises(Refused) as refused:
        first.play("pass")
    assert "meant for Ann" in str(refused.value) and "Ben" in str(refused.value)
    first.close()
    plays = [e for e in other.entries(other.get()) if e.verb == "play"]
    other.close()
    assert [e.args for e in plays] == [("pass", "Ann")]


def test_a_retried_play_with_by_is_not_recorded_twice(tmp_path):
    home = tmp_path / "home"
    _table(home)
    assert _run(home, "play", "fighter Grunt").returncode == 0
    first = _closed_pipe(home, "play", "decline", "--by", "ben")  # recorded; the display fails
    assert first.returncode == 0, first.stderr
    retry = _run(home, "play", "decline", "--by", "ben")
    assert retry.returncode == 1 and "Cy" in retry.stderr and "not Ben" in retry.stderr, retry.stderr
    plays = [e["args"] for e in _log(home) if e["verb"] == "play"]
    assert plays == [["fighter Grunt", "Ann"], ["decline", "Ben"]]
