"""Catharsis as a phone shows it (Views.phone): `fill` writes the headline, the cards in play, the
counters, each player's counters and notes, the set-up details and the end into the page's view
(trackers/phone.py), in the players' words. Pure."""
from __future__ import annotations

from engine.phone import pairs as _pairs, player as _player


CATHARSIS_PHASES = {"setup": "Set-up: reveal the first Boss Deck card", "between-cards":
                    "Between cards: refresh or reveal the next card"}
#: each step of a combat round (model.STEPS, as the table's `combat_step` holds it) in the players' words
COMBAT_STEPS = {"start-of-round": "the round begins", "player-attack": "the players attack",
                "enemy-attack": "the Enemy attacks", "refresh": "the party may refresh",
                "end-of-round": "the round ends"}


def fill(view: dict, s: dict, rows: list[dict], to_act, acting) -> None:
    phase = str(s.get("phase") or "")
    if phase in CATHARSIS_PHASES:
        view["headline"] = CATHARSIS_PHASES[phase]
        if phase == "setup":
            view["setup"] = view["headline"]
    elif phase == "combat":
        step = s.get("combat_step")
        view["headline"] = f"Combat, round {s.get('round')}" + (f": {COMBAT_STEPS.get(step, str(step).replace('-', ' '))}"
                                                                if step else "")
    elif s.get("card"):
        view["headline"] = f"A {s.get('card')} is revealed: resolve it"
    else:
        view["headline"] = phase.replace("-", " ")
    if acting or to_act:
        view["headline"] += f" ({acting or to_act})"
    enemies = [e for e in s.get("enemies") or [] if isinstance(e, dict)]
    shown = [f"{e.get('name')} {e.get('health')}/{e.get('start_health')}" + (f", armor {e['armor']}" if e.get("armor") else "")
             + (", defeated" if e.get("defeated") else "") for e in enemies]
    view["in_play"].append({"label": "The Enemy", "cards": shown, "owner": None, "dice": [], "empty": "none"})
    view["in_play"].append({"label": "Morale", "cards": [], "owner": None, "dice": [],
                            "value": f"{s.get('morale')} of {s.get('morale_start')}"})
    view["counters"] = [["Cards revealed", str(s.get("cards_revealed"))]]
    for r in rows:
        powers = [p for p in r.get("powers") or [] if isinstance(p, dict)]
        counters = _pairs(r, [("character", "Character", None), ("face_up", "Face up", None),
                              ("exhausted", "Exhausted", lambda v: v or None), ("dice", "Dice", None),
                              ("rerolls_left", "Rerolls", None)])
        for key, value in r.items():  # a character's own counters (Divinity, ...), as the tracker names them
            if key not in KNOWN_CATHARSIS and isinstance(value, int) and not isinstance(value, bool):
                counters.append([key.replace("_", " ").capitalize(), str(value)])
        named = [p.get("name") for p in powers if p.get("status") == "face-up" and not str(p.get("name")).isdigit()]
        if named:
            counters.append(["Powers", ", ".join(named)])
        view["players"].append(_player(r, counters, ["dead"] if r.get("dead") else []))
    thresholds = [t for t in s.get("thresholds") or [] if isinstance(t, dict)]
    view["details"] = [["Boss", str(s.get("boss"))]] + ([["Hard mode", "on"]] if s.get("hard_mode") else [])
    view["details"] += [[f"Morale {t.get('at')}", f"{t.get('effect')}" + (" (reached)" if t.get("reached") else "")]
                        for t in thresholds]
    if s.get("game_over"):
        won = s.get("outcome") == "won"
        dead = [r["name"] for r in rows if r.get("dead")]
        view["end"] = {"title": "The party wins" if won else "The party loses",
                       "how": (f"the Boss defeated with Morale {s.get('morale')} left" if won
                               else f"Morale {s.get('morale')}" + (f"; {', '.join(dead)} dead" if dead else "")),
                       "scores": [[r["name"], "dead" if r.get("dead") else f"{r.get('face_up')} powers face up"]
                                  for r in rows]}


KNOWN_CATHARSIS = {"name", "character", "dead", "role", "face_up", "exhausted", "powers", "dice", "rerolls_left"}
