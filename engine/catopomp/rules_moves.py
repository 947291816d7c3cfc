"""Catopomp legal moves: the dice a player may boost with, every legal set, pass and placement, and
the legal moves closest to an illegal one (the "legal instead" lines)."""
from __future__ import annotations

from collections import Counter

from .model import CAT, HEAVEN, HELL, MITCH, Move, NCODES, PASS, PLAY, Table, VAL, c_sub
from .rules_sets import classify, set_values, size_limit, ws_key
from .table import resolve

# ---------------------------------------------------------------------------------------- dice


def dice_pool(t: Table, p: int) -> tuple[int, ...]:
    """Dice player p may boost with: none once their Used Dice card holds any; else the centre
    plus their own reserve die."""
    if t.used[p]:
        return ()
    r = t.reserve[p]
    return t.centre if r is None else tuple(sorted(t.centre + (r,)))


def dice_options(pool: tuple[int, ...]) -> dict[int, list[tuple[int, ...]]]:
    """Distinct one- and two-die choices from a sorted pool, by the value they stand for."""
    by_x: dict[int, list[tuple[int, ...]]] = {}
    for d in dict.fromkeys(d for i, a in enumerate(pool) for d in ((a,), *((a, b) for b in pool[i + 1:]))):
        by_x.setdefault(sum(d), []).append(d)
    return by_x


# ---------------------------------------------------------------------------------------- generation


def gen_sets(cnt, L: int, by_x) -> list[tuple[tuple[int, ...], tuple[int, ...], tuple]]:
    """Every legal set (cards, dice, key) that can be formed from the zone `cnt`, with at most
    one dice substitute from `by_x`. No Cat-leton swaps (see gen_swap_sets)."""
    zc = cnt[CAT]
    zm = cnt[MITCH]
    out = [((code,), (), (1, 0, VAL[code])) for code in range(NCODES) if cnt[code]]
    out += [((v,) * k, (), (k, 1, v)) for v in range(1, 11) for k in range(2, min(cnt[v], L) + 1)]
    out += [((CAT,) * a + (MITCH,) * (k - a), (), (k, 1, 0))  # zero-valued pairs and more
            for k in range(2, min(L, zc + zm) + 1) for a in range(max(0, k - zm), min(k, zc) + 1)]
    app = out.append
    # runs without dice: find maximal stretches of present numbers
    for k in range(2, L + 1):
        for low in range(0, 12 - k):
            top = low + k - 1
            if low == 0:
                if not (zc or zm) or not all(cnt[v] for v in range(1, top + 1)):
                    continue
                mid = tuple(range(1, top + 1))
                if zc:
                    app(((CAT,) + mid, (), (k, 0, top)))
                if zm:
                    app((mid + (MITCH,), (), (k, 0, top)))
            elif all(cnt[v] for v in range(low, top + 1)):
                app((tuple(range(low, top + 1)), (), (k, 0, top)))
    if not by_x:
        return out
    for x, dl in by_x.items():
        cx = cnt[x] if 1 <= x <= 10 else 0
        # same number x: k-1 cards, each an x or a Mdm Mitch (who mirrors x)
        out += [((x,) * (k - 1 - b) + (MITCH,) * b, d, (k, 1, x))
                for k in range(2, L + 1) for b in range(min(zm, k - 1) + 1) if k - 1 - b <= cx for d in dl]
        # runs holding x as the substitute (no Mdm Mitch: she would repeat x)
        for k in range(2, L + 1):
            for low in range(max(0, x - k + 1), x + 1):
                top = low + k - 1
                need = [v for v in range(low, top + 1) if v != x]
                if all(zc if v == 0 else v <= 10 and cnt[v] for v in need):
                    tc = tuple(CAT if v == 0 else v for v in need)
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
        rest = c_sub(hand, (CAT,) * w)
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


def play_cores(t: Table):
    """Legal set plays of the player to act, before the follow-up choices (placement, Hell power):
    a list of (source, cards, dice, swap, key). `t` must be resolved."""
    p = t.turn
    L = size_limit(t.n)
    by_x = dice_options(dice_pool(t, p))
    # leading, or an impossible winning set on the table: anything well-formed beats it
    ck = (ws_key(t.ws) if t.ws is not None else None) or (0,)
    hand = t.hands[p]
    hell = t.hells[p]
    hand_n = sum(hand)
    out = []
    if hand_n:
        out += [(HEAVEN, cards, d, (), key) for cards, d, key in gen_sets(hand, L, by_x) if key > ck]
        if hand[CAT] and any(hell):
            out += [(HEAVEN, cards, d, w, key) for cards, d, w, key in gen_swap_sets(hand, hell, L, by_x)
                    if key > ck]
    if any(hell):
        min_n = 2 if hand_n else 1
        out += [(HELL, cards, d, (), key) for cards, d, key in gen_sets(hell, L, by_x)
                if key > ck and key[0] >= min_n]
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
    return moves if sum(owner_hell) >= 3 else [Move(PASS)] + moves


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
    hells = [c_sub(t.hells[i], cards) if i == p else t.hells[i] for i in range(t.n)]
    return [base] + [Move(PLAY, HELL, cards, dice, hell_return=(t.names[i], c))
                     for i in range(t.n) for c in range(NCODES) if hells[i][c]]


def legal_moves(t: Table) -> list[Move]:
    if t.phase != "play" or not t.has_cards(t.turn):
        return []
    t, _ = resolve(t)
    moves = [m for core in play_cores(t) for m in expand(t, core)] + pass_moves(t)
    return list(dict.fromkeys(moves))


# ---------------------------------------------------------------------------------------- the closest legal moves


def _similarity(m: Move, mv: Move) -> int:
    s = 0
    if m.kind == mv.kind:
        s += 2
    if m.source == mv.source:
        s += 2
    common = sum((Counter(m.cards) & Counter(mv.cards)).values())  # the cards the two share
    s += 3 * common - abs(len(m.cards) - len(mv.cards))
    if mv.dice and m.dice == mv.dice:
        s += 2
    if not mv.dice and m.dice:
        s -= 1
    if mv.swap and m.swap == mv.swap:
        s += 1
    return s + sum(getattr(mv, f) is not None and getattr(m, f) == getattr(mv, f)
                   for f in ("place", "hell_return", "transfer", "discard"))


def alternatives(t: Table, mv: Move, limit: int = 10, hand_known: bool = True) -> list[Move]:
    """Legal moves closest to an attempted one, best first (at most `limit`).
    Sets are ranked first; only the best sets are expanded into their placement / Hell power choices,
    which can add at most 2 to a set's score. `hand_known=False`: the mover's hand is a stand-in
    layout, so only moves that take nothing from it (Hell plays, passes) are offered."""
    if t.phase != "play" or not t.has_cards(t.turn):
        return []
    r, _ = resolve(t)
    cores = [c for c in play_cores(r) if hand_known or c[0] == HELL]
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
