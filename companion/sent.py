"""The table as a command's maker saw it: the newest event of the sessions file when a play was sent
(docs/architecture.md, Judged against the table its maker saw). Read once: `taken()` hands the mark
over and forgets it.
"""
from __future__ import annotations

import os
from pathlib import Path

_mark: int | None = None


def started() -> float | None:
    """When this process started (seconds since the epoch), from /proc/self/stat's start time after
    boot, which the kernel rounds down to its clock tick: the tick's end is taken, so a write made
    just before the start (a script's previous command) is never counted as after it; None where
    that cannot be read."""
    import time

    try:
        with open("/proc/self/stat", "rb") as f:
            fields = f.read().rsplit(b")", 1)[1].split()
        ticks = int(fields[19])  # field 22, starttime: clock ticks after boot (fields counted from 3)
        hz = os.sysconf("SC_CLK_TCK")
        up = time.clock_gettime(time.CLOCK_BOOTTIME)
    except (OSError, ValueError, IndexError, AttributeError):
        return None
    age = up - (ticks + 1) / hz
    return time.time() - age if 0 <= age < 86400 else None


def take_now(data_dir: Path, since: float | None = None) -> None:
    """Keep the newest event id of `data_dir`'s sessions file (0 when it has none or no file);
    with `since` (the moment the command was typed), the newest one written before it."""
    global _mark
    import sqlite3

    path = data_dir / "sessions.sqlite3"
    _mark = 0
    if not path.is_file():
        return
    try:
        con = sqlite3.connect(f"{path.as_uri()}?mode=ro", uri=True, timeout=30)
        try:
            _mark = con.execute("SELECT max(id) FROM events").fetchone()[0] or 0
            if since is not None and _mark and path.stat().st_mtime > since:  # written since it was typed
                first = _first_written_since(con, _mark - 1000, since)
                if first is not None:
                    _mark = min(_mark, first - 1)
        finally:
            con.close()
    except (sqlite3.Error, OSError):
        _mark = None  # not readable now: the command reports it; the play is judged as it is read


def _first_written_since(con, after: int, since: float) -> int | None:
    """The first event (id above `after`) this file got at or after `since`: by the nanosecond each
    event was written (schema 4); in a file without that column, by its stamp's second (an event of
    the start's second counts as after it: at worst a play refused, never one recorded twice)."""
    columns = {row[1] for row in con.execute("PRAGMA table_info(events)")}
    if "written_ns" in columns:
        return con.execute("SELECT min(id) FROM events WHERE id > ? AND written_ns >= ?",
                           (after, int(since * 1e9))).fetchone()[0]
    from datetime import datetime, timezone

    second = datetime.fromtimestamp(int(since), timezone.utc).isoformat(timespec="seconds")
    return con.execute("SELECT min(id) FROM events WHERE id > ? AND at >= ?", (after, second)).fetchone()[0]


def take(argv: list[str]) -> None:
    """At a one-shot's start: the mark, when the command is `play` (root options skipped)."""
    home, words = os.environ.get("COMPANION_HOME"), iter(argv)
    for word in words:
        if word == "--data-dir":
            home = next(words, None)
        elif word.startswith("--data-dir="):
            home = word.split("=", 1)[1]
        elif word != "play":  # another command or root option
            return
        else:
            break
    else:
        return
    try:
        if home:
            data = Path(home).expanduser() / "data"
        else:
            from companion.paths import data_dir

            data = data_dir()
        take_now(data, started())
    except (OSError, ValueError):
        pass  # the command names an unusable folder itself


def taken() -> int | None:
    """The mark, once (None when none was taken for this command)."""
    global _mark
    out, _mark = _mark, None
    return out
