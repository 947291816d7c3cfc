"""Catopomp sets: what numbers a set stands for, which kind it is, how strong, and how big it may be."""
from __future__ import annotations

from engine.words import count

from .model import MITCH, VAL, WSet
from .rule_ids import R


def size_limit(n: int) -> int:
    return 3 if n == 2 else 4


def set_values(codes, x: int) -> list[int]:
    """The numbers a set stands for; x is the dice substitute's value (0 = no dice).
    Mdm Mitch mirrors the dice total when the set has dice, else she is a 0."""
    vals = [x if (c == MITCH and x) else VAL[c] for c in codes]
    if x:
        vals.append(x)
    return vals


def classify(vals) -> tuple[int, int, int] | None:
    """Strength key (size, kind, top) of a set, or None if it is no legal kind of set.
    kind: 1 = same number, 0 = sequential (and singles). Bigger key = stronger set."""
    n = len(vals)
    if n == 0:
        return None
    if n == 1:
        return (1, 0, vals[0])
    lo = min(vals)
    hi = max(vals)
    if lo == hi:
        return (n, 1, lo)
    if hi - lo == n - 1 and len(set(vals)) == n:
        return (n, 0, hi)
    return None


def ws_key(ws: WSet):
    return classify(set_values(ws.codes, sum(ws.dice)))


def key_text(key) -> str:
    n, kind, top = key
    if n == 1:
        return f"a single {top}"
    if kind == 1:
        return f"a same-number set of {n} x {top}"
    return f"a {n}-card sequential set up to {top}"


def kind_rule(key) -> str:
    if key[0] == 1:
        return R.SETS_SINGLE
    return R.SETS_SAME_NUMBER if key[1] == 1 else R.SETS_SEQUENTIAL


def strength_rule(new, old) -> str:
    """The strength rule that decides between two keys."""
    if new[0] != old[0]:
        return R.STRENGTH_MORE_CARDS_WINS
    if new[1] != old[1]:
        return R.STRENGTH_SAME_NUMBER_BEATS_SEQUENTIAL
    return R.STRENGTH_HIGHER_NUMBERS_WIN


def strength_message(key, ck, beats: bool) -> str:
    """Why one set beats (or does not beat) another, in the words of the strength rule that decides."""
    rule = strength_rule(key, ck)
    if rule == R.STRENGTH_MORE_CARDS_WINS:
        return f"{count(key[0], 'card')} against {ck[0]}: the set with more cards is stronger"
    if rule == R.STRENGTH_SAME_NUMBER_BEATS_SEQUENTIAL:
        return "with equal sizes a same-number set is stronger than a sequential set"
    if key[2] == ck[2]:
        return f"both sets are rated {key[2]}: an equally strong set does not beat"
    return f"same size and kind: {key[2]} against {ck[2]}, the higher number wins"
