"""The table as a phone shows it, in the players' words: what a player looks at during a turn first
(whose turn and what they are doing, the cards in play), each player's counters as short label/value
pairs that wrap on a narrow screen, the set-up details for behind a tap, and at the end the result
(winners, scores, how it was decided). Pure: a game's public summary and who is to act in, a dict out;
no engine key (`setup_todo`, `decided_by`) reaches the page. Each game words its own table (Views.phone,
engine/<game>/track_phone.py); a game without one gets the plain view.
"""
from __future__ import annotations

import re


def phone_view(game: str, summary: dict, to_act: str | None, acting: str | None, finished: bool) -> dict:
    """{"headline", "setup", "in_play": [{"label", "cards", "owner", "dice", "empty" or "value"}],
    "counters": [[label, value]],
    "players": [{"name", "counters": [[label, value]], "notes", "turn"}], "details": [[label, text]],
    "end": None or {"title", "how", "scores": [[name, text]]}}."""
    view = {"headline": "", "setup": None, "in_play": [], "counters": [], "players": [], "details": [], "end": None}
    rows = [r for r in summary.get("players") or [] if isinstance(r, dict)]
    _filler(game)(view, summary, rows, to_act, acting)
    for p in view["players"]:
        p["turn"] = not finished and p["name"] in _names(to_act, acting)
    if finished:
        view["end"] = view["end"] or {"title": "Game over", "how": "", "scores": []}
        first = _names(view["end"]["title"].replace(" wins", "").replace(" win", ""), None)
        view["end"]["scores"].sort(key=lambda row: row[0] not in first)
        view["headline"] = view["end"]["title"]
        view["setup"] = None
    return view


def _names(to_act: str | None, acting: str | None) -> set[str]:
    return {w for w in re.findall(r"[^\s,;:()]+", f"{to_act or ''} {acting or ''}")}


def _plain(view: dict, s: dict, rows: list[dict], to_act, acting) -> None:
    """A game that declares no phone view: its summary's counters as they are."""
    from engine.phone import player, turn

    view["headline"] = turn(to_act, acting, "to act") if (to_act or acting) else ""
    for r in rows:
        view["players"].append(player(r, [[k.replace("_", " "), str(v)] for k, v in r.items()
                                          if k != "name" and isinstance(v, (int, str))], []))


def _filler(game: str):
    """The game's own view (Views.phone, engine/<game>/track_phone.py), or the plain one."""
    from engine import declaration

    try:
        return declaration(game).views.phone or _plain
    except (KeyError, ImportError, LookupError, ValueError):  # a game without a package: the plain view
        return _plain
