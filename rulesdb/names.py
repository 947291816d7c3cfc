"""The one rule for names a user gives: players, sessions and imported sources.

Names are plain text. A player name is a few words of letters and digits (any script) with
`-`, `_`, `.` and `'` inside; an id-like name (session, source) is lowercase letters and digits
joined by `-` or `_`. Both have a length limit. Brackets, slashes, control characters and rich
markup never get in, and what is shown is escaped anyway (companion/render.py).
"""
from __future__ import annotations

import re

MAX_PLAYER = 24
MAX_ID = 40
ID_NAME = re.compile(r"^[a-z0-9]+(?:[-_][a-z0-9]+)*$")
_PLAYER_PUNCT = set("-_.' ")


def player_problem(name: str) -> str | None:
    """Why `name` cannot be a player's name, or None when it can."""
    if not isinstance(name, str) or not name.strip():
        return "a player name is empty"
    if len(name) > MAX_PLAYER:
        return f"player name {name[:MAX_PLAYER]!r}... is longer than {MAX_PLAYER} characters"
    if name != name.strip() or "  " in name:
        return f"player name {name!r} has extra spaces"
    if not name[0].isalnum():
        return f"player name {name!r} must start with a letter or digit"
    bad = sorted({c for c in name if not (c.isalnum() or c in _PLAYER_PUNCT)})
    if bad:
        return (f"player name {name!r} has a character that names do not use ({''.join(bad)!r}); "
                "use letters, digits, spaces and - _ . '")
    return None


def id_problem(name: str, what: str) -> str | None:
    """Why `name` cannot name a session or source, or None when it can."""
    if not isinstance(name, str) or not name:
        return f"the {what} name is empty"
    if len(name) > MAX_ID:
        return f"the {what} name {name[:MAX_ID]!r}... is longer than {MAX_ID} characters"
    if not ID_NAME.match(name):
        return f"bad {what} name {name!r}: use lowercase letters, digits, '-' or '_' (e.g. game-night)"
    return None
