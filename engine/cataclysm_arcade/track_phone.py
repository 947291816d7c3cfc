"""Cataclysm Arcade as a phone shows it (Views.phone): `fill` writes the headline, the cards in play, the
counters, each player's counters and notes, the set-up details and the end into the page's view
(trackers/phone.py), in the players' words. Pure."""
from __future__ import annotations

import re

from engine.phone import cards as _cards, pairs as _pairs, player as _player, turn as _turn, winners as _winners


def fill(view: dict, s: dict, rows: list[dict], to_act, acting) -> None:
    line = _cards(s.get("line"))
    if not s.get("game_over"):  # once it is over, the end says it
        view["headline"] = (_turn(to_act, acting, f"respond to {line[-1]} or decline") if line
                            else f"Level {s.get('level')} is over" if s.get("level_over")
                            else _turn(to_act, acting, "make a move or pass"))
    view["in_play"].append({"label": "The Line", "cards": line, "owner": None, "dice": [],
                            "empty": "empty"})
    view["counters"] = [["Level", str(s.get("level"))], ["Player One", str(s.get("player_one"))]]
    for r in rows:
        counters = _pairs(r, [("coins", "Coins", None), ("boss", "Boss", lambda b: None if b == "?/?" else b),
                              ("fighters", "Fighters", lambda v: v or None), ("weapons", "Weapons", lambda v: v or None),
                              ("hand", "Hand", lambda h: re.sub(r" unnamed$", "", str(h)))])
        notes = ["out" if r.get("out") else "", "passed" if r.get("passed") else ""]
        view["players"].append(_player(r, counters, [n for n in notes if n]))
    if s.get("game_over"):
        winner = s.get("winner")
        out = [r["name"] for r in rows if r.get("out")]
        view["end"] = {"title": _winners([winner] if winner else []),
                       "how": f"the last Boss standing at level {s.get('level')}"
                              + (f" ({', '.join(out)} knocked out)" if out else ""),
                       "scores": [[r["name"], "out" if r.get("out") else f"Boss {r.get('boss')}"] for r in rows]}
