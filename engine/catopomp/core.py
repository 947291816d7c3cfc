"""The Catopomp rules core: a compact table, set strength, move generation, checks and transitions.

Everything here works on `Table`, a small immutable-by-convention object of tuples (card counts per
zone), so that whole games can be simulated quickly. The pydantic State of the situation files is
converted to a Table at the boundary (see model.py); every rule is written once, here.

Cards are integer codes: 1-10 the number cards, CAT (0) the Cat-leton, MITCH (11) Mdm Mitch.
Both expansion cards are worth 0. A zone (hand, Hell Domain, discard pile) is a tuple of 12 counts.
"""
from __future__ import annotations

from typing import NamedTuple

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
        return "catopomp.sets.single"
    return "catopomp.sets.same-number" if key[1] == 1 else "catopomp.sets.sequential"


def strength_rule(new, old) -> str:
    """The strength rule that decides between two keys."""
    if new[0] != old[0]:
        return "catopomp.strength.more-cards-wins"
    if new[1] != old[1]:
        return "catopomp.strength.same-number-beats-sequential"
    return "catopomp.strength.higher-numbers-win"


def next_with_cards(t: Table, i: int) -> int | None:
    n = t.n
    for step in range(1, n + 1):
        j = (i + step) % n
        if t.has_cards(j):
            return j
    return None


# ---------------------------------------------------------------------------------------- dice


def dice_pool(t: Table, p: int) -> tuple[int, ...]:
    """Dice player p may boost with: none once their Used Dice card holds any; else the centre
    plus their own reserve die."""
    if t.used[p]:
        return ()
    r = t.reserve[p]
    if r is None:
        return t.centre
    return tuple(sorted(t.centre + (r,)))


def dice_options(pool: tuple[int, ...]) -> dict[int, list[tuple[int, ...]]]:
    """Distinct one- and two-die choices from a sorted pool, by the value they stand for."""
    by_x: dict[int, list[tuple[int, ...]]] = {}
    seen = set()
    m = len(pool)
    for i in range(m):
        a = pool[i]
        d = (a,)
        if d not in seen:
            seen.add(d)
            by_x.setdefault(a, []).append(d)
        for j in range(i + 1, m):
            d = (a, pool[j])
            if d not in seen:
                seen.add(d)
                by_x.setdefault(a + pool[j], []).append(d)
    return by_x


# ---------------------------------------------------------------------------------------- generation


def gen_sets(cnt, L: int, by_x) -> list[tuple[tuple[int, ...], tuple[int, ...], tuple]]:
    """Every legal set (cards, dice, key) that can be formed from the zone `cnt`, with at most
    one dice substitute from `by_x`. No Cat-leton swaps (see gen_swap_sets)."""
    out = []
    app = out.append
    zc = cnt[CAT]
    zm = cnt[MITCH]
    for code in range(NCODES):
        if cnt[code]:
            app(((code,), (), (1, 0, VAL[code])))
    for v in range(1, 11):
        c = cnt[v]
        if c >= 2:
            for k in range(2, min(c, L) + 1):
                app(((v,) * k, (), (k, 1, v)))
    if zc + zm >= 2:
        for k in range(2, min(L, zc + zm) + 1):
            for a in range(max(0, k - zm), min(k, zc) + 1):
                app(((CAT,) * a + (MITCH,) * (k - a), (), (k, 1, 0)))
    # runs without dice: find maximal stretches of present numbers
    for k in range(2, L + 1):
        for low in range(0, 12 - k):
            top = low + k - 1
            if low == 0:
                if not (zc or zm):
                    continue
                ok = True
                for v in range(1, top + 1):
                    if not cnt[v]:
                        ok = False
                        break
                if not ok:
                    continue
                mid = tuple(range(1, top + 1))
                if zc:
                    app(((CAT,) + mid, (), (k, 0, top)))
                if zm:
                    app((mid + (MITCH,), (), (k, 0, top)))
            else:
                ok = True
                for v in range(low, top + 1):
                    if not cnt[v]:
                        ok = False
                        break
                if ok:
                    app((tuple(range(low, top + 1)), (), (k, 0, top)))
    if not by_x:
        return out
    for x, dl in by_x.items():
        cx = cnt[x] if 1 <= x <= 10 else 0
        # same number x: k-1 cards, each an x or a Mdm Mitch (who mirrors x)
        for k in range(2, L + 1):
            need = k - 1
            for b in range(0, min(zm, need) + 1):
                a = need - b
                if a > cx:
                    continue
                cards = (x,) * a + (MITCH,) * b
                key = (k, 1, x)
                for d in dl:
                    app((cards, d, key))
        # runs holding x as the substitute (no Mdm Mitch: she would repeat x)
        for k in range(2, L + 1):
            for low in range(max(0, x - k + 1), x + 1):
                top = low + k - 1
                cards = []
                ok = True
                for v in range(low, top + 1):
                    if v == x:
                        continue
                    if v == 0:
                        if zc:
                            cards.append(CAT)
                        else:
                            ok = False
                            break
                    elif v <= 10 and cnt[v]:
                        cards.append(v)
                    else:
                        ok = False
                        break
                if ok:
                    tc = tuple(cards)
                    key = (k, 0, top)
                    for d in dl:
                        app((tc, d, key))
    return out


def submultisets(cnt, lo: int, hi: int) -> list[tuple[int, ...]]:
    """All sub-multisets of the zone `cnt` with lo..hi cards, each once, codes ascending."""
    codes = [c for c in range(NCODES) if cnt[c]]
    out: list[tuple[int, ...]] = []

    def rec(i: int, cur: tuple[int, ...]):
        if len(cur) >= lo:
            out.append(cur)
        if len(cur) == hi:
            return
        for j in range(i, len(codes)):
            c = codes[j]
            for m in range(1, min(cnt[c], hi - len(cur)) + 1):
                rec(j + 1, cur + (c,) * m)

    rec(0, ())
    return out


def gen_swap_sets(hand, hell, L: int, by_x):
    """Heaven sets in which one or more Cat-letons from hand are swapped for own Hell cards:
    (cards played from hand, dice, swapped Hell cards, key of the set as it then lies)."""
    out = []
    zc = hand[CAT]
    for w in range(1, min(zc, L) + 1):
        rest = list(hand)
        rest[CAT] -= w
        rest = tuple(rest)
        for W in submultisets(hell, w, w):
            for F in submultisets(rest, 0, L - w):
                final = F + W
                cards = tuple(sorted(F + (CAT,) * w))
                key = classify(set_values(final, 0))
                if key is not None:
                    out.append((cards, (), W, key))
                if by_x and len(final) + 1 <= L:
                    for x, dl in by_x.items():
                        key = classify(set_values(final, x))
                        if key is not None:
                            for d in dl:
                                out.append((cards, d, W, key))
    return out


def resolve(t: Table) -> tuple[Table, bool]:
    """If the player to act owns the winning set, everyone else has passed: the set is discarded
    (its dice to the owner's Used Dice card) and they lead. Returns (table, initiative_returned)."""
    ws = t.ws
    if t.phase == "play" and ws is not None and ws.owner == t.turn:
        return _discard_ws(t), True
    return t, False


def _discard_ws(t: Table) -> Table:
    ws = t.ws
    used = t.used
    if ws.dice:
        used = list(used)
        used[ws.owner] = used[ws.owner] + ws.dice
        used = tuple(used)
    discard = t.discard
    if discard is not None:
        discard = c_add(discard, ws.codes)
    return t.replace(ws=None, used=used, discard=discard)


def play_cores(t: Table):
    """Legal set plays of the player to act, before the follow-up choices (placement, Hell power):
    a list of (source, cards, dice, swap, key). `t` must be resolved."""
    p = t.turn
    L = size_limit(t.n)
    by_x = dice_options(dice_pool(t, p))
    ck = ws_key(t.ws) if t.ws is not None else (0,)
    if ck is None:  # an impossible winning set on the table: anything well-formed beats it
        ck = (0,)
    hand = t.hands[p]
    hell = t.hells[p]
    hand_n = sum(hand)
    out = []
    if hand_n:
        for cards, d, key in gen_sets(hand, L, by_x):
            if key > ck:
                out.append((HEAVEN, cards, d, (), key))
        if hand[CAT] and any(hell):
            for cards, d, w, key in gen_swap_sets(hand, hell, L, by_x):
                if key > ck:
                    out.append((HEAVEN, cards, d, w, key))
    if any(hell):
        min_n = 2 if hand_n else 1
        for cards, d, key in gen_sets(hell, L, by_x):
            if key > ck and key[0] >= min_n:
                out.append((HELL, cards, d, (), key))
    return out


def pass_moves(t: Table) -> list[Move]:
    """Legal passes of the player to act (t resolved): none when leading."""
    ws = t.ws
    if ws is None:
        return []
    owner_hell = t.hells[ws.owner]
    codes = [c for c in range(NCODES) if owner_hell[c]]
    if t.opts.casual:
        return [Move(PASS)] + [Move(PASS, discard=c) for c in codes]
    moves = [Move(PASS, transfer=c) for c in codes]
    if sum(owner_hell) >= 3:
        return moves
    return [Move(PASS)] + moves


def expand(t: Table, core) -> list[Move]:
    source, cards, dice, swap, key = core
    p = t.turn
    if source == HEAVEN:
        after = c_sub(t.hands[p], cards)
        left = [c for c in range(NCODES) if after[c]]
        if not left:
            return [Move(PLAY, HEAVEN, cards, dice, swap)]
        return [Move(PLAY, HEAVEN, cards, dice, swap, place=c) for c in left]
    base = Move(PLAY, HELL, cards, dice)
    if not (t.opts.hell_power and key[0] >= 3):
        return [base]
    moves = [base]
    names = t.names
    for i in range(t.n):
        hell = c_sub(t.hells[i], cards) if i == p else t.hells[i]
        for c in range(NCODES):
            if hell[c]:
                moves.append(Move(PLAY, HELL, cards, dice, hell_return=(names[i], c)))
    return moves


def legal_moves(t: Table) -> list[Move]:
    if t.phase != "play" or not t.has_cards(t.turn):
        return []
    t, _ = resolve(t)
    moves: list[Move] = []
    for core in play_cores(t):
        moves.extend(expand(t, core))
    moves.extend(pass_moves(t))
    return list(dict.fromkeys(moves))


# ---------------------------------------------------------------------------------------- checking


class Finding(NamedTuple):
    rule: str
    message: str


def _zone_word(source: str) -> str:
    return "hand" if source == HEAVEN else "Hell Domain"


def violations(t: Table, mv: Move) -> tuple[list[Finding], list[Finding], list[str]]:
    """Check a move of the player to act on a resolved table.
    Returns (broken rules, supporting rules for a legal move, unchecked notes)."""
    odd = [c for c in (*mv.cards, *mv.swap, mv.place, mv.transfer, mv.discard,
                        mv.hell_return[1] if mv.hell_return else None)
           if c is not None and not (isinstance(c, int) and 0 <= c < NCODES)]
    if odd:
        return [Finding("catopomp.sets.kinds", f"{odd[0]!r} is not a card (cards are 1-10, Cat-leton, Mdm Mitch)")], [], []
    if mv.kind not in (PLAY, PASS):
        return [Finding("catopomp.round.turn-order", "a turn is a play or a pass")], [], []
    if mv.kind == PASS:
        return _pass_violations(t, mv)
    p = t.turn
    name = t.names[p]
    bad: list[Finding] = []
    why: list[Finding] = []
    notes: list[str] = []
    opts = t.opts
    L = size_limit(t.n)
    hand = t.hands[p]
    hell = t.hells[p]
    src = mv.source
    if mv.transfer is not None or mv.discard is not None:
        bad.append(Finding("catopomp.passing.transfer-optional",
                           "a Hell card changes hands only when a player passes, not after a play"))
    if src not in (HEAVEN, HELL):
        bad.append(Finding("catopomp.sets.play-heaven-or-hell",
                           "say where the set comes from: 'heaven' (your hand) or 'hell' (your Hell Domain)"))
        return bad, why, notes
    zone = hand if src == HEAVEN else hell
    other = hell if src == HEAVEN else hand
    if not mv.cards:
        bad.append(Finding("catopomp.dice-boost.take-up-to-two",
                           "a set needs at least one card: dice are only added to the cards of a set"))
    missing = c_missing(zone, mv.cards)
    if missing:
        if c_has(other, missing):
            bad.append(Finding("catopomp.sets.no-mixing",
                               f"{cards_text(missing)} lie{'s' if len(missing) == 1 else ''} in your "
                               f"{_zone_word(HELL if src == HEAVEN else HEAVEN)}, not your {_zone_word(src)}: "
                               "a set is all Heaven cards or all Hell cards"))
        elif src == HEAVEN:
            bad.append(Finding("catopomp.heaven.play-from-hand",
                               f"{name} does not hold {cards_text(missing)} in hand"))
        else:
            bad.append(Finding("catopomp.hell.play-from-hell-domain",
                               f"{name}'s Hell Domain holds no {cards_text(missing)}"))
    else:
        why.append(Finding("catopomp.heaven.play-from-hand" if src == HEAVEN else "catopomp.hell.play-from-hell-domain",
                           f"{cards_text(mv.cards)} from {name}'s {_zone_word(src)}"))
    # Cat-leton swap
    swap = mv.swap
    if swap:
        if src == HELL:
            bad.append(Finding("catopomp.expansion.cat-leton.from-hell-domain",
                               "Cat-leton can be swapped for a Hell card only when played from hand"))
        elif mv.cards.count(CAT) < len(swap):
            bad.append(Finding("catopomp.expansion.cat-leton.swap",
                               f"each swapped Hell card takes the place of a Cat-leton played from hand; "
                               f"the set has {mv.cards.count(CAT)} Cat-leton(s) for {len(swap)} swap(s)"))
        elif not c_has(hell, swap):
            bad.append(Finding("catopomp.expansion.cat-leton.swap",
                               f"{name}'s Hell Domain holds no {cards_text(c_missing(hell, swap))} to swap in"))
        else:
            why.append(Finding("catopomp.expansion.cat-leton.swap",
                               f"Cat-leton is discarded and {cards_text(swap)} from {name}'s Hell Domain takes his place"))
        notes.append("catopomp.expansion.cat-leton.swap: the Heaven play is read as still requiring a placement "
                     "into the Hell Domain after the swap; the Cat-leton card does not say")
    # dice
    dice = mv.dice
    x = sum(dice) if dice else 0
    if dice:
        if len(dice) > 2:
            bad.append(Finding("catopomp.dice-boost.one-card-only",
                               f"a Dice Boost uses one or two dice standing for one card, not {len(dice)}"))
        if t.used[p]:
            bad.append(Finding("catopomp.dice-boost.once-per-round",
                               f"{name}'s Used Dice card already holds dice ({', '.join(map(str, t.used[p]))}): "
                               "no more Dice Boost this round"))
        else:
            pool = dice_pool(t, p)
            lacking = c_missing_dice(pool, dice)
            if lacking:
                owners = [t.names[i] for i in range(t.n) if i != p and t.reserve[i] in lacking]
                if owners:
                    bad.append(Finding("catopomp.reserve-die.owner-only",
                                       f"no centre die shows {', '.join(map(str, lacking))}; "
                                       f"{' and '.join(owners)}'s reserve die can be used only by its owner"))
                else:
                    bad.append(Finding("catopomp.dice-boost.take-up-to-two",
                                       f"no die showing {', '.join(map(str, lacking))} is available to {name} "
                                       f"(centre: {', '.join(map(str, t.centre)) or 'empty'}"
                                       + (f"; reserve die {t.reserve[p]}" if t.reserve[p] is not None else "") + ")"))
            else:
                why.append(Finding("catopomp.dice-boost.take-up-to-two",
                                   f"Dice Boost: {dice_text(dice)} stands for one card"))
                if len(dice) == 1:
                    why.append(Finding("catopomp.dice-boost.single-die-value",
                                       f"one die: the substituted card is a {x}"))
                else:
                    why.append(Finding("catopomp.dice-boost.two-dice-sum",
                                       f"two dice: their total, {x}, is the number of the one card they replace"))
                r = t.reserve[p]
                if r is not None:
                    if r in dice:
                        why.append(Finding("catopomp.reserve-die.owner-only",
                                           f"{name} uses their own reserve die ({r})"))
                        if len(dice) == 2:
                            why.append(Finding("catopomp.reserve-die.combine-with-centre",
                                               "the reserve die may be combined with a centre die"))
        top = PLAYER_TABLE.get(t.n, (10,))[0]
        if x > top:
            notes.append(f"catopomp.dice-boost.two-dice-sum: the dice stand for {x}, above the highest card ({top}); "
                         "the rulebook does not say whether such totals are allowed; read as allowed")
    # the set as it will lie
    final = list(mv.cards)
    for _ in range(min(len(swap), final.count(CAT))):
        final.remove(CAT)
    final += list(swap)
    vals = set_values(final, x)
    n = len(vals)
    key = classify(vals) if final else None
    if final:
        if n > L:
            bad.append(Finding("catopomp.sets.size-limit",
                               f"a set holds at most {L} cards{' with two players' if t.n == 2 else ''}; "
                               f"this one has {n}" + (" (the dice substitute counts as a card)" if dice else "")))
        if key is None:
            bad.append(Finding("catopomp.sets.kinds",
                               f"{', '.join(map(str, sorted(vals)))} is neither a single, a same-number set "
                               "nor a run of consecutive numbers"))
        else:
            why.append(Finding(kind_rule(key), f"{', '.join(map(str, sorted(vals)))} is {key_text(key)}"))
            if sum(1 for v in vals if v == 0) >= 2:
                why.append(Finding("catopomp.expansion.zero-value-sets",
                                   "two 0-valued expansion cards make a same-number pair"))
        if MITCH in final:
            if x:
                why.append(Finding("catopomp.expansion.mdm-mitch.mirror-dice",
                                   f"Mdm Mitch mirrors the dice and counts as {x}"))
            else:
                why.append(Finding("catopomp.expansion.mdm-mitch.value-zero", "Mdm Mitch counts as 0"))
        if CAT in final:
            why.append(Finding("catopomp.expansion.cat-leton.value-zero", "Cat-leton counts as 0"))
    # Hell sets while Heaven cards remain
    hand_n = sum(hand)
    if src == HELL and final:
        if hand_n and n < 2:
            bad.append(Finding("catopomp.hell.two-or-more-while-hand",
                               f"{name} still holds Heaven cards, so Hell cards go down as a set of two or more "
                               "(one Hell card plus dice counts as two)"))
        elif hand_n and dice and len(final) == 1:
            why.append(Finding("catopomp.hell.one-card-plus-dice",
                               "one Hell card plus the dice substitute counts as two Hell cards"))
        elif hand_n:
            why.append(Finding("catopomp.hell.two-or-more-while-hand",
                               f"{n} Hell cards: allowed while Heaven cards remain in hand"))
        elif n == 1:
            why.append(Finding("catopomp.hell.singles-when-hand-empty",
                               f"{name}'s hand is empty, so a single Hell card may be played"))
    # strength
    ws = t.ws
    if key is not None:
        if ws is None:
            why.append(Finding("catopomp.sets.leading", f"{name} leads: any legal set may be played"))
        else:
            ck = ws_key(ws)
            if ck is None:
                why.append(Finding("catopomp.sets.must-beat", "the set on the table is not a legal set"))
            elif key > ck:
                why.append(Finding("catopomp.sets.must-beat", f"{key_text(key)} beats {key_text(ck)}"))
                why.append(Finding(strength_rule(key, ck), _strength_message(key, ck, True)))
            else:
                bad.append(Finding("catopomp.sets.must-beat",
                                   f"{key_text(key)} does not beat the winning set, {key_text(ck)}"))
                bad.append(Finding(strength_rule(key, ck), _strength_message(key, ck, False)))
    # placement after a Heaven play
    if src == HEAVEN:
        after = list(hand)
        for c in mv.cards:
            if 0 <= c < NCODES and after[c] > 0:
                after[c] -= 1
        after = tuple(after)
        left = sum(after)
        if mv.place is None:
            if left:
                bad.append(Finding("catopomp.heaven.place-one-in-hell-domain",
                                   f"after a Heaven play {name} must put exactly one card from hand into their "
                                   f"Hell Domain ({left} card{'s' if left != 1 else ''} left in hand): add "
                                   "'then hell X'"))
            else:
                why.append(Finding("catopomp.heaven.place-one-in-hell-domain",
                                   f"{name}'s hand is empty after the play, so no card goes to the Hell Domain"))
        elif not left:
            bad.append(Finding("catopomp.heaven.place-one-in-hell-domain",
                               f"{name}'s hand is empty after the play: there is no card to place"))
        elif not (0 <= mv.place < NCODES and after[mv.place]):
            bad.append(Finding("catopomp.heaven.place-one-in-hell-domain",
                               f"{name} has no {card_name(mv.place)} left in hand to place into the Hell Domain"))
        else:
            why.append(Finding("catopomp.heaven.place-one-in-hell-domain",
                               f"{name} places {card_name(mv.place)} from hand into their Hell Domain"))
    elif mv.place is not None:
        bad.append(Finding("catopomp.hell.no-placement-after",
                           "no card goes into the Hell Domain after playing Hell cards"))
    # Hell power
    if mv.hell_return is not None:
        who, code = mv.hell_return
        if not opts.hell_power:
            bad.append(Finding("catopomp.hell-power.optional",
                               "the Hell power is an optional rule that is not in use at this table"))
        elif src != HELL or n < 3:
            bad.append(Finding("catopomp.hell-power.trigger",
                               "the Hell power needs a set of three or more Hell cards (dice substitute included)"))
        else:
            i = _seat(t, who)
            if i is None:
                bad.append(Finding("catopomp.hell-power.return-card", f"there is no player named {who}"))
            else:
                domain = t.hells[i]
                if i == p and not missing:
                    domain = c_sub(domain, mv.cards)
                if not (0 <= code < NCODES and domain[code]):
                    bad.append(Finding("catopomp.hell-power.return-card",
                                       f"{t.names[i]}'s Hell Domain holds no {card_name(code)} after the play"))
                else:
                    why.append(Finding("catopomp.hell-power.trigger",
                                       f"{n} Hell cards played: the Hell power may return one Hell card"))
    return bad, why, notes


def _strength_message(key, ck, beats: bool) -> str:
    rule = strength_rule(key, ck)
    if rule == "catopomp.strength.more-cards-wins":
        return (f"{key[0]} cards against {ck[0]}: the set with more cards is stronger")
    if rule == "catopomp.strength.same-number-beats-sequential":
        return "with equal sizes a same-number set is stronger than a sequential set"
    if key[2] == ck[2]:
        return f"both sets are rated {key[2]}: an equally strong set does not beat"
    return f"same size and kind: {key[2]} against {ck[2]}, the higher number wins"


def c_missing_dice(pool, dice) -> list[int]:
    left = list(pool)
    out = []
    for d in dice:
        if d in left:
            left.remove(d)
        else:
            out.append(d)
    return out


def _seat(t: Table, name: str) -> int | None:
    low = name.lower()
    for i, nm in enumerate(t.names):
        if nm.lower() == low:
            return i
    return None


def _pass_violations(t: Table, mv: Move):
    bad: list[Finding] = []
    why: list[Finding] = []
    notes: list[str] = []
    p = t.turn
    name = t.names[p]
    if mv.cards or mv.dice or mv.swap or mv.place is not None or mv.hell_return is not None:
        bad.append(Finding("catopomp.round.turn-order", "a turn is either a play or a pass, not both"))
    ws = t.ws
    if ws is None:
        bad.append(Finding("catopomp.sets.leading",
                           f"{name} has the lead: there is no set to pass on, so {name} must play a new set"))
        bad.append(Finding("catopomp.passing.all-pass-initiative",
                           "the player who gets the initiative plays a brand-new set"))
        return bad, why, notes
    why.append(Finding("catopomp.passing.pass-instead-of-play", f"{name} passes"))
    o = ws.owner
    oname = t.names[o]
    ohell = t.hells[o]
    total = sum(ohell)
    if t.opts.casual:
        if mv.discard is None and mv.transfer is None and total:
            why.append(Finding("catopomp.passing.casual-discard",
                               f"{oname} may discard one Hell card and chooses not to"))
            if total >= 3:
                why.append(Finding("catopomp.passing.casual-no-transfer",
                                   f"casual mode: no transfer, even though {oname} has {total} Hell cards"))
        if mv.transfer is not None:
            bad.append(Finding("catopomp.passing.casual-no-transfer",
                               "casual mode: Hell cards are never transferred; the owner may discard one instead"))
        if mv.discard is not None:
            if not (0 <= mv.discard < NCODES and ohell[mv.discard]):
                bad.append(Finding("catopomp.passing.casual-discard",
                                   f"{oname} has no {card_name(mv.discard)} in their Hell Domain to discard"))
            else:
                why.append(Finding("catopomp.passing.casual-discard",
                                   f"{oname} discards {card_name(mv.discard)} from their Hell Domain"))
        return bad, why, notes
    if mv.discard is not None:
        bad.append(Finding("catopomp.passing.casual-discard",
                           "discarding a Hell card on a pass is the casual-mode rule; this table plays the main "
                           "game, where the owner transfers a Hell card instead"))
    if mv.transfer is not None:
        if not (0 <= mv.transfer < NCODES and ohell[mv.transfer]):
            bad.append(Finding("catopomp.passing.transfer-optional",
                               f"{oname}, owner of the winning set, has no {card_name(mv.transfer)} in their Hell Domain"))
        else:
            rule = ("catopomp.passing.transfer-mandatory-three" if total >= 3
                    else "catopomp.passing.transfer-optional")
            why.append(Finding(rule, f"{oname} transfers {card_name(mv.transfer)} to {name}'s Hell Domain"))
    elif total >= 3 and mv.discard is None:
        bad.append(Finding("catopomp.passing.transfer-mandatory-three",
                           f"{oname} owns the winning set and has {total} Hell cards, so {oname} must transfer one "
                           f"of them to {name}: write 'pass then transfer X'"))
    elif total:
        why.append(Finding("catopomp.passing.transfer-optional",
                           f"{oname} has {total} Hell card{'s' if total != 1 else ''} and chooses not to transfer one"))
    return bad, why, notes


# ---------------------------------------------------------------------------------------- transitions


class Eff(NamedTuple):
    kind: str
    message: str
    rule: str | None = None


def step(t: Table, mv: Move) -> tuple[Table, list[Eff]]:
    """Apply a legal move of the player to act. The input table is not changed."""
    t, back = resolve(t)
    eff: list[Eff] = []
    if back:
        eff.append(Eff("initiative", f"everyone else passed: {t.names[t.turn]} discards the winning set and leads "
                       "a brand-new set", "catopomp.passing.all-pass-initiative"))
    if mv.kind == PASS:
        return _step_pass(t, mv, eff)
    return _step_play(t, mv, eff)


def _step_play(t: Table, mv: Move, eff: list[Eff]):
    p = t.turn
    names = t.names
    name = names[p]
    ws = t.ws
    used = list(t.used)
    discard = t.discard
    if ws is not None:
        if discard is not None:
            discard = c_add(discard, ws.codes)
        if ws.dice:
            used[ws.owner] = used[ws.owner] + ws.dice
        eff.append(Eff("discard-previous",
                       "the beaten set goes to the discard pile"
                       + (f"; its dice go to {names[ws.owner]}'s Used Dice card" if ws.dice else ""),
                       "catopomp.sets.discard-previous"))
    hands = list(t.hands)
    hells = list(t.hells)
    swap = mv.swap
    if mv.source == HEAVEN:
        hands[p] = c_sub(hands[p], mv.cards)
        heaven_part = list(mv.cards)
        if swap:
            for _ in swap:
                heaven_part.remove(CAT)
            hells[p] = c_sub(hells[p], swap)
            if discard is not None:
                discard = c_add(discard, (CAT,) * len(swap))
            eff.append(Eff("catleton-swap", f"Cat-leton is discarded; {cards_text(swap)} from {name}'s Hell Domain "
                           "takes his place in the set", "catopomp.expansion.cat-leton.swap"))
        heaven_part = tuple(heaven_part)
        hell_part = tuple(swap)
    else:
        hells[p] = c_sub(hells[p], mv.cards)
        heaven_part = ()
        hell_part = mv.cards
    centre = t.centre
    reserve = t.reserve
    if mv.dice:
        centre = list(centre)
        reserve = list(reserve)
        left = list(mv.dice)
        r = reserve[p]
        if r is not None and r in left:
            left.remove(r)
            reserve[p] = None
        for d in left:
            centre.remove(d)
        if reserve[p] is not None:
            centre.append(reserve[p])
            eff.append(Eff("reserve-to-centre", f"{name} did not use their reserve die: it goes to the centre still "
                           f"showing {reserve[p]}", "catopomp.reserve-die.unused-goes-to-centre"))
            reserve[p] = None
        centre = tuple(sorted(centre))
        reserve = tuple(reserve)
        eff.append(Eff("dice-used", f"{name} boosts with {dice_text(mv.dice)}; the dice end on {name}'s Used Dice card "
                       "and no further Dice Boost is allowed this round", "catopomp.dice-boost.once-per-round"))
    new_ws = WSet(p, tuple(sorted(heaven_part)), tuple(sorted(hell_part)), mv.dice, len(swap))
    key = ws_key(new_ws)
    if MITCH in new_ws.codes and mv.dice:
        eff.append(Eff("mitch-mirror", f"Mdm Mitch mirrors the dice and counts as {sum(mv.dice)}",
                       "catopomp.expansion.mdm-mitch.mirror-dice"))
    eff.append(Eff("winning-set", f"{name}'s {key_text(key) if key else 'set'} is the new winning set",
                   "catopomp.sets.new-winning-set"))
    if mv.place is not None:
        hands[p] = c_sub(hands[p], (mv.place,))
        hells[p] = c_add(hells[p], (mv.place,))
        eff.append(Eff("place-in-hell-domain", f"{name} places {card_name(mv.place)} face up into their Hell Domain",
                       "catopomp.heaven.place-one-in-hell-domain"))
    elif mv.source == HELL:
        eff.append(Eff("no-placement", "after a Hell play no card is placed into the Hell Domain",
                       "catopomp.hell.no-placement-after"))
    if mv.source == HELL and t.opts.hell_power and new_ws.size >= 3:
        if mv.hell_return is not None:
            who, code = mv.hell_return
            i = _seat(t, who)
            hells[i] = c_sub(hells[i], (code,))
            hands[i] = c_add(hands[i], (code,))
            eff.append(Eff("hell-power", f"Hell power: {card_name(code)} goes back from {names[i]}'s Hell Domain to "
                           f"{names[i]}'s hand", "catopomp.hell-power.return-card"))
        else:
            eff.append(Eff("hell-power-unused", f"{name} could have used the Hell power (three or more Hell cards) "
                           "and did not", "catopomp.hell-power.trigger"))
    t2 = t.replace(hands=tuple(hands), hells=tuple(hells), used=tuple(used), discard=discard, centre=centre,
                   reserve=reserve, ws=new_ws)
    was = t.has_cards(p)
    return _finish(t2, [p] if was and not t2.has_cards(p) else [], p, eff)


def _step_pass(t: Table, mv: Move, eff: list[Eff]):
    q = t.turn
    names = t.names
    ws = t.ws
    o = ws.owner
    hells = list(t.hells)
    discard = t.discard
    eff.append(Eff("pass", f"{names[q]} passes", "catopomp.passing.pass-instead-of-play"))
    owner_had = t.has_cards(o)
    if mv.transfer is not None:
        rule = ("catopomp.passing.transfer-mandatory-three" if sum(hells[o]) >= 3
                else "catopomp.passing.transfer-optional")
        hells[o] = c_sub(hells[o], (mv.transfer,))
        hells[q] = c_add(hells[q], (mv.transfer,))
        eff.append(Eff("transfer", f"{names[o]} transfers {card_name(mv.transfer)} from their Hell Domain to "
                       f"{names[q]}'s Hell Domain", rule))
    elif mv.discard is not None:
        hells[o] = c_sub(hells[o], (mv.discard,))
        if discard is not None:
            discard = c_add(discard, (mv.discard,))
        eff.append(Eff("hell-discard", f"{names[o]} discards {card_name(mv.discard)} from their Hell Domain",
                       "catopomp.passing.casual-discard"))
    t2 = t.replace(hells=tuple(hells), discard=discard)
    cleared = [o] if owner_had and not t2.has_cards(o) else []
    return _finish(t2, cleared, q, eff, passed=True)


def _finish(t: Table, cleared: list[int], mover: int, eff: list[Eff], passed: bool = False):
    names = t.names
    points = t.points
    for i in cleared:
        eff.append(Eff("player-safe", f"{names[i]} has no Heaven or Hell cards left and is safe this round",
                       "catopomp.round.safe-when-clear"))
        if t.opts.competitive:
            size = t.ws.size
            pred = t.pred[i]
            if pred is None:
                eff.append(Eff("prediction", f"{names[i]} reveals their prediction; the last set had {size} card(s) "
                               "(record the points by hand: the prediction is not on the table)",
                               "catopomp.competitive.reveal"))
            else:
                gain, rule = score(pred, size)
                points = list(points)
                points[i] += gain
                points = tuple(points)
                eff.append(Eff("prediction", f"{names[i]} reveals prediction {pred}; the last set had {size} card(s) "
                               "(a dice substitute counts as a card)", "catopomp.competitive.reveal"))
                eff.append(Eff("score", f"{names[i]} scores {gain} point{'s' if gain != 1 else ''}", rule))
    if points is not t.points:
        t = t.replace(points=points)
    alive = [i for i in range(t.n) if t.has_cards(i)]
    if len(alive) <= 1:
        return _round_over(t, alive[0] if alive else mover, eff)
    if not passed:
        nxt = next_with_cards(t, mover)
        eff.append(Eff("next-turn", f"{names[nxt]} is next: beat the winning set or pass", "catopomp.round.turn-order"))
        return t.replace(turn=nxt), eff
    # after a pass: walk clockwise; reaching the owner's seat means everyone else passed
    o = t.ws.owner
    n = t.n
    i = mover
    while True:
        i = (i + 1) % n
        if i == o:
            t = _discard_ws(t)
            if t.has_cards(o):
                eff.append(Eff("initiative", f"everyone else passed: the initiative returns to {names[o]}, who "
                               "discards the winning set and leads a brand-new set", "catopomp.passing.all-pass-initiative"))
                return t.replace(turn=o), eff
            nxt = next_with_cards(t, o)
            eff.append(Eff("initiative", f"everyone else passed and {names[o]} has no cards left: the winning set is "
                           f"discarded and {names[nxt]} leads a brand-new set", "catopomp.passing.owner-out-next-player"))
            return t.replace(turn=nxt), eff
        if t.has_cards(i):
            eff.append(Eff("next-turn", f"{names[i]} is next: beat the winning set or pass", "catopomp.round.turn-order"))
            return t.replace(turn=i), eff


def score(pred: int, size: int) -> tuple[int, str]:
    d = abs(size - pred)
    rule = f"catopomp.competitive.score-prediction-{pred}" if 1 <= pred <= 4 else "catopomp.competitive.prediction"
    if d == 0:
        return (4 if pred in (1, 4) else 2), rule
    if d == 1:
        return 1, rule
    return 0, "catopomp.competitive.off-by-more-than-one"


def first_round_centre_dice(n: int) -> int:
    """Setup: every player rolls two dice into the centre."""
    return 2 * n


class RoundSetup(NamedTuple):
    """The extra setup of a later round (section 5), by seat."""

    centre_dice: int            # dice rerolled into the centre: one fewer than the round before
    reserve: tuple[int, ...]    # seats down to one soul gem, who each reserve one die
    starting: int               # the player who ended last in the previous round


def round_setup(n: int, gems, loser: int) -> RoundSetup:
    """The setup of the round after one that `loser` lost, from the soul gems left: each player with one
    gem reserves one die and the rest go to the centre (2 per player in all, so one fewer in the centre
    each round), and the loser starts."""
    reserve = tuple(i for i in range(n) if gems[i] == 1)
    return RoundSetup(first_round_centre_dice(n) - len(reserve), reserve, loser)


def final_scoring(gems, points, competitive: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The end of the game: (points after the reset, winning seats). Main game: everyone with a soul gem
    left wins. Competitive variant: a player with no soul gem left has their points reduced to zero, then
    the most points win (ties share the win)."""
    points = tuple(points)
    n = len(points)
    if not competitive:
        return points, tuple(i for i in range(n) if gems[i] > 0)
    points = tuple(0 if gems[i] <= 0 else points[i] for i in range(n))
    best = max(points)
    return points, tuple(i for i in range(n) if points[i] == best)


def _round_over(t: Table, loser: int, eff: list[Eff]):
    names = t.names
    gems = list(t.gems)
    gems[loser] -= 1
    eff.append(Eff("round-over", f"round over: {names[loser]} is the last player holding cards and loses a soul gem "
                   f"({gems[loser]} left)", "catopomp.end.round-end"))
    points = t.points
    if t.opts.competitive:
        eff.append(Eff("no-points", f"{names[loser]} scores nothing this round", "catopomp.competitive.last-player"))
    if gems[loser] <= 0:
        final_points, winning = final_scoring(gems, points, t.opts.competitive)
        if t.opts.competitive:
            points = final_points
            eff.append(Eff("points-reset", f"{names[loser]} has no soul gem left: their points drop to 0",
                           "catopomp.competitive.game-end-reset"))
            best = points[winning[0]]
            winners = [names[i] for i in winning]
            eff.append(Eff("game-over", f"game over: {names[loser]} lost their last soul gem", "catopomp.end.game-end"))
            eff.append(Eff("winners", f"{' and '.join(winners)} win{'s' if len(winners) == 1 else ''} with {best} "
                           "point(s)", "catopomp.competitive.winner"))
        else:
            winners = [names[i] for i in winning]
            eff.append(Eff("game-over", f"game over: {names[loser]} lost their last soul gem", "catopomp.end.game-end"))
            eff.append(Eff("winners", f"everyone with a soul gem left wins: {', '.join(winners)}",
                           "catopomp.end.winners"))
        phase = "game-over"
    else:
        nxt = round_setup(t.n, gems, loser)
        one_gem = [names[i] for i in nxt.reserve]
        centre_next = nxt.centre_dice
        eff.append(Eff("next-round", "nobody is out of soul gems: shuffle all the cards and deal the next round",
                       "catopomp.end.next-round"))
        eff.append(Eff("fewer-dice", f"the next round has {centre_next} centre dice, one fewer than this one",
                       "catopomp.new-round.fewer-centre-dice"))
        who = f"{one_gem[0]} has" if len(one_gem) == 1 else f"{', '.join(one_gem)} have"
        eff.append(Eff("reserve-dice", f"{who} one soul gem left: each reserves one die and sets its number "
                       "before the round starts", "catopomp.reserve-die.who-gets"))
        eff.append(Eff("starting-player", f"{names[nxt.starting]} ended last and starts the next round",
                       "catopomp.setup.later-starting-player"))
        phase = "round-over"
    return t.replace(gems=tuple(gems), points=points, phase=phase, loser=loser, turn=loser), eff


def end_round(t: Table, loser: int) -> tuple[Table, list[Eff]]:
    """The round ends with `loser` the last player holding cards (they lose a soul gem): the table in
    phase round-over or game-over, and what that triggers (next-round setup, or the end and the winners)."""
    return _round_over(t, loser, [])


# ---------------------------------------------------------------------------------------- notes for legal moves


def _similarity(m: Move, mv: Move) -> int:
    s = 0
    if m.kind == mv.kind:
        s += 2
    if m.source == mv.source:
        s += 2
    left = list(mv.cards)
    common = 0
    for c in m.cards:
        if c in left:
            left.remove(c)
            common += 1
    s += 3 * common - abs(len(m.cards) - len(mv.cards))
    if mv.dice and m.dice == mv.dice:
        s += 2
    if not mv.dice and m.dice:
        s -= 1
    if mv.swap and m.swap == mv.swap:
        s += 1
    if mv.place is not None and m.place == mv.place:
        s += 1
    if mv.hell_return is not None and m.hell_return == mv.hell_return:
        s += 1
    if mv.transfer is not None and m.transfer == mv.transfer:
        s += 1
    if mv.discard is not None and m.discard == mv.discard:
        s += 1
    return s


def alternatives(t: Table, mv: Move, limit: int = 10) -> list[Move]:
    """Legal moves closest to an attempted one, best first (at most `limit`).
    Sets are ranked first; only the best sets are expanded into their placement / Hell power choices,
    which can add at most 2 to a set's score."""
    if t.phase != "play" or not t.has_cards(t.turn):
        return []
    r, _ = resolve(t)
    cores = play_cores(r)
    ranked = sorted(
        ((_similarity(Move(PLAY, c[0], c[1], c[2], c[3]), mv), i) for i, c in enumerate(cores)),
        key=lambda x: (-x[0], x[1]),
    )
    moves: list[Move] = []
    if ranked:
        cutoff = ranked[min(limit, len(ranked)) - 1][0] - 2
        for score_, i in ranked:
            if score_ < cutoff:
                break
            moves.extend(expand(r, cores[i]))
    moves.extend(pass_moves(r))
    order = sorted(range(len(moves)), key=lambda i: (-_similarity(moves[i], mv), i))
    return [moves[i] for i in order[:limit]]
