"""The page's own files as the server sends them: index.html with the page's version stamped in (the
companion's version and a digest of the files, so any change to the page is a new version), the script
and the style; each kept gzipped in memory, with an ETag, so a reload asks "still this?" and gets
`304 Not Modified` instead of the file again."""
from __future__ import annotations

import gzip
import hashlib
from functools import lru_cache
from pathlib import Path

STATIC = Path(__file__).resolve().parent / "static"
MEDIA = {"index.html": "text/html; charset=utf-8", "app.js": "text/javascript; charset=utf-8",
         "app.css": "text/css; charset=utf-8"}


@lru_cache(maxsize=1)
def files() -> dict[str, tuple[bytes, bytes, str]]:
    """name -> (body, gzipped body, ETag)."""
    raw = {name: (STATIC / name).read_bytes() for name in MEDIA}
    raw["index.html"] = games_meta(raw["index.html"].replace(b"{{version}}", page_version().encode()))
    return {name: (body, gzip.compress(body, 9, mtime=0), f'"{hashlib.sha256(body).hexdigest()[:20]}"')
            for name, body in raw.items()}


def games_meta(page: bytes) -> bytes:
    """The page with the games' ids as data (a `games` meta tag): the script links their rule ids, so
    no list of the games is written in the page (rulesdb/games.py lists them)."""
    from rulesdb.games import game_ids

    return page.replace(b"<head>", f'<head>\n<meta name="games" content="{" ".join(game_ids())}">'.encode(), 1)


@lru_cache(maxsize=1)
def page_version() -> str:
    """The companion's version and the page's digest: a page loaded from other files reloads itself."""
    from companion import __version__

    digest = hashlib.sha256(b"".join((STATIC / name).read_bytes() for name in sorted(MEDIA))).hexdigest()[:10]
    return f"{__version__}+{digest}"


def send(name: str, headers) -> tuple[int, bytes, dict[str, str]]:
    """(status, body, headers) for one of the page's files asked with these request headers: 304 when
    the browser's copy (If-None-Match) is this one, gzipped when the browser takes it."""
    body, packed, etag = files()[name]
    out = {"etag": etag, "cache-control": "no-cache", "vary": "accept-encoding", "content-type": MEDIA[name]}
    if etag in {t.strip().removeprefix("W/") for t in (headers.get("if-none-match") or "").split(",")}:
        return 304, b"", out
    if "gzip" in (headers.get("accept-encoding") or "").lower():
        return 200, packed, {**out, "content-encoding": "gzip"}
    return 200, body, out
