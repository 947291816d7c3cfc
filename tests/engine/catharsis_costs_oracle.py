"""The test oracle of Catharsis's cost solver (engine/catharsis/rules_costs.py): whether dice pay an
option, by trying every ordered choice of dice for its symbols (slow, obviously right)."""
from __future__ import annotations

from itertools import permutations

from engine.catharsis.rules_costs import Option, strict


def brute_force_pays(option: Option, dice: list[int]) -> bool:
    """Reference answer for tests: try every ordered choice of dice for the option's symbols."""
    symbols: list[tuple[str, int | None]] = [("#", v) for v in option.exact]
    for letter, size in option.groups:
        symbols += [(letter, None)] * size
    symbols += [("?", None)] * option.wild
    if len(symbols) > len(dice):
        return False
    for chosen in permutations(range(len(dice)), len(symbols)):
        values: dict[str, int] = {}
        ok = True
        for (kind, want), i in zip(symbols, chosen):
            v = dice[i]
            if kind == "#":
                ok = v == want
            elif kind != "?":
                ok = values.setdefault(kind, v) == v
            if not ok:
                break
        if ok and len(set(values.values())) == len(values):
            others = {letter: [dice[i] for (kind, _), i in zip(symbols, chosen) if kind != letter]
                      for letter in values if strict(letter)}
            if all(values[letter] not in seen for letter, seen in others.items()):
                return True
    return False
