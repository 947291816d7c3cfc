"""Party of the Theseus tracker: the table's scores (final_scores() of the State, as plays count
them), the notes a table reads with them, and the standings said after `score`, the game's end, or
a change to the final count."""
from __future__ import annotations

from typing import Any

from engine.base import Reason
from engine.words import count, listing

from .rule_ids import R
from .rules_scoring import DECIDED_BY, final_scores, told_hands
from .table import Table


def total(table: Table, who: str) -> int:
    """A player's VP on the table as it stands now."""
    result = final_scores(table.freeze())
    return next(r["total"] for r in result["players"] if r["player"] == who)


def table_notes(result: dict[str, Any]) -> list[Reason]:
    """final_scores() notes as a table reads them: the one on card effects (the only note citing
    R.VP_EXTRA) also says how to enter the points the table counts by hand."""
    said = (Reason(rule=R.VP_EXTRA, message=f"{n.message}; or enter the points the table counts with "
                   "`points PLAYER +N`") if n.rule == R.VP_EXTRA else n for n in result["unchecked"])
    return list(dict.fromkeys(said))


def standings(table: Table, *, final: bool, result: dict[str, Any] | None = None) -> None:
    """Each score with its Rank totals, who wins (`final`) or leads, and the notes on the count."""
    result = result or final_scores(table.freeze())
    for row in result["players"]:
        table.say(
            "score",
            f"{row['player']}: {row['card_vp']} VP from Reward Area cards + {row['effect_points']} from "
            f"card effects + {count(row['bonuses'], 'Bonus', 'Bonuses')} = {row['total']} "
            f"(Party Rank {row['party_rank']}, Hand Rank {row['hand_rank']})",
            R.FINAL_SCORE, who=row["player"], amount=row["total"],
        )
    rule, how = DECIDED_BY[result["decided_by"]]
    winners = result["winners"]
    if final and len(winners) == 1:
        table.say("winner", f"{winners[0]} wins ({how}){told_hands(result)}", rule, who=winners[0])
    elif final:
        table.say(
            "tie",
            f"tie between {listing(winners)} ({how}); the rulebook does not say what happens then "
            f"(unclear entry {R.FULL_TIE}){told_hands(result)}",
            rule,
        )
    elif len(winners) == 1:
        table.say("leader", f"{winners[0]} leads ({how})", rule)
    else:
        table.say("leader", f"{listing(winners)} are level ({how})", rule)
    for note in table_notes(result):
        table.say("note", note.message, note.rule or None)
