"""Sessions: start, record changes, undo/redo, history, export/import. The library the CLI wraps.

The log is append-only: a change, an undo and a redo are each one entry. The state is the replay
of the log through the game's tracker: undo moves the last applied changes onto a redo stack,
redo moves them back, and a new change clears the redo stack.

Every event carries a checksum chained to the one before (trackers/ledger.py); reading a session
verifies the chain, and a damaged log is reported naming the first bad event, never replayed.
Writers wait their turn (trackers/retry.py): a change is parsed and checked against this
process's last replay before the write lock is taken; under the lock only the events written
since are replayed, the change is checked again, appended and committed.
"""
from __future__ import annotations

import json
import sqlite3
from contextlib import contextmanager
from pathlib import Path

from rulesdb.names import MAX_TEXT, MAX_WORDS, MOST_PLAYERS, id_problem, seat_problems, text_problem  # noqa: F401
from trackers import keys, ledger, retry, snapshots, store
from trackers.errors import DamagedLog, Refused, SessionError, StoreError
from trackers.files import export_target, write_file
from trackers.log import (  # noqa: F401  (the records and the replay, importable from here too)
    EXPORT_FORMAT,
    EXPORT_VERSION,
    _now,
    Entry,
    Session,
    Replay,
    Result,
    PlayResult,
    tracker_for,
    PLAY,
    engine_for,
    play_along_games,
    apply_entry,
    replay,
    ReplayError,
    ROW_COLUMNS,
    entry_from_row,
    _Known,
)
from trackers.narrate import made_by, with_by
from trackers.secrets import labeller, public_summary
from trackers.store import connect, in_wal


class Sessions:
    """The sessions in one data folder."""

    def __init__(self, data_dir: Path, kept: bool = False, create: bool = True):
        """`kept`: open across many commands (the shell, `track watch`): before each, the file is
        checked again when something other than a companion changed it (see _fresh). create=False
        (a read): where there is no sessions file yet, read an empty one in memory instead of
        creating the file and its folder."""
        self.path = data_dir / "sessions.sqlite3"
        self._kept = kept
        self._damaged: dict[int, int] = {}  # session id -> first bad event, found by the opening check
        self.con = connect(self.path, self._damaged) if create or self.path.exists() else store.empty()
        self._seen = self._file_id()
        self._key: bytes | None = None
        self._witness: tuple[str, tuple] | None = None  # a query that finds what the open transaction wrote
        self._known: dict[int, _Known] = {}
        self._writing = False  # inside a write transaction (snapshot rows are written at once)
        self._pending: list[tuple[str, tuple]] = []  # snapshot rows to write after a read

    def close(self) -> None:
        self.con.close()

    def _file_id(self) -> tuple | None:
        """(device, inode) of the sessions file and its identity (inode, size, mtime)."""
        try:
            st = self.path.stat()
        except OSError:
            return None
        return (st.st_dev, st.st_ino), store.identity(self.path)

    def _fresh(self) -> None:
        """Before each command: a sessions file replaced under this object (a restore, a sync
        tool's atomic rename) is opened afresh; for a kept one, a file changed by something other
        than a companion (no marker for it) is checked again (quick_check, every ledger) first."""
        now = self._file_id()
        if now is None or self._seen is None or now == self._seen:
            return
        if now[0] != self._seen[0]:
            self.con.close()
            self._known.clear()
            self.con = connect(self.path, self._damaged)
        elif self._kept:
            retry.run(lambda: store.integrity(self.con, self.path, self._damaged), self.path)
        self._seen = self._file_id()

    def _snapshot_key(self, create: bool) -> bytes | None:
        if self._key is None:
            self._key = keys.key(self.path.parent, create)
        return self._key

    def __enter__(self) -> Sessions:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    @contextmanager
    def transaction(self, limit: float | None = None):
        """One command = one transaction; BEGIN IMMEDIATE makes concurrent writers take turns (the
        commit waits up to `limit` seconds for readers, by default COMPANION_BUSY_SECONDS)."""
        self.con.execute("BEGIN IMMEDIATE")
        was_checked = store.checked(self.path) and not self._damaged
        self._witness = None
        try:
            self._writing = True
            yield self.con
            try:
                retry.commit(self.con, limit)
            except sqlite3.OperationalError as exc:
                if retry.is_busy(exc) or not self._landed():
                    raise
                # the commit is in the file, but SQLite could not finish it (e.g. its journal was
                # deleted under it): the change is recorded, so it is reported as done, never retried
                self.con.close()
                self.con = connect(self.path, self._damaged)
                was_checked = False
        except BaseException:
            try:
                if self.con.in_transaction:
                    self.con.execute("ROLLBACK")
            except sqlite3.Error:
                pass
            raise
        finally:
            self._writing = False
        store.committed(self.path, was_checked)
        self._seen = self._file_id()

    def _landed(self) -> bool:
        """Whether the row this transaction wrote last (its witness) is in the file as committed,
        read through a connection of its own (after a commit that failed half way)."""
        if self._witness is None:
            return False
        sql, params = self._witness
        try:
            con = sqlite3.connect(f"{self.path.as_uri()}?mode=ro", uri=True, timeout=retry.busy_seconds())
            try:
                return con.execute(sql, params).fetchone() is not None
            finally:
                con.close()
        except sqlite3.Error:
            return False

    def _write(self, body):
        """Run body(con) in one write transaction, again from the start while the file is busy.
        When it returns, the change is in the main file (a WAL left by an old version is checkpointed)."""
        def attempt():
            with self.transaction() as con:
                return body(con)

        self._fresh()
        out = retry.run(attempt, self.path)
        if in_wal(self.con):
            try:
                self.con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            except sqlite3.OperationalError:
                pass  # busy: the next writer checkpoints
        return out

    def _read(self, body):
        """Run body(con) in one read transaction (a consistent view), waiting while the file is busy."""
        if self.con.in_transaction:
            return body(self.con)
        self._fresh()

        def attempt():
            self.con.execute("BEGIN")
            try:
                return body(self.con)
            finally:
                if self.con.in_transaction:
                    self.con.execute("COMMIT")

        out = retry.run(attempt, self.path)
        self._flush()
        return out

    def _snapshot_write(self, statements: list[tuple[str, tuple]]) -> None:
        """Snapshot rows: written in the open write transaction, or kept for after the read."""
        if self._writing:
            for sql, params in statements:
                self.con.execute(sql, params)
        else:
            self._pending.extend(statements)

    def _flush(self) -> None:
        """Write the snapshot rows a read left, in a short transaction of their own; skipped when
        the file is busy or read-only (snapshots are derived data: a read never fails for them)."""
        pending, self._pending = self._pending, []
        if not pending or self.con.in_transaction:
            return
        try:
            with self.transaction(limit=1.0) as con:
                for sql, params in pending:
                    con.execute(sql, params)
        except sqlite3.Error:
            pass

    # -- reading -------------------------------------------------------------------------

    def _session_row(self, row) -> Session:
        from engine import TRACKERS

        try:
            players, options = json.loads(row[3]), json.loads(row[4])
            if (row[2] not in TRACKERS or not isinstance(players, list) or not isinstance(options, dict)
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

    def current_name(self) -> str | None:
        row = self._read(lambda con: con.execute("SELECT value FROM meta WHERE key = 'current'").fetchone())
        return row[0] if row else None

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
            import difflib

            names = [s.name for s in self.all()]
            near = difflib.get_close_matches(wanted, names, n=3, cutoff=0.5) or names[:5]
            hint = f"; sessions: {', '.join(near)}" if near else "; there are no sessions yet"
            raise SessionError(f"no session named {wanted!r}{hint}")
        return self._session_row(row)

    def _fetch(self, session: Session, after: int = 0) -> tuple[list[Entry], int | None]:
        """The events after seq `after`, and the seq of the first one that does not read (if any)."""
        rows = self.con.execute(
            f"SELECT {ROW_COLUMNS} FROM events WHERE session_id = ? AND seq > ? ORDER BY seq",
            (session.id, after)).fetchall()
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
            f"`companion track export {session.name} FILE`", bad)

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
        self._known[session.id] = _Known(length, head, done)
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
        for n in range(0, len(near), 500):
            part = near[n:n + 500]
            for r in self.con.execute(f"SELECT {ROW_COLUMNS} FROM events"
                                      f" WHERE session_id = ? AND seq IN ({','.join('?' * len(part))})",
                                      (session.id, *part)):
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

    def replay(self, session: Session) -> Replay:
        return self._read(lambda con: self._replayed(session, tracker_for(session.game)))

    def show(self, name: str | None = None) -> Result:
        def body(con):
            session = self.get(name)
            tracker = tracker_for(session.game)
            return session, tracker, self._replayed(session, tracker).state

        session, tracker, state = self._read(body)
        return Result(session, state, tracker.summary(state))

    # -- writing -------------------------------------------------------------------------

    def new(self, game: str, players: list[str], name: str | None = None, options: dict[str, str] | None = None) -> Result:
        """Start a session (the game's tracker validates players and options first) and make it current."""
        tracker = tracker_for(game)
        options = dict(options or {})
        players = check_players(game, players)
        keepable(options, "an option name", 40)
        keepable(options.values(), "an option value")
        if name is not None and (problem := id_problem(name, "session")):
            raise SessionError(problem)
        state = tracker.new_state(players, options)  # OptionError before anything is written
        created = _now()

        def body(con):
            chosen = name or self._free_name(game)
            if con.execute("SELECT 1 FROM sessions WHERE name = ?", (chosen,)).fetchone():
                raise SessionError(f"a session named {chosen!r} exists already; pick another --name")
            return self._insert_session(con, chosen, game, players, options, created)

        session = self._write(body)
        return Result(session, state, tracker.summary(state))

    def _insert_session(self, con, name: str, game: str, players: list[str], options: dict, created: str) -> Session:
        head = ledger.genesis(game, players, options, created)
        cur = con.execute(
            "INSERT INTO sessions (name, game, players, options, created, head, length) VALUES (?, ?, ?, ?, ?, ?, 0)",
            (name, game, json.dumps(players), json.dumps(options), created, head))
        con.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('current', ?)", (name,))
        self._witness = ("SELECT 1 FROM sessions WHERE name = ? AND created = ?", (name, created))
        return Session(cur.lastrowid, name, game, players, options, created, None)

    def _free_name(self, game: str) -> str:
        n = 1
        while self.con.execute("SELECT 1 FROM sessions WHERE name = ?", (f"{game}-{n}",)).fetchone():
            n += 1
        return f"{game}-{n}"

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
            con.execute("UPDATE sessions SET ended = ? WHERE id = ?", (_now(), session.id))
            if self.current_name() == session.name:
                con.execute("DELETE FROM meta WHERE key = 'current'")
            return session

        self.get(name)
        return self.get(self._write(body).name)

    def _append(self, con: sqlite3.Connection, session: Session, **fields) -> None:
        """Append one event after the log this process has just replayed under the write lock,
        chained to its last link; in the same transaction, a snapshot when one is due."""
        known = self._known[session.id]
        seq, prev = known.length + 1, known.head
        at, args = _now(), tuple(fields.get("args", ()))
        entry = Entry(seq, at, fields["kind"], fields.get("verb", ""), args, fields.get("count", 1),
                      bool(fields.get("overruled", False)), list(fields.get("violations", [])))
        entry.digest = ledger.entry_link(prev, entry)
        self._insert_events(con, session.id, [entry])
        if snapshots.due(con, session.id, seq):
            self._replayed(session, tracker_for(session.game))

    def _insert_events(self, con: sqlite3.Connection, session_id: int, entries: list[Entry]) -> None:
        con.executemany(
            "INSERT INTO events (session_id, seq, at, kind, verb, args, count, overruled, violations, digest)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(session_id, e.seq, e.at, e.kind, e.verb, json.dumps(list(e.args)), e.count, int(e.overruled),
              json.dumps(e.violations), e.digest) for e in entries])
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

    def record(self, words: list[str], name: str | None = None, overrule: bool = False) -> Result:
        """Apply one change as the table said it; refused (with rule ids) unless overruled."""
        def judge(con, append: bool, session: Session | None = None, done: Replay | None = None):
            session = session or self._open(name)
            tracker = tracker_for(session.game)
            state = (done or self._replayed(session, tracker)).state
            change = tracker.parse(state, words)
            keepable(change.args, "a word of the change")
            verdict = tracker.check(state, change)
            violations = [r.model_dump() for r in verdict.reasons] if not verdict.legal else []
            if not verdict.legal and not overrule:
                first = verdict.reasons[0] if verdict.reasons else None
                why = f"{first.message} [{first.rule}]" if first else "the rules forbid it"
                instead = f"; allowed instead: {' | '.join(verdict.alternatives)}" if verdict.alternatives else ""
                raise Refused(f"refused: {change.label()}: {why}{instead}; if the table decides otherwise, "
                              f"add --overrule", verdict)
            new_state, effects = tracker.apply(state, change)
            logged = change.verb not in tracker.READ_ONLY
            if append and logged:
                self._append(con, session, kind="change", verb=change.verb,
                             args=change.args, overruled=bool(violations), violations=violations)
            return logged, Result(session, new_state, {}, change.label(), list(effects),
                                  list(verdict.reasons) if violations else [], bool(violations), state)

        # Parse and check against a replay read outside the lock (bad input never waits for it);
        # under the lock only the events written since are replayed, and the change checked again.
        session = self._open(name)
        logged, result = judge(None, False, session, self.replay(session))
        if logged:
            result = self._write(lambda con: judge(con, append=True))[1]
        tracker = tracker_for(result.session.game)
        result.summary, result.before = tracker.summary(result.state), tracker.summary(result.before)
        return result

    def situation(self, name: str | None = None):
        """(session, engine, state): the session's table for the move validator; SessionError for a
        game without one."""
        session = self.get(name)
        engine = engine_for(session.game)
        if engine is None:
            raise SessionError(f"{session.game} has no move validator for its sessions yet (games whose sessions "
                               f"take plays: {', '.join(play_along_games())}); "
                               "its counters are tracked with `companion track ...`")
        return session, engine, self.replay(session).state

    def play(self, text: str, name: str | None = None, overrule: bool = False, by: str | None = None) -> PlayResult:
        """Judge a play against the session's table and, when legal (or overruled), record it. As with
        record(), it is judged once before the write lock (bad input never waits) and again under it,
        both times for the one player it is meant for: the one named (`by`, or a move that names its
        maker), else the one to act when the command began. When, under the lock, the turn has passed
        to someone else meanwhile (the same play sent twice, two terminals at once), it is refused:
        never recorded as the next player's. The event records who made the play."""
        def judge(con, append: bool, session: Session | None = None, done: Replay | None = None,
                  meant: str | None = None):
            session = session or self._open(name)
            engine = engine_for(session.game)
            if engine is None:
                self.situation(session.name)  # raises the SessionError
            tracker = tracker_for(session.game)
            state = (done or self._replayed(session, tracker)).state
            move = engine.parse_move(text, state)
            verdict = engine.check(state, move)
            to_act = engine.to_act(state)
            named = engine.mover(state, move)  # a move that names who makes it (a CATastrophe reaction)
            who = named or to_act
            if by is not None:
                from engine.words import match

                who = match(by, list(session.players), "player", hint="players")
                if to_act is not None and who not in (to_act, named):
                    # judged as `who`'s own play (their hand, coins ...), as it is recorded when overruled
                    mine = engine.with_turn(state, who)
                    move = engine.parse_move(text, mine)
                    verdict = off_turn(engine, state, engine.check(mine, move), who)
            elif append and named is None and to_act != meant:
                overtaken = off_turn(engine, state, verdict, meant)
                canonical = engine.format_move(move)
                as_is = PlayResult(session, state, tracker.summary(state), None, [], list(overtaken.reasons),
                                   verdict=overtaken, move=canonical, by=meant, to_act=to_act, recorded=False)
                raise Refused(f"refused: {canonical}: it was meant for {meant or 'the player to act'}, and the turn "
                              f"has passed to {to_act or 'nobody'} since (a play was recorded meanwhile; see "
                              "`companion track log`); nothing was recorded", overtaken, as_is)
            canonical = engine.format_move(move)
            keepable((canonical,), "the play")
            if not verdict.legal and not overrule:
                first = verdict.reasons[0] if verdict.reasons else None
                why = f"{first.message} [{first.rule}]" if first else "the rules forbid it"
                as_is = PlayResult(session, state, tracker.summary(state), None, [], list(verdict.reasons),
                                   verdict=verdict, move=canonical, by=who, to_act=to_act, recorded=False)
                raise Refused(f"refused: {canonical}: {why}; if the table decides otherwise, add --overrule", verdict,
                              as_is)
            args = (canonical,) if who is None or who == named else (canonical, who)
            new_state, settled = apply_entry(tracker, engine, state, PLAY, args, not verdict.legal)
            violations = [r.model_dump() for r in verdict.reasons] if not verdict.legal else []
            if append:
                self._append(con, session, kind="change", verb=PLAY, args=args,
                             overruled=bool(violations), violations=violations)
            return PlayResult(session, new_state, tracker.summary(new_state), f"{PLAY} {canonical}",
                              list(verdict.effects) + list(settled), list(verdict.reasons) if violations else [],
                              bool(violations),
                              verdict=verdict, move=canonical, by=who, to_act=engine.to_act(new_state))

        session = self._open(name)
        meant = judge(None, False, session, self.replay(session)).by
        return self._write(lambda con: judge(con, append=True, meant=meant))

    def undo(self, count: int = 1, name: str | None = None, redo: bool = False) -> Result:
        """Take back (or with redo=True, bring back) the last `count` changes."""
        if count < 1:
            raise SessionError("the number of steps must be 1 or more")
        def body(con, append: bool):
            session = self._open(name)
            tracker = tracker_for(session.game)
            done = self._replayed(session, tracker)
            from engine.words import count as counted

            available = len(done.redo if redo else done.applied)
            if count > available:
                what = "redo" if redo else "undo"
                raise SessionError(f"nothing to {what}" if not available
                                   else f"only {counted(available, 'change')} to {what}")
            if not append:
                return None
            self._append(con, session, kind="redo" if redo else "undo", count=count)
            # the new state and the moved changes' labels are read before the commit: a change a
            # redo brings back that does not check out is refused with nothing written
            seqs = (done.redo if redo else done.applied).top(count)[::-1]
            after = self._replayed(session, tracker)
            moved = self._at(session, seqs)
            return session, tracker, done, after, [moved[s] for s in seqs]

        self._read(lambda con: body(con, append=False))
        session, tracker, done, after, moved = self._write(lambda con: body(con, append=True))
        state = after.state
        # who made each: walked from the table before the oldest of them (after an undo, before a redo)
        by = made_by(session, tracker, done.state if redo else state, sorted(moved, key=lambda e: e.seq))
        label = labeller(session.game)
        return Result(session, state, public_summary(tracker, session.game, state), f"{'redo' if redo else 'undo'} {count}",
                      before=public_summary(tracker, session.game, done.state),
                      undone=[with_by(by[e.seq], label(e)) for e in moved])

    # -- moving between devices ----------------------------------------------------------

    def export(self, name: str | None, path: Path) -> dict:
        """Write the session's log to `path` (never into the data folder, never through a planted
        temporary file). A damaged log (a checksum that fails, or a change that does not replay)
        exports the good events before the first bad one; the returned doc then says so under
        "damaged_at" (the file does not)."""
        session = self.get(name)
        entries, bad = self._read(lambda con: self._verified(session, prefix_ok=True))
        try:  # a log that checks out but does not replay (edited and chained anew) is cut there too
            replay(tracker_for(session.game), session, entries)
        except ReplayError as exc:
            entries, bad = entries[:exc.seq - 1], exc.seq
        target = export_target(path, self.path.parent)
        doc = {"format": EXPORT_FORMAT, "version": EXPORT_VERSION, **session.as_json(),
               "events": [e.as_json() for e in entries]}
        write_file(target, json.dumps(doc, ensure_ascii=False, indent=1))
        return doc if bad is None else {**doc, "damaged_at": bad}

    def import_(self, path: Path, name: str | None = None, checked=None) -> Result:
        """Load an exported session, replaying every event through the rules, and make it current.
        Nothing is written unless the whole file is valid (trackers/imports.py). `checked` is the
        result of read_export(path, name) when the caller has read the file already."""
        from trackers.imports import read_export

        doc = checked if checked is not None else read_export(path, name)

        def body(con):
            if con.execute("SELECT 1 FROM sessions WHERE name = ?", (doc.name,)).fetchone():
                raise SessionError(f"a session named {doc.name!r} exists already; import with --name NEW")
            session = self._insert_session(con, doc.name, doc.game, doc.players, doc.options, doc.created)
            prev = ledger.genesis(doc.game, doc.players, doc.options, doc.created)
            for e in doc.entries:
                e.digest = prev = ledger.entry_link(prev, e)
            self._insert_events(con, session.id, doc.entries)

        self._write(body)
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

def keepable(words, what: str, limit: int = MAX_TEXT) -> None:
    """Refuse a word a session would keep but an import of its export would refuse (rulesdb/names.py:
    the one rule for kept text, at the CLI and at import)."""
    words = list(words)
    if len(words) > MAX_WORDS:
        raise SessionError(f"{len(words)} words in one change is more than {MAX_WORDS}; split it in parts")
    for word in words:
        if problem := text_problem(word, what, limit):
            raise SessionError(problem)


def off_turn(engine, state, verdict, who: str | None):
    """The verdict with the turn rule broken first: `who` plays while it is not their turn."""
    turn = engine.out_of_turn(state, who or "anyone")
    return verdict.model_copy(update={"legal": False, "reasons": (turn, *verdict.reasons)})


def check_players(game: str, players: list[str]) -> list[str]:
    """The player names, checked by the one seat rule (rulesdb/names.py: the game's player count,
    the name rule, names that differ)."""
    names = [p.strip() for p in players if isinstance(p, str) and p.strip()]
    if not names:
        raise SessionError('no players: give them as --players "Ann,Ben,Cy"')
    problems = seat_problems(game, names)
    if problems:
        raise SessionError(problems[0])
    return names
