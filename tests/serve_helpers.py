"""Shared by the serve tests: a Cataclysm Arcade table where Ann has named two cards of her hand
(Zap and Blast: the secret the public page must never carry), and the real `companion serve`
started as a player starts it (the installed script, `--port 0`), its links read from its output."""
from __future__ import annotations

import os
import re
import shutil
import signal
import subprocess
import time
from pathlib import Path

from tests.conftest import SCRIPT, child_env, ctrl_c_reaches_it, installed_cwd

SECRET = ("Zap", "Blast")  # Ann's named cards


def second_loopback_or_skip() -> None:
    """Skip unless this machine can send from 127.0.0.2 (a second loopback address, to play a
    client at another address than the phone's)."""
    import socket

    import pytest

    try:
        probe = socket.socket()
        probe.bind(("127.0.0.2", 0))
        probe.close()
    except OSError:
        pytest.skip("no second loopback address to send from")


def arcade_table(home: Path) -> None:
    """The session `arcade` (Ann, Ben) in COMPANION_HOME `home`, Ann's hand partly named; Ann is to act."""
    from trackers.sessions import Sessions

    with Sessions(home / "data") as store:
        store.new("cataclysm-arcade", ["Ann", "Ben"], name="arcade")
        store.record(["hand", "ann", "Zap,", "Blast"], "arcade")


def built_index(home: Path, games: tuple[str, ...] = ("cataclysm-arcade",)) -> Path:
    """A home holding these games' rules index, built (as the server's warm-up or a first search
    builds it in a home without one), for the tests to copy (`copy_index`) instead of each test's
    server building it again."""
    from rulesdb.index import open_index

    open_index(home / "cache", home / "data" / "sources", games=list(games))
    return home


def copy_index(built: Path, home: Path, games: tuple[str, ...] = ("cataclysm-arcade",)) -> None:
    """The index of `built_index` copied into `home`: its folder and the digests recorded beside the
    data, as a first search leaves them. Checked to verify there as the installed server will see
    it (by the recorded digests alone, not by this process's memory of what it built)."""
    import pytest

    from rulesdb import index

    shutil.copytree(built / "cache", home / "cache")
    (home / "data").mkdir(parents=True, exist_ok=True)
    shutil.copy2(built / "data" / index.DIGESTS, home / "data" / index.DIGESTS)
    cache, sources = home / "cache", home / "data" / "sources"
    target = cache / f"index-{index.fingerprint(sources)}"
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(index, "_BUILT_HERE", set())
        assert target.is_dir() and index.verified(target, games, cache, sources), "the copied index does not verify"


class Server:
    """`companion serve` in a subprocess; stop() sends Ctrl-C (SIGINT) as a host would."""

    def __init__(self, home: Path, *args: str, port: int = 0):
        self.home, self.args = home, args
        self.proc = subprocess.Popen([str(SCRIPT), "serve", "--port", str(port), *args], cwd=installed_cwd(),
                                     env=child_env({"COMPANION_HOME": str(home)}), stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True, start_new_session=True,
                                     preexec_fn=ctrl_c_reaches_it)
        self.lines: list[str] = []
        deadline = time.monotonic() + 60
        while not any(line.startswith("Plays from the private pages") for line in self.lines):
            line = self.proc.stdout.readline()
            if not line:
                raise AssertionError(f"serve ended: {self.proc.wait()} {self.proc.stderr.read()}")
            self.lines.append(line.rstrip("\n"))
            assert time.monotonic() < deadline, self.lines
        self.url = re.search(r"http://\S+/", self.lines[0]).group(0)
        self.port = int(re.search(r":(\d+)/", self.url).group(1))
        self.links = {m.group(1): m.group(2) for line in self.lines
                      if (m := re.match(r"\s+(\w+): (http://\S+)", line))}

    def stop(self) -> str:
        """Ctrl-C; the rest of what it printed on stderr."""
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGINT)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
        return self.proc.stderr.read()
