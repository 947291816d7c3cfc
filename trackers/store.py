"""The SQLite file that holds every session: schema, versioning, migrations, and refusal to touch
a file that is not ours.

One file (`<data>/sessions.sqlite3`). WAL journal with synchronous=FULL: a committed command
survives a crash at any instant, and an interrupted one leaves no trace. Every command runs in one
`BEGIN IMMEDIATE` transaction, so two terminals updating one session take turns.
"""
from __future__ import annotations

import sqlite3
from pathlib import Path

from trackers.errors import StoreError

APPLICATION_ID = 0x436D7061  # "Cmpa": marks the file as the companion's
SCHEMA_VERSION = 2

# MIGRATIONS[n] takes a database at version n to version n + 1.
MIGRATIONS: dict[int, str] = {
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
    # snapshots of replayed state every N events (trackers/snapshots.py); derived data, never the truth
    1: """
    CREATE TABLE snapshots (
        session_id   INTEGER NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
        seq          INTEGER NOT NULL,      -- the state after the log up to this seq
        code         TEXT NOT NULL,         -- digest of the code that replayed it
        anchor_seq   INTEGER NOT NULL,      -- the chained log digest at anchor_seq ...
        anchor       TEXT NOT NULL,
        prefix       TEXT NOT NULL,         -- ... and at seq
        state        TEXT NOT NULL,         -- JSON, the tracker's dump
        applied      TEXT NOT NULL,         -- JSON runs [first, last] of applied change seqs
        redo         TEXT NOT NULL,         -- JSON runs of undone change seqs (the redo stack)
        check_digest TEXT NOT NULL,         -- digest of this row
        PRIMARY KEY (session_id, seq)
    );
    """,
}


def connect(path: Path) -> sqlite3.Connection:
    """Open (creating if needed) the sessions file; StoreError if it is not ours or is damaged."""
    path.parent.mkdir(parents=True, exist_ok=True)
    existed = path.exists() and path.stat().st_size > 0
    try:
        con = sqlite3.connect(str(path), timeout=30, isolation_level=None)
    except sqlite3.Error as exc:
        raise StoreError(f"cannot open the sessions file {path}: {exc}") from None
    try:
        app_id = con.execute("PRAGMA application_id").fetchone()[0]
        version = con.execute("PRAGMA user_version").fetchone()[0]
        tables = con.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
    except sqlite3.DatabaseError as exc:
        con.close()
        raise StoreError(f"{path} is not a companion sessions file ({exc}); it was left untouched") from None
    if existed and app_id != APPLICATION_ID and tables:
        con.close()
        raise StoreError(f"{path} is a database of another program; it was left untouched (use --data-dir for another place)")
    if version > SCHEMA_VERSION:
        con.close()
        raise StoreError(f"{path} was written by a newer companion (schema {version} > {SCHEMA_VERSION}); upgrade companion")
    try:
        con.execute("PRAGMA journal_mode=WAL")
        con.execute("PRAGMA synchronous=FULL")
        con.execute("PRAGMA foreign_keys=ON")
        con.execute("PRAGMA busy_timeout=30000")
        if version < SCHEMA_VERSION:
            _migrate(con, version)
        if con.execute("PRAGMA quick_check").fetchone()[0] != "ok":
            raise sqlite3.DatabaseError("integrity check failed")
    except sqlite3.DatabaseError as exc:
        con.close()
        raise StoreError(f"{path} is damaged ({exc}); it was left untouched") from None
    return con


def _migrate(con: sqlite3.Connection, version: int) -> None:
    con.execute("BEGIN IMMEDIATE")
    try:
        current = con.execute("PRAGMA user_version").fetchone()[0]  # another process may have won
        for step in range(current, SCHEMA_VERSION):
            _run_script(con, MIGRATIONS[step])
        con.execute(f"PRAGMA application_id={APPLICATION_ID}")
        con.execute(f"PRAGMA user_version={SCHEMA_VERSION}")
        con.execute("COMMIT")
    except BaseException:
        con.execute("ROLLBACK")
        raise


def _run_script(con: sqlite3.Connection, script: str) -> None:
    """Run each statement inside the open transaction (executescript would commit it)."""
    for statement in script.split(";"):
        if statement.strip():
            con.execute(statement)
