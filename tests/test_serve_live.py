"""The served session's reads (serve/live.py) and the address `--lan` prints (serve/run.py)."""
from __future__ import annotations

import threading
import time

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from tests.serve_helpers import arcade_table  # noqa: E402
from tests.test_serve_http import events, make, write  # noqa: E402

pytestmark = pytest.mark.installed  # the serve extra (starlette, uvicorn)


@pytest.fixture
def table(home):
    arcade_table(home)
    return home


def test_a_409_that_reads_another_processs_change_wakes_the_streams_at_once(table, monkeypatch):
    """Issue 49.1: a change made at the terminal, then a phone's change sent on the table before it
    (409). The 409's own read is the one that finds the terminal's commit; the streams must hear of
    it at once, not at their 15 s keep-alive. (The server's poll is held back so only the write's
    answer can wake them, as when the 409 lands between two polls.)"""
    from companion.serve import app as served
    from companion.serve.tokens import token

    monkeypatch.setattr(served, "POLL", 60.0)
    live, key, app = make(table, allow_plays=True, stream_seconds=2.0)
    ann = f"/api/p/{token(key, live.session, 'Ann')}"
    told, pushed = live.messages, {}
    opened = threading.Event()

    def spy(*args):
        out = told(*args)
        if out and out[0]["type"] == "table":
            opened.set()
        if any(m["type"] == "change" for m in out):
            pushed.setdefault("at", time.monotonic())
        return out

    live.messages = spy
    answers = {}

    def terminal_then_stale_phone():
        if opened.wait(10):
            write(table, "coins", "ben", "+1")  # the terminal's change: the log is at 2 now
            answers["written"] = time.monotonic()
            answers["phone"] = client.post(f"{ann}/change", json={"change": "coins ann +1", "seen": 1})

    try:
        with TestClient(app) as client:
            threading.Thread(target=terminal_then_stale_phone, daemon=True).start()
            got = events(client.get("/api/stream").text)
    finally:
        live.close()
    assert answers["phone"].status_code == 409 and answers["phone"].json()["table"]["seq"] == 2
    assert [(e["event"], e["id"]) for e in got] == [("table", "1"), ("change", "2")], got
    assert pushed["at"] - answers["written"] < 1.0


def test_refresh_tells_of_a_log_grown_since_the_streams_were_last_told(table):
    """Whatever read found the log grown (a 409's), the next refresh says so once."""
    live, key, _ = make(table, allow_plays=True)
    try:
        write(table, "coins", "ben", "+1")
        status, doc = live.run(live.change, "Ann", ["coins", "ann", "+1"], 1)
        assert status == 409 and doc["table"]["seq"] == 2
        assert live.run(live.refresh) is True
        assert live.run(live.refresh) is False
    finally:
        live.close()
