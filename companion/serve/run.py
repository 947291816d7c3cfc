"""`companion serve`'s body: open the session, bind the port, print the links (and with --lan a QR
code), then run uvicorn until Ctrl-C. Bad input (an unknown session, a port in use) is refused
before anything is written or bound."""
from __future__ import annotations

import json
import socket
import sys
from pathlib import Path

from trackers.errors import TrackerError


class ServeError(TrackerError):
    """A port that cannot be had, a data folder that cannot keep the links' key (exit 2)."""


def lan_address() -> str | None:
    """This machine's address on the local network, as the host name resolves (no packet is sent)."""
    try:
        found = socket.gethostbyname_ex(socket.gethostname())[2]
    except OSError:
        return None
    return next((a for a in found if not a.startswith("127.")), None)


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


def qr_text(url: str) -> str:
    """The URL as a QR code drawn with block characters (the qrcode package)."""
    import io

    import qrcode

    code = qrcode.QRCode(border=2)
    code.add_data(url)
    out = io.StringIO()
    code.print_ascii(out=out, invert=True)
    return out.getvalue()


def links(base: str, live, key: bytes) -> list[tuple[str, str]]:
    from companion.serve.tokens import token

    return [(p, f"{base}p/{token(key, live.session, p)}") for p in live.session.players]


def serve(data_dir: Path, name: str | None, lan: bool, port: int, allow_plays: bool,
          stop_after: float | None = None, as_json: bool = False) -> None:
    from companion.serve.live import Live
    from trackers import keys

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
    host = (lan_address() or socket.gethostname()) if lan else "127.0.0.1"
    base = f"http://{host}:{port}/"
    from companion.serve.tokens import host_token

    host_link = f"{base}h/{host_token(key, live.session)}" if allow_plays else None
    (started_json if as_json else started_text)(live, base, links(base, live, key), lan, allow_plays, host_link)
    sys.stdout.flush()
    run_uvicorn(live, key, sock, stop_after)
    if as_json:
        print(json.dumps({"stopped": live.session.name}))
    else:
        print(f"Stopped serving {live.session.name}.")


def started_text(live, base: str, private: list[tuple[str, str]], lan: bool, allow_plays: bool,
                 host: str | None = None) -> None:
    s = live.session
    print(f"Serving {s.name} ({s.game}: {', '.join(s.players)}) at {base}  (Ctrl-C stops)")
    if lan:
        code = qr_text(base)
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
                 host: str | None = None) -> None:
    """One line: {"session", "game", "players", "url", "links": {player: url}, "lan", "allow_plays", "host"}."""
    s = live.session
    print(json.dumps({"session": s.name, "game": s.game, "players": s.players, "url": base,
                      "links": dict(private), "lan": lan, "allow_plays": allow_plays, "host": host}, ensure_ascii=False))


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


def run_uvicorn(live, key: bytes, sock: socket.socket, stop_after: float | None = None) -> None:
    import threading

    import uvicorn

    from companion import paths
    from companion.serve.app import create_app
    from companion.serve.guard import Limits

    app = create_app(live, key, cache_dir=paths.cache_dir(), sources_dir=paths.sources_dir())
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
