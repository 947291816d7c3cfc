"""Sessions: start, list, read, replay, export/import; the library the CLI wraps. The log, its hash
chain, snapshots and writers taking turns: docs/architecture.md "Storage"; a change or a play goes
through the one checked step in trackers/recording.py, which appends what it returns.
"""
from __future__ import annotations

import difflib
import itertools
import json
import sqlite3
import time
from pathlib import Path

from engine import get_tracker
from rulesdb.names import id_problem
from trackers import ledger, snapshots
from trackers.connection import SessionsFile
from trackers.errors import DamagedExport, DamagedLog, SessionError, StoreError
from trackers.files import export_target, write_file
from trackers.kept import check_players, keepable
from trackers.log import (
    EXPORT_FORMAT,
    EXPORT_VERSION,
    ROW_COLUMNS,
    Entry,
    Known,
    Replay,
    ReplayError,
    Result,
    Session,
    Stack,
    engine_for,
    entry_from_row,
    export_text,
    now,
    replay,
)
from trackers.recording import Recording


class Sessions(Recording, SessionsFile):
    """The sessions in one data folder: open, list, read and replay them (the connection is
    trackers/connection.py's; recording a change or a play, undo and redo, trackers/recording.py's)."""

    # -- reading -------------------------------------------------------------------------

    def _session_row(self, row) -> Session:
        from engine import GAMES

        try:
            players, options = json.loads(row[3]), json.loads(row[4])
            if (row[2] not in GAMES or not isinstance(players, list) or not isinstance(options, dict)
                    or not isinstance(row[5], str)):
                raise ValueError(row[2])
        except (TypeError, ValueError):
            raise StoreError(f"{self.path}: session {row[1]!r} is damaged (its game, players or options do not read); "
                             "it was left untouched") from None
        return Session(row[0], row[1], row[2], players, options, row[5], row[6])

    def all(self, damaged: list | None = None) -> list[Session]:
        """Every session. Given a `damaged` list, a row that does not read is named there, (name,
        message), and left out instead of failing the whole list (`track list` shows the others)."""
        rows = self._read(lambda con: con.execute(
            "SELECT id, name, game, players, options, created, ended FROM sessions ORDER BY id").fetchall())
        out = []
        for r in rows:
            try:
                out.append(self._session_row(r))
            except StoreError as exc:
                if damaged is None:
                    raise
                damaged.append((str(r[1]), str(exc)))
        return out

    def meta_value(self, key: str) -> str | None:
        """A value kept in the file's `meta` table (the current session, the player aliases ...)."""
        row = self._read(lambda con: con.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone())
        return row[0] if row else None

    def meta_values(self, prefix: str) -> dict[str, str]:
        """Every `meta` row whose key starts with `prefix` (a cache's rows), by key."""
        return dict(self._read(lambda con: con.execute(
            "SELECT key, value FROM meta WHERE substr(key, 1, ?) = ?", (len(prefix), prefix)).fetchall()))

    def heads(self) -> dict[int, tuple[str, int]]:
        """Every session's ledger head and length, by id: what a cache of derived records is keyed on."""
        return {sid: (head, length) for sid, head, length in self._read(
            lambda con: con.execute("SELECT id, head, length FROM sessions").fetchall())}

    def cache_meta(self, rows: dict[str, str]) -> None:
        """Derived rows (a cache) written as a read leaves snapshot rows: in a short transaction of
        their own, skipped when the file is busy, read-only or not there (a read never fails for them)."""
        if rows and self.path.exists():
            self._pending.extend(("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", kv) for kv in rows.items())
            self._flush()

    def current_name(self) -> str | None:
        return self.meta_value("current")

    def get(self, name: str | None = None) -> Session:
        """A session by name, or the current one; SessionError names the sessions there are."""
        wanted = name or self.current_name()
        if wanted is None:
            raise SessionError("no current session: start one with `companion track new GAME --players \"Ann,Ben\"`"
                               " or pick one with `companion track switch NAME`")
        row = self._read(lambda con: con.execute(
            "SELECT id, name, game, players, options, created, ended FROM sessions WHERE name = ?", (wanted,)
        ).fetchone())
        if row is None:
            names = [s.name for s in self.all()]
            near = difflib.get_close_matches(wanted, names, n=3, cutoff=0.5) or names[:5]
            hint = f"; sessions: {', '.join(near)}" if near else "; there are no sessions yet"
            raise SessionError(f"no session named {wanted!r}{hint}")
        return self._session_row(row)

    def _fetch(self, session: Session, after: int = 0) -> tuple[list[Entry], int | None]:
        """The events after seq `after`, and the seq of the first one that does not read (if any)."""
        rows = self._read(lambda con: con.execute(  # in a read of its own when called outside one (retry.py)
            f"SELECT {ROW_COLUMNS} FROM events WHERE session_id = ? AND seq > ? ORDER BY seq",
            (session.id, after)).fetchall())
        out: list[Entry] = []
        for r in rows:
            try:
                out.append(entry_from_row(r))
            except (TypeError, ValueError):
                return out, after + len(out) + 1
        return out, None

    def entries(self, session: Session) -> list[Entry]:
        return self._read(lambda con: self._verified(session)[0])

    def entries_after(self, session: Session, after: int, link: str) -> list[Entry] | None:
        """The events after event `after`, whose ledger link is `link` (the genesis for 0), checked
        link by link up to the session's head: what a live view (`companion serve`) reads at each
        change instead of the whole log. None when the log no longer goes on from there (a file
        restored or replaced, a damaged event): read it whole then (`entries`)."""
        def body(con):
            row = con.execute("SELECT head, length FROM sessions WHERE id = ?", (session.id,)).fetchone()
            if row is None or row[1] < after:
                return None
            entries, unreadable = self._fetch(session, after)
            if unreadable is not None or ledger.first_bad(link, entries, row[0], row[1], after) is not None:
                return None
            return entries

        return self._read(body)

    def last_entry(self, session: Session) -> Entry | None:
        """The newest event (what `track watch` names as the last change), read alone: the open
        that showed the table has already checked the log's tail up to it."""
        def body(con):
            length = con.execute("SELECT length FROM sessions WHERE id = ?", (session.id,)).fetchone()[0]
            entries, _ = self._fetch(session, max(0, length - 1))
            return entries[-1] if entries else None

        return self._read(body)

    def _verified(self, session: Session, prefix_ok: bool = False) -> tuple[list[Entry], int | None]:
        """The session's events after checking the ledger; DamagedLog names the first bad one
        (with prefix_ok, the good events before it and its seq instead)."""
        head, length = self.con.execute("SELECT head, length FROM sessions WHERE id = ?", (session.id,)).fetchone()
        start = ledger.genesis(session.game, session.players, session.options, session.created)
        entries, unreadable = self._fetch(session)
        bad = ledger.first_bad(start, entries, head, length)
        if unreadable is not None:
            bad = min(bad or unreadable, unreadable)
        if bad is None:
            return entries, None
        if prefix_ok:
            return entries[:bad - 1], bad
        raise self._damage(session, bad, "its checksum does not match the events before it")

    def _damage(self, session: Session, bad: int, why: str) -> DamagedLog:
        return DamagedLog(
            f"{self.path}: session {session.name!r} is damaged or was edited at event {bad} ({why}); "
            f"nothing was changed; save the {bad - 1} good event(s) before it with "
            f"`companion track export {session.name} FILE --partial`", bad)

    def _replayed(self, session: Session, tracker) -> Replay:
        """The session's state and stacks: from this process's last replay or a snapshot, plus the
        events since (trackers/snapshots.py checks both against the ledger), else the whole verified
        log (DamagedLog names a bad event). A replay EVERY events past the newest snapshot, or of the
        whole log, saves one."""
        head, length = self.con.execute("SELECT head, length FROM sessions WHERE id = ?", (session.id,)).fetchone()
        if session.id in self._damaged:  # found by the opening check: the ledger names the event
            self._verified(session)
        write = self._snapshot_write
        found = snapshots.load(self.con, tracker, session, head, length, self._known.get(session.id),
                               lambda after: self._fetch(session, after), lambda seqs: self._at(session, seqs), write,
                               self._snapshot_key(create=False))
        if found is None:  # no usable snapshot (any bad one is deleted): a fresh one from the whole log
            done = self._full_replay(session, tracker)
            if length >= snapshots.EVERY:
                snapshots.save(tracker, session, done, head, write, self._snapshot_key(create=True))
        else:
            done, start = found
            if length > start and snapshots.due(self.con, session.id, length):
                snapshots.save(tracker, session, done, head, write, self._snapshot_key(create=True))
        self._known[session.id] = Known(length, head, done)
        return done

    def _full_replay(self, session: Session, tracker) -> Replay:
        """The whole verified log replayed; a stored change that does not apply is damage."""
        try:
            return replay(tracker, session, self._verified(session)[0])
        except ReplayError as exc:
            raise self._damage(session, exc.seq, str(exc)) from None

    def _at(self, session: Session, seqs: list[int]) -> dict[int, Entry]:
        """The events with these seqs (a Stack holds only seqs), each checked against the links
        of its neighbours (ledger.row_bad): DamagedLog for one that fails, is missing or unreadable."""
        want = sorted(set(seqs))
        near = sorted({q for s in want for q in (s - 1, s, s + 1) if q >= 1})
        rows: dict[int, Entry | None] = {}

        def read(con):
            found = []
            for n in range(0, len(near), 500):
                part = near[n:n + 500]
                found += con.execute(f"SELECT {ROW_COLUMNS} FROM events"
                                     f" WHERE session_id = ? AND seq IN ({','.join('?' * len(part))})",
                                     (session.id, *part)).fetchall()
            return found

        for r in self._read(read):  # in a read of its own when called outside one (retry.py)
            try:
                rows[r[0]] = entry_from_row(r)
            except (TypeError, ValueError):
                rows[r[0]] = None
        origin = ledger.genesis(session.game, session.players, session.options, session.created)
        out: dict[int, Entry] = {}
        for s in want:
            entry, after = rows.get(s), rows.get(s + 1)
            prev = origin if s == 1 else getattr(rows.get(s - 1), "digest", None)
            bad = (s - 1 if prev is None else s if entry is None or entry.seq != s or ledger.row_bad(prev, entry)
                   else s + 1 if (s + 1 in rows and after is None) or ledger.row_bad(prev, entry, after) else None)
            if bad is not None:
                raise self._damage(session, max(1, bad), "its checksum does not match the events around it")
            out[s] = entry
        return out

    def log_from(self, session: Session, last: int | None,
                 before: int | None = None) -> tuple[Replay | None, list[Entry]]:
        """For telling the newest `last` events (of those before event `before`, when given; None:
        all of those): a snapshot's replay from before them and the checked events after it
        (snapshots.before), else (None, the whole verified log)."""
        def body(con):
            if session.id in self._damaged:
                self._verified(session)
            head, length = con.execute("SELECT head, length FROM sessions WHERE id = ?", (session.id,)).fetchone()
            end = length if before is None else max(0, min(length, before - 1))
            upto = 0 if last is None else max(0, end - last)
            found = snapshots.before(con, get_tracker(session.game), session, head, length, upto,
                                     lambda after: self._fetch(session, after), self._snapshot_write,
                                     self._snapshot_key(create=False))
            return found or (None, self._verified(session)[0])

        return self._read(body)

    def lookup(self, session: Session, seqs: list[int]) -> dict[int, Entry]:
        """The events with these seqs, each checked against its neighbours' links."""
        return self._read(lambda con: self._at(session, seqs))

    def replay(self, session: Session) -> Replay:
        return self._read(lambda con: self._replayed(session, get_tracker(session.game)))

    def show(self, name: str | None = None) -> Result:
        def body(con):
            session = self.get(name)
            tracker = get_tracker(session.game)
            return session, tracker, self._replayed(session, tracker).state

        session, tracker, state = self._read(body)
        return Result(session, state, tracker.declaration.verbs.summary(state))

    # -- writing -------------------------------------------------------------------------

    def starting(self, game: str, players: list[str], name: str | None = None,
                 options: dict[str, str] | None = None) -> tuple[list[str], dict[str, str], object]:
        """What `new` would start, checked and written nowhere: (players, options with the library
        recorded, the first State). Bad players, options or name raise, so a refused `track new` can
        be told before the sessions file is even opened for writing."""
        from engine.library import LIBRARY_OPTION, start_state
        from trackers.library import recorded_options

        players = check_players(game, players)
        keepable(options or {}, "an option name", 40)
        keepable((options or {}).values(), "an option value")
        options = recorded_options(self.path.parent, game, dict(options or {}))  # the library, recorded
        if name is not None and (problem := id_problem(name, "session")):
            raise SessionError(problem)
        state = start_state(get_tracker(game), players, options, checked=LIBRARY_OPTION in options)
        return players, options, state

    def new(self, game: str, players: list[str], name: str | None = None, options: dict[str, str] | None = None,
            started: tuple[list[str], dict[str, str], object] | None = None) -> Result:
        """Start a session (the game's tracker validates players and options first) and make it current.
        `started`: what `starting` gave for these same arguments (the card library read and checked
        once, not again here)."""
        tracker = get_tracker(game)
        players, options, state = started or self.starting(game, players, name, options)  # before writing
        created = now()

        session = self._write(lambda con: self._insert_session(
            con, name or self._free_name(game), game, players, options, created, "pick another --name"))
        return Result(session, state, tracker.declaration.verbs.summary(state))

    def _insert_session(self, con, name: str, game: str, players: list[str], options: dict, created: str,
                        other: str) -> Session:
        """A new session row, made current; SessionError saying `other` when the name is taken."""
        if con.execute("SELECT 1 FROM sessions WHERE name = ?", (name,)).fetchone():
            raise SessionError(f"a session named {name!r} exists already; {other}")
        head = ledger.genesis(game, players, options, created)
        cur = con.execute(
            "INSERT INTO sessions (name, game, players, options, created, head, length) VALUES (?, ?, ?, ?, ?, ?, 0)",
            (name, game, json.dumps(players), json.dumps(options), created, head))
        con.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('current', ?)", (name,))
        self._witness = ("SELECT 1 FROM sessions WHERE name = ? AND created = ?", (name, created))
        return Session(cur.lastrowid, name, game, players, options, created, None)

    def _free_name(self, game: str) -> str:
        taken = {row[0] for row in self.con.execute("SELECT name FROM sessions")}
        return next(f"{game}-{n}" for n in itertools.count(1) if f"{game}-{n}" not in taken)

    def use(self, name: str) -> Session:
        def body(con):
            session = self.get(name)
            con.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('current', ?)", (session.name,))
            return session

        self.get(name)  # an unknown name is refused without taking the write lock
        return self._write(body)

    def end(self, name: str | None = None) -> Session:
        def body(con):
            session = self.get(name)
            con.execute("UPDATE sessions SET ended = ? WHERE id = ?", (now(), session.id))
            if self.current_name() == session.name:
                con.execute("DELETE FROM meta WHERE key = 'current'")
            return session

        self.get(name)
        return self.get(self._write(body).name)

    def _append(self, con: sqlite3.Connection, session: Session, state=None, **fields) -> None:
        """Append one event after the log this process has just replayed under the write lock,
        chained to its last link; in the same transaction, a snapshot when one is due. `state`, the
        table after a change the step has just made, is what a replay of the log now gives (the step
        applied what the log keeps): kept as this process's replay, so nothing is replayed again."""
        self._whole_chain(con, session)
        known = self._known[session.id]
        seq, prev = known.length + 1, known.head
        at, args = now(), tuple(fields.get("args", ()))
        entry = Entry(seq, at, fields["kind"], fields.get("verb", ""), args, fields.get("count", 1),
                      bool(fields.get("overruled", False)), list(fields.get("violations", [])))
        entry.digest = ledger.entry_link(prev, entry)
        self._insert_events(con, session.id, [entry])
        if state is not None and entry.kind == "change":
            applied = known.done.applied.copy()
            applied.push(seq)
            done = Replay(state, applied, Stack(), seq)
            self._known[session.id] = Known(seq, entry.digest, done)
            if snapshots.due(con, session.id, seq):
                snapshots.save(get_tracker(session.game), session, done, entry.digest, self._snapshot_write,
                               self._snapshot_key(create=True))
        elif snapshots.due(con, session.id, seq):
            self._replayed(session, get_tracker(session.game))

    def _whole_chain(self, con: sqlite3.Connection, session: Session) -> None:
        """Under the write lock, before the first event this opening of the file appends to a session
        (a command; a server or a shell once, and again when the file is replaced): its whole chain,
        every event re-hashed from the session's identity (DamagedLog names the first bad one). Damage
        no write ever made (a bad sector, bit rot under an unchanged file) is thus found before
        anything is chained to it, not only after an outside change (trackers/store.py)."""
        if session.id in self._chained:
            return
        head, length = con.execute("SELECT head, length FROM sessions WHERE id = ?", (session.id,)).fetchone()
        start = ledger.genesis(session.game, session.players, session.options, session.created)
        rows = con.execute(f"SELECT {ROW_COLUMNS} FROM events WHERE session_id = ? ORDER BY seq", (session.id,))
        bad = ledger.first_bad_row(start, rows, head, length)
        if bad is not None:
            raise self._damage(session, bad, "its checksum does not match the events before it")
        self._chained.add(session.id)

    def _insert_events(self, con: sqlite3.Connection, session_id: int, entries: list[Entry]) -> None:
        written = time.time_ns()  # when this file got them (companion/sent.py), not part of the chain
        con.executemany(
            "INSERT INTO events (session_id, seq, at, kind, verb, args, count, overruled, violations, digest,"
            " written_ns) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(session_id, e.seq, e.at, e.kind, e.verb, json.dumps(list(e.args)), e.count, int(e.overruled),
              json.dumps(e.violations), e.digest, written) for e in entries])
        if entries:
            con.execute("UPDATE sessions SET head = ?, length = ? WHERE id = ?",
                        (entries[-1].digest, entries[-1].seq, session_id))
            self._witness = ("SELECT 1 FROM sessions WHERE id = ? AND head = ? AND length = ?",
                             (session_id, entries[-1].digest, entries[-1].seq))

    def _open(self, name: str | None) -> Session:
        session = self.get(name)
        if session.ended:
            raise SessionError(f"session {session.name!r} has ended; start a new one or import it again")
        return session

    def situation(self, name: str | None = None):
        """(session, engine, state): the session's table for the move validator; SessionError for a
        game without one."""
        session = self.get(name)
        engine = engine_for(session.game)
        if engine is None:
            from engine import GAMES

            playing = sorted(g for g in GAMES if engine_for(g) is not None)
            raise SessionError(f"{session.game} has no move validator for its sessions yet (games whose sessions "
                               f"take plays: {', '.join(playing)}); "
                               "its counters are tracked with `companion track ...`")
        return session, engine, self.replay(session).state

    # -- moving between devices ----------------------------------------------------------

    def export(self, name: str | None, path: Path, partial: bool = False) -> dict:
        """Write the session's log to `path` (never into the data folder, never through a planted
        temporary file). The whole chain is checked first: a damaged log (a checksum that fails, or a
        change that does not replay) is refused (DamagedExport, nothing written) naming the events it
        would leave out; with `partial`, the good events before the first bad one are exported on
        purpose and the returned doc says so under "damaged_at" and "left_out" (the file does not)."""
        session = self.get(name)

        def body(con):
            entries, bad = self._verified(session, prefix_ok=True)
            length = con.execute("SELECT length FROM sessions WHERE id = ?", (session.id,)).fetchone()[0]
            try:  # a log that checks out but does not replay (edited and chained anew) is cut there too
                snapshots.replayed(con, get_tracker(session.game), session, entries, length, self._snapshot_write,
                                   self._snapshot_key(create=False))
            except ReplayError as exc:
                entries, bad = entries[:exc.seq - 1], exc.seq
            return entries, bad, length

        entries, bad, length = self._read(body)
        target = export_target(path, self.path.parent)
        left_out = max(length, bad or 0) - len(entries) if bad is not None else 0
        if bad is not None and not partial:
            from engine.words import count

            last = max(length, bad)
            raise DamagedExport(
                f"{self.path}: session {session.name!r} is damaged or was edited at event {bad}, so it was not "
                f"exported (nothing was written): event{'s' if last > bad else ''} "
                f"{bad}{f' to {last}' if last > bad else ''} ({count(left_out, 'event')}) would be left out; "
                f"to export the {count(len(entries), 'good event')} before it on purpose: "
                f"`companion track export {session.name} FILE --partial`", bad)
        from trackers.imports import as_today

        doc = {"format": EXPORT_FORMAT, "version": EXPORT_VERSION, **session.as_json(),
               "events": [e.as_json() for e in as_today(get_tracker(session.game), session, entries)]}
        write_file(target, export_text(doc))
        return doc if bad is None else {**doc, "damaged_at": bad, "left_out": left_out}

    def import_(self, path: Path, name: str | None = None, checked=None) -> Result:
        """Load an exported session, replaying every event through the rules, and make it current.
        Nothing is written unless the whole file is valid (trackers/imports.py). `checked` is the
        result of read_export(path, name) when the caller has read the file already."""
        from trackers.imports import read_export

        doc = checked if checked is not None else read_export(path, name)

        def body(con):
            session = self._insert_session(con, doc.name, doc.game, doc.players, doc.options, doc.created,
                                           "import with --name NEW")
            prev = ledger.genesis(doc.game, doc.players, doc.options, doc.created)
            for e in doc.entries:
                e.digest = prev = ledger.entry_link(prev, e)
            self._insert_events(con, session.id, doc.entries)
            if len(doc.entries) >= snapshots.EVERY:  # the check's replay, so the next open folds no event
                snapshots.save(get_tracker(doc.game), session, doc.done, prev, self._snapshot_write,
                               self._snapshot_key(create=True))
            return session.id, prev

        sid, head = self._write(body)
        self._known[sid] = Known(len(doc.entries), head, doc.done)  # the show below replays nothing again
        return self.show(doc.name)

    def repeat_last(self, name: str, upto: int) -> None:
        """Copy the last event until the log holds `upto` events, chained as usual, in one transaction
        (to build long logs for tests and benchmarks quickly; no rules are consulted)."""
        session = self.get(name)

        def body(con):
            entries, _ = self._verified(session)
            last, prev, out = entries[-1], entries[-1].digest, []
            for seq in range(last.seq + 1, upto + 1):
                e = Entry(seq, last.at, last.kind, last.verb, last.args, last.count, last.overruled, last.violations)
                e.digest = prev = ledger.entry_link(prev, e)
                out.append(e)
            self._insert_events(con, session.id, out)

        self._write(body)
