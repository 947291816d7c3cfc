"""A finished game as a play for BG Stats, the play-logging app most tables already use: its JSON
and the `bgstats://` link that opens BG Stats on a phone with the play filled in, for the table
to confirm. Pure: an outcome record (trackers/history.py) in, the play out.

BG Stats' own description of this format was not among the sources this project could read; the
field names and the link are those used by the open-source programs that send plays to it (listed
in docs/history.md): `sourceName`, `sourcePlayId`, `playDate`, `durationMin`, `comments`, `game`
(`name`, `sourceGameId`, `highestWins`, `noPoints`, `cooperative`) and `players` (`name`,
`sourcePlayerId`, `score`, `winner`, `startPlayer`, `rank`), in seat order.
"""
from __future__ import annotations

import json
from datetime import datetime
from typing import Any
from urllib.parse import quote

#: the link BG Stats opens with a play to confirm (its `data` is the play's JSON, percent-encoded)
LINK = "bgstats://app.bgstatsapp.com/createPlay.html?data="
SOURCE = "companion"
#: the `meta` key prefix (sessions file) under which each play sent is marked with when it was first shown
SENT_PREFIX = "bgstats:"


class NotFinished(ValueError):
    """A session whose game is not over: it has no result to log (bad input: exit 2)."""

    bad_input = True


def play_date(stamp: str) -> str:
    """`YYYY-MM-DD HH:MM:SS` in this machine's local time (the table's), as BG Stats writes its dates."""
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M:%S")
    except ValueError:
        return stamp[:19].replace("T", " ")


def comments(record: dict) -> str:
    """One line of what the play cannot say in its fields: the game's own result (the first of its
    words, `said`), an open tie."""
    if record.get("said"):
        return f"{record['said'][0][:1].upper()}{record['said'][0][1:]}."
    if record.get("tied"):
        return f"Tied: {', '.join(record['tied'])}; the rulebook names no winner."
    return ""


def play(record: dict, game_name: str) -> dict[str, Any]:
    """The BG Stats play of a finished session's outcome record; NotFinished for any other."""
    if record["status"] != "finished":
        raise NotFinished(f"session {record['session']!r} is {record['status']}: only a finished game can be "
                          "sent to BG Stats (see `companion history` for the finished ones)")
    standing = record.get("standing") or {}
    scores, ranks = standing.get("scores"), standing.get("ranks")
    players = []
    for name in record["players"]:
        row: dict[str, Any] = {"name": name, "sourcePlayerId": name.casefold(),
                               "winner": name in record["winners"], "startPlayer": name == record.get("start_player")}
        if scores is not None and scores.get(name) is not None:
            row["score"] = scores[name]
        if ranks is not None:
            row["rank"] = ranks[name]
        players.append(row)
    # sourcePlayId: the session's name and the moment it started, the same at every export, so BG Stats
    # and the sessions file can tell a play already sent
    out = {"sourceName": SOURCE, "sourcePlayId": f"{record['session']}@{record['started']}",
           "playDate": play_date(record["started"]), "durationMin": round(record["duration"] / 60),
           "game": {"name": game_name, "sourceGameId": record["game"], "highestWins": True,
                    "noPoints": scores is None, "cooperative": bool(record["cooperative"])},
           "players": players}
    note = comments(record)
    return out | ({"comments": note} if note else {})


def link(played: dict) -> str:
    """The `bgstats://` link that opens BG Stats with the play filled in."""
    return LINK + quote(json.dumps(played, ensure_ascii=False, separators=(",", ":")), safe=":,@")
