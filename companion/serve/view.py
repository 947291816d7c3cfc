"""The table as a phone shows it, in the players' words: what a player looks at during a turn first
(whose turn and what they are doing, the cards in play), each player's counters as short label/value
pairs that wrap on a narrow screen, the set-up details for behind a tap, and at the end the result
(winners, scores, how it was decided). Pure: a game's public summary and who is to act in, a dict out;
no engine key (`setup_todo`, `decided_by`) reaches the page.
"""
from __future__ import annotations

import re
from typing import Any, Callable


def phone_view(game: str, summary: dict, to_act: str | None, acting: str | None, finished: bool) -> dict:
    """{"headline", "setup", "in_play": [{"label", "cards", "owner", "dice", "empty" or "value"}],
    "counters": [[label, value]],
    "players": [{"name", "counters": [[label, value]], "notes", "turn"}], "details": [[label, text]],
    "end": None or {"title", "how", "scores": [[name, text]]}}."""
    view = {"headline": "", "setup": None, "in_play": [], "counters": [], "players": [], "details": [], "end": None}
    rows = [r for r in summary.get("players") or [] if isinstance(r, dict)]
    VIEWS.get(game, _plain)(view, summary, rows, to_act, acting)
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


def _turn(to_act: str | None, acting: str | None, doing: str) -> str:
    who = to_act or acting
    return f"{who}: {doing}" if who else doing


def _cards(value) -> list[str]:
    if isinstance(value, list):
        return [str(v) for v in value]
    return [] if value in (None, "", "-") else [str(value)]


def _pairs(row: dict, names: list[tuple[str, str, Callable[[Any], Any] | None]]) -> list[list[str]]:
    """[label, value] for each (key, label, shown) whose value is there (None: the value as text)."""
    out = []
    for key, label, shown in names:
        if key not in row or row[key] is None:
            continue
        value = shown(row[key]) if shown else row[key]
        if value is None or value == "":
            continue
        out.append([label, ", ".join(map(str, value)) if isinstance(value, list) else str(value)])
    return out


def _player(row: dict, counters: list[list[str]], notes: list[str]) -> dict:
    return {"name": str(row.get("name", "?")), "counters": counters, "notes": notes, "turn": False}


def _winners(names: list[str]) -> str:
    if not names:
        return "No winner"
    if len(names) == 1:
        return f"{names[0]} wins"
    return f"{', '.join(names[:-1])} and {names[-1]} win"


# -- the games ------------------------------------------------------------------------------------------

def _arcade(view: dict, s: dict, rows: list[dict], to_act, acting) -> None:
    line = _cards(s.get("line"))
    if s.get("game_over"):
        pass
    elif line:
        view["headline"] = _turn(to_act, acting, f"respond to {line[-1]} or decline")
    elif s.get("level_over"):
        view["headline"] = f"Level {s.get('level')} is over"
    else:
        view["headline"] = _turn(to_act, acting, "make a move or pass")
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


PHASES = {"claw": "Claw Phase: play cards", "paw": "Paw Phase: draw a card",
          "catastrophe": "CATastrophe Phase"}


def _catastrophe(view: dict, s: dict, rows: list[dict], to_act, acting) -> None:
    phase = PHASES.get(str(s.get("phase")), str(s.get("phase") or ""))
    view["headline"] = _turn(to_act or s.get("current"), acting, phase)
    view["in_play"].append({"label": "In play", "cards": _cards(s.get("in_play")), "owner": None, "dice": [],
                            "empty": "nothing"})
    view["in_play"].append({"label": "Grim Reapurr", "cards": [], "owner": None, "dice": [],
                            "value": str(s.get("grim_reapurr_space"))})
    view["in_play"].append({"label": "Lives", "cards": [], "owner": None, "dice": [],
                            "value": "  ".join(f"{r.get('name')} {r.get('lives')}" for r in rows)})
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


HOW = {"points": "most Victory Points", "party-rank": "tie on points broken on Party Rank",
       "hand-rank": "tie on points and Party Rank broken on Hand Rank", "tie": "a tie after both tiebreakers"}
RANK_KEY = {"party-rank": "party_rank", "hand-rank": "hand_rank"}


def _theseus(view: dict, s: dict, rows: list[dict], to_act, acting) -> None:
    view["headline"] = _turn(to_act or s.get("active"), acting, f"turn {s.get('turn')}")
    deck = s.get("deck")
    view["in_play"].append({"label": f"The Board (Rank {s.get('rank')})", "cards": _cards(s.get("board")),
                            "owner": None, "dice": [], "empty": "empty"})
    view["counters"] = [["Rank", str(s.get("rank"))],
                        ["Deck", "not counted" if deck == "unknown" else f"{deck} card{'' if deck == 1 else 's'}"]]
    for r in rows:
        counters = _pairs(r, [("vp", "VP", None), ("party", "Party", None), ("hand", "Hand", lambda h: h or None),
                              ("reward", "Rewards", lambda v: v or None)])
        view["players"].append(_player(r, counters, []))
    view["details"] = [["Note", _words(n)] for n in s.get("notes") or []]
    if s.get("game_over"):
        decided = s.get("decided_by")
        winners = list(s.get("winners") or [])
        how = HOW.get(decided, "")
        key = RANK_KEY.get(decided)
        tied = [r for r in rows if r.get("vp") == max((w.get("vp", 0) for w in rows), default=0)]
        if key and len(tied) > 1:
            how += " " + " v ".join(str(r.get(key, 0)) for r in tied)
        if winners and decided != "tie":
            top = next((r for r in rows if r.get("name") == winners[0]), {})
            title = f"{_winners(winners)}, {top.get('vp', 0)} VP"
        else:
            title = f"Tie: {', '.join(winners)}" if winners else "No winner"
        view["end"] = {"title": title, "how": how, "scores": [[r["name"], f"{r.get('vp', 0)} VP"] for r in rows]}


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


def _catopomp(view: dict, s: dict, rows: list[dict], to_act, acting) -> None:
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
        counters = _pairs(r, [("gems", "Soul Gems", None), ("hand", "Hand", None),
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
        loser = s.get("loser")
        view["end"] = {"title": _winners(list(s.get("winners") or [])),
                       "how": f"{loser} lost their last Soul Gem" if loser else "",
                       "scores": [[r["name"], f"{r.get('gems', 0)} Soul Gem{'' if r.get('gems') == 1 else 's'}"]
                                  for r in rows]}


CATHARSIS_PHASES = {"setup": "Set-up: reveal the first Boss Deck card", "between-cards":
                    "Between cards: refresh or reveal the next card"}
COMBAT_STEPS = {"player-attack": "the players attack", "enemy-attack": "the Enemy attacks",
                "start": "the round begins", "end": "the round ends"}


def _catharsis(view: dict, s: dict, rows: list[dict], to_act, acting) -> None:
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


def _words(text: str) -> str:
    """A tracker note for the players: its rule id and the terminal commands it suggests left out."""
    text = re.sub(r"^[a-z-]+\.[a-z0-9.-]+:\s*", "", str(text))
    text = re.sub(r";?\s*(teach them|or enter)[^;]*`.*$", "", text)
    return text.strip()


def _plain(view: dict, s: dict, rows: list[dict], to_act, acting) -> None:
    view["headline"] = _turn(to_act, acting, "to act") if (to_act or acting) else ""
    for r in rows:
        view["players"].append(_player(r, [[k.replace("_", " "), str(v)] for k, v in r.items()
                                           if k != "name" and isinstance(v, (int, str))], []))


VIEWS = {"cataclysm-arcade": _arcade, "catastrophe": _catastrophe, "theseus": _theseus, "catopomp": _catopomp,
         "catharsis": _catharsis}
