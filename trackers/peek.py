"""A read-only glance at the sessions file, for help texts and shell completion.

It never creates, migrates or locks anything: when the file is missing, busy or not ours, every
function answers "nothing" instead of raising, so `--help` and a TAB press stay harmless and fast.
"""
from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Glance:
    name: str
    game: str
    players: tuple[str, ...]
    ended: bool


def _rows(data_dir: Path, sql: str) -> list[tuple]:
    path = data_dir / "sessions.sqlite3"
    if not path.is_file():
        return []
    try:
        with closing(sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True, timeout=1)) as con:
            return con.execute(sql).fetchall()
    except sqlite3.Error:
        return []


def sessions(data_dir: Path) -> list[Glance]:
    """Every session, oldest first."""
    rows = _rows(data_dir, "SELECT name, game, players, ended FROM sessions ORDER BY id")
    out = []
    for name, game, players, ended in rows:
        try:
            names = tuple(str(p) for p in json.loads(players))
        except ValueError:
            names = ()
        out.append(Glance(name, game, names, bool(ended)))
    return out


def current(data_dir: Path) -> Glance | None:
    """The current session, or None."""
    row = _rows(data_dir, "SELECT value FROM meta WHERE key = 'current'")
    if not row:
        return None
    return next((s for s in sessions(data_dir) if s.name == row[0][0]), None)


class Changes:
    """Tells whether any process has written to the sessions file since the last look
    (SQLite's data_version), through one read-only connection kept open; a file replaced under it
    (another inode: a restore, a sync tool's rename) counts as changed and is opened afresh."""

    def __init__(self, data_dir: Path):
        self.path = data_dir / "sessions.sqlite3"
        self.con: sqlite3.Connection | None = None
        self.seen: int | None = None
        self.inode: tuple[int, int] | None = None

    def changed(self) -> bool:
        try:
            st = self.path.stat()
            inode = (st.st_dev, st.st_ino)
        except OSError:
            return False
        if self.con is not None and inode != self.inode:
            self.close()
            self.con, self.seen = None, None
        try:
            if self.con is None:
                self.con = sqlite3.connect(f"{self.path.as_uri()}?mode=ro", uri=True, timeout=1)
                self.inode = inode
            version = self.con.execute("PRAGMA data_version").fetchone()[0]
        except sqlite3.Error:
            return False
        if version == self.seen:
            return False
        self.seen = version
        return True

    def close(self) -> None:
        if self.con is not None:
            self.con.close()
