"""Waiting for the sessions file, and saying plainly what went wrong with it: a transaction that finds
the file busy runs again after a short random pause, up to BUSY_SECONDS (COMPANION_BUSY_SECONDS), then
Busy (exit 1), never a raw "database is locked"; `explain` turns any other sqlite3 error into a
StoreError naming the file and what to do (read-only folder, disk full, missing table, damaged file).
"""
from __future__ import annotations

import os
import random
import sqlite3
import time
from pathlib import Path
from typing import Callable, TypeVar

from trackers.errors import Busy, DiskError, DiskFull, StoreError

T = TypeVar("T")
BUSY_SECONDS = 30.0
# SQLite's own wait per attempt (it polls at 1, 2, 5, 10 ms): short, so that every waiter polls at the
# same quick pace whether it has waited long or not (a long busy timeout backs off to 100 ms steps
# and lets newcomers overtake old waiters); the loop below adds short jittered pauses.
BUSY_TIMEOUT_MS = 20


def busy_seconds() -> float:
    try:
        return max(0.0, float(os.environ.get("COMPANION_BUSY_SECONDS", BUSY_SECONDS)))
    except ValueError:
        return BUSY_SECONDS


def is_busy(exc: BaseException) -> bool:
    if not isinstance(exc, sqlite3.OperationalError):
        return False
    text = str(exc).lower()
    return "locked" in text or "busy" in text


def run(attempt: Callable[[], T], path: Path, limit: float | None = None) -> T:
    """Call `attempt` (one whole transaction) until it does not find the file busy."""
    limit = busy_seconds() if limit is None else limit
    deadline = time.monotonic() + limit
    while True:
        try:
            return attempt()
        except sqlite3.OperationalError as exc:
            if not is_busy(exc):
                raise explain(exc, path) from None
            if time.monotonic() >= deadline:
                raise Busy(f"the session is busy: another companion kept {path} locked for {limit:g} s; "
                           "try again (set COMPANION_BUSY_SECONDS to wait longer)") from None
            time.sleep(random.uniform(0.001, 0.005))
        except (sqlite3.ProgrammingError, sqlite3.InterfaceError):
            raise  # a mistake in our own code, not the file: it must not pass for damage
        except sqlite3.DatabaseError as exc:
            raise explain(exc, path) from None


def commit(con: sqlite3.Connection, limit: float | None = None) -> None:
    """COMMIT, waiting while readers still hold the file (the transaction stays open meanwhile and
    new readers are held off), instead of throwing the finished work away and starting again."""
    deadline = time.monotonic() + (busy_seconds() if limit is None else limit)
    while True:
        try:
            con.execute("COMMIT")
            return
        except sqlite3.OperationalError as exc:
            if not is_busy(exc) or time.monotonic() >= deadline:
                raise
            time.sleep(random.uniform(0.0005, 0.002))


def explain(exc: BaseException, path: Path) -> StoreError:
    """A StoreError (or subclass) that says what happened to the sessions file and what to do."""
    text = str(exc).lower()
    folder = path.parent
    if "readonly" in text or "read-only" in text or "read only" in text or (
            "unable to open" in text and not os.access(folder, os.W_OK)):
        return StoreError(f"the data folder {folder} is read-only, so nothing can be saved there; "
                          "make it writable or use --data-dir for another folder")
    if "disk is full" in text or "database or disk is full" in text or "no space" in text:
        return DiskFull(f"the disk holding {path} is full; nothing was recorded; free some space and try again")
    if "disk i/o error" in text:
        return DiskError(f"a disk I/O error on {path} ({exc}): the disk may be failing, or another program "
                         "changed the file or its journal; check it, then try again")
    if "not a database" in text:
        return StoreError(f"{path} is not a companion sessions file ({exc}); it was left untouched "
                          "(move it aside, or use --data-dir for another place)")
    if "no such table" in text or "no such column" in text:
        return StoreError(f"{path} is damaged: it lacks part of its structure ({exc}); it was left untouched; "
                          "move it aside to start afresh, or restore a backup")
    if "unable to open" in text:
        return StoreError(f"cannot open the sessions file {path} ({exc}); check the folder and --data-dir")
    return StoreError(f"{path} is damaged ({exc}); it was left untouched; move it aside to start afresh, "
                      "or restore a backup")
