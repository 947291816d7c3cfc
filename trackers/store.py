"""The SQLite file that holds every session: schema, versioning, migrations, and refusal to touch
a file that is not ours (its journal, transactions and safe first opening: docs/architecture.md
"Storage").
"""
from __future__ import annotations

import json
import os
import sqlite3
import time
from pathlib import Path
from typing import Callable

from trackers import ledger, retry
from trackers.errors import StoreError

APPLICATION_ID = 0x436D7061  # "Cmpa": marks the file as the companion's
SCHEMA_VERSION = 4

# MIGRATIONS[n] takes a database at version n to version n + 1: an SQL script or a function.
MIGRATIONS: dict[int, str | Callable[[sqlite3.Connection], None]] = {
    0: """
    CREATE TABLE sessions (
        id       INTEGER PRIMARY KEY,
        name     TEXT NOT NULL UNIQUE,
        game     TEXT NOT NULL,
        players  TEXT NOT NULL,             -- JSON list of names
        options  TEXT NOT NULL,             -- JSON object
        created  TEXT NOT NULL,
        ended    TEXT
    );
    CREATE TABLE events (
        id         INTEGER PRIMARY KEY,
        session_id INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        seq        INTEGER NOT NULL,        -- 1, 2, 3 ... within the session
        at         TEXT NOT NULL,           -- ISO time, UTC
        kind       TEXT NOT NULL CHECK (kind IN ('change', 'undo', 'redo')),
        verb       TEXT NOT NULL DEFAULT '',
        args       TEXT NOT NULL DEFAULT '[]',
        count      INTEGER NOT NULL DEFAULT 1,   -- how many steps an undo or redo takes
        overruled  INTEGER NOT NULL DEFAULT 0,
        violations TEXT NOT NULL DEFAULT '[]',   -- JSON reasons of an overruled change
        UNIQUE (session_id, seq)
    );
    CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
    """,
    1: lambda con: _add_ledger(con),
    # snapshots of replayed state every N events (trackers/snapshots.py): derived data, never the truth
    2: """
    CREATE TABLE snapshots (
        session_id   INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        seq          INTEGER NOT NULL,      -- the state after the log up to this event
        link         TEXT NOT NULL,         -- the ledger link (digest) of event seq
        code         TEXT NOT NULL,         -- digest of the code that replayed it
        state        TEXT NOT NULL,         -- JSON, the tracker's dump
        applied      TEXT NOT NULL,         -- JSON runs [first, last] of applied change seqs
        redo         TEXT NOT NULL,         -- JSON runs of undone change seqs (the redo stack)
        check_digest TEXT NOT NULL,         -- digest of this row
        PRIMARY KEY (session_id, seq)
    );
    """,
    # when each event was written to this file, in nanoseconds (companion/sent.py: a play typed before a
    # write is judged against the table before it, to better than the second `at` keeps); NULL before
    3: lambda con: _add_written(con),
}


def _add_written(con: sqlite3.Connection) -> None:
    if "written_ns" not in {row[1] for row in con.execute("PRAGMA table_info(events)")}:
        con.execute("ALTER TABLE events ADD COLUMN written_ns INTEGER")


def _add_ledger(con: sqlite3.Connection) -> None:
    """Version 2: a chained checksum per event, and the chain's head and length per session."""
    con.execute("ALTER TABLE events ADD COLUMN digest TEXT NOT NULL DEFAULT ''")
    con.execute("ALTER TABLE sessions ADD COLUMN head TEXT NOT NULL DEFAULT ''")
    con.execute("ALTER TABLE sessions ADD COLUMN length INTEGER NOT NULL DEFAULT 0")
    sessions = con.execute("SELECT id, game, players, options, created FROM sessions").fetchall()
    for sid, game, players, options, created in sessions:
        prev = ledger.genesis(game, json.loads(players), json.loads(options), created)
        rows = con.execute("SELECT id, seq, at, kind, verb, args, count, overruled, violations FROM events"
                           " WHERE session_id = ? ORDER BY seq", (sid,)).fetchall()
        for rid, seq, at, kind, verb, args, count, overruled, violations in rows:
            prev = ledger.link(prev, seq, at, kind, verb, json.loads(args), count, bool(overruled),
                               json.loads(violations))
            con.execute("UPDATE events SET digest = ? WHERE id = ?", (prev, rid))
        con.execute("UPDATE sessions SET head = ?, length = ? WHERE id = ?", (prev, len(rows), sid))


def connect(path: Path, damage: dict[int, int] | None = None) -> sqlite3.Connection:
    """Open (creating if needed) the sessions file; StoreError if it is not ours, damaged or unwritable.
    When the file may have changed behind our back, every session's ledger is verified too and
    `damage` gets {session id: first bad event} (see `integrity`)."""
    folder = path.parent
    if folder.exists() and not folder.is_dir():
        raise StoreError(f"the data folder {folder} is a file, not a folder; use --data-dir for another place")
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise StoreError(f"cannot create the data folder {folder} ({exc.strerror or exc}); "
                         "use --data-dir for a writable place") from None
    if path.exists() and not path.is_file():
        raise StoreError(f"{path} is not a file; it was left untouched (use --data-dir for another place)")
    if not path.exists() and not os.access(folder, os.W_OK):
        raise retry.explain(sqlite3.OperationalError("unable to open database file"), path)

    def attempt() -> sqlite3.Connection:
        con = sqlite3.connect(str(path), timeout=retry.BUSY_TIMEOUT_MS / 1000, isolation_level=None)
        try:
            _prepare(con, path, {} if damage is None else damage)
        except BaseException:
            con.close()
            raise
        return con

    return retry.run(attempt, path)


def empty() -> sqlite3.Connection:
    """An empty sessions database in memory: what a read command sees where no sessions file exists
    yet (so reading never creates the file or its folder)."""
    con = sqlite3.connect(":memory:", isolation_level=None)
    _migrate(con, Path(":memory:"))
    return con


def _read_header(con: sqlite3.Connection, path: Path) -> tuple[int, int, int]:
    """application_id, user_version and the number of schema objects, read in one transaction."""
    try:
        con.execute("BEGIN")
        try:
            app_id = con.execute("PRAGMA application_id").fetchone()[0]
            version = con.execute("PRAGMA user_version").fetchone()[0]
            tables = con.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        finally:
            con.execute("COMMIT")
    except sqlite3.OperationalError:
        raise
    except sqlite3.DatabaseError as exc:
        if _ours_by_header(path):
            raise StoreError(f"{path} is damaged ({exc}; it may have been cut short); it was left untouched; "
                             "move it aside to start afresh, or restore a backup") from None
        raise StoreError(f"{path} is not a companion sessions file ({exc}); it was left untouched "
                         "(move it aside, or use --data-dir for another place)") from None
    return app_id, version, tables


def _ours_by_header(path: Path) -> bool:
    """Whether the file's first bytes say it is a sessions file of ours (the SQLite header with our
    application id, or a SQLite header cut before the id): a file that does not open is then damaged."""
    try:
        with open(path, "rb") as f:
            head = f.read(100)
    except OSError:
        return False
    if not head.startswith(b"SQLite format 3\0"):
        return False
    return len(head) < 72 or int.from_bytes(head[68:72], "big") == APPLICATION_ID


def _refuse_foreign(path: Path, app_id: int, version: int, tables: int) -> None:
    # version 0 with tables: not a file of ours, whatever its application id says (ours at version 0
    # is empty: the first migration creates every table in the transaction that stamps the version)
    if tables and (app_id != APPLICATION_ID or version == 0):
        raise StoreError(f"{path} is a database of another program; it was left untouched (use --data-dir for another place)")
    if version > SCHEMA_VERSION:
        raise StoreError(f"{path} was written by a newer companion (schema {version} > {SCHEMA_VERSION}); upgrade companion")


def _prepare(con: sqlite3.Connection, path: Path, damage: dict[int, int]) -> None:
    con.execute(f"PRAGMA busy_timeout={retry.BUSY_TIMEOUT_MS}")
    app_id, version, tables = _read_header(con, path)
    _refuse_foreign(path, app_id, version, tables)
    if version < SCHEMA_VERSION or app_id != APPLICATION_ID:
        _migrate(con, path)
    try:
        if con.execute("PRAGMA journal_mode").fetchone()[0].lower() == "wal":
            try:
                con.execute("PRAGMA journal_mode=DELETE")  # needs the file to ourselves; else stay in WAL
            except sqlite3.OperationalError as exc:
                if not retry.is_busy(exc):
                    raise
        con.execute("PRAGMA synchronous=FULL")
        con.execute("PRAGMA foreign_keys=ON")
        missing = {"sessions", "events", "meta", "snapshots"} - {
            r[0] for r in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        if missing:
            raise sqlite3.DatabaseError(f"no such table: {', '.join(sorted(missing))}")
        integrity(con, path, damage)
    except sqlite3.OperationalError:
        raise
    except sqlite3.DatabaseError as exc:
        raise retry.explain(exc, path) from None


def identity(path: Path) -> str | None:
    """The file's inode, size, mtime and change time (ns): what tells that it changed behind our
    back. No unprivileged program can set a change time back, so a write whose modification time
    was put back (a bit flipped, `touch -r`) still makes the next opening check the file."""
    try:
        st = path.stat()
    except OSError:
        return None
    return f"{st.st_ino}:{st.st_size}:{st.st_mtime_ns}:{st.st_ctime_ns}"


def _marker(path: Path) -> Path:
    return path.with_name(path.name + ".checked")


def integrity(con: sqlite3.Connection, path: Path, damage: dict[int, int]) -> str | None:
    """`PRAGMA quick_check` (it reads the whole file) and every session's ledger, unless the file
    is exactly as a previous check, or a commit of ours made on a checked file, left it (inode,
    size, mtime and change time in the marker file beside it). So a file written by anything else, restored,
    copied over or left by a crash is checked at its next opening, and a long log is not read whole
    at every command. Sessions whose ledger fails go into `damage` (the file is then not marked, so
    the check runs again until the damage is gone). Returns the identity the check applies to."""
    ident = None if in_wal(con) else identity(path)  # in WAL mode the file's stat says little
    damage.clear()
    if ident is not None and _matches(path, ident):
        return ident
    if ident is not None and time.time() - path.stat().st_mtime < 1:
        # written a moment ago: most likely a companion that has committed and is about to mark it
        time.sleep(0.02)
        ident = identity(path)
        if ident is not None and _matches(path, ident):
            return ident
    if con.execute("PRAGMA quick_check").fetchone()[0] != "ok":
        raise sqlite3.DatabaseError("integrity check failed")
    damage.update(_ledger_damage(con))
    if not damage:
        _mark(path, ident)
    return ident


def _matches(path: Path, ident: str) -> bool:
    try:
        return _marker(path).read_text(encoding="ascii") == ident
    except (OSError, ValueError):
        return False


def _ledger_damage(con: sqlite3.Connection) -> dict[int, int]:
    """{session id: first bad event} for each session whose chain of checksums does not verify."""
    from trackers.log import ROW_COLUMNS

    out: dict[int, int] = {}
    con.execute("BEGIN")
    try:
        for sid, game, players, options, created, head, length in con.execute(
                "SELECT id, game, players, options, created, head, length FROM sessions").fetchall():
            try:
                start = ledger.genesis(game, json.loads(players), json.loads(options), created)
            except (TypeError, ValueError):
                out[sid] = 1
                continue
            rows = con.execute(f"SELECT {ROW_COLUMNS} FROM events WHERE session_id = ? ORDER BY seq", (sid,))
            bad = ledger.first_bad_row(start, rows, head, length)
            if bad is not None:
                out[sid] = bad
    finally:
        con.execute("COMMIT")
    return out


def _mark(path: Path, ident: str | None) -> None:
    """Record that the file as `ident` passed (a cache: losing it only costs a check)."""
    if ident is None or path.is_symlink() or _marker(path).is_symlink():
        return
    try:
        _marker(path).write_text(ident, encoding="ascii")
    except OSError:
        pass


def checked(path: Path) -> bool:
    """Whether the file is as the marker says it was checked (call under the write lock)."""
    ident = identity(path)
    return ident is not None and _matches(path, ident)


def committed(path: Path, was_checked: bool) -> None:
    """After a commit of ours on a file that was checked when the write lock was taken: the file
    as it is now needs no check at the next opening."""
    if was_checked:
        _mark(path, identity(path))


def in_wal(con: sqlite3.Connection) -> bool:
    return con.execute("PRAGMA journal_mode").fetchone()[0].lower() == "wal"


def _migrate(con: sqlite3.Connection, path: Path) -> None:
    con.execute("BEGIN IMMEDIATE")
    try:
        app_id = con.execute("PRAGMA application_id").fetchone()[0]  # another process may have won
        current = con.execute("PRAGMA user_version").fetchone()[0]
        tables = con.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
        _refuse_foreign(path, app_id, current, tables)
        for step in range(current, SCHEMA_VERSION):
            migration = MIGRATIONS[step]
            if callable(migration):
                migration(con)
                continue
            for statement in migration.split(";"):  # each in the open transaction (executescript commits)
                if statement.strip():
                    con.execute(statement)
        con.execute(f"PRAGMA application_id={APPLICATION_ID}")
        con.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        retry.commit(con)
    except BaseException:
        con.execute("ROLLBACK")
        raise
