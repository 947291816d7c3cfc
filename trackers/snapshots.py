"""Snapshots of a session's replayed state, anchored on the ledger, so opening a session costs
O(EVERY) events, not O(log length): what a row keeps, the checks it must pass and what happens when
one fails are in docs/architecture.md "Storage".
"""
from __future__ import annotations

import hashlib
import hmac
import itertools
import json
import sys
from pathlib import Path
from typing import Callable, Iterator

from trackers import ledger
from trackers.errors import DamagedLog
from trackers.log import Known, Replay, ReplayError, Stack, fold, moved, replay

EVERY = 32  # events between snapshots: fewer than this are replayed on top of one (a play costs ~0.5 ms)
KEEP = 8  # snapshots kept per session (older ones serve an undo below the newest)
FORMAT = 2  # bump when a row's meaning changes (2: signed with the installation key, the session's
# identity in the signature, the state's key order kept as the replay made it)

Write = Callable[[list[tuple[str, tuple]]], None]  # runs statements now, or after the read

_CODE: dict[str, str] = {}


def code_key(tracker) -> str:
    """A digest of the source that turns a log into a state for this game."""
    game = tracker.game
    if game not in _CODE:
        here = Path(__file__).resolve().parent
        package = Path(sys.modules[tracker.State.__module__].__file__).resolve().parent
        engine_dir = Path(sys.modules["engine.tracking"].__file__).resolve().parent
        files = sorted(engine_dir.glob("*.py")) + [here / "log.py", here / "snapshots.py"]
        if package != engine_dir:
            files += sorted(package.glob("*.py")) + sorted(package.glob("*.toml"))
        # states load without pydantic (engine/record.py, inside the engine/ digest), so whether a
        # process happens to have pydantic loaded must not change the key
        h = hashlib.sha256(f"{FORMAT}:{game}".encode())
        for f in files:
            h.update(f.name.encode() + b"\0" + f.read_bytes() + b"\0")
        _CODE[game] = h.hexdigest()
    return _CODE[game]


def _check(key: bytes, code: str, origin: str, seq: int, link: str, state: str, applied: str, redo: str) -> str:
    """The row's signature: HMAC-SHA256 with the installation key (trackers/keys.py) over the row
    and `origin`, the session's identity (its ledger genesis: game, players, options, creation)."""
    text = "\x1e".join((code, origin, str(seq), link, state, applied, redo))
    return hmac.new(key, text.encode("utf-8"), hashlib.sha256).hexdigest()


def _discard(write: Write, session_id: int, seq: int) -> None:
    write([("DELETE FROM snapshots WHERE session_id = ? AND seq = ?", (session_id, seq))])


def _rows(con, tracker, session, length: int, write: Write, key: bytes | None) -> Iterator[Known]:
    """The session's snapshots up to seq `length`, newest first, each passing its row check and
    loading; a bad one is deleted and skipped, one from other code skipped (all of them when
    there is no key to check them with)."""
    if key is None:
        return
    code = code_key(tracker)
    origin = ledger.genesis(session.game, session.players, session.options, session.created)
    rows = con.execute("SELECT seq, link, code, state, applied, redo, check_digest FROM snapshots"
                       " WHERE session_id = ? ORDER BY seq DESC", (session.id,)).fetchall()
    for seq, link, row_code, state, applied, redo, check in rows:
        if row_code != code:
            continue
        try:
            if seq > length or not hmac.compare_digest(
                    check, _check(key, row_code, origin, seq, link, state, applied, redo)):
                raise ValueError("snapshot row")
            done = Replay(tracker.load(json.loads(state)), Stack(json.loads(applied)), Stack(json.loads(redo)), seq)
        except Exception:  # noqa: BLE001 - whatever is wrong with it, it is not used
            _discard(write, session.id, seq)
            continue
        yield Known(seq, link, done)


def load(con, tracker, session, head: str, length: int, memo: Known | None, fetch, lookup,
         write: Write, key: bytes | None) -> tuple[Replay, int] | None:
    """(the session's Replay, the seq it was folded from) from the replay this process kept (`memo`)
    or the newest snapshot that passes the checks, plus the events after it; None when none does
    (replay the whole log). fetch(after) -> (entries, seq of an unreadable one or None);
    lookup(seqs) -> {seq: Entry}, each checked against the ledger (DamagedLog when one fails)."""
    bases: Iterator[Known] = _rows(con, tracker, session, length, write, key)
    if memo is not None and memo.length <= length:
        bases = itertools.chain([memo], bases)
    for base in bases:
        is_row = base is not memo
        if not _anchored(con, session, base):
            if is_row:
                _discard(write, session.id, base.length)
            continue
        tail, unreadable = fetch(base.length)
        if unreadable is not None or ledger.first_bad(base.head, tail, head, length, base.length) is not None:
            if is_row:
                _discard(write, session.id, base.length)
            return None  # the log after it is damaged: the full replay names the event
        try:
            done = fold(tracker, session, base.done, tail, lookup)
        except DamagedLog:
            raise  # a damaged event under the snapshot, read by a redo: reported, never replayed
        except Exception:  # noqa: BLE001 - a state that does not take its events: not used
            if is_row:
                _discard(write, session.id, base.length)
            continue
        if done is not None:
            return done, base.length
    return None


def _anchored(con, session, base: Known) -> bool:
    """Whether the replay `base` ends in the link stored on its last event (the genesis for none)."""
    if base.length:
        row = con.execute("SELECT digest FROM events WHERE session_id = ? AND seq = ?",
                          (session.id, base.length)).fetchone()
        return row is not None and row[0] == base.head
    return base.head == ledger.genesis(session.game, session.players, session.options, session.created)


def before(con, tracker, session, head: str, length: int, upto: int, fetch, write: Write,
           key: bytes | None) -> tuple[Replay, list] | None:
    """For telling the log from event upto+1 on (`track log`'s window): the newest snapshot at or
    before `upto` that passes the checks, and the events after it, re-hashed from its link to the
    head; one under which an undo among those events reaches is passed over (its stack holds only
    seqs, and telling such an undo needs the state before the change). None when none serves or
    the events after it are damaged (the whole log's check names the event)."""
    for base in _rows(con, tracker, session, length, write, key):
        if base.length > upto:
            continue
        if not _anchored(con, session, base):
            _discard(write, session.id, base.length)
            continue
        tail, unreadable = fetch(base.length)
        if unreadable is not None or ledger.first_bad(base.head, tail, head, length, base.length) is not None:
            return None
        if moved(base.done, tail)[2] >= len(base.done.applied):
            return base.done, tail
    return None


def replayed(con, tracker, session, entries: list, length: int, write: Write, key: bytes | None) -> Replay:
    """The replay of `entries`, the verified log or its verified first events (`track export`),
    folded from the newest snapshot among them that passes the checks (code digest, signature,
    its link equal to the digest of its event), or from the start. A snapshot's state is what this
    same code made of the events under it, so the events under it replay as they did then; a tail
    that does not replay from it is replayed whole again, so ReplayError names the same event as
    a whole replay. `length` is the session's (a snapshot past `entries` is passed over, kept)."""
    by_seq = lambda seqs: {s: entries[s - 1] for s in seqs}  # noqa: E731 - redone changes under the snapshot
    for base in _rows(con, tracker, session, length, write, key):
        if not 0 < base.length <= len(entries) or entries[base.length - 1].digest != base.head:
            continue
        try:
            done = fold(tracker, session, base.done, entries[base.length:], by_seq)
        except ReplayError:
            break
        if done is not None:
            return done
    return replay(tracker, session, entries)


def due(con, session_id: int, seq: int) -> bool:
    """Whether the log at `seq` is EVERY events past the session's newest snapshot."""
    newest = con.execute("SELECT max(seq) FROM snapshots WHERE session_id = ?", (session_id,)).fetchone()[0] or 0
    return seq - newest >= EVERY


def save(tracker, session, done: Replay, link: str, write: Write, key: bytes | None) -> None:
    """Write a snapshot of `done` (the log up to its seq, ending in `link`), signed with `key`
    (none without a key); keep the newest KEEP. The state keeps the key order the replay made
    (a loaded state shows its table in the same order as a replayed one)."""
    if key is None:
        return
    code = code_key(tracker)
    origin = ledger.genesis(session.game, session.players, session.options, session.created)
    state = json.dumps(done.state.model_dump(mode="json"), separators=(",", ":"), ensure_ascii=False)
    applied = json.dumps(done.applied.runs, separators=(",", ":"))
    redo = json.dumps(done.redo.runs, separators=(",", ":"))
    row = (session.id, done.seq, link, code, state, applied, redo, _check(key, code, origin, done.seq, link, state, applied, redo))
    write([
        ("INSERT OR REPLACE INTO snapshots (session_id, seq, link, code, state, applied, redo, check_digest)"
         " VALUES (?, ?, ?, ?, ?, ?, ?, ?)", row),
        ("DELETE FROM snapshots WHERE session_id = ? AND seq NOT IN (SELECT seq FROM snapshots"
         " WHERE session_id = ? ORDER BY seq DESC LIMIT ?)", (session.id, session.id, KEEP)),
    ])
