"""Issue 49 item 7: "database is locked" never escapes a command as an internal error. Every read
of the sessions file goes through the wait of trackers/retry.py, including the look a play or a
change takes at the events written since its maker's mark, before the write lock is taken: another
companion may be committing (holding the file to itself) at that very moment."""
from __future__ import annotations

import sqlite3
import threading
import time

import pytest

from trackers.errors import Moved
from trackers.sessions import Sessions


@pytest.mark.parametrize("kind", ["play", "change"])
def test_a_writer_committing_during_the_look_at_the_marks_events_is_waited_for(tmp_path, monkeypatch, kind):
    data = tmp_path / "data"
    with Sessions(data) as sessions:
        sessions.new("cataclysm-arcade", ["Ann", "Ben"], name="t")
        for _ in range(3):
            sessions.record(["coins", "ann", "+1"], "t")
    holders: list[threading.Thread] = []
    replay = Sessions.replay

    def replay_then_another_writer_commits(self, session):
        done = replay(self, session)
        taken = threading.Event()

        def hold():
            other = sqlite3.connect(str(data / "sessions.sqlite3"), isolation_level=None)
            other.execute("BEGIN EXCLUSIVE")  # a writer in its commit: no one may read the file
            taken.set()
            time.sleep(0.3)
            other.execute("ROLLBACK")
            other.close()

        holders.append(threading.Thread(target=hold))
        holders[-1].start()
        taken.wait(5)
        return done

    monkeypatch.setattr(Sessions, "replay", replay_then_another_writer_commits)
    try:
        with Sessions(data) as sessions, pytest.raises(Moved):  # on main: sqlite3.OperationalError
            if kind == "play":
                sessions.play("pass", "t", seen=1)
            else:
                sessions.record(["coins", "ann", "+1"], "t", seen=1)
    finally:
        for thread in holders:
            thread.join()
