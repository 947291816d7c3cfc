"""Catharsis: who an attack to the party kills among duo partners, however they lay their points.

Players act at the same time (Step 2 has no turns) and choose per point which power takes it, so the
partners sharing a duo power choose whose points reach it. A partner whose board empties before their
share is all taken takes no more of it. Pure: boards and loads in, fates out."""
from __future__ import annotations

from dataclasses import dataclass
from itertools import product

#: the most ways of splitting the shared cards' points worth trying (a chain of many duo powers: no answer)
MOST_WAYS = 4096


@dataclass(frozen=True)
class Fate:
    """A partner's lot over every way the partners may lay their points: dies in all of them
    (`always`), in some (`sometimes`), and whether any way leaves part of their share untaken."""

    always: bool
    sometimes: bool
    untaken: bool


def fates(held: dict[str, dict[tuple, int]], loads: dict[str, int]) -> dict[str, Fate] | None:
    """Each player's Fate. `held`: player -> the cards damage can still reach on their board (a key per
    card, a duo power under one key on both partners' boards) -> the points that discard it; `loads`:
    player -> the points they must take (share and what they owe). Partners linked by no card are
    tried apart. None when there are too many ways to try, or no way at all."""
    out: dict[str, Fate] = {}
    for group in _linked(held):
        found = _fates({name: cards for name, cards in held.items() if name in group}, loads)
        if found is None:
            return None
        out.update(found)
    return {name: out[name] for name in held}  # in seat order


def _linked(held) -> list[set[str]]:
    """The players in groups, two in one group when a chain of shared cards links them."""
    groups: list[set[str]] = []
    for name, cards in held.items():
        touching = [g for g in groups if any(set(cards) & set(held[other]) for other in g)]
        merged = {name}.union(*touching)
        groups = [g for g in groups if g not in touching] + [merged]
    return groups


def _fates(held, loads) -> dict[str, Fate] | None:
    holders: dict[tuple, list[str]] = {}
    for name, cards in held.items():
        for key in cards:
            holders.setdefault(key, []).append(name)
    shared = [key for key, names in holders.items() if len(names) > 1]
    private = {name: sum(n for key, n in cards.items() if key not in shared) for name, cards in held.items()}
    splits = [list(_splits(points_of(held, key), len(holders[key]))) for key in shared]
    ways = 1
    for options in splits:
        ways *= len(options)
    if ways > MOST_WAYS:
        return None
    seen: dict[str, list[tuple[bool, bool]]] = {name: [] for name in held}
    for choice in product(*splits):
        on_shared = {name: 0 for name in held}
        full_shared = {name: True for name in held}
        for key, split in zip(shared, choice):
            for name, x in zip(holders[key], split):
                on_shared[name] += x
                full_shared[name] = full_shared[name] and sum(split) == points_of(held, key)
        outcome = {}
        for name in held:
            load = loads.get(name, 0)
            if on_shared[name] > load:
                break
            rest = load - on_shared[name]
            dead = full_shared[name] and rest >= private[name]
            if rest > private[name] and not dead:  # points left and a card to take them: not a way
                break
            outcome[name] = (dead, dead and rest > private[name])
        else:
            for name, lot in outcome.items():
                seen[name].append(lot)
    if not all(seen.values()):
        return None
    return {name: Fate(always=all(d for d, _ in lots), sometimes=any(d for d, _ in lots),
                       untaken=any(u for _, u in lots)) for name, lots in seen.items()}


def points_of(held, key) -> int:
    """The points that discard a card (the same on every board holding it)."""
    return next(cards[key] for cards in held.values() if key in cards)


def _splits(points: int, holders: int):
    """Every way `holders` players may share at most `points` points of one card."""
    for split in product(range(points + 1), repeat=holders):
        if sum(split) <= points:
            yield split
