"""The table as a command's maker saw it: the newest event of the sessions file when a play was sent.

A one-shot `companion play` reads it first thing (companion/entry.py), before its imports and the
replay, and the shell before each line; trackers/recording.py refuses the play under the write lock
when the session's log has gone past it (the same play sent several times at once is recorded once).
Read once: `taken()` hands the mark over and forgets it.
"""
from __future__ import annotations

import os
from pathlib import Path

_mark: int | None = None


def take_now(data_dir: Path) -> None:
    """Keep the newest event id of `data_dir`'s sessions file (0 when it has none or no file)."""
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
        finally:
            con.close()
    except sqlite3.Error:
        _mark = None  # not readable now: the command reports it; the play is judged as it is read


def take(argv: list[str]) -> None:
    """At a one-shot's start: the mark, when the command is `play` (root options skipped)."""
    home, words = os.environ.get("COMPANION_HOME"), iter(argv)
    for word in words:
        if word == "--data-dir":
            home = next(words, None)
        elif word.startswith("--data-dir="):
            home = word.split("=", 1)[1]
        elif word.startswith("-"):
            return
        elif word != "play":
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
        take_now(data)
    except (OSError, ValueError):
        pass  # the command names an unusable folder itself


def taken() -> int | None:
    """The mark, once (None when none was taken for this command)."""
    global _mark
    out, _mark = _mark, None
    return out
