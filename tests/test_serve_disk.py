"""A write from a page that the sessions file cannot take (issue 32, the stress re-run): on a full
disk a change from a phone was answered 500 with a traceback on the server's terminal, and the page
showed no reason. It is refused in one line (503), nothing is recorded, and the table and the
stream keep answering."""
from __future__ import annotations

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from tests.serve_helpers import arcade_table  # noqa: E402


@pytest.mark.parametrize("path, body", [("change", {"change": "coins ann +1"}), ("play", {"move": "pass"})])
def test_a_page_write_on_a_full_disk_is_refused_in_one_line_and_the_server_serves_on(home, monkeypatch, path, body):
    from companion.serve.app import create_app
    from companion.serve.guard import Limits
    from companion.serve.live import Live
    from companion.serve.tokens import token
    from trackers import keys
    from trackers.errors import DiskFull

    arcade_table(home)
    live = Live(home / "data", "arcade", allow_plays=True)
    key = keys.key(home / "data", create=True)
    app = create_app(live, key, Limits(rate=1e4, burst=10_000, write_rate=1e4, write_burst=10_000),
                     stream_seconds=0.6, cache_dir=home / "cache", sources_dir=home / "data" / "sources")
    ann = f"/api/p/{token(key, live.session, 'Ann')}"

    def full(*args, **kwargs):
        raise DiskFull("the disk holding the sessions file is full; nothing was recorded; free some space "
                       "and try again")

    with TestClient(app) as client:
        before = client.get("/api/table").json()["seq"]
        with monkeypatch.context() as disk:
            disk.setattr(live.store, "record", full)
            disk.setattr(live.store, "play", full)
            r = client.post(f"{ann}/{path}", json=body)
            assert r.status_code == 503
            assert r.json() == {"error": "the disk holding the sessions file is full; nothing was recorded; free "
                                         "some space and try again", "recorded": False}
            assert client.get("/api/table").json()["seq"] == before
            with client.stream("GET", "/api/stream") as stream:
                assert stream.status_code == 200
                assert "event: table" in next(stream.iter_text())
        r = client.post(f"{ann}/change", json={"change": "coins ann +1"})  # space freed: it lands
        assert r.status_code == 200 and r.json()["recorded"] is True
