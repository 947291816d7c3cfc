"""Hostile traffic is harmless: an ASGI layer in front of the routes that answers 4xx, before any
route runs, to an over-long request line or header, an unknown method, a `Host` that is not one of
this server's own addresses (a DNS-rebinding page), a write whose `Origin` is another site or whose
body does not say it is JSON, a body over the limit (announced or sent) or not whole within its
deadline, a client over its request rate (a token bucket per address, writes with a tighter one),
over its number of unfinished requests or of open streams; and that adds the headers every answer
carries (no referrer, so a private link never leaves in one; a content policy that loads nothing
from elsewhere). Every refusal closes its connection, so a refused body never holds a slot."""
from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass

HEADERS = [
    (b"content-security-policy", b"default-src 'self'; img-src 'self' data:; base-uri 'none'; "
                                 b"frame-ancestors 'none'; form-action 'self'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cache-control", b"no-store"),
]
METHODS = frozenset({"GET", "HEAD", "POST"})


@dataclass
class Limits:
    body: int = 4096  # bytes of a POST body
    target: int = 2048  # bytes of the path and query
    headers: int = 16384  # bytes of a request's header lines (uvicorn refuses more sent in pieces)
    rate: float = 20.0  # requests a second per client, on average
    burst: int = 60  # requests at once before the rate applies
    write_rate: float = 1.0  # plays and changes a second per client
    write_burst: int = 5
    streams: int = 32  # open event streams per client (a host may open many tabs; each phone has its own address)
    unfinished: int = 4  # requests one client may have begun whose body has not come whole (a GET's
    # request is whole with its header, which run.py's header deadline bounds)
    body_seconds: float = 5.0  # seconds a request's body may take to arrive whole once its header has
    clients: int = 4096  # addresses remembered (the oldest forgotten first)


class Bucket:
    __slots__ = ("tokens", "at")

    def __init__(self, burst: float):
        self.tokens, self.at = float(burst), time.monotonic()

    def take(self, rate: float, burst: float) -> float:
        """0 when a request may pass (one token taken), else the seconds until one may."""
        now = time.monotonic()
        self.tokens = min(burst, self.tokens + (now - self.at) * rate)
        self.at = now
        if self.tokens >= 1:
            self.tokens -= 1
            return 0.0
        return (1 - self.tokens) / rate


LOCAL_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})


def host_name(value: str) -> str:
    """The name part of a `Host` value or an origin's authority, lower case: `[::1]:80` -> `::1`."""
    value = value.strip().lower()
    if value.startswith("["):
        return value[1:value.find("]")] if "]" in value else value
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


def host_port(value: str) -> str:
    """The port part of a `Host` value or an origin's authority ('' when none is said)."""
    rest = value.strip().rsplit("]", 1)[-1]
    return rest.rsplit(":", 1)[1] if ":" in rest else ""


def says_json(content_type: str) -> bool:
    kind = content_type.split(";", 1)[0].strip().lower()  # the media type, without its parameters
    return kind == "application/json" or (kind.startswith("application/") and kind.endswith("+json"))


class Guard:
    def __init__(self, app, limits: Limits | None = None, hosts: frozenset[str] | set[str] = frozenset()):
        """`hosts`: the names the server printed in its links, answered beside localhost and the
        address a connection came in on."""
        self.app, self.limits = app, limits or Limits()
        self.hosts = LOCAL_NAMES | {host_name(h) for h in hosts}
        self.buckets: dict[tuple[str, str], Bucket] = {}
        self.open_streams: dict[str, int] = {}
        self.unfinished: dict[str, int] = {}

    def own_name(self, scope, name: str) -> bool:
        """Whether `name` is one of this server's: printed, localhost, or the address connected to."""
        server = scope.get("server") or ("", 0)
        return name in self.hosts or name == host_name(str(server[0]))

    def foreign(self, scope, headers: dict[bytes, bytes]) -> str | None:
        """Why a request is not from this server's own pages (None when it may be)."""
        host = headers.get(b"host", b"").decode("latin-1")
        if not self.own_name(scope, host_name(host)):
            return f"this server answers only the addresses it printed, not {host[:60] or 'a missing Host'}"
        if scope["method"] != "POST":
            return None
        origin = headers.get(b"origin")
        if origin is not None:
            said = origin.decode("latin-1").strip().lower()
            scheme, _, authority = said.partition("://")
            if (scheme not in ("http", "https") or not self.own_name(scope, host_name(authority))
                    or host_port(authority) != host_port(host.lower())):
                return "writes are taken from this server's own pages only"
        elif headers.get(b"sec-fetch-site", b"") == b"cross-site":
            return "writes are taken from this server's own pages only"
        return None

    def _bucket(self, key: tuple[str, str], burst: int) -> Bucket:
        bucket = self.buckets.pop(key, None) or Bucket(burst)
        self.buckets[key] = bucket  # most recent last: the oldest go first when there are too many
        while len(self.buckets) > self.limits.clients:
            del self.buckets[next(iter(self.buckets))]
        return bucket

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        lim = self.limits

        async def send_headed(message):
            if message["type"] == "http.response.start":
                own = {k.lower() for k, _ in message.get("headers", [])}  # a page file's own cache-control (ETag)
                message = {**message, "headers": [*message.get("headers", []),
                                                  *(h for h in HEADERS if h[0] not in own)]}
            await send(message)

        client = (scope.get("client") or ("?", 0))[0]
        if len(scope.get("raw_path", b"")) + len(scope.get("query_string", b"")) > lim.target:
            return await refuse(send_headed, 414, "the address is too long")
        if sum(len(k) + len(v) for k, v in scope.get("headers", ())) > lim.headers:
            return await refuse(send_headed, 431, f"the request's headers are over {lim.headers} bytes")
        if scope["method"] not in METHODS:
            return await refuse(send_headed, 405, f"{scope['method']} is not answered here")
        wait = self._bucket((client, "any"), lim.burst).take(lim.rate, lim.burst)
        if not wait and scope["method"] == "POST":
            wait = self._bucket((client, "write"), lim.write_burst).take(lim.write_rate, lim.write_burst)
        if wait:
            return await refuse(send_headed, 429, "too many requests; slow down", {"retry-after": str(int(wait) + 1)})
        headers = dict(scope.get("headers", ()))
        why = self.foreign(scope, headers)
        if why:
            return await refuse(send_headed, 403 if scope["method"] == "POST" else 421, why)
        if scope["method"] == "POST" and not says_json(headers.get(b"content-type", b"").decode("latin-1")):
            return await refuse(send_headed, 415, "send the body as JSON (content-type: application/json)")
        if scope["method"] != "POST" and (headers.get(b"content-length", b"0") != b"0"
                                          or b"transfer-encoding" in headers):
            return await refuse(send_headed, 400, f"a {scope['method']} carries no body")
        if scope["method"] == "GET" and scope["path"].endswith("/stream"):
            return await self.streamed(scope, receive, send_headed, client)
        if scope["method"] == "POST":
            if self.unfinished.get(client, 0) >= lim.unfinished:
                return await refuse(send_headed, 429, f"more than {lim.unfinished} unfinished requests from one "
                                                      "client", {"retry-after": "1"})
            self.unfinished[client] = self.unfinished.get(client, 0) + 1
            try:
                body = await asyncio.wait_for(read_body(receive, lim.body), lim.body_seconds)
            except asyncio.TimeoutError:
                return await refuse(send_headed, 408, f"the request body did not come whole within "
                                                      f"{lim.body_seconds:g} s")
            finally:
                self.unfinished[client] -= 1
                if not self.unfinished[client]:
                    del self.unfinished[client]
            if body is None:
                return await refuse(send_headed, 413, f"the request body is over {lim.body} bytes")
            receive = replay(body, receive)
        return await self.app(scope, receive, send_headed)

    async def streamed(self, scope, receive, send_headed, client: str):
        """An event stream: long by design, so counted apart (at most `streams` per client)."""
        lim = self.limits
        if self.open_streams.get(client, 0) >= lim.streams:
            return await refuse(send_headed, 429, f"more than {lim.streams} open streams from one client")
        self.open_streams[client] = self.open_streams.get(client, 0) + 1
        try:
            return await self.app(scope, receive, send_headed)
        finally:
            self.open_streams[client] -= 1
            if not self.open_streams[client]:
                del self.open_streams[client]


async def read_body(receive, limit: int) -> bytes | None:
    """The whole body, or None as soon as it passes `limit` bytes."""
    chunks, size = [], 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return b"".join(chunks)
        size += len(message.get("body", b""))
        if size > limit:
            return None
        chunks.append(message.get("body", b""))
        if not message.get("more_body"):
            return b"".join(chunks)


def replay(body: bytes, receive):
    """A receive() that hands the app the body read already, then what the client sends next."""
    sent = False

    async def again():
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()

    return again


async def refuse(send, status: int, message: str, headers: dict | None = None) -> None:
    body = json.dumps({"error": message}).encode()
    extra = [(k.encode(), v.encode()) for k, v in (headers or {}).items()]
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                            (b"connection", b"close"), *extra]})
    await send({"type": "http.response.body", "body": body})
