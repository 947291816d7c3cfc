"""`companion track watch`: the session's table full-screen, following changes from any terminal.

It looks at the sessions file every `interval` seconds (SQLite's data_version, one cheap query) and
redraws only when something was written; reading never blocks a writer (WAL). Ctrl-C leaves cleanly.
"""
from __future__ import annotations

import sqlite3
import time
from pathlib import Path


def watch(data_dir: Path, name: str | None, interval: float, ticks: int | None, as_json: bool = False) -> None:
    from companion.render import watch_view
    from trackers.errors import SessionError
    from trackers.peek import Changes
    from trackers.sessions import Sessions

    store = Sessions(data_dir, kept=True)
    shown = store.get(name).name  # an unknown session or none current: one line, exit 2, before the screen opens
    changes = Changes(data_dir)

    def frame():
        nonlocal shown
        if not changes.changed():
            return None
        try:
            try:
                result = store.show(name)
            except SessionError:  # the current session was ended elsewhere: stay on the one shown
                result = store.show(shown)
            last = store.last_entry(result.session)  # not the whole log: a long session redraws as fast
        except sqlite3.OperationalError:  # busy for a moment: look again at the next tick
            changes.seen = None
            return None
        shown = result.session.name
        return result, last

    def sleep() -> bool:
        nonlocal ticks
        if ticks is not None:
            ticks -= 1
            if ticks <= 0:
                return False
        time.sleep(interval)
        return True

    try:
        watch_view(frame, sleep, as_json)
    except KeyboardInterrupt:
        pass
    finally:
        changes.close()
        store.close()
