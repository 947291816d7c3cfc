"""Snapshots of a session's state, so opening a session costs O(N) events, not O(log length).

Every `EVERY` events a row of the `snapshots` table keeps the replayed state (the tracker's
`dump`), the applied and redo stacks (as runs of seq numbers) and digests; it is written in the
same transaction as the event that reaches it. Opening a session reads the newest snapshot and
folds only the events after it.

A snapshot is never trusted blindly. Each row carries:

- `code`: a digest of the source of the game's tracker and of the replay code; a snapshot made by
  other code (a new release that judges some change differently) is ignored;
- `prefix`: a chained digest of the log up to its seq (c_i = sha256(c_{i-1} + event i)), with
  `anchor_seq`/`anchor` the chain value up to N events earlier: opening re-hashes those last
  events and compares, so a rewritten tail under the snapshot is noticed;
- `check`: a digest of the whole row, so a damaged state or stack is noticed.

What is not re-checked at each opening (it would cost O(log length)): the events before the
anchor. The log is append-only and nothing in companion rewrites it; a snapshot is re-anchored
every EVERY events, so each event is re-hashed by the openings of the next EVERY commands.

A snapshot that fails any check, or whose state does not load, is deleted and the state is
replayed from the whole log, then a fresh snapshot is written. Undo can reach below a snapshot's
applied stack; then an older snapshot (the newest `KEEP` are kept) or the whole log is used.
"""
from __future__ import annotations

import hashlib
import itertools
import json
import sqlite3
import sys
from pathlib import Path
from typing import Any, Iterator, NamedTuple

EVERY = 200  # events between snapshots (the most a command replays on top of one)
KEEP = 4  # snapshots kept per session
FORMAT = 1  # bump when the row's meaning changes

EVENT_COLUMNS = "seq, at, kind, verb, args, count, overruled, violations"


class Ref(NamedTuple):
    """An applied or undone change known only by its seq (what a snapshot's stacks hold)."""

    seq: int


class Stack:
    """A stack of seq numbers kept as runs [first, last]: push, pop, len, iterate (as Refs)."""

    __slots__ = ("runs", "size")

    def __init__(self, runs: list[list[int]] | None = None):
        self.runs = [list(r) for r in runs or []]
        self.size = sum(b - a + 1 for a, b in self.runs)

    def push(self, seq: int) -> None:
        if self.runs and self.runs[-1][1] + 1 == seq:
            self.runs[-1][1] = seq
        else:
            self.runs.append([seq, seq])
        self.size += 1

    def pop(self) -> int:
        run = self.runs[-1]
        seq = run[1]
        if run[0] == seq:
            self.runs.pop()
        else:
            run[1] = seq - 1
        self.size -= 1
        return seq

    def seqs(self) -> Iterator[int]:
        for a, b in self.runs:
            yield from range(a, b + 1)

    def __len__(self) -> int:
        return self.size

    def __iter__(self) -> Iterator[Ref]:
        return (Ref(s) for s in self.seqs())

    def __bool__(self) -> bool:
        return self.size > 0


# -- digests ---------------------------------------------------------------------------------

def _event_bytes(row: tuple) -> bytes:
    return "\x1f".join(str(v) for v in row).encode("utf-8")


def genesis(session) -> str:
    """The chain value before the first event: the session's game, players and options."""
    head = json.dumps([session.game, session.players, session.options], sort_keys=True)
    return hashlib.sha256(head.encode("utf-8")).hexdigest()


def chain(value: str, rows) -> str:
    """The chained digest after these raw event rows (in seq order)."""
    for row in rows:
        value = hashlib.sha256(value.encode("ascii") + _event_bytes(row)).hexdigest()
    return value


_CODE: dict[str, str] = {}


def code_key(tracker) -> str:
    """A digest of the source that turns a log into a state for this game (tracker, engine, replay)."""
    game = tracker.game
    if game not in _CODE:
        here = Path(__file__).resolve().parent
        engine_dir = Path(sys.modules["engine.tracking"].__file__).resolve().parent
        module = Path(sys.modules[type(tracker).__module__].__file__).resolve()
        files = sorted(module.parent.glob("*.py")) if module.parent != engine_dir else [module]
        files += [engine_dir / "base.py", engine_dir / "tracking.py", here / "sessions.py", here / "snapshots.py"]
        h = hashlib.sha256(f"{FORMAT}:{game}".encode())
        for f in files:
            h.update(f.name.encode() + b"\0" + f.read_bytes())
        _CODE[game] = h.hexdigest()
    return _CODE[game]


def _row_check(code: str, seq: int, anchor_seq: int, anchor: str, prefix: str, state: str, applied: str,
               redo: str) -> str:
    text = "\x1e".join((code, str(seq), str(anchor_seq), anchor, prefix, state, applied, redo))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


# -- reading ---------------------------------------------------------------------------------

def _entry(row: tuple):
    from trackers.sessions import Entry

    return Entry(row[0], row[1], row[2], row[3], tuple(json.loads(row[4])), row[5], bool(row[6]), json.loads(row[7]))


def _rows(con, session_id: int, after: int, upto: int | None = None) -> list[tuple]:
    sql = f"SELECT {EVENT_COLUMNS} FROM events WHERE session_id = ? AND seq > ?"
    params: list[Any] = [session_id, after]
    if upto is not None:
        sql += " AND seq <= ?"
        params.append(upto)
    return con.execute(sql + " ORDER BY seq", params).fetchall()


class _Snap(NamedTuple):
    seq: int
    state: Any
    applied: Stack
    redo: Stack
    prefix: str


def _candidates(con, tracker, session) -> Iterator[_Snap]:
    """The session's snapshots, newest first, each verified; a bad one is deleted and skipped."""
    code = code_key(tracker)
    rows = con.execute(
        "SELECT seq, code, anchor_seq, anchor, prefix, state, applied, redo, check_digest FROM snapshots"
        " WHERE session_id = ? ORDER BY seq DESC", (session.id,)).fetchall()
    for seq, row_code, anchor_seq, anchor, prefix, state, applied, redo, check in rows:
        if row_code != code:
            continue  # made by other code: left for that code, replaced by ours when written
        snap = None
        try:
            if check != _row_check(row_code, seq, anchor_seq, anchor, prefix, state, applied, redo):
                raise ValueError("row digest")
            if chain(anchor, _rows(con, session.id, anchor_seq, seq)) != prefix:
                raise ValueError("log digest")
            snap = _Snap(seq, tracker.load(json.loads(state)), Stack(json.loads(applied)), Stack(json.loads(redo)), prefix)
        except Exception:  # noqa: BLE001 - any failure: the snapshot is not used
            _discard(con, session.id, seq)
            continue
        yield snap


def _discard(con, session_id: int, seq: int) -> None:
    _write(con, [("DELETE FROM snapshots WHERE session_id = ? AND seq = ?", (session_id, seq))])


def _write(con, statements: list[tuple[str, tuple]]) -> None:
    """Run writes inside the caller's transaction; outside one (a command that only reads), in a
    short transaction of its own that is skipped when the file is locked or read-only: snapshots
    are derived data, and a read must not fail for them."""
    if con.in_transaction:
        for sql, params in statements:
            con.execute(sql, params)
        return
    try:
        con.execute("BEGIN IMMEDIATE")
    except sqlite3.OperationalError:
        return
    try:
        for sql, params in statements:
            con.execute(sql, params)
        con.execute("COMMIT")
    except sqlite3.OperationalError:
        con.execute("ROLLBACK")
    except BaseException:
        con.execute("ROLLBACK")
        raise


def _fold(applied: Stack, redo: Stack, tail: list) -> tuple[int, Stack]:
    """Fold tail entries onto the stacks (applied in place); returns (lowest applied height reached,
    the redo stack)."""
    low = len(applied)
    for e in tail:
        if e.kind == "change":
            applied.push(e.seq)
            redo = Stack()
        elif e.kind == "undo":
            for _ in range(e.count):
                redo.push(applied.pop())
            low = min(low, len(applied))
        else:
            for _ in range(e.count):
                applied.push(redo.pop())
    return low, redo


class Memo(NamedTuple):
    """The last replay of a session kept in memory by a long-lived process (companion shell): used
    like a snapshot when the log's event at its seq is still the row it was made from."""

    code: str
    row: tuple
    snap: _Snap


def load(con, tracker, session, memo: dict | None = None):
    """The session's Replay (state, applied, redo, seq): from a verified snapshot (or the memo of the
    last replay) and the events after it, or by a full replay that then writes a fresh snapshot."""
    from trackers.sessions import Replay

    last = con.execute("SELECT max(seq) FROM events WHERE session_id = ?", (session.id,)).fetchone()[0] or 0
    sources: Iterator[_Snap] = _candidates(con, tracker, session)
    kept = memo.get(session.id) if memo is not None else None
    if (kept is not None and kept.code == code_key(tracker) and kept.snap.seq <= last
            and _rows(con, session.id, kept.snap.seq - 1, kept.snap.seq) == [kept.row]):
        sources = itertools.chain([kept.snap], sources)
    for snap in sources:
        if snap.seq > last:
            _discard(con, session.id, snap.seq)  # a snapshot beyond the log: the log was cut
            continue
        tail_rows = _rows(con, session.id, snap.seq)
        tail = [_entry(r) for r in tail_rows]
        applied, redo = Stack(snap.applied.runs), Stack(snap.redo.runs)
        height = len(applied)
        low, redo = _fold(applied, redo, tail)
        if low < height:
            continue  # an undo reaches below this snapshot: try an older one
        pushed = _top(applied, len(applied) - height)
        by_seq = {e.seq: e for e in tail}
        missing = [s for s in pushed if s not in by_seq]
        if missing:  # redone changes from before the snapshot
            marks = ",".join("?" * len(missing))
            for r in con.execute(f"SELECT {EVENT_COLUMNS} FROM events WHERE session_id = ? AND seq IN ({marks})",
                                 (session.id, *missing)):
                by_seq[r[0]] = _entry(r)
        state = _apply(tracker, session, snap.state, [by_seq[s] for s in pushed])
        done = Replay(state, applied, redo, last)
        prefix = chain(snap.prefix, tail_rows)
        if last - snap.seq >= EVERY:
            save(con, tracker, session, done, last, prefix, snap.prefix, snap.seq)
        _remember(con, memo, tracker, session, done, prefix, tail_rows[-1] if tail_rows else None)
        return done
    return rebuild(con, tracker, session, memo)


def _remember(con, memo: dict | None, tracker, session, done, prefix: str, row: tuple | None) -> None:
    if memo is None or not done.seq:
        return
    if row is None:
        row = _rows(con, session.id, done.seq - 1, done.seq)[0]
    snap = _Snap(done.seq, done.state, Stack(_runs(done.applied)), Stack(_runs(done.redo)), prefix)
    memo[session.id] = Memo(code_key(tracker), row, snap)


def _top(stack: Stack, n: int) -> list[int]:
    """The top n seqs of a stack, bottom to top."""
    out: list[int] = []
    for a, b in reversed(stack.runs):
        if len(out) >= n:
            break
        take = min(n - len(out), b - a + 1)
        out[:0] = range(b - take + 1, b + 1)
    return out


def top_entries(con, session, stack, n: int) -> list:
    """The top n entries of an applied or redo stack, top first (a Stack holds only seqs: their
    rows are read)."""
    if not isinstance(stack, Stack):
        return list(stack)[::-1][:n]
    seqs = _top(stack, n)[::-1]
    if not seqs:
        return []
    marks = ",".join("?" * len(seqs))
    rows = {r[0]: _entry(r) for r in con.execute(
        f"SELECT {EVENT_COLUMNS} FROM events WHERE session_id = ? AND seq IN ({marks})", (session.id, *seqs))}
    return [rows[s] for s in seqs]


def _apply(tracker, session, state, entries: list) -> Any:
    from trackers.sessions import PLAY, apply_entry, engine_for

    engine = engine_for(session.game) if any(e.verb == PLAY for e in entries) else None
    for e in entries:
        state, _ = apply_entry(tracker, engine, state, e.verb, e.args, e.overruled)
    return state


def rebuild(con, tracker, session, memo: dict | None = None):
    """Replay the whole log and, for a long one, write a snapshot at its end."""
    from trackers.sessions import replay

    rows = _rows(con, session.id, 0)
    entries = [_entry(r) for r in rows]
    done = replay(tracker, session, entries)
    last = rows[-1][0] if rows else 0
    done.seq = last
    if last >= EVERY or (memo is not None and rows):
        anchor_seq = max(0, last - EVERY)
        anchor = chain(genesis(session), rows[:_index_after(rows, anchor_seq)])
        prefix = chain(anchor, rows[_index_after(rows, anchor_seq):])
        if last >= EVERY:
            save(con, tracker, session, done, last, prefix, anchor, anchor_seq)
        _remember(con, memo, tracker, session, done, prefix, rows[-1])
    return done


def _index_after(rows: list[tuple], seq: int) -> int:
    """How many rows have seq <= seq."""
    return sum(1 for r in rows if r[0] <= seq)


def save(con, tracker, session, done, seq: int, prefix: str, anchor: str, anchor_seq: int) -> None:
    """Write a snapshot of `done` (state and stacks) at seq; keep the newest KEEP."""
    code = code_key(tracker)
    state = json.dumps(tracker.dump(done.state), separators=(",", ":"), sort_keys=True)
    applied = json.dumps(_runs(done.applied), separators=(",", ":"))
    redo = json.dumps(_runs(done.redo), separators=(",", ":"))
    check = _row_check(code, seq, anchor_seq, anchor, prefix, state, applied, redo)
    params = (session.id, seq, code, anchor_seq, anchor, prefix, state, applied, redo, check)
    _write(con, [
        ("INSERT OR REPLACE INTO snapshots (session_id, seq, code, anchor_seq, anchor, prefix, state, applied, redo,"
         " check_digest) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", params),
        ("DELETE FROM snapshots WHERE session_id = ? AND seq NOT IN (SELECT seq FROM snapshots WHERE session_id = ?"
         " ORDER BY seq DESC LIMIT ?)", (session.id, session.id, KEEP)),
    ])


def _runs(stack) -> list[list[int]]:
    if isinstance(stack, Stack):
        return stack.runs
    out = Stack()
    for e in stack:
        out.push(e.seq)
    return out.runs


def after_append(con, tracker, session, seq: int) -> None:
    """Called inside the transaction that appended event `seq`: write a snapshot when EVERY events
    have passed since the newest one (the state is loaded the usual way, snapshot plus tail)."""
    newest = con.execute("SELECT max(seq) FROM snapshots WHERE session_id = ?", (session.id,)).fetchone()[0] or 0
    if seq - newest >= EVERY:
        load(con, tracker, session)  # writes the snapshot (or rebuilds one) when the tail is this long
