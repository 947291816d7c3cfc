"""Issue 32 item 3: one address cannot shut every page out of `companion serve`.

Against the real server on 127.0.0.1 (the installed script): 310 connections from one address
(127.0.0.2, a loopback address of its own) that never finish their request's header; a phone
(127.0.0.1) is still answered at once, the other address keeps only a few of them open, and they
are all closed soon. A header of 40 KB sent in one piece is refused. Every socket is closed and
the server stopped, whatever happens."""
from __future__ import annotations

import select
import socket
import time
import urllib.request

from tests.serve_helpers import Server, arcade_table, second_loopback_or_skip

HALF = b"GET /api/table HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Unfinished: "


def closed_by_server(sock: socket.socket) -> bool:
    """Whether the server has closed this connection (it never answered: EOF or a reset)."""
    if not select.select([sock], [], [], 0)[0]:
        return False
    try:
        return sock.recv(4096) == b""
    except OSError:
        return True


def test_unfinished_headers_from_one_address_shut_no_one_out(home):
    second_loopback_or_skip()
    arcade_table(home)
    server = Server(home)
    held: list[socket.socket] = []
    try:
        for _ in range(310):
            sock = socket.socket()
            held.append(sock)
            sock.settimeout(5)
            sock.bind(("127.0.0.2", 0))
            sock.connect(("127.0.0.1", server.port))
            sock.sendall(HALF)
        time.sleep(0.5)
        start = time.monotonic()
        with urllib.request.urlopen(server.url + "api/table", timeout=10) as answer:
            assert answer.status == 200 and b"arcade" in answer.read()
        assert time.monotonic() - start < 2.0
        assert sum(not closed_by_server(s) for s in held) <= 8  # a few held at most
        deadline = time.monotonic() + 15
        while not all(closed_by_server(s) for s in held) and time.monotonic() < deadline:
            time.sleep(0.2)
        assert sum(not closed_by_server(s) for s in held) == 0  # and not for long
        big = socket.create_connection(("127.0.0.1", server.port), timeout=10)
        held.append(big)
        big.sendall(b"GET /api/table HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: " + b"a" * 40_000 + b"\r\n\r\n")
        status = big.recv(64).split(b" ")[1]
        assert status in (b"431", b"400"), status
    finally:
        for sock in held:
            sock.close()
        server.stop()
