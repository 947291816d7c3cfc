"""The one rule for names a user gives: players, sessions and imported sources.

Names are plain text, and so is every word a user gives that is kept (a card name, a change's
arguments, a play's move text): at most MAX_TEXT characters, no control character, at most
MAX_WORDS words in one change. The same rule holds at the
CLI and in an imported session, so whatever a session records can be exported and imported again.
Names are plain text. A player name is a few words of letters and digits (any script) with
`-`, `_`, `.` and `'` inside; an id-like name (session, source) is lowercase letters and digits
joined by `-` or `_`. Both have a length limit. Brackets, slashes, control characters and rich
markup never get in, and what is shown is escaped anyway (companion/render.py).
"""
from __future__ import annotations

import re
import unicodedata

MAX_TEXT = 200  # one kept word or text: a change's argument (a card name), a play's move, an option's value
MAX_WORDS = 64  # words in one change (a hand of cards named at once)
MAX_PLAYER = 24
MAX_ID = 40
ID_NAME = re.compile(r"^[a-z0-9]+(?:[-_][a-z0-9]+)*$")
_PLAYER_PUNCT = set("-_.' ")


def text_problem(value, what: str, limit: int = MAX_TEXT) -> str | None:
    """Why `value` cannot be kept as a word of a change, a play or a file's field, or None."""
    if not isinstance(value, str):
        return f"{what} must be text"
    if len(value) > limit:
        return f"{what} {value[:24]!r}... is longer than {limit} characters"
    if any(unicodedata.category(c) == "Cc" for c in value):
        return f"{what} {value[:24]!r} holds a control character"
    return None


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


#: the most players one table keeps where a rulebook sets no limit (a sanity bound, not a rule)
MOST_PLAYERS = 12
#: the most seats a file may list before it is read further (far past any table: refused at once)
MAX_SEATS = 64


def seat_problems(game: str, names: list[str]) -> list[str]:
    """Why these players cannot sit at one table of `game`, one line each (none: they can): the
    game's player count (and MOST_PLAYERS where its rulebook sets no limit), the name rule and
    names that differ only in case. The rules `track new` applies, and situation files too."""
    from rulesdb.games import all_games

    if not names:
        return ["no players: a table needs at least one"]
    out: list[str] = []
    info = next((g for g in all_games() if g.id == game), None)
    if info is not None and info.max_players and len(names) > info.max_players:
        out.append(f"{len(names)} players is more than {game} allows ({info.max_players} at most)")
    elif len(names) > MOST_PLAYERS:  # not a rule of the game: a bound on what one table keeps
        out.append(f"{len(names)} players: a session keeps at most {MOST_PLAYERS} (the {game} rulebook itself "
                   "sets no upper limit)")
    out += [problem for n in names if (problem := player_problem(n))]
    lowered = [n.casefold() for n in names if isinstance(n, str)]
    dupes = sorted({n for n in lowered if lowered.count(n) > 1})
    if dupes:
        out.append(f"player names must differ: {', '.join(map(repr, dupes))} appears twice (names are "
                   "compared regardless of case)")
    return out


def id_problem(name: str, what: str) -> str | None:
    """Why `name` cannot name a session or source, or None when it can."""
    if not isinstance(name, str) or not name:
        return f"the {what} name is empty"
    if len(name) > MAX_ID:
        return f"the {what} name {name[:MAX_ID]!r}... is longer than {MAX_ID} characters"
    if not ID_NAME.match(name):
        return f"bad {what} name {name!r}: use lowercase letters, digits, '-' or '_' (e.g. game-night)"
    return None
