"""Issue 49 items 2-4: pages of other sites, deeply nested bodies and slow bodies cannot use
`companion serve`.

In-process (Starlette's TestClient, the guard called as ASGI) for the rules, and one run of the real
server on loopback for the slots that slow bodies from one address may hold. Every socket is closed
and the server stopped, whatever happens."""
from __future__ import annotations

import asyncio
import json
import socket
import time
import urllib.request

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from tests.serve_helpers import Server, arcade_table, second_loopback_or_skip  # noqa: E402
from tests.test_serve_http import JSON, make  # noqa: E402


def closed_by_server(sock: socket.socket) -> bool:
    """Whether the server has closed this connection (after its answer, if it sent one)."""
    sock.setblocking(False)
    try:
        while True:
            if not sock.recv(65536):
                return True
    except BlockingIOError:
        return False
    except OSError:
        return True


def logged(home) -> int:
    from trackers.sessions import Sessions

    with Sessions(home / "data") as store:
        return len(store.entries(store.get("arcade")))


@pytest.fixture
def playable(home):
    from companion.serve.tokens import host_token, token

    arcade_table(home)
    live, key, app = make(home, True)
    with TestClient(app) as client:
        yield client, f"/api/p/{token(key, live.session, 'Ann')}", f"/api/h/{host_token(key, live.session)}"
    live.close()


def test_a_foreign_host_is_not_answered_and_the_printed_ones_are(playable):
    client, ann, _ = playable
    for name in ("evil.example", "evil.example:8000", "127.0.0.1.evil.example", ""):
        r = client.get("/api/table", headers={"host": name})
        assert r.status_code == 421 and "arcade" not in r.text, name
        assert client.get(f"{ann}/table", headers={"host": name}).status_code == 421
    for name in ("localhost:8000", "127.0.0.1:8000", "[::1]:8000", "testserver", "LOCALHOST"):
        assert client.get("/api/table", headers={"host": name}).status_code == 200, name


def test_a_name_the_links_were_printed_with_is_answered(home):
    """`serve --host NAME` prints its links with NAME: the phones' requests say it (run.py passes it)."""
    from companion.serve.app import create_app
    from companion.serve.guard import Limits
    from companion.serve.live import Live
    from trackers import keys

    arcade_table(home)
    live = Live(home / "data", "arcade", False)
    app = create_app(live, keys.key(home / "data", create=True), Limits(), hosts={"Table.Example"},
                     cache_dir=home / "cache", sources_dir=home / "data" / "sources")
    with TestClient(app) as client:
        assert client.get("/api/table", headers={"host": "table.example:8000"}).status_code == 200
        assert client.get("/api/table", headers={"host": "other.example:8000"}).status_code == 421
    live.close()


def test_writes_from_another_site_or_not_said_to_be_json_record_nothing(playable, home):
    client, ann, host = playable
    before = logged(home)
    for origin in ("http://evil.example", "null", "http://127.0.0.1.evil.example", "file://"):
        r = client.post(f"{ann}/change", json={"change": "coins ann +1"}, headers={"origin": origin})
        assert r.status_code == 403, origin
        assert client.post(f"{host}/undo", json={}, headers={"origin": origin}).status_code == 403
    assert client.post(f"{ann}/change", json={"change": "coins ann +1"},
                       headers={"sec-fetch-site": "cross-site"}).status_code == 403
    # a form of another page: text/plain (no preflight), JSON inside
    form = json.dumps({"change": "coins ann +1"}).encode()
    for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", None):
        headers = {"content-type": kind} if kind else {}
        assert client.post(f"{ann}/change", content=form, headers=headers).status_code == 415, kind
    assert logged(home) == before
    mine = client.post(f"{ann}/change", json={"change": "coins ann +1"}, headers={"origin": "http://testserver"})
    assert mine.status_code == 200 and logged(home) == before + 1
    ok = client.post(f"{ann}/change", content=form, headers={"content-type": "application/json; charset=utf-8"})
    assert ok.status_code == 200 and logged(home) == before + 2


def test_a_deeply_nested_body_gets_400_in_one_line(playable, home, capsys):
    client, ann, host = playable
    before = logged(home)
    for body in ("[" * 2000 + "]" * 2000, '{"move": ' + "[" * 1900 + "]" * 1900 + "}",
                 '{"seen": ' + "{" * 1200 + "}" * 1200 + "}"):
        raw = body.encode()
        assert len(raw) < 4096
        for path in (f"{ann}/play", f"{ann}/change", f"{host}/undo", f"{host}/overrule"):
            r = client.post(path, content=raw, headers=JSON)
            assert r.status_code == 400 and len(r.json()["error"].splitlines()) == 1, path
    assert "Traceback" not in capsys.readouterr().err and logged(home) == before


def test_a_body_not_whole_within_its_deadline_is_refused_and_its_connection_closed():
    from companion.serve.guard import Guard, Limits

    async def never_read(scope, receive, send):
        raise AssertionError("the route ran on an unfinished body")

    async def trickle():
        await asyncio.sleep(0.05)
        return {"type": "http.request", "body": b"{", "more_body": True}

    sent = []

    async def send(message):
        sent.append(message)

    scope = {"type": "http", "method": "POST", "path": "/api/p/x/play", "raw_path": b"/api/p/x/play",
             "query_string": b"", "client": ("127.0.0.9", 1), "server": ("127.0.0.1", 80),
             "headers": [(b"host", b"127.0.0.1"), (b"content-type", b"application/json"),
                         (b"content-length", b"100")]}
    guard = Guard(never_read, Limits(body_seconds=0.3))
    start = time.monotonic()
    asyncio.run(guard(scope, trickle, send))
    assert time.monotonic() - start < 2.0
    assert sent[0]["status"] == 408 and (b"connection", b"close") in sent[0]["headers"]
    assert guard.unfinished == {}  # its slot given back


def test_slow_bodies_from_one_address_hold_a_few_slots_and_shut_no_one_out(home):
    second_loopback_or_skip()
    arcade_table(home)
    server = Server(home, "--allow-plays")
    path = server.links["Ann"].split(str(server.port), 1)[1]
    held: list[socket.socket] = []
    try:
        for _ in range(40):  # each header whole, its body one byte of 100
            sock = socket.socket()
            held.append(sock)
            sock.settimeout(5)
            sock.bind(("127.0.0.2", 0))
            sock.connect(("127.0.0.1", server.port))
            sock.sendall(f"POST /api{path}/change HTTP/1.1\r\nHost: 127.0.0.1:{server.port}\r\n"
                         "Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{".encode())
        time.sleep(1.0)
        start = time.monotonic()
        with urllib.request.urlopen(server.url + "api/table", timeout=10) as answer:
            assert answer.status == 200 and b"arcade" in answer.read()
        assert time.monotonic() - start < 2.0
        assert sum(not closed_by_server(s) for s in held) <= 4  # a few held at most
    finally:
        for sock in held:
            sock.close()
        server.stop()
