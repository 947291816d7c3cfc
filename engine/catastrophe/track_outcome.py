"""CATastrophe after the game (`companion history`): the winner or the Grim Reapurr's win,
and the figures a log holds: each elimination with its cause, where the Grim Reapurr ended."""
from __future__ import annotations

from typing import Any, ClassVar

from engine.tracking import ranks_by_going_out

from .rule_ids import R

#: an elimination's cause, by the rule its effect cites
CAUSES = {R.LOST_ALL: "lives", R.CAUGHT: "reapurr"}


class Outcome:
    """The Tracker's after-the-game hooks (engine.tracking.Tracker)."""

    LENGTH: ClassVar[tuple[str, str]] = ("turns", "turn")
    PILE: ClassVar[tuple[str, str]] = ("chain", "in play at once")

    def result(self, summary: dict[str, Any], players: list[str]) -> dict[str, Any]:
        return {"reapurr": bool(summary.get("grim_reapurr_wins")),
                "winners": [summary["winner"]] if summary.get("winner") else []}

    def figures(self, state, summary: dict[str, Any], steps: list) -> dict[str, Any]:
        return {"eliminations": eliminations(steps), "reapurr_space": summary.get("grim_reapurr")}

    def standing(self, summary: dict[str, Any], record: dict[str, Any]) -> dict[str, Any]:
        """No points; ranked by the order the cats were eliminated (the last cat standing first; when
        the Grim Reapurr wins, the cats eliminated last share the first rank)."""
        out = {e["player"]: e["seq"] for e in record["figures"]["eliminations"]}
        return {"scores": None, "ranks": ranks_by_going_out(record["players"], out)}

    def figure_lines(self, f: dict[str, Any]) -> list[str]:
        """Eliminations by cause and the Grim Reapurr's wins."""
        causes = f["eliminations_by_cause"]
        said = {"lives": "all lives lost", "reapurr": "caught by the Grim Reapurr", "unknown": "cause not told"}
        parts = [f"{n} {said.get(c, c)}" for c, n in causes.items()]
        return [f"eliminations: {', '.join(parts) or 'none'}; the Grim Reapurr won {f['reapurr_wins']}"]

    def share(self, record: dict[str, Any]) -> list[list]:
        """Eliminations by cause, and the Grim Reapurr's wins."""
        causes: dict[str, int] = {}
        for e in record["figures"]["eliminations"]:
            causes[e["cause"]] = causes.get(e["cause"], 0) + 1
        return [["eliminations_by_cause", "tally", causes], ["reapurr_wins", "sum", int(bool(record["reapurr"]))]]


def eliminations(steps: list) -> list[dict[str, Any]]:
    """Each elimination with its cause, from the rule its effect cites: all lives lost (`lives`) or
    caught by the Grim Reapurr (`reapurr`). Several in one step are paired with their effects in
    turn order, as the table sweeps them; a count that does not pair is `unknown`."""
    out = []
    for s in steps:
        was = {p.name for p in s.before.players if p.eliminated}
        now = [s.before.players[i].name for i in s.before.turn_order() if s.after.players[i].eliminated]
        now += [p.name for p in s.after.players if p.eliminated and p.name not in was and p.name not in now]
        now = [n for n in now if n not in was]
        rules = [CAUSES.get(e.rule, "unknown") for e in s.effects if e.kind == "eliminated"]
        if len(rules) != len(now):
            rules = ["unknown"] * len(now)
        out += [{"player": n, "cause": c, "seq": s.seq} for n, c in zip(now, rules)]
    return out
