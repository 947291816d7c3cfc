"""The served pages and their API, a Starlette app over one Live session (live.py); the routes are
listed in docs/serve.md (For scripts). An unknown token is 404, as an unknown page is.
"""
from __future__ import annotations

import asyncio
import json
import re
import sys
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager, suppress
from pathlib import Path

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Route

from companion.serve import tokens
from companion.serve.guard import Guard, Limits

POLL = 0.1  # seconds between looks at the sessions file
KEEP_ALIVE = 15.0  # seconds: a quiet stream sends an `alive` event (a page that hears none for a while reopens)
MAX_TEXT = 300  # characters of a query, a play or a change
_EVENT_ID = re.compile(r"\d{1,12}")
#: the page a link that is not this served session's gets (nothing of the session in it)
NOT_THIS_TABLE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Not this table's link · companion</title><link rel="stylesheet" href="/static/app.css"></head>
<body><main><h1>This link is not one of this table's pages</h1>
<p>It may be a link of another session or an earlier game, or mistyped. Ask the host for your link
(each player's is printed where the table is served), or open <a href="/">the table's page</a>.</p>
</main></body></html>
"""


class Changed:
    """Wakes every open stream when the poller finds the log moved on."""

    def __init__(self):
        self.version = 0
        self.event = asyncio.Event()

    def notify(self) -> None:
        self.version += 1
        self.event.set()
        self.event = asyncio.Event()

    async def wait(self, seen: int, timeout: float) -> None:
        if self.version != seen:
            return
        with suppress(asyncio.TimeoutError):
            await asyncio.wait_for(self.event.wait(), timeout)


def create_app(live, key: bytes, limits: Limits | None = None, stream_seconds: float = 900.0,
               cache_dir: Path | None = None, sources_dir: Path | None = None, hosts: set[str] | None = None):
    """The app for one served session. `stream_seconds`: an event stream ends after this long and the
    browser reconnects with its last event id (long-lived connections are recycled, nothing is missed).
    `hosts`: the names its links were printed with (`--host NAME`), answered beside this machine's
    name, localhost and the address a request came in on; any other `Host` is refused (guard.py)."""
    from rulesdb.lookup import lookup

    from companion.serve.unhosted import Unhosted

    rules_pool = ThreadPoolExecutor(1, thread_name_prefix="companion-rules")
    unhosted = Unhosted(live.data_dir, cache_dir, sources_dir)  # a page is told no path of the host's
    changed: Changed | None = None

    def who(request: Request) -> str | None:
        """The player of the path's token; 404 (HTTPException) for an unknown one."""
        player = tokens.player_for(key, live.session, request.path_params["token"])
        if player is None:
            raise HTTPException(404, "no such page")
        return player

    def host(request: Request) -> None:
        """404 (HTTPException) unless the path's token is the host's."""
        if not tokens.is_host(key, live.session, request.path_params["host"]):
            raise HTTPException(404, "no such page")

    def viewer(request: Request) -> str | None:
        """Whose page asks: the token's player, or None for the public or the host's page; 404
        (HTTPException) for an unknown token."""
        if "host" in request.path_params:
            host(request)
        return who(request) if "token" in request.path_params else None

    async def page(request: Request):
        try:
            viewer(request)
        except HTTPException:  # an old session's link, or a mistyped one: said in words, not as JSON
            return HTMLResponse(NOT_THIS_TABLE, 404)
        return asset(request, "index.html")

    def asset(request: Request, name: str | None = None):
        """The page's files: compressed, with an ETag (assets.py)."""
        from companion.serve import assets

        name = name or request.path_params["name"]
        if name not in assets.MEDIA or name == "index.html" and "name" in request.path_params:
            raise HTTPException(404, "no such file")
        status, body, headers = assets.send(name, request.headers)
        return Response(body, status_code=status, headers=headers)

    async def table(request: Request):
        return JSONResponse(await live.call(live.table, viewer(request)))

    async def plays(request: Request):
        return JSONResponse(await live.call(live.plays, who(request)))

    async def stream(request: Request):
        from sse_starlette import EventSourceResponse, ServerSentEvent

        looking = viewer(request)
        # the browser's Last-Event-ID on a reconnect; `?last=` from a page that opened a new stream itself
        said = (request.headers.get("last-event-id") or request.query_params.get("last", "")).strip()
        last = int(said) if _EVENT_ID.fullmatch(said) else None
        loop = asyncio.get_running_loop()
        ends = loop.time() + stream_seconds

        async def events():
            nonlocal last
            epoch = live.epoch if last is not None else None
            while loop.time() < ends:
                seen = changed.version
                # look at the file first: a change another process just made is not missed or misread
                grew, found, epoch = await live.call(lambda: (live.refresh(), live.messages(looking, last, epoch),
                                                              live.epoch))
                if grew:
                    changed.notify()  # the other open streams learn of it now, not at the next poll
                for m in found:
                    last = m["seq"]
                    yield ServerSentEvent(data=json.dumps(m, ensure_ascii=False), id=str(m["seq"]), event=m["type"],
                                          retry=1000)
                await changed.wait(seen, max(0.0, min(KEEP_ALIVE, ends - loop.time())))
                if changed.version == seen and loop.time() < ends:  # a quiet while: an event the page can see
                    yield ServerSentEvent(data="{}", event="alive")

        return EventSourceResponse(events(), ping=15, send_timeout=10, headers={"cache-control": "no-store"})

    async def rules_answer(status: int, fn, *args):
        """What a rules function answers, run on the rules thread; a RulesError of bad input (a bad
        query or game, an unknown id naming the nearest) is the asker's: one line with `status`."""
        from rulesdb.errors import RulesError

        try:
            return JSONResponse(await asyncio.wrap_future(rules_pool.submit(fn, *args)))
        except RulesError as exc:
            if not exc.bad_input:
                raise
            return JSONResponse({"error": unhosted.line(str(exc))}, status)

    def _search(query: str, game: str | None):
        from rulesdb.games import resolve_game
        from rulesdb.search import search

        return search(query, cache_dir, sources_dir, game=resolve_game(game), limit=8).as_json()

    async def rules_search(request: Request):
        query = request.query_params.get("q", "").strip()
        game = request.query_params.get("game") or live.session.game
        if not query or len(query) > MAX_TEXT:
            return JSONResponse({"error": f"ask in 1 to {MAX_TEXT} characters"}, 400)
        return await rules_answer(400, _search, query, game)

    async def rules_show(request: Request):
        rule_id = request.path_params["rule_id"].strip()
        if len(rule_id) > MAX_TEXT:
            return JSONResponse({"error": "no such rule"}, 404)
        return await rules_answer(404, lookup, rule_id, sources_dir)

    async def body_doc(request: Request, bad: str = "send the body as one JSON object") -> dict:
        """The body as a JSON object (read once per request), or the 400 `bad` when it is not one:
        text that is not JSON, not an object, or nested past what is parsed (one line, no traceback)."""
        if "doc" not in request.scope.setdefault("state", {}):
            try:
                doc = json.loads(await request.body())
            except (ValueError, UnicodeDecodeError, RecursionError):
                doc = None
            request.scope["state"]["doc"] = doc
        doc = request.scope["state"]["doc"]
        if not isinstance(doc, dict):
            raise HTTPException(400, bad)  # answered by not_found: one line
        return doc

    async def body_text(request: Request, field: str) -> str:
        text = (await body_doc(request)).get(field)
        if not isinstance(text, str) or not text.strip() or len(text) > MAX_TEXT:
            raise HTTPException(400, f'send {{"{field}": "..."}}, 1 to {MAX_TEXT} characters')
        return text

    async def seen_field(request: Request) -> int | None:
        """The body's "seen": the last event the page showed (its seq), so a play or change sent on a
        table that has moved on since is refused (409) instead of recorded; absent: not checked."""
        seen = (await body_doc(request)).get("seen")
        if seen is None or (isinstance(seen, int) and not isinstance(seen, bool) and 0 <= seen < 2**53):
            return seen
        raise HTTPException(400, 'send "seen" as the number of the last event the page showed')

    async def after_write(status: int, doc: dict) -> JSONResponse:
        if await live.call(live.refresh):  # the pages hear it now, not at the next poll
            changed.notify()
        return JSONResponse(unhosted.doc(doc), status)

    async def play(request: Request):
        player = who(request)
        text, seen = await body_text(request, "move"), await seen_field(request)
        return await after_write(*await live.call(live.play, player, text, seen))

    async def change(request: Request):
        import shlex

        player = who(request)
        text = await body_text(request, "change")
        try:
            words = shlex.split(text)
        except ValueError as exc:
            return JSONResponse({"error": f"the change does not read: {exc}"}, 400)
        seen = await seen_field(request)
        return await after_write(*await live.call(live.change, player, words, seen))

    async def host_undo(request: Request):
        host(request)
        await body_doc(request, 'send {"seen": N} (or {})')
        seen = await seen_field(request)
        return await after_write(*await live.call(live.undo, request.url.path.endswith("/redo"), seen))

    async def host_overrule(request: Request):
        host(request)
        text, seen = await body_text(request, "move"), await seen_field(request)
        by = (await body_doc(request)).get("by")
        if by is not None and by not in live.session.players:
            return JSONResponse({"error": f"by: one of {', '.join(live.session.players)}"}, 400)
        return await after_write(*await live.call(live.overrule, by, text, seen))

    async def poll() -> None:
        while True:
            try:
                if await live.call(live.refresh):
                    changed.notify()
            # the one outermost guard: this loop is what wakes every stream, so whatever one look raises (a
            # damaged or vanished file, a disk gone) is said on stderr and the loop looks again; if it
            # ended, every page would stop hearing changes while the server still answered
            except Exception as exc:  # noqa: BLE001
                print(f"companion serve: {type(exc).__name__}: {exc}", file=sys.stderr)
                await asyncio.sleep(2)
            await asyncio.sleep(POLL)

    @asynccontextmanager
    async def lifespan(app):
        nonlocal changed
        changed = Changed()
        rules_pool.submit(_warm)
        task = asyncio.create_task(poll())
        try:
            yield
        finally:
            task.cancel()
            rules_pool.shutdown(wait=False, cancel_futures=True)

    def _warm() -> None:
        """Build the rules index (when the cache has none) before the first question. Run as a future
        nobody reads: whatever it raises stays there, and the first real search says what is wrong."""
        _search("turn", live.session.game)

    routes = [
        Route("/", page), Route("/p/{token}", page), Route("/rules", page), Route("/rules/{rule_id:path}", page),
        Route("/p/{token}/rules", page), Route("/p/{token}/rules/{rule_id:path}", page),
        Route("/static/{name}", asset),
        Route("/api/table", table), Route("/api/p/{token}/table", table),
        Route("/api/p/{token}/moves", plays),
        Route("/api/stream", stream), Route("/api/p/{token}/stream", stream),
        Route("/api/rules/search", rules_search), Route("/api/rules/show/{rule_id:path}", rules_show),
    ]
    if live.allow_plays:  # without the flag no write endpoint exists at all
        routes += [Route("/h/{host}", page), Route("/h/{host}/rules", page), Route("/h/{host}/rules/{rule_id:path}", page),
                   Route("/api/h/{host}/table", table), Route("/api/h/{host}/stream", stream),
                   Route("/api/h/{host}/undo", host_undo, methods=["POST"]),
                   Route("/api/h/{host}/redo", host_undo, methods=["POST"]),
                   Route("/api/h/{host}/overrule", host_overrule, methods=["POST"]),
                   Route("/api/p/{token}/play", play, methods=["POST"]),
                   Route("/api/p/{token}/change", change, methods=["POST"])]

    async def not_found(request: Request, exc):
        status = getattr(exc, "status_code", 404)
        if status == 404 and not request.url.path.startswith("/api/") and "text/html" in request.headers.get("accept", ""):
            return HTMLResponse(NOT_THIS_TABLE, 404)  # a browser's unknown path: said in words, as a stale link is
        return JSONResponse({"error": getattr(exc, "detail", "not found")}, status)

    async def not_kept(request: Request, exc):
        """A write the sessions file could not take (a full disk, a failing one, writers holding it
        past the wait): the page shows the line, nothing was recorded, the server serves on."""
        return JSONResponse({"error": unhosted.line(str(exc)), "recorded": False}, 400 if exc.bad_input else 503)

    from trackers.errors import TrackerError

    app = Starlette(routes=routes, lifespan=lifespan,
                    exception_handlers={400: not_found, 404: not_found, 405: not_found, TrackerError: not_kept})
    import socket

    return Guard(app, limits, {socket.gethostname(), *(hosts or ())})
