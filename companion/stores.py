"""The sessions file the commands open: one Sessions per command, or one kept open per data folder
for a whole `companion shell` evening; and the current session's game, read now."""
from __future__ import annotations

from companion import paths

_kept: dict = {}  # companion shell: one open sessions file per data folder for the whole evening


def keep_open(on: bool) -> None:
    """Keep one open Sessions per data folder for every later command (on), or close them (off)."""
    for key, store in _kept.items():
        if key is not None:
            store.con.close()
    _kept.clear()
    _kept[None] = on


def open_sessions(reading: bool = False):
    """The sessions of the data folder; `reading` (a command that only reads, or one that only changes
    a session that must exist already) never creates the sessions file or its folder."""
    from trackers.sessions import Sessions

    data = paths.data_dir()
    if not _kept.get(None) or (reading and data not in _kept and not (data / "sessions.sqlite3").exists()):
        return Sessions(data, create=not reading)  # the shell keeps a sessions file once there is one
    if data not in _kept:
        store = Sessions(data, kept=True)
        store.close = lambda: None  # closed when the shell ends (keep_open(False))
        _kept[data] = store
    return _kept[data]


def current_game() -> str | None:
    """The current session's game, read from the sessions file now (another terminal may have changed it)."""
    if not (paths.data_dir() / "sessions.sqlite3").exists():
        return None
    try:
        with open_sessions() as store:
            name = store.current_name()
            return store.get(name).game if name else None
    except Exception:  # noqa: BLE001 - no usable session: search every game
        return None
