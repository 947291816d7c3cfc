"""Catopomp as a phone shows it (Views.phone): `fill` writes the headline, the cards in play, the
counters, each player's counters and notes, the set-up details and the end into the page's view
(trackers/phone.py), in the players' words. Pure."""
from __future__ import annotations

import re

from engine.phone import cards as _cards, pairs as _pairs, player as _player, turn as _turn, winners as _winners
from engine.words import count


def _setup_words(step: str) -> str:
    """A Catopomp set-up step in the players' words (the tracker's line without its command and rule)."""
    step = re.sub(r"\s*\[[^\]]*\]$", "", step)
    step = re.sub(r":\s*`[^`]*`$", "", step).strip()
    m = re.match(r"the (\d+) centre dice as rolled", step)
    if m:
        return f"roll {m.group(1)} centre dice and enter them"
    m = re.match(r"the reserve die of (.+)", step)
    if m:
        return f"{m.group(1)}: set your reserve die"
    if step.startswith("who starts"):
        return "draw who starts"
    return step


def fill(view: dict, s: dict, rows: list[dict], to_act, acting) -> None:
    todo = [_setup_words(t) for t in s.get("setup_todo") or []]
    if todo:
        view["setup"] = f"Round {s.get('round')} set-up: " + "; ".join(todo)
        view["headline"] = view["setup"]
    elif s.get("winning_set"):
        view["headline"] = _turn(to_act, acting, "beat the winning set or pass")
    else:
        view["headline"] = _turn(to_act, acting, "lead a new set")
    owner, cards = None, []
    said = s.get("winning_set")
    dice = []
    if isinstance(said, str) and ": " in said:
        owner, rest = said.split(": ", 1)
        m = re.search(r"\bdice ([1-6](?:\+[1-6])*)$", rest)
        if m:
            dice, rest = [int(v) for v in m.group(1).split("+")], rest[:m.start()]
        cards = rest.split()
    view["in_play"].append({"label": "Winning set", "cards": cards, "owner": owner, "dice": dice, "empty": "none yet"})
    view["in_play"].append({"label": "Centre dice", "cards": [], "owner": None, "dice": list(s.get("centre_dice") or []),
                            "empty": "not rolled yet"})
    for r in rows:
        view["in_play"].append({"label": f"{r.get('name')}'s Hell Domain", "cards": _cards(r.get("hell_domain")),
                                "owner": None, "dice": [], "empty": "empty"})
    view["counters"] = [["Round", str(s.get("round"))]]
    for r in rows:
        counters = _pairs(r, [("gems", "Soul Gems", None), ("points", "Points", None), ("hand", "Hand", None),
                              ("reserve_die", "Reserve die", None), ("used_dice", "Used dice", lambda v: v or None),
                              ("prediction", "Prediction", None)])
        view["players"].append(_player(r, counters, ["out of cards"] if r.get("cleared") else []))
    deal = s.get("deal") or {}
    opts = s.get("options") or {}
    if deal:
        view["details"].append(["Deal", f"numbers {deal.get('numbers')}, {deal.get('copies_per_number')} of each; "
                                        f"{deal.get('cards_per_player')} cards each, {deal.get('set_aside')} set aside"])
    if opts:
        extras = [name for name, on in (("competitive", opts.get("competitive")), ("Hell Power", opts.get("hell_power")))
                  if on] + list(opts.get("expansions") or [])
        view["details"].append(["Passing", str(opts.get("passing"))])
        view["details"].append(["Variants", ", ".join(extras) or "none"])
    if s.get("game_over"):
        view["end"] = _end(s, rows)


def _end(s: dict, rows: list[dict]) -> dict:
    """The end screen: everyone with a gem left wins; in the competitive variant the most points win
    (the player out of Soul Gems counting 0), so the title and each score say the points first."""
    winners, loser = list(s.get("winners") or []), s.get("loser")
    lost = f"{loser} lost their last Soul Gem" if loser else ""
    if not (s.get("options") or {}).get("competitive"):
        return {"title": _winners(winners), "how": lost, "scores": [[r["name"], count(r.get("gems", 0), "Soul Gem")] for r in rows]}
    top = max((r.get("points") or 0 for r in rows), default=0)
    how = "most points" + (f" ({lost}: their points count 0)" if lost else "")
    scores = [[r["name"], f"{count(r.get('points') or 0, 'point')}, {count(r.get('gems', 0), 'Soul Gem')}"] for r in rows]
    return {"title": f"{_winners(winners)}, {count(top, 'point')}", "how": how, "scores": scores}
