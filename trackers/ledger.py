"""The ledger: every event carries a checksum chained to the one before it.

The chain starts from the session's identity (game, players, options, creation time) and each
link hashes the previous link with the event's fields, so a changed byte anywhere in the log,
a missing, reordered or added event, or edited players all break it. The session row keeps the
last link and the number of events, so a log cut short breaks it too. Replay verifies the chain
and reports the first bad event; it never applies a damaged log silently.
"""
from __future__ import annotations

import hashlib
import json
import json.encoder
from functools import lru_cache
from typing import Iterable


def _digest(*parts: str) -> str:
    return hashlib.sha256("\x1f".join(parts).encode("utf-8")).hexdigest()


_BODY = json.JSONEncoder(ensure_ascii=False, sort_keys=True, separators=(",", ":")).encode
_STR = json.encoder.encode_basestring  # a string as _BODY writes it (ensure_ascii=False)


def genesis(game: str, players: list, options: dict, created: str) -> str:
    """The link before the first event: the session's identity."""
    return _digest("companion-ledger-1", json.dumps([game, players, options, created], ensure_ascii=False,
                                                    sort_keys=True, separators=(",", ":")))


def link(prev: str, seq: int, at: str, kind: str, verb: str, args: Iterable[str], count: int,
         overruled: bool, violations: list) -> str:
    """The checksum of one event, chained to `prev`."""
    return _digest(prev, _BODY([seq, at, kind, verb, list(args), count, bool(overruled), violations]))


@lru_cache(maxsize=4096)
def _args_text(args: tuple) -> str:
    """An event's args as a link body writes them (made once each: a log repeats its changes)."""
    return _BODY(list(args))


def entry_link(prev: str, entry) -> str:
    """link() of an Entry. The body is put together as text, byte for byte what link() encodes,
    with each distinct args' text made once (the chain check of a long log: `track export`)."""
    seq, at, kind, verb, args, count = entry.seq, entry.at, entry.kind, entry.verb, entry.args, entry.count
    if not (type(seq) is int and type(count) is int and type(args) is tuple and type(at) is str
            and type(kind) is str and type(verb) is str):
        return link(prev, seq, at, kind, verb, args, count, entry.overruled, entry.violations)
    words = _args_text(args)
    violations = "[]" if type(entry.violations) is list and not entry.violations else _BODY(entry.violations)
    return _digest(prev, f"[{seq},{_STR(at)},{_STR(kind)},{_STR(verb)},{words},{count},"
                         f"{'true' if entry.overruled else 'false'},{violations}]")


def first_bad(start: str, entries: Iterable, head: str, length: int, after: int = 0) -> int | None:
    """The seq of the first event whose checksum does not match (or that is missing), else None.

    `entries` (None for a row that does not read) follow event number `after`, whose link is
    `start`; the session row says the log has `length` events ending in the link `head`."""
    prev, last = start, after
    for n, entry in enumerate(entries, start=after + 1):
        if entry is None or entry.seq != n or entry_link(prev, entry) != entry.digest:
            return n
        prev, last = entry.digest, n
    if last != length:
        return min(last, length) + 1
    return max(1, last) if prev != head else None


def first_bad_row(start: str, rows: Iterable[tuple], head: str, length: int) -> int | None:
    """first_bad() over raw events rows (seq, at, kind, verb, args JSON, count, overruled,
    violations JSON, digest), without building entries: the whole-ledger check of every session
    when the file changed behind our back (trackers/store.py). Each row's link body is put together
    as text, byte for byte what link() encodes, with the canonical form of each distinct args and
    violations text parsed once (a log repeats them), so a row costs about one hash."""
    prev, last, canon = start, 0, {}
    for n, (seq, at, kind, verb, args, count, overruled, violations, digest) in enumerate(rows, start=1):
        if not (type(seq) is int and type(count) is int and type(digest) is str
                and all(type(t) is str for t in (at, kind, verb, args, violations))):
            return n  # a field stored as another type (a blob where text was): as replay reads it
        try:
            a = canon.get(args) or canon.setdefault(args, _BODY(_listed(args, str)))
            v = canon.get(violations) or canon.setdefault(violations, _BODY(_listed(violations, None)))
        except (TypeError, ValueError):
            return n
        if len(canon) > 4096:
            canon.clear()
        body = (f"[{seq},{_STR(at)},{_STR(kind)},{_STR(verb)},{a},{count},"
                f"{'true' if overruled else 'false'},{v}]")
        if seq != n or _digest(prev, body) != digest:
            return n
        prev, last = digest, n
    if last != length:
        return min(last, length) + 1
    return max(1, last) if prev != head else None


def _listed(text: str, item) -> list:
    """A stored JSON list (of `item`s when given), ValueError otherwise (what replay refuses too)."""
    value = json.loads(text)
    if not isinstance(value, list) or (item is not None and not all(isinstance(x, item) for x in value)):
        raise ValueError("not a list")
    return value


def row_bad(prev: str, entry, following=None) -> bool:
    """Whether one stored event does not verify on its own: its link from the stored link before
    it (`prev`), and the next event's link from its own (a row rewritten with a fresh checksum
    breaks the next one). What a replay reads from under a snapshot is checked this way."""
    if entry_link(prev, entry) != entry.digest:
        return True
    return following is not None and entry_link(entry.digest, following) != following.digest
