"""The served session's reads (serve/live.py) and the address `--lan` prints (serve/run.py), in-process
(the server the installed script starts: tests/test_serve_http.py's tests marked `installed`)."""
from __future__ import annotations

import threading
import time

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from tests.serve_helpers import arcade_table  # noqa: E402
from tests.test_serve_http import events, make, write  # noqa: E402


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


# -- the address --lan prints (no packet leaves the machine: the socket calls are stood in for) ----------

def routes(table: dict):
    """A stand-in for run.outgoing: the address each probe's route would send from (absent: no route)."""
    return lambda target: table.get(target)


def test_lan_finds_the_outgoing_interfaces_address_not_the_host_names_loopback():
    from companion.serve.run import PROBES, lan_addresses

    wifi = {target: "192.168.1.20" for target in PROBES}
    assert lan_addresses(routes(wifi), lambda: ["127.0.1.1"]) == ["192.168.1.20"]  # Debian's /etc/hosts
    # several interfaces: the default route's first, then a VPN's, then what the name resolves to; no duplicates
    several = {**wifi, "10.255.255.255": "10.8.0.2"}
    assert lan_addresses(routes(several), lambda: ["127.0.1.1", "192.168.1.20", "172.17.0.1"]) == [
        "192.168.1.20", "10.8.0.2", "172.17.0.1"]
    # a public default route after the private addresses; link-local and loopback never
    public = {"192.0.2.1": "81.2.69.160", "192.168.255.255": "192.168.0.7"}
    assert lan_addresses(routes(public), lambda: ["169.254.3.4", "::1"]) == ["192.168.0.7", "81.2.69.160"]


def test_lan_without_a_network_finds_nothing_and_the_real_probe_sends_from_loopback_only():
    from companion.serve.run import lan_addresses, outgoing

    assert lan_addresses(routes({}), lambda: ["127.0.1.1"]) == []
    assert lan_addresses(routes({}), lambda: []) == []
    assert outgoing("127.0.0.1") == "127.0.0.1"  # the real call, on loopback: a route looked up, nothing sent


def test_serve_lan_says_in_one_line_when_no_address_is_found_and_host_sets_it(table, monkeypatch):
    import json

    from companion.serve import run
    from tests.conftest import run_in_process

    monkeypatch.setattr(run, "lan_addresses", lambda: [])
    said = run_in_process("serve", "--lan", "--port", "0", "--stop-after", "0.2", env={"COMPANION_HOME": str(table)})
    lines = said.stdout.splitlines()
    assert said.returncode == 0 and "http://127.0.0.1:" in lines[0]
    assert lines[1] == run.NO_LAN and sum("--host" in line for line in lines) == 1
    assert not any(set(line) <= set("\xa0 █▀▄") and line for line in lines)  # no QR code of a useless address
    monkeypatch.setattr(run, "lan_addresses", lambda: ["192.168.1.20", "10.8.0.2"])
    shown = run_in_process("serve", "--lan", "--port", "0", "--stop-after", "0.2", env={"COMPANION_HOME": str(table)})
    assert "http://192.168.1.20:" in shown.stdout.splitlines()[0]
    assert "other addresses: http://10.8.0.2:" in shown.stdout
    given = json.loads(run_in_process("serve", "--host", "pad.example", "--port", "0", "--stop-after", "0.2",
                                      "--json", env={"COMPANION_HOME": str(table)}).stdout.splitlines()[0])
    assert given["url"].startswith("http://pad.example:") and given["lan"] is True and given["note"] is None
    bad = run_in_process("serve", "--host", "a b/c", "--port", "0", env={"COMPANION_HOME": str(table)})
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "--host" in bad.stderr


# -- the page's files and version -------------------------------------------------------------------------

def test_the_page_carries_its_version_and_its_files_come_gzipped_with_an_etag(table):
    """Issue 45: a page from another version reloads itself (the table says the version the page's files
    carry); the files come gzipped, and a reload with the ETag gets 304 and no body."""
    from companion.serve.assets import page_version

    live, _, app = make(table)
    try:
        with TestClient(app) as client:
            page = client.get("/", headers={"accept-encoding": "gzip"})
            assert page.headers["content-encoding"] == "gzip" and "no-store" not in page.headers["cache-control"]
            assert f'data-version="{page_version()}"' in page.text and "{{version}}" not in page.text
            assert client.get("/api/table").json()["version"] == page_version()
            for asset in ("/static/app.js", f"/static/app.css?v={page_version()}"):
                first = client.get(asset, headers={"accept-encoding": "gzip"})
                assert first.status_code == 200 and first.headers["content-encoding"] == "gzip" and first.headers["etag"]
                again = client.get(asset, headers={"if-none-match": first.headers["etag"]})
                assert again.status_code == 304 and again.content == b""
                plain = client.get(asset, headers={"accept-encoding": "identity"})
                assert "content-encoding" not in plain.headers and plain.content == first.content
            assert client.get("/static/index.html").status_code == 404 and client.get("/static/x.js").status_code == 404
            assert client.get("/api/table").headers["cache-control"] == "no-store"  # the table is never cached
    finally:
        live.close()
