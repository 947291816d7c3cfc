"""`track list` in a sentence per session: its game, players, last change and whether it is over."""
from __future__ import annotations

from typing import Any

from engine import get_tracker
from trackers.errors import StoreError
from trackers.log import PLAY
from trackers.narrate import with_by
from trackers.sessions import Sessions


def overview(store: Sessions, sessions: list | None = None, damaged: list | None = None) -> list[dict[str, Any]]:
    """One row per session: name, game, players, the last log entry ("lives Ben -2 at 21:04"),
    and finished ("ended" when the session was ended, "game over" when the game is, else None).
    A session whose log is damaged is named in `damaged` (name, message) and listed as such."""
    rows = []
    for session in store.all() if sessions is None else sessions:
        row = {"name": session.name, "game": session.game, "players": session.players}
        try:
            entries = store.entries(session)
        except StoreError as exc:
            if damaged is None:
                raise
            damaged.append((session.name, str(exc)))
            rows.append(row | {"last": "(damaged)", "finished": "?"})
            continue
        last = None
        if entries:
            e = entries[-1]
            said = with_by(e.args[1], e.label) if e.verb == PLAY and len(e.args) == 2 else e.label
            last = f"{said} ({e.at[11:16]})" if len(e.at) >= 16 else said
        finished = "ended" if session.ended else None
        if finished is None and entries:
            try:
                if get_tracker(session.game).finished(store.replay(session).state):
                    finished = "game over"
            except Exception:  # noqa: BLE001 - a log this version cannot replay is listed, not fatal
                finished = "?"
        rows.append(row | {"last": last, "finished": finished})
    return rows
