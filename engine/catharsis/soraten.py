"""Catharsis: Soraten's Ground/Flight alternation: after a Ground ability his next ability is a
Flight one and the other way round, across rounds and combats (Soraten overview).

The side each power shows is the table's to record (`side dave 2 flight`); where the side of the
power used or of his last ability is not recorded, the verdict says the alternation is unchecked.
"""
from __future__ import annotations

from engine.base import Reason

from .rule_ids import R

SIDES = ("ground", "flight")


def alternation(p, pw) -> tuple[str | None, list[Reason]]:
    """(why the use breaks the alternation, or None; what could not be judged) for player p using
    power pw. Only Soraten alternates."""
    if p.character != "Soraten":
        return None, []
    if pw.side is None:
        return None, [Reason(rule=R.SORATEN_ALTERNATE,
                             message=f"the side of {pw.name} (Ground or Flight) is not recorded, so Soraten's "
                                     f"alternation is not judged (record it: side {p.name} N ground|flight)")]
    if p.last_side == "unknown":
        return None, [Reason(rule=R.SORATEN_ALTERNATE,
                             message=f"the side of {p.name}'s last ability is not recorded, so whether {pw.name} "
                                     f"({pw.side.capitalize()}) alternates with it is not judged")]
    if p.last_side == pw.side:
        other = "flight" if pw.side == "ground" else "ground"
        return (f"{p.name} (Soraten) used a {pw.side.capitalize()} ability last: the next must be "
                f"{other.capitalize()}, and {pw.name} shows its {pw.side.capitalize()} side"), []
    return None, []

