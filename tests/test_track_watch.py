"""`companion track watch` follows a session that other processes change (issue 12). The watcher and
the first change are the installed script; each session is started in-process (not the question)."""
from __future__ import annotations

import os
import select
import signal
import subprocess
import time

import pytest

from tests.conftest import ctrl_c_reaches_it, installed_cwd, run_companion, run_in_process, SCRIPT

pytestmark = pytest.mark.installed  # track watch across processes and on a pty


def _record(home, *words: str) -> None:
    """A change written by this (test) process: another writer than the watching one."""
    from trackers.sessions import Sessions

    with Sessions(home / "data") as store:
        store.record(list(words))


def _read_until(read, wanted: bytes, timeout: float) -> tuple[bytes, float]:
    """Read until `wanted` appears; the output so far and when it appeared."""
    seen = b""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        chunk = read(max(0.0, end - time.monotonic()))
        if chunk:
            seen += chunk
            if wanted in seen:
                return seen, time.monotonic()
    raise AssertionError(f"{wanted!r} did not appear within {timeout}s; got {seen[-2000:]!r}")


def _pipe_reader(fd: int):
    def read(timeout: float) -> bytes:
        ready, _, _ = select.select([fd], [], [], min(timeout, 0.5))
        return os.read(fd, 65536) if ready else b""

    return read


def _watching(env: dict, ticks: int):
    """`track watch` as a real process on pipes, once its screen is up: (process, reader)."""
    proc = subprocess.Popen([str(SCRIPT), "track", "watch", "--interval", "0.1", "--ticks", str(ticks)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=installed_cwd(),
                            preexec_fn=ctrl_c_reaches_it)
    read = _pipe_reader(proc.stdout.fileno())
    try:
        _read_until(read, b"Ctrl-C to leave", 30)
    except BaseException:
        proc.kill()
        raise
    return proc, read


def test_watch_sees_changes_from_other_processes_and_keeps_up_with_a_writer(home):
    env = {**os.environ, "COMPANION_HOME": str(home), "COLUMNS": "80"}
    assert run_in_process("track", "new", "catastrophe", "--players", "Ann,Ben,Cy", env=env).returncode == 0
    proc, read = _watching(env, 600)
    try:
        # another process (a real `companion` run) changes the session
        assert run_companion("track", "lives", "ben", "-2", env=env).returncode == 0
        changed_at = time.monotonic()
        out, seen_at = _read_until(read, b"last change: lives Ben -2", 10)
        assert seen_at - changed_at < 2.0  # polls every 0.1 s; generous for a loaded machine
        # a burst of writes while it watches: it never fails and ends on the last state
        for _ in range(8):
            _record(home, "lives", "ann", "-1")
        out, _ = _read_until(read, b"Ann \xe2\x94\x82 1 ", 10)
        proc.send_signal(signal.SIGINT)  # Ctrl-C
        rest, err = proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0, err
    assert b"Traceback" not in err
    frames = (out + rest).decode()
    assert all(len(line) <= 80 for line in frames.splitlines())


def test_watch_full_screen_on_a_terminal_redraws_and_leaves_cleanly_on_ctrl_c(home):
    pty = pytest.importorskip("pty")
    env = {**os.environ, "COMPANION_HOME": str(home), "COLUMNS": "80", "LINES": "30", "TERM": "xterm-256color"}
    assert run_in_process("track", "new", "catastrophe", "--players", "Ann,Ben", env=env).returncode == 0
    pid, fd = pty.fork()
    if pid == 0:  # the child: companion on a terminal
        ctrl_c_reaches_it()
        os.chdir(installed_cwd())
        os.execvpe(str(SCRIPT), [str(SCRIPT), "track", "watch"], env)

    def read(timeout: float) -> bytes:
        ready, _, _ = select.select([fd], [], [], min(timeout, 0.5))
        try:
            return os.read(fd, 65536) if ready else b""
        except OSError:  # the child closed the terminal
            return b""

    status = None
    try:
        _read_until(read, b"Ctrl-C to leave", 30)
        _record(home, "reapurr", "+1")
        changed_at = time.monotonic()
        _, seen_at = _read_until(read, b"reapurr +1", 10)
        assert seen_at - changed_at < 2.0
        print(f"watch redrew {seen_at - changed_at:.2f} s after the change")
        os.write(fd, b"\x03")  # Ctrl-C typed at the terminal
        out, _ = _read_until(read, b"\x1b[?1049l", 10)  # it leaves the full screen
        _, status = os.waitpid(pid, 0)
    finally:
        if status is None:  # not reaped: stop the child this test started
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
        os.close(fd)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
    assert b"Traceback" not in out


def test_watch_stays_on_a_session_ended_elsewhere(home):
    env = {**os.environ, "COMPANION_HOME": str(home), "COLUMNS": "80"}
    assert run_in_process("track", "new", "catopomp", "--players", "Ann,Ben,Cy", "--name", "pomp", env=env).returncode == 0
    proc, read = _watching(env, 300)
    try:
        from trackers.sessions import Sessions

        with Sessions(home / "data") as store:
            store.end("pomp")  # no current session any more
        _read_until(read, b"(ended)", 10)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
    assert proc.returncode == 0 and not err, err
