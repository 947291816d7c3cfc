"""The table as a phone shows it, in the players' words: what a player looks at during a turn first
(whose turn and what they are doing, the cards in play), each player's counters as short label/value
pairs that wrap on a narrow screen, the set-up details for behind a tap, and at the end the result
(winners, scores, how it was decided). Pure: a game's public summary and who is to act in, a dict out;
no engine key (`setup_todo`, `decided_by`) reaches the page. Each game words its own table (Views.phone,
engine/<game>/track_phone.py); a game without one gets the plain view. Who is marked to act comes
from `who_acts`, the one place that names them (the served table's your_turn too).
"""
from __future__ import annotations

import re


def phone_view(game: str, summary: dict, to_act: str | None, acting: str | None, finished: bool,
               acts: list[str] | None = None) -> dict:
    """{"headline", "setup", "in_play": [{"label", "cards", "owner", "dice", "empty" or "value"}],
    "counters": [[label, value]],
    "players": [{"name", "counters": [[label, value]], "notes", "turn"}], "details": [[label, text]],
    "end": None or {"title", "how", "scores": [[name, text]]}}. `acts`: the players to act
    (who_acts of the table's players, when not given)."""
    view = {"headline": "", "setup": None, "in_play": [], "counters": [], "players": [], "details": [], "end": None}
    rows = [r for r in summary.get("players") or [] if isinstance(r, dict)]
    _filler(game)(view, summary, rows, to_act, acting)
    if acts is None:
        acts = who_acts([r["name"] for r in rows if isinstance(r.get("name"), str)], to_act, acting)
    for p in view["players"]:
        p["turn"] = not finished and p["name"] in acts
    if finished:
        view["end"] = view["end"] or {"title": "Game over", "how": "", "scores": []}
        first = _words(view["end"]["title"].replace(" wins", "").replace(" win", ""))
        view["end"]["scores"].sort(key=lambda row: row[0] not in first)
        view["headline"] = view["end"]["title"]
        view["setup"] = None
    return view


def named(text: str | None, name: str) -> bool:
    """Whether `name` stands in `text` as a whole name (not inside a longer word)."""
    return re.search(rf"(?<!\w){re.escape(name)}(?!\w)", text or "") is not None


def who_acts(players, to_act: str | None, acting: str | None) -> list[str]:
    """The players the engine names to act now, in seat order: the one to act, and those its `acting`
    line names (a Catastrophe Yarn Ball window names several)."""
    return [p for p in players if p == to_act or named(acting, p)]


def _words(title: str) -> set[str]:
    """The words of the end's title (the winners' names among them)."""
    return set(re.findall(r"[^\s,;:()]+", title))


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
