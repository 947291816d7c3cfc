"""The compact Catopomp table: card codes, zones as counts, the Table, and set kinds and strength.

Everything works on `Table`, a small immutable-by-convention object of tuples (card counts per
zone), so that whole games can be simulated quickly. The State record is converted to a Table at
the boundary (see model.py).

Cards are integer codes: 1-10 the number cards, CAT (0) the Cat-leton, MITCH (11) Mdm Mitch.
Both expansion cards are worth 0. A zone (hand, Hell Domain, discard pile) is a tuple of 12 counts.
"""
from __future__ import annotations

from typing import NamedTuple

from .rule_ids import R

CAT = 0
MITCH = 11
NCODES = 12
VAL = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 0)
EMPTY = (0,) * NCODES

#: players -> (highest number, copies per number, cards per player, cards set aside)
PLAYER_TABLE = {2: (8, 3, 11, 2), 3: (9, 4, 10, 6), 4: (10, 4, 9, 4)}

HEAVEN = "heaven"
HELL = "hell"
PLAY = "play"
PASS = "pass"

# ---------------------------------------------------------------------------------------- data


class Move(NamedTuple):
    """One move of the player to act, in canonical form (tuples sorted by card code).

    kind        "play" or "pass"
    source      "heaven" (from hand) or "hell" (from the Hell Domain); None for a pass
    cards       card codes played from that source (Cat-letons to be swapped included)
    dice        the dice of a Dice Boost, by face (one or two; the reserve die is just a face)
    swap        Hell cards from the player's own Hell Domain that replace Cat-letons (one each)
    place       the hand card put into the own Hell Domain after a Heaven play
    hell_return (player name, card) sent back to that player's hand by the Hell power
    transfer    main game: the Hell card the winning set's owner gives the passing player
    discard     casual mode: the Hell card the winning set's owner discards
    """

    kind: str
    source: str | None = None
    cards: tuple[int, ...] = ()
    dice: tuple[int, ...] = ()
    swap: tuple[int, ...] = ()
    place: int | None = None
    hell_return: tuple[str, int] | None = None
    transfer: int | None = None
    discard: int | None = None


class Opts(NamedTuple):
    casual: bool = False
    hell_power: bool = False
    competitive: bool = False
    catleton: bool = False
    mitch: bool = False


class WSet(NamedTuple):
    """The current winning set: who played it, its cards by origin, its dice."""

    owner: int
    heaven: tuple[int, ...] = ()
    hell: tuple[int, ...] = ()
    dice: tuple[int, ...] = ()
    swaps: int = 0  # Hell cards in `hell` that replaced Cat-letons (a Heaven play)

    @property
    def codes(self) -> tuple[int, ...]:
        return self.heaven + self.hell

    @property
    def size(self) -> int:
        return len(self.heaven) + len(self.hell) + (1 if self.dice else 0)

    @property
    def is_hell(self) -> bool:
        return not self.heaven and self.swaps == 0


class Table:
    """The whole table. Treat as immutable: transitions build new Tables via `replace`."""

    __slots__ = (
        "names", "opts", "hands", "hells", "gems", "used", "reserve", "pred", "points",
        "centre", "ws", "turn", "discard", "aside", "phase", "loser",
    )

    def __init__(self, **kw):
        self.names: tuple[str, ...] = kw["names"]
        self.opts: Opts = kw.get("opts", Opts())
        n = len(self.names)
        self.hands: tuple[tuple[int, ...], ...] = kw.get("hands", (EMPTY,) * n)
        self.hells: tuple[tuple[int, ...], ...] = kw.get("hells", (EMPTY,) * n)
        self.gems: tuple[int, ...] = kw.get("gems", (2,) * n)
        self.used: tuple[tuple[int, ...], ...] = kw.get("used", ((),) * n)
        self.reserve: tuple[int | None, ...] = kw.get("reserve", (None,) * n)
        self.pred: tuple[int | None, ...] = kw.get("pred", (None,) * n)
        self.points: tuple[int, ...] = kw.get("points", (0,) * n)
        self.centre: tuple[int, ...] = kw.get("centre", ())
        self.ws: WSet | None = kw.get("ws")
        self.turn: int = kw.get("turn", 0)
        self.discard: tuple[int, ...] | None = kw.get("discard", EMPTY)
        self.aside: tuple[int, ...] | None = kw.get("aside")
        self.phase: str = kw.get("phase", "play")
        self.loser: int | None = kw.get("loser")

    def replace(self, **kw) -> "Table":
        new = Table.__new__(Table)
        for s in Table.__slots__:
            object.__setattr__(new, s, kw[s] if s in kw else getattr(self, s))
        return new

    @property
    def n(self) -> int:
        return len(self.names)

    def has_cards(self, i: int) -> bool:
        return any(self.hands[i]) or any(self.hells[i])

    def __eq__(self, other):
        return isinstance(other, Table) and all(
            getattr(self, s) == getattr(other, s) for s in Table.__slots__
        )

    def __repr__(self):
        return f"Table(names={self.names}, turn={self.turn}, phase={self.phase}, ws={self.ws})"


# ---------------------------------------------------------------------------------------- helpers


def c_sub(c: tuple[int, ...], codes) -> tuple[int, ...]:
    lst = list(c)
    for x in codes:
        lst[x] -= 1
    return tuple(lst)


def c_add(c: tuple[int, ...], codes) -> tuple[int, ...]:
    lst = list(c)
    for x in codes:
        lst[x] += 1
    return tuple(lst)


def c_has(c: tuple[int, ...], codes) -> bool:
    need: dict[int, int] = {}
    for x in codes:
        need[x] = need.get(x, 0) + 1
    return all(0 <= x < NCODES and c[x] >= k for x, k in need.items())


def c_missing(c: tuple[int, ...], codes) -> list[int]:
    """The codes of `codes` (a multiset) that `c` cannot supply."""
    left = list(c)
    out = []
    for x in codes:
        if 0 <= x < NCODES and left[x] > 0:
            left[x] -= 1
        else:
            out.append(x)
    return out


def c_list(c: tuple[int, ...]) -> tuple[int, ...]:
    out: list[int] = []
    for code in range(NCODES):
        if c[code]:
            out.extend([code] * c[code])
    return tuple(out)


def c_of(codes) -> tuple[int, ...]:
    return c_add(EMPTY, codes)


def fc(code: int) -> str:
    """A card in move notation."""
    if code == CAT:
        return "C"
    if code == MITCH:
        return "M"
    return str(code)


def card_name(code: int) -> str:
    if code == CAT:
        return "Cat-leton"
    if code == MITCH:
        return "Mdm Mitch"
    return str(code)


def cards_text(codes) -> str:
    return ", ".join(card_name(c) for c in codes) if codes else "nothing"


def dice_text(dice) -> str:
    if len(dice) == 1:
        return f"a die showing {dice[0]}"
    return "dice " + "+".join(str(d) for d in dice) + f" (= {sum(dice)})"


def size_limit(n: int) -> int:
    return 3 if n == 2 else 4


def deck_counts(n: int, opts: Opts) -> tuple[int, ...]:
    top, copies, _per, _aside = PLAYER_TABLE[n]
    lst = [0] * NCODES
    for v in range(1, top + 1):
        lst[v] = copies
    if opts.catleton:
        lst[CAT] = n
    if opts.mitch:
        lst[MITCH] = n
    return tuple(lst)


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


def beats(new_vals, old_vals) -> bool:
    """Whether the set with values new_vals is stronger than the one with old_vals (both legal sets)."""
    a = classify(list(new_vals))
    b = classify(list(old_vals))
    if a is None or b is None:
        raise ValueError("only legal sets have a strength")
    return a > b


def ws_key(ws: WSet):
    return classify(set_values(ws.codes, sum(ws.dice)))


def kind_word(key) -> str:
    if key[0] == 1:
        return "single"
    return "same-number set" if key[1] == 1 else "sequential set"


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


def next_with_cards(t: Table, i: int) -> int | None:
    n = t.n
    for step in range(1, n + 1):
        j = (i + step) % n
        if t.has_cards(j):
            return j
    return None


