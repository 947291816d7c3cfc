"""Issue 49 item 6: a one-shot `play` is judged against the table as it stood when its process
started (the kernel's record of it), not when its first line of Python ran: a copy of a play whose
process started before another copy's commit, but that reads its mark only after it (a loaded
machine), is refused, not recorded as the next player's play."""
from __future__ import annotations

import multiprocessing
import sys
import time
from pathlib import Path

import pytest

from companion import sent
from trackers.errors import Moved
from trackers.sessions import Sessions

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="/proc/self/stat: Linux")


def _late_copy(home: str, go, answers) -> None:
    """A `companion play pass` whose process has started, and whose Python runs only after `go`."""
    go.wait(60)
    sent.take(["--data-dir", home, "play", "pass"])  # what companion/entry.py does first
    try:
        with Sessions(Path(home) / "data") as store:
            store.play("pass", "t", sent=sent.taken())
        answers.put("recorded")
    except Moved as exc:
        answers.put(str(exc))


def _table(home: Path) -> Path:
    data = home / "data"
    with Sessions(data) as store:
        store.new("cataclysm-arcade", ["Ann", "Ben", "Cy"], "t")
    return data


def _plays(data: Path) -> list[tuple]:
    with Sessions(data) as store:
        return [e.args for e in store.entries(store.get("t")) if e.verb == "play"]


def test_a_copy_started_before_the_commit_but_run_after_it_is_refused(tmp_path):
    data = _table(tmp_path)
    time.sleep(1.05)  # the table's own events a second older than the copy's start
    ctx = multiprocessing.get_context("fork")
    go, answers = ctx.Event(), ctx.Queue()
    copy = ctx.Process(target=_late_copy, args=(str(tmp_path), go, answers))
    copy.start()  # typed now
    time.sleep(0.1)
    with Sessions(data) as store:
        store.play("pass", "t", sent=0)  # the first copy lands
    go.set()  # the late copy's Python runs only now: main recorded it as Ben's pass
    said = answers.get(timeout=120)
    copy.join(60)
    assert said != "recorded" and "Ann played `pass`" in said, said
    assert _plays(data) == [("pass", "Ann")]


def test_a_play_typed_after_the_commit_is_judged_on_the_table_after_it(tmp_path):
    data = _table(tmp_path)
    with Sessions(data) as store:
        store.play("pass", "t", sent=0)
    time.sleep(0.05)
    ctx = multiprocessing.get_context("fork")
    go, answers = ctx.Event(), ctx.Queue()
    copy = ctx.Process(target=_late_copy, args=(str(tmp_path), go, answers))
    copy.start()  # typed after Ann's pass was written: Ben's pass
    go.set()
    assert answers.get(timeout=120) == "recorded"
    copy.join(60)
    assert _plays(data) == [("pass", "Ann"), ("pass", "Ben")]


def test_the_start_is_the_kernels_and_falls_back_where_there_is_none(monkeypatch):
    import builtins

    begun = sent.started()
    assert begun is not None and 0 <= time.time() - begun < 3600  # this process: started before now
    real_open = builtins.open

    def no_proc(path, *a, **k):
        if str(path).startswith("/proc/"):
            raise FileNotFoundError(path)
        return real_open(path, *a, **k)

    monkeypatch.setattr(builtins, "open", no_proc)
    assert sent.started() is None  # then the mark is the newest event as Python reads it
