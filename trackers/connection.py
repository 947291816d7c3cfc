"""The sessions file: one SQLite database per data folder, its transactions and its retries.

Writers wait their turn (trackers/retry.py): BEGIN IMMEDIATE makes concurrent writers take turns, a
busy file is tried again from the start, and a commit SQLite could not finish but that is in the
file counts as done. A read is one consistent read transaction; the snapshot rows a read leaves are
written after it, in a short transaction of their own.
"""
from __future__ import annotations

import sqlite3
from contextlib import closing, contextmanager, suppress
from pathlib import Path

from trackers import keys, retry, store
from trackers.log import Known
from trackers.store import connect, in_wal


class SessionsFile:
    """The sessions file of one data folder, open: what Sessions (trackers/sessions.py) reads and writes through."""

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
        self._known: dict[int, Known] = {}
        self._writing = False  # inside a write transaction (snapshot rows are written at once)
        self._pending: list[tuple[str, tuple]] = []  # snapshot rows to write after a read
        self._chained: set[int] = set()  # sessions whose whole chain this opening has checked for a write

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
            self._chained.clear()
            self.con = connect(self.path, self._damaged)
        elif self._kept:
            retry.run(lambda: store.integrity(self.con, self.path, self._damaged), self.path)
        self._seen = self._file_id()

    def _snapshot_key(self, create: bool) -> bytes | None:
        if self._key is None:
            self._key = keys.key(self.path.parent, create)
        return self._key

    def __enter__(self) -> SessionsFile:
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
            with suppress(sqlite3.Error):
                if self.con.in_transaction:
                    self.con.execute("ROLLBACK")
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
            read_only = f"{self.path.as_uri()}?mode=ro"
            with closing(sqlite3.connect(read_only, uri=True, timeout=retry.busy_seconds())) as con:
                return con.execute(sql, params).fetchone() is not None
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
        try:  # the journal mode is read outside the transaction: another writer may hold the file now
            if in_wal(self.con):
                self.con.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        except sqlite3.OperationalError as exc:
            if not retry.is_busy(exc):
                raise retry.explain(exc, self.path) from None
            # busy: the change is in; the next writer checkpoints
        return out

    def update_meta(self, key: str, change):
        """Read a `meta` value and write what `change(value)` makes of it in one write transaction
        (BEGIN IMMEDIATE), so two writers at once each change what the other wrote (none is lost).
        `change(value or None)` returns (the new value, what to return); it may read the sessions,
        in the same transaction. An error it raises leaves the file unchanged."""
        def body(con):
            row = con.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
            value, out = change(row[0] if row else None)
            con.execute("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", (key, value))
            self._witness = ("SELECT 1 FROM meta WHERE key = ? AND value = ?", (key, value))
            return out

        return self._write(body)

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
        with suppress(sqlite3.Error):
            with self.transaction(limit=1.0) as con:
                for sql, params in pending:
                    con.execute(sql, params)
