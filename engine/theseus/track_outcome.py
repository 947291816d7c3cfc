"""Party of the Theseus after the game (`companion history`): the winners, or a tie the
rulebook leaves open, and the figures a log holds: each player's VP by source, what decided it."""
from __future__ import annotations

from typing import Any, ClassVar

from .rule_ids import R


class Outcome:
    """The Tracker's after-the-game hooks (engine.tracking.Tracker)."""

    LENGTH: ClassVar[tuple[str, str]] = ("turns", "turn")

    def result(self, summary: dict[str, Any], players: list[str]) -> dict[str, Any]:
        """A tie that survives both tiebreakers names no winner: counted as a tie, said unclear."""
        if not summary.get("tie"):
            return {"winners": list(summary.get("winners") or [])}
        return {"tied": list(summary.get("winners") or []),
                "unclear": (f"{R.FULL_TIE}: the players are still tied after both tiebreakers "
                            "and the rulebook names no winner; counted as a tie, neither a win nor a loss")}

    def figures(self, state, summary: dict[str, Any], steps: list) -> dict[str, Any]:
        return {"vp": {p["name"]: {"cards": p["card_vp"], "bonuses": p["bonuses"], "effects": p["effect_points"],
                                   "total": p["vp"]} for p in summary["players"]},
                "decided_by": summary.get("decided_by") if summary.get("game_over") else None}

    def standing(self, summary: dict[str, Any], record: dict[str, Any]) -> dict[str, Any]:
        """Victory Points as the score; the winners (or the players both tiebreakers leave tied) rank
        first, then the others by VP (equal VP share a rank: the tiebreakers decide only the win)."""
        vp = {p: v["total"] if isinstance(v.get("total"), int) else None for p, v in record["figures"]["vp"].items()}
        top = set(record["winners"]) | set(record["tied"])

        def better(q: str, p: str) -> bool:
            return (q in top and p not in top) or (p not in top and q not in top and (vp.get(q) or 0) > (vp.get(p) or 0))

        players = record["players"]
        return {"scores": vp, "ranks": {p: 1 + sum(better(q, p) for q in players) for p in players}}

    def figure_lines(self, f: dict[str, Any]) -> list[str]:
        """Each player's VP by source, and the ties both tiebreakers leave."""
        return [f"VP of {p}: {v.get('cards', 0)} from cards, {v.get('bonuses', 0)} from Bonuses, "
                f"{v.get('effects', 0)} from card effects" for p, v in f["vp_by_source"].items()] + \
               ([f"ties after both tiebreakers: {f['ties']} (the rulebook names no winner)"] if f["ties"] else [])

    def share(self, record: dict[str, Any]) -> list[list]:
        """Each player's VP by source, and the ties."""
        return [["vp_by_source", "tally-casefold", record["figures"]["vp"]], ["ties", "sum", int(bool(record["tied"]))]]
