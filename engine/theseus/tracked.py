"""Party of the Theseus as the table tracker keeps it: the engine's State (TrackedTable is State),
the cards a table records by Rank only or names with their Rank, and the table's scores, which the
move validator's final_scores() works out.
"""
from __future__ import annotations

import re
from typing import Any

from engine.base import Frozen, Reason

from .model import LAST_RANK, LIMIT, RANK_ONLY_CARDS, State
from .rule_ids import R
from .validator import Engine

MAX_RANK_TOTAL = LIMIT * LAST_RANK  # 4 cards of at most Rank 6

_RANK_ONLY_NAMES = {c.name.casefold() for c in RANK_ONLY_CARDS}

#: the tracker's table is the move validator's State (one rules model): tracker changes and plays
#: (`companion play`) are transitions of the same table
TrackedTable = State

ENGINE_FOR_SCORING = Engine()


def scoring_state(table: State) -> State:
    """The State the engine scores: the table itself (kept for callers of the two-model days)."""
    return table


def tracked_scores(table: State) -> dict[str, Any]:
    """Engine.final_scores() of a table, with the points and Rank totals the table entered."""
    return ENGINE_FOR_SCORING.final_scores(table)


#: a tracked table's card effects: points count only as the table enters them
_TRACKER_EFFECT_NOTE = Reason(
    rule=R.VP_EXTRA,
    message="the rulebook prints no card texts; points from card effects count only as the table enters "
    "them (`points PLAYER +N`)",
)


def _notes(result: dict[str, Any]) -> list[Reason]:
    """final_scores() notes as a table reads them: the one on card effects (the only note citing
    R.VP_EXTRA) says how to enter points."""
    out = []
    for note in result["unchecked"]:
        note = _TRACKER_EFFECT_NOTE if note.rule == R.VP_EXTRA else note
        if note not in out:
            out.append(note)
    return out


class _Item(Frozen):
    """One card as the table named it: by name, by name with its Rank (and VP), or by Rank only."""

    name: str | None = None
    rank: int | None = None
    vp: int | None = None

    def label(self) -> str:
        if self.name is None:
            return str(self.rank)
        text = self.name if self.rank is None else f"{self.name}:{self.rank}"
        return text if self.vp is None else f"{text}:{self.vp}vp"


_ITEM = re.compile(r"^(?P<name>.*?\S)\s*:\s*(?P<rank>[+-]?\d+)(?:\s*:\s*(?P<vp>\d+)\s*(?:vp)?)?$", re.I)
_INT = re.compile(r"^[+-]?\d+$")


def _read_item(text: str) -> _Item:
    """A Change argument back into an item ("4", "Paladin", "Dragon:5", "Dragon:5:3vp")."""
    if _INT.match(text):
        return _Item(rank=int(text))
    m = _ITEM.match(text)
    if m:
        return _Item(name=m["name"], rank=int(m["rank"]), vp=int(m["vp"]) if m["vp"] else None)
    return _Item(name=text)
