"""Catharsis: the exact odds of paying a cost with the rerolls left, under the best reroll strategy
(docs/moves-catharsis.md): P_r(M) is 1 when the multiset M pays, else the best over the dice K kept
of E[P_{r-1}(K + a fresh roll of the rest)], in integers over 6^(n*r)."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import combinations_with_replacement, product
from math import factorial, prod

from .rules_costs import Cost, counts_of, pays_counts


@lru_cache(maxsize=None)
def multisets(k: int) -> tuple[tuple[tuple[int, ...], int, int], ...]:
    """Every multiset of k dice as (face counts, code, number of ordered rolls giving it). The code
    writes the counts in base 7, so adding two multisets is adding their codes."""
    every = [tuple(faces.count(v) for v in range(6)) for faces in combinations_with_replacement(range(6), k)]
    return tuple((counts, code(counts), factorial(k) // prod(map(factorial, counts))) for counts in every)


def code(counts) -> int:
    return sum(c * 7 ** i for i, c in enumerate(counts))


def _subs(m: tuple[int, ...]) -> list[int]:
    """The codes of every multiset of dice kept from m."""
    codes = [0]
    for i, c in enumerate(m):
        if c:
            step = 7 ** i
            codes = [x + k * step for x in codes for k in range(c + 1)]
    return codes


@dataclass(frozen=True)
class Odds:
    probability: Fraction
    without_reroll: Fraction
    keep: tuple[int, ...] | None     # the dice to keep now (None: no dice given)
    reroll: tuple[int, ...] | None   # the dice to reroll now
    dice: int
    rerolls: int

    def as_json(self) -> dict:
        return {
            "probability": float(self.probability),
            "fraction": f"{self.probability.numerator}/{self.probability.denominator}",
            "without_reroll": float(self.without_reroll),
            "keep": list(self.keep) if self.keep is not None else None,
            "reroll": list(self.reroll) if self.reroll is not None else None,
            "dice": self.dice,
            "rerolls": self.rerolls,
        }


class _Table:
    """P_r over every multiset of n dice, for one cost (integers over 6^(n*r)), keyed by code."""

    def __init__(self, cost: Cost, n: int):
        self.n = n
        self.pays = {c: any(pays_counts(o, m) for o in cost.options) for m, c, _ in multisets(n)}
        self.levels: list[dict[int, int]] = [{c: int(ok) for c, ok in self.pays.items()}]
        self.kept: list[dict[int, int]] = []
        self.subs = {c: _subs(m) for m, c, _ in multisets(n)}

    def value_of_keeping(self, r: int) -> dict[int, int]:
        """V(K) = E[P_{r-1}(K + roll)] over 6^n * 6^(n(r-1)), for every kept multiset K."""
        while len(self.kept) < r:
            prev = self.levels[len(self.kept)]
            table: dict[int, int] = {}
            for k in range(self.n + 1):
                scale = 6 ** k
                rolls = [(c, w) for _, c, w in multisets(self.n - k)]
                for _, kept, _ in multisets(k):
                    table[kept] = scale * sum(w * prev[kept + c] for c, w in rolls)
            self.kept.append(table)
            full = 6 ** (self.n * len(self.kept))
            self.levels.append({c: full if self.pays[c] else max(table[s] for s in self.subs[c])
                                for c in self.pays})
        return self.kept[r - 1]

    def at(self, r: int, m: int) -> Fraction:
        if r:
            self.value_of_keeping(r)
        return Fraction(self.levels[r][m], 6 ** (self.n * r))


def odds(cost: Cost, rerolls: int = 2, dice: list[int] | None = None, n: int = 6) -> Odds:
    """The best odds of paying `cost` with `rerolls` left, from `dice` (or from a fresh roll of n)."""
    n = len(dice) if dice is not None else n
    table = _Table(cost, n)
    if dice is not None:
        counts = counts_of(dice)
        m = code(counts)
        p = table.at(rerolls, m)
        keep = tuple(sorted(dice))
        if rerolls and not table.pays[m]:
            values = table.value_of_keeping(rerolls)
            best = max(product(*(range(c + 1) for c in counts)), key=lambda s: (values[code(s)], sum(s)))
            keep = tuple(v for v in range(1, 7) for _ in range(best[v - 1]))
        rest = tuple(sorted((Counter(dice) - Counter(keep)).elements()))
        return Odds(p, table.at(0, m), keep, rest, n, rerolls)
    total = 6 ** n
    p = sum(w * table.at(rerolls, c) for _, c, w in multisets(n)) / total
    p0 = Fraction(sum(w * table.levels[0][c] for _, c, w in multisets(n)), total)
    return Odds(p, p0, None, None, n, rerolls)


def question_odds(question: list[str], table, *, dice: str | None = None, rerolls: int | None = None,
                  player: str | None = None, session: str | None = None) -> tuple[dict, str]:
    """`companion odds catharsis COST` (the declaration's odds hook): the chance to pay the cost (as JSON
    and for people) from the `dice` given, or a player's unused dice in the session's table (asked for
    with a player or a session; None: it plays another game), with the rerolls left (default 2, or the
    player's)."""
    from engine.words import player as named

    from .rules_costs import parse_cost, read_dice, syntax_error

    from_session = bool(player or session)
    state = table(True) if from_session else None
    parsed = parse_cost(" ".join(question))
    values = read_dice(dice) if dice else None
    if values is not None and not 1 <= len(values) <= 6:
        raise syntax_error(f"--dice {dice!r}: give 1 to 6 dice, e.g. --dice 3,3,4,5,6,6")
    left = rerolls
    if from_session:
        if state is None:
            raise syntax_error("the session is not a Catharsis game; give --dice instead")
        if not player:
            raise syntax_error(f"name the player whose dice count: --player {' | '.join(p.name for p in state.players)}")
        who = named(player, state.players)
        values = values or [d.value for d in who.dice if not d.used]
        if not values:
            raise syntax_error(f"{who.name} has no unused dice rolled this phase; give --dice 3,3,4,5,6,6")
        left = max(0, 2 - who.rerolls) if left is None else left
    left = 2 if left is None else left
    if not 0 <= left <= 2:
        raise syntax_error(f"--rerolls {left}: a player rerolls at most 2 times a phase (0, 1 or 2)")
    result = odds(parsed, left, values)
    out = {"game": "catharsis", "cost": parsed.text(), **result.as_json()}
    pct = f"{float(result.probability):.2%}"
    frm = f"from {' '.join(map(str, sorted(values)))}" if values else "from a fresh roll of 6 dice"
    lines = [f"{parsed.text()}: {pct} ({out['fraction']}) {frm} with {left} reroll{'s' if left != 1 else ''} "
             f"(no reroll: {float(result.without_reroll):.2%})"]
    if result.keep is not None and result.probability < 1 and left:
        keep = " ".join(map(str, result.keep)) or "nothing"
        lines.append(f"best now: keep {keep}, reroll {' '.join(map(str, result.reroll)) or 'nothing'}")
    return out, "\n".join(lines)

