"""`companion serve`'s body: open the session, bind the port, print the links (and with --lan a QR
code), then run uvicorn until Ctrl-C. Bad input (an unknown session, a port in use) is refused
before anything is written or bound."""
from __future__ import annotations

import ipaddress
import json
import re
import socket
import sys
from pathlib import Path

from companion import paths
from companion.serve.tokens import host_token, token
from trackers.errors import TrackerError


class ServeError(TrackerError):
    """A port that cannot be had, a data folder that cannot keep the links' key (exit 2)."""


#: where a UDP socket is pointed to learn which of this machine's addresses it would send from: the
#: default route first (a documentation address, never answered), then each private range. connect()
#: on a UDP socket only picks the route; no packet is sent.
PROBES = ("192.0.2.1", "10.255.255.255", "172.31.255.255", "192.168.255.255")


def outgoing(target: str) -> str | None:
    """The address this machine would send from to reach `target` (None: no route)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        sock.connect((target, 9))
        return sock.getsockname()[0]
    except OSError:
        return None
    finally:
        sock.close()


def by_name() -> list[str]:
    """The addresses the host name resolves to (Debian and Ubuntu map it to 127.0.1.1)."""
    try:
        return socket.gethostbyname_ex(socket.gethostname())[2]
    except OSError:
        return []


def reachable(address: str) -> bool:
    """An address another device could reach: not loopback, unspecified, link-local or multicast."""
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_unspecified or ip.is_link_local or ip.is_multicast)


def lan_addresses(route=None, names=None) -> list[str]:
    """This machine's addresses that phones on the local network may reach, the likeliest first: the
    outgoing interface's (the default route's), then the other interfaces the private ranges route
    through, then what the host name resolves to; private addresses before public ones."""
    route, names = route or outgoing, names or by_name
    found = [a for a in dict.fromkeys([route(target) for target in PROBES] + list(names())) if a and reachable(a)]
    return sorted(found, key=lambda a: not ipaddress.ip_address(a).is_private)


def url_host(host: str) -> str:
    """`host` as it goes in a URL (an IPv6 address in brackets)."""
    return f"[{host}]" if ":" in host else host


def checked_host(host: str) -> str:
    """A --host value: an IP address or a host name (letters, digits, dots, hyphens)."""
    host = host.strip().strip("[]")
    try:
        return str(ipaddress.ip_address(host))
    except ValueError:
        pass
    if re.fullmatch(r"(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*",
                    host):
        return host
    raise ServeError(f"--host {host!r} is not an address or a host name; give the address the phones reach, "
                     "e.g. --host 192.168.1.20")


def bind(host: str, port: int) -> socket.socket:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise ServeError(f"cannot listen on {host}:{port} ({exc.strerror or exc}); pick another with --port N "
                         "(--port 0: any free one)") from None
    sock.listen(128)
    sock.set_inheritable(True)
    return sock


def serve(data_dir: Path, name: str | None, lan: bool, port: int, allow_plays: bool,
          stop_after: float | None = None, as_json: bool = False, host: str | None = None) -> None:
    """`host`: the address to print and put in the QR code (implies `lan`); else with `lan` the
    likeliest of lan_addresses()."""
    from companion.serve.live import Live
    from trackers import keys

    if host is not None:
        host, lan = checked_host(host), True
    live = Live(data_dir, name, allow_plays)  # an unknown session: one line, exit 2, nothing bound
    try:
        sock = bind("0.0.0.0" if lan else "127.0.0.1", port)
        key = keys.key(data_dir, create=True)
        if key is None:
            sock.close()
            raise ServeError(f"cannot keep the private links' key in {data_dir} (not writable); "
                             "use --data-dir for a writable place")
    except BaseException:
        live.close()
        raise
    port = sock.getsockname()[1]
    found = ([host] if host else lan_addresses()) if lan else []
    base = f"http://{url_host(found[0]) if found else '127.0.0.1'}:{port}/"
    others = [f"http://{url_host(a)}:{port}/" for a in found[1:]]
    host_link = f"{base}h/{host_token(key, live.session)}" if allow_plays else None
    private = [(p, f"{base}p/{token(key, live.session, p)}") for p in live.session.players]
    (started_json if as_json else started_text)(live, base, private, lan, allow_plays, host_link, others,
                                                lan and not found)
    sys.stdout.flush()
    run_uvicorn(live, key, sock, stop_after, set(found))  # the printed addresses: the only Hosts answered
    if as_json:
        print(json.dumps({"stopped": live.session.name}))
    else:
        print(f"Stopped serving {live.session.name}.")


NO_LAN = ("No network address found for the phones (is this machine on the Wi-Fi?); if they reach it by "
          "one, start again with --host ADDRESS")


def started_text(live, base: str, private: list[tuple[str, str]], lan: bool, allow_plays: bool,
                 host: str | None = None, others: list[str] = (), none_found: bool = False) -> None:
    s = live.session
    print(f"Serving {s.name} ({s.game}: {', '.join(s.players)}) at {base}  (Ctrl-C stops)")
    if none_found:
        print(NO_LAN)
    if others:
        print(f"If phones cannot open it, this machine's other addresses: {'  '.join(others)}")
    if lan and not none_found:
        from companion.bgstats_cmd import qr_text

        code = qr_text(base, smallest=False)
        try:
            code.encode(sys.stdout.encoding or "ascii")
            print("Phones on this network open it from this code:")
            print(code, end="")
        except UnicodeEncodeError:
            print("(this terminal cannot draw the QR code: type the address above on the phones)")
    print("Private links, each showing only that player's own hand (give each to its player alone):")
    for player, url in private:
        print(f"  {player}: {url}")
    if host:
        print(f"Host link (undo, redo, overrule a refused play; keep it to yourself): {host}")
    print("Plays from the private pages: " + ("on (--allow-plays)" if allow_plays else
                                               "off (start with --allow-plays to let players play from them)"))


def started_json(live, base: str, private: list[tuple[str, str]], lan: bool, allow_plays: bool,
                 host: str | None = None, others: list[str] = (), none_found: bool = False) -> None:
    """One line: {"session", "game", "players", "url", "links": {player: url}, "lan", "allow_plays", "host",
    "other_urls": [the other LAN addresses' URLs], "note": why no LAN address is printed, or null}."""
    s = live.session
    print(json.dumps({"session": s.name, "game": s.game, "players": s.players, "url": base,
                      "links": dict(private), "lan": lan, "allow_plays": allow_plays, "host": host,
                      "other_urls": list(others), "note": NO_LAN if none_found else None}, ensure_ascii=False))


#: seconds a request's header may take to arrive whole (a phone sends it in one piece)
HEADER_SECONDS = 5.0
#: requests one address may have begun without finishing their header (the oldest is closed past it)
UNFINISHED_PER_ADDRESS = 8


def header_deadlines():
    """uvicorn's h11 protocol (given by Config(http=...)) with a deadline on each request's header:
    a connection whose request has not come whole within HEADER_SECONDS is closed, and one address
    keeps at most UNFINISHED_PER_ADDRESS of them (the oldest closed first), so connections that
    never finish their header cannot fill the server's connection limit for everyone else."""
    import asyncio

    import h11
    from uvicorn.protocols.http.h11_impl import H11Protocol

    waiting: dict[str, dict] = {}  # address -> its connections waiting for a header, oldest first

    class HeaderDeadline(H11Protocol):
        _timer: asyncio.TimerHandle | None = None
        _address = "?"

        def connection_made(self, transport) -> None:
            super().connection_made(transport)
            self._address = str((transport.get_extra_info("peername") or ("?",))[0])
            self._wait()

        def data_received(self, data: bytes) -> None:
            super().data_received(data)
            if self.conn.their_state is h11.IDLE and not self.transport.is_closing():
                self._wait()  # a header begun (after a finished request: the next one's)
            else:
                self._done()

        def connection_lost(self, exc) -> None:
            self._done()
            super().connection_lost(exc)

        def _wait(self) -> None:
            if self._timer is not None:
                return
            self._timer = asyncio.get_running_loop().call_later(HEADER_SECONDS, self._late)
            mine = waiting.setdefault(self._address, {})
            mine[self] = None
            while len(mine) > UNFINISHED_PER_ADDRESS:
                next(iter(mine))._late()

        def _done(self) -> None:
            if self._timer is None:
                return
            self._timer.cancel()
            self._timer = None
            mine = waiting.get(self._address, {})
            mine.pop(self, None)
            if not mine:
                waiting.pop(self._address, None)

        def _late(self) -> None:
            self._done()
            self.transport.close()

    return HeaderDeadline


def run_uvicorn(live, key: bytes, sock: socket.socket, stop_after: float | None = None,
                hosts: set[str] | None = None) -> None:
    import threading

    import uvicorn

    from companion.serve.app import create_app
    from companion.serve.guard import Limits

    app = create_app(live, key, cache_dir=paths.cache_dir(), sources_dir=paths.sources_dir(), hosts=hosts)
    # no access log: a private link's token is in its path, and a log is no place for it
    config = uvicorn.Config(app, http=header_deadlines(), log_level="warning", access_log=False, server_header=False,
                            timeout_keep_alive=5, limit_concurrency=300, timeout_graceful_shutdown=2,
                            h11_max_incomplete_event_size=Limits.headers)
    server = uvicorn.Server(config)
    timer = None
    if stop_after is not None:
        timer = threading.Timer(stop_after, lambda: setattr(server, "should_exit", True))
        timer.daemon = True
        timer.start()
    try:
        server.run(sockets=[sock])
    except KeyboardInterrupt:  # uvicorn stops on Ctrl-C, then raises it again: the host meant to stop
        pass
    finally:
        if timer is not None:
            timer.cancel()
        sock.close()
        live.close()
