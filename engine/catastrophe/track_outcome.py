"""CATastrophe after the game (`companion history`): the winner or the Grim Reapurr's win,
and the figures a log holds: each elimination with its cause, where the Grim Reapurr ended."""
from __future__ import annotations

from collections import Counter
from typing import Any

from engine.game import response_wars
from engine.tracking import ranks_by_going_out

from .rule_ids import R


#: an elimination's cause, by the rule its effect cites
CAUSES = {R.LOST_ALL: "lives", R.CAUGHT: "reapurr"}


# The after-the-game hooks of the declaration's outcome (engine.game.Outcome).


LENGTH = ("turns", "turn")
#: the response wars a recap tells: cards in play at once
wars = response_wars("chain", "a reaction chain: {n} cards in play at once")


def result(summary: dict[str, Any], players: list[str]) -> dict[str, Any]:
    return {"reapurr": bool(summary.get("grim_reapurr_wins")),
            "winners": [summary["winner"]] if summary.get("winner") else []}


def headline(record: dict[str, Any]) -> list[str]:
    return ["the Grim Reapurr won: every player lost"] if record["reapurr"] else []


def figures(state, summary: dict[str, Any], steps: list) -> dict[str, Any]:
    return {"eliminations": eliminations(steps), "reapurr_space": summary.get("grim_reapurr")}


def standing(summary: dict[str, Any], record: dict[str, Any]) -> dict[str, Any]:
    """No points; ranked by the order the cats were eliminated (the last cat standing first; when
    the Grim Reapurr wins, the cats eliminated last share the first rank)."""
    out = {e["player"]: e["seq"] for e in record["figures"]["eliminations"]}
    return {"scores": None, "ranks": ranks_by_going_out(record["players"], out)}


def figure_lines(f: dict[str, Any]) -> list[str]:
    """Eliminations by cause and the Grim Reapurr's wins."""
    causes = f["eliminations_by_cause"]
    said = {"lives": "all lives lost", "reapurr": "caught by the Grim Reapurr", "unknown": "cause not told"}
    parts = [f"{n} {said.get(c, c)}" for c, n in causes.items()]
    return [f"eliminations: {', '.join(parts) or 'none'}; the Grim Reapurr won {f['reapurr_wins']}"]


def share(record: dict[str, Any]) -> list[list]:
    """Eliminations by cause, and the Grim Reapurr's wins."""
    causes = dict(Counter(e["cause"] for e in record["figures"]["eliminations"]))
    return [["eliminations_by_cause", "tally", causes], ["reapurr_wins", "sum", int(bool(record["reapurr"]))]]


def eliminations(steps: list) -> list[dict[str, Any]]:
    """Each elimination with its cause, from the rule its effect cites (`lives`, `reapurr`; several in one
    step paired in turn order, as the table sweeps them; a count that does not pair is `unknown`)."""
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


#: effects that tell a life lost to a card (the card's own effect, an Attack, a Curiosity)
LOSSES = frozenset({"curiosity", "attack", "card-effect"})


def fates(steps: list) -> dict[int, list[str]]:
    """The life losses that decided each elimination (Lives and Being Eliminated): a cat that lost
    lives in the eliminating step, the card that took them (a `lives` change is told by its own line);
    a cat the Grim Reapurr caught where it stood (he moved onto or above it), its last loss before,
    which left it within his reach."""
    out: dict[int, list[str]] = {}
    for k, step in enumerate(steps):
        for b, a in zip(step.before.players, step.after.players):
            if not a.eliminated or b.eliminated:
                continue
            if step.after.grim_reapurr < b.lives:  # the cat lost lives in this very step: its cards tell the loss
                out.setdefault(step.seq, []).extend(e.message for e in step.effects if e.kind in LOSSES
                                                    and b.name in e.message and " los" in e.message)
                continue
            for earlier in reversed(steps[:k]):
                p0 = next(p for p in earlier.before.players if p.name == b.name)
                p1 = next(p for p in earlier.after.players if p.name == b.name)
                if p1.lives < p0.lives:
                    out.setdefault(earlier.seq, []).append(
                        f"{b.name} loses {p0.lives - p1.lives} {'life' if p0.lives - p1.lives == 1 else 'lives'} "
                        f"({p0.lives}→{p1.lives}), within the Grim Reapurr's reach: caught at #{step.seq}")
                    break
    return out


def turning_points(steps: list, summary) -> dict[int, list[str]]:
    """The life losses that decided a cat's fate (fates), and the reaction chains (wars)."""
    out = fates(steps)
    for seq, said in wars(steps).items():
        out.setdefault(seq, []).extend(said)
    return out
