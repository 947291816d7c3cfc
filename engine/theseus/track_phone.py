"""Party of the Theseus as a phone shows it (Views.phone): `fill` writes the headline, the cards in play, the
counters, each player's counters and notes, the set-up details and the end into the page's view
(trackers/phone.py), in the players' words. Pure."""
from __future__ import annotations

from engine.phone import (cards as _cards, pairs as _pairs, player as _player, turn as _turn,
                          winners as _winners, words as _words)


HOW = {"points": "most Victory Points", "party-rank": "tie on points broken on Party Rank",
       "hand-rank": "tie on points and Party Rank broken on Hand Rank", "tie": "a tie after both tiebreakers"}
RANK_KEY = {"party-rank": "party_rank", "hand-rank": "hand_rank"}


def fill(view: dict, s: dict, rows: list[dict], to_act, acting) -> None:
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
