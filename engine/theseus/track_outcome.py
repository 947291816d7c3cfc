"""Party of the Theseus after the game (`companion history`): the winners, or a tie the
rulebook leaves open, and the figures a log holds: each player's VP by source, what decided it."""
from __future__ import annotations

from typing import Any

from .rule_ids import R


# The after-the-game hooks of the declaration's outcome (engine.game.Outcome).


LENGTH = ("turns", "turn")


def result(summary: dict[str, Any], players: list[str]) -> dict[str, Any]:
    """A tie that survives both tiebreakers names no winner: counted as a tie, said unclear."""
    if not summary.get("tie"):
        return {"winners": list(summary.get("winners") or [])}
    return {"tied": list(summary.get("winners") or []),
            "unclear": (f"{R.FULL_TIE}: the players are still tied after both tiebreakers "
                        "and the rulebook names no winner; counted as a tie, neither a win nor a loss")}


def figures(state, summary: dict[str, Any], steps: list) -> dict[str, Any]:
    return {"vp": {p["name"]: {"cards": p["card_vp"], "bonuses": p["bonuses"], "effects": p["effect_points"],
                               "total": p["vp"]} for p in summary["players"]},
            "decided_by": summary.get("decided_by") if summary.get("game_over") else None}


def standing(summary: dict[str, Any], record: dict[str, Any]) -> dict[str, Any]:
    """Victory Points as the score; the winners (or the players both tiebreakers leave tied) rank
    first, then the others by VP (equal VP share a rank: the tiebreakers decide only the win)."""
    vp = {p: v["total"] if isinstance(v.get("total"), int) else None for p, v in record["figures"]["vp"].items()}
    top = set(record["winners"]) | set(record["tied"])

    def better(q: str, p: str) -> bool:
        return (q in top and p not in top) or (p not in top and q not in top and (vp.get(q) or 0) > (vp.get(p) or 0))

    players = record["players"]
    return {"scores": vp, "ranks": {p: 1 + sum(better(q, p) for q in players) for p in players}}


def figure_lines(f: dict[str, Any]) -> list[str]:
    """Each player's VP by source, and the ties both tiebreakers leave."""
    return [f"VP of {p}: {v.get('cards', 0)} from cards, {v.get('bonuses', 0)} from Bonuses, "
            f"{v.get('effects', 0)} from card effects" for p, v in f["vp_by_source"].items()] + \
           ([f"ties after both tiebreakers: {f['ties']} (the rulebook names no winner)"] if f["ties"] else [])


def share(record: dict[str, Any]) -> list[list]:
    """Each player's VP by source, and the ties."""
    return [["vp_by_source", "tally-casefold", record["figures"]["vp"]], ["ties", "sum", int(bool(record["tied"]))]]


def turning_points(steps: list, summary) -> dict[int, list[str]]:
    """The final scores, at the step that ended the game (section 12: cards, card effects and Bonuses
    in the Reward Area), with the Party or Hand Ranks when a tiebreaker (section 13) decided."""
    for step in steps:
        after = summary(step.after)
        if not after.get("game_over") or summary(step.before).get("game_over"):
            continue
        rows = after["players"]
        said = "final scores: " + ", ".join(f"{p['name']} {p['vp']} VP" for p in rows)
        decided = after.get("decided_by")
        tied = [p for p in rows if p["vp"] == max(q["vp"] for q in rows)]
        if decided in ("party-rank", "hand-rank", "tie"):
            said += "; tied on VP, Party Rank " + ", ".join(f"{p['name']} {p['party_rank']}" for p in tied)
        if decided in ("hand-rank", "tie"):
            said += ", Hand Rank " + ", ".join(f"{p['name']} {p['hand_rank']}" for p in tied)
        return {step.seq: [said]}
    return {}
