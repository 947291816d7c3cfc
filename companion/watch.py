"""`companion track watch`: the session's table full-screen, following changes from any terminal.

It looks at the sessions file every `interval` seconds (SQLite's data_version, one cheap query) and
redraws only when something was written; reading never blocks a writer (WAL). Ctrl-C leaves cleanly.
"""
from __future__ import annotations

import gc
import sqlite3
import time
from pathlib import Path


def watch(data_dir: Path, name: str | None, interval: float, ticks: int | None, as_json: bool = False,
          reveal: list[str] = ()) -> None:
    from companion.render_watch import watch_view

    gc.enable()  # a long-lived process
    from trackers.errors import SessionError
    from trackers.peek import Changes
    from dataclasses import replace

    from trackers.secrets import public_args, public_summary, revealed
    from engine import get_tracker
    from trackers.sessions import Sessions

    store = Sessions(data_dir, kept=True, create=False)  # nothing to watch: no file created
    shown = store.get(name).name  # an unknown session or none current: one line, exit 2, before the screen opens
    revealed(store.get(name), reveal)  # an unknown player: one line, exit 2, before the screen opens
    changes = Changes(data_dir)
    seen: dict = {}  # the table last drawn: the state before a new event names who made it

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
        session = result.session
        shown = session.name
        if last is not None and last.kind == "change":
            last.by = _made_by(store, session, last, seen)
        if last is not None:  # its secret words hidden (trackers/secrets.py), after who made it is read
            public = public_args(session.game, last.verb, last.args, revealed(session, reveal))
            if public is not None:
                by, last = getattr(last, "by", None), replace(last, args=public)
                last.by = by
        seen.update(name=session.name, seq=last.seq if last else 0, state=result.state)
        result.summary = public_summary(get_tracker(session.game), session.game, result.state,
                                        revealed(session, reveal))
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


def _made_by(store, session, last, seen: dict) -> str | None:
    """Who made the newest change, from the table before it: the one the watch drew last when that
    was just before it; else (the first frame) a replay of the log without it, needed only for a
    play that does not store its player."""
    from engine import get_tracker
    from trackers.log import PLAY, engine_for, replay
    from trackers.narrate import change_by, stored_by

    if seen.get("name") == session.name and seen.get("seq") == last.seq - 1:
        return change_by(session, engine_for(session.game), seen["state"], last)
    if last.verb != PLAY or len(last.args) > 1:
        return stored_by(session, last)
    entries = [e for e in store.entries(session) if e.seq < last.seq]
    before = replay(get_tracker(session.game), session, entries).state
    return change_by(session, engine_for(session.game), before, last)
