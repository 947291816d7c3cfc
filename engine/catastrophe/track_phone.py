"""CATastrophe as a phone shows it (Views.phone): `fill` writes the headline, the cards in play, the
counters, each player's counters and notes, the set-up details and the end into the page's view
(trackers/phone.py), in the players' words. Pure."""
from __future__ import annotations

from engine.phone import cards as _cards, pairs as _pairs, player as _player, turn as _turn, winners as _winners

from .model import PAW_DRAW


PHASES = {"claw": "Claw Phase: play cards", "paw": f"Paw Phase: {PAW_DRAW} cards drawn",
          "catastrophe": "CATastrophe Phase"}


def fill(view: dict, s: dict, rows: list[dict], to_act, acting) -> None:
    phase = PHASES.get(str(s.get("phase")), str(s.get("phase") or ""))
    view["headline"] = _turn(to_act or s.get("current"), acting, phase)
    lives = "  ".join(f"{r.get('name')} {r.get('lives')}" for r in rows)
    for label, cards, more in (("In play", _cards(s.get("in_play")), {"empty": "nothing"}),
                               ("Grim Reapurr", [], {"value": str(s.get("grim_reapurr_space"))}),
                               ("Lives", [], {"value": lives})):
        view["in_play"].append({"label": label, "cards": cards, "owner": None, "dice": [], **more})
    view["counters"] = [["Turn", str(s.get("turn"))], ["Yarn Sanctuary", str(s.get("yarn_sanctuary"))]]
    for r in rows:
        counters = _pairs(r, [("lives", "Lives", None), ("yarn_balls", "Yarn Balls", None), ("hand", "Hand", None),
                              ("power_cats", "Power Cats", None)])
        view["players"].append(_player(r, counters, ["eliminated"] if r.get("eliminated") else []))
    view["details"] = [["Variant", str(s.get("variant"))]]
    if s.get("game_over"):
        reapurr = s.get("grim_reapurr_wins")
        view["end"] = {"title": "The Grim Reapurr wins" if reapurr else _winners([s["winner"]] if s.get("winner") else []),
                       "how": "every cat was caught" if reapurr else "the last cat standing",
                       "scores": [[r["name"], "eliminated" if r.get("eliminated") else f"{r.get('lives')} lives"]
                                  for r in rows]}
