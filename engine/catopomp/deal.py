"""Dealing Catopomp rounds: the first round's setup and the extra setup of every later round.

Pure functions of their arguments: all chance comes from the `rng` passed in (a random.Random).
Player decisions the rulebook leaves to the players before a round (the competitive predictions,
the faces of reserve dice) can be given; when they are not, they are drawn from `rng`, which is what a
simulation wants.
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from .core import CAT, EMPTY, MITCH, NCODES, PLAYER_TABLE, Opts, Table, c_of, first_round_centre_dice, round_setup


def _deck(n: int, opts: Opts) -> list[int]:
    top, copies, _per, _aside = PLAYER_TABLE[n]
    deck = [v for v in range(1, top + 1) for _ in range(copies)]
    if opts.catleton:
        deck += [CAT] * n
    if opts.mitch:
        deck += [MITCH] * n
    return deck


def _deal(n: int, opts: Opts, rng: random.Random):
    """Shuffle the deck for n players and deal: the table's cards per player, the rest set aside
    (expansion cards make the set-aside pile bigger; see docs/moves-catopomp.md)."""
    _top, _copies, per, _aside = PLAYER_TABLE[n]
    deck = _deck(n, opts)
    rng.shuffle(deck)
    hands = tuple(c_of(deck[i * per:(i + 1) * per]) for i in range(n))
    aside = c_of(deck[n * per:])
    return hands, aside


def _choose(values: Mapping[str, int] | Sequence[int] | None, names, i: int, default):
    if values is None:
        return default()
    if isinstance(values, Mapping):
        low = {k.lower(): v for k, v in values.items()}
        if names[i].lower() in low:
            return low[names[i].lower()]
        return default()
    return values[i]


def deal_first(names: Sequence[str], opts: Opts, rng: random.Random, *, first: str | int | None = None,
               predictions=None) -> Table:
    names = tuple(names)
    n = len(names)
    if n not in PLAYER_TABLE:
        raise ValueError(f"Catopomp is for 2 to 4 players, not {n}")
    if len({nm.lower() for nm in names}) != n:
        raise ValueError("player names must differ")
    if opts.competitive and n == 2:
        raise ValueError("the competitive variant is for 3 or 4 players")
    hands, aside = _deal(n, opts, rng)
    centre = tuple(sorted(rng.randint(1, 6) for _ in range(first_round_centre_dice(n))))
    if first is None:
        turn = rng.randrange(n)
    elif isinstance(first, int):
        turn = first
    else:
        turn = [nm.lower() for nm in names].index(first.lower())
    pred = (None,) * n
    if opts.competitive:
        pred = tuple(_choose(predictions, names, i, lambda: rng.randint(1, 4)) for i in range(n))
    return Table(names=names, opts=opts, hands=hands, hells=(EMPTY,) * n, gems=(2,) * n, used=((),) * n,
                 reserve=(None,) * n, pred=pred, points=(0,) * n, centre=centre, ws=None, turn=turn,
                 discard=EMPTY, aside=aside, phase="play", loser=None)


def deal_next(t: Table, rng: random.Random, *, predictions=None, reserve_dice=None) -> Table:
    if t.phase != "round-over":
        raise ValueError(f"the next round is dealt after a round is over (phase is {t.phase!r})")
    n = t.n
    hands, aside = _deal(n, t.opts, rng)
    later = round_setup(n, t.gems, t.loser)
    one_gem = later.reserve
    centre = tuple(sorted(rng.randint(1, 6) for _ in range(later.centre_dice)))
    reserve = tuple(
        _choose(reserve_dice, t.names, i, lambda: rng.randint(1, 6)) if i in one_gem else None for i in range(n)
    )
    pred = (None,) * n
    if t.opts.competitive:
        pred = tuple(_choose(predictions, t.names, i, lambda: rng.randint(1, 4)) for i in range(n))
    return Table(names=t.names, opts=t.opts, hands=hands, hells=(EMPTY,) * n, gems=t.gems, used=((),) * n,
                 reserve=reserve, pred=pred, points=t.points, centre=centre, ws=None, turn=later.starting,
                 discard=EMPTY, aside=aside, phase="play", loser=None)


def all_cards(t: Table) -> tuple[int, ...]:
    """Every card of the table by code (for conservation checks); None zones count as empty."""
    tot = [0] * NCODES
    zones = list(t.hands) + list(t.hells)
    if t.discard is not None:
        zones.append(t.discard)
    if t.aside is not None:
        zones.append(t.aside)
    for z in zones:
        for c in range(NCODES):
            tot[c] += z[c]
    if t.ws is not None:
        for c in t.ws.codes:
            tot[c] += 1
    return tuple(tot)
