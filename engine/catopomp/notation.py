"""Catopomp move notation: parsing (with syntax and ambiguity errors) and canonical formatting."""
from __future__ import annotations

import re

from engine.base import AmbiguousMove, MoveSyntaxError

from .model import CAT, HEAVEN, HELL, MITCH, PASS, PLAY, Move, Table, c_has, c_sub, fc

NOTATION = """\
A move is what the player to act does, written in one line:

  heaven CARDS [dice A | dice A+B] [swap X..] then hell P   play from hand, then place P from hand into your Hell Domain
  heaven CARDS ...                                          from hand, when the play empties your hand (no placement)
  hell CARDS [dice A | dice A+B] [then return PLAYER X]     play from your Hell Domain (Hell power: return a Hell card)
  pass | pass then transfer X | pass then discard X          pass; the winning set's owner gives X to you (main game)
                                                            or discards X (casual mode)
Cards: 1-10, C = Cat-leton, M = Mdm Mitch (0 works when only one of them fits). Dice are named by
their faces; your own reserve die is just its face (r3 is accepted too). 'heaven'/'hell' may be left
out when the cards can only come from one place.

Examples: heaven 4 5 then hell 2 | heaven 2 3 4 dice 5 | hell 5 dice 1+5 | heaven 4 4 M dice 1+3 then hell 9
          heaven 1 3 C swap 2 then hell 7 | hell 2 3 4 5 then return Luke 2 | pass then transfer 7 | pass"""

_CARDS = {
    "c": CAT, "cat-leton": CAT, "catleton": CAT, "cat": CAT, "skeleton": CAT,
    "m": MITCH, "mitch": MITCH, "mdm-mitch": MITCH, "witch": MITCH, "mdm": MITCH,
}
_ZERO = -1
_SEP = {"then", "and", ",", "+"}
#: the words after `pass` that move the winning set owner's Hell card: a transfer or a discard
_PASS_WORDS = {"transfer": "transfer", "transfers": "transfer", "give": "transfer", "gives": "transfer",
               "discard": "discard", "discards": "discard"}
#: the notation's own words: never read as a player's name after `return`
_WORDS = {"play", "plays", "heaven", "hand", "heavens", "hell", "dice", "die", "boost", "d", "swap", "swaps",
          "replace", "place", "places", "placing", "placed", "return", "returns", "returning", "transfer", "give",
          "discard", "of", "from", "to", *_SEP}
_EXPECT_CARD = "a card (1-10, C for Cat-leton, M for Mdm Mitch)"
_EXPECT_ANY = (f"{_EXPECT_CARD}, 'dice A' or 'dice A+B', 'swap X', 'then hell X' (placement) "
               "or 'then return PLAYER X'")


def _card(tok: str, pos: int, strict: bool = True):
    if tok.isdigit():
        v = int(tok)
        if 1 <= v <= 10:
            return v
        if v == 0:
            return _ZERO
        raise MoveSyntaxError(f"word {pos} {tok!r}: there is no card numbered {v}; expected {_EXPECT_CARD}")
    if tok in _CARDS:
        return _CARDS[tok]
    if strict:
        raise MoveSyntaxError(f"word {pos} {tok!r}: expected {_EXPECT_CARD}")
    return None


def card_code(tok: str) -> int:
    """One card as the table names it (1-10, C, M); MoveSyntaxError names the word."""
    code = _card(tok.lower(), 1)
    if code == _ZERO:
        raise MoveSyntaxError(f"{tok!r}: a 0 is Cat-leton (C) or Mdm Mitch (M); say which")
    return code


def _die(part: str, pos: int, whole: str) -> int:
    p = part[1:] if part.startswith("r") else part
    if not p.isdigit():
        raise MoveSyntaxError(f"word {pos} {whole!r}: expected dice faces like 5, 1+4 or r3 (your reserve die)")
    v = int(p)
    if not 1 <= v <= 6:
        raise MoveSyntaxError(f"word {pos} {whole!r}: a die shows 1 to 6, not {v}")
    return v


def _tokens(text: str) -> list[str]:
    text = text.strip().lower().replace(",", " ").replace('"', " ")  # a quoted name: `_player` reads its words
    text = re.sub(r"(?<=[0-9])\s*\+\s*(?=r?[0-9])", "+", text)  # dice faces: "1 + 4" -> "1+4"
    text = re.sub(r"\+(?![r0-9])|(?<![0-9])\+", " + ", text)  # a lone "+" ("8 8 + dice 3+5") is a separator
    text = re.sub(r"(\w)'s\b", r"\1", text)
    return text.split()


def parse(text: str, t: Table) -> Move:
    toks = _tokens(text)
    if not toks:
        raise MoveSyntaxError("empty move; expected 'pass' or a set such as 'heaven 4 5 then hell 2'")
    if toks[0] in ("pass", "passes", "passed"):
        return _parse_pass(toks, t)
    i = 0
    source = None
    if toks[0] in ("play", "plays"):
        i = 1
    if i < len(toks) and toks[i] in ("heaven", "hand", "heavens"):
        source = HEAVEN
        i += 1
    elif i < len(toks) and toks[i] in ("hell",):
        source = HELL
        i += 1
    cards: list[int] = []
    dice: tuple[int, ...] | None = None
    swap: list[int] = []
    place = None
    ret_name = None
    ret_card = None
    n = len(toks)
    while i < n:
        tok = toks[i]
        pos = i + 1
        if tok in _SEP:
            i += 1
            continue
        if tok in ("dice", "die", "boost", "d"):
            if dice is not None:
                raise MoveSyntaxError(f"word {pos} {tok!r}: only one dice substitute per set")
            if i + 1 >= n:
                raise MoveSyntaxError(f"word {pos} {tok!r}: expected dice faces after it, like 5 or 1+4")
            spec = toks[i + 1]
            dice = tuple(sorted(_die(part, pos + 1, spec) for part in spec.split("+") if part))
            if not dice:
                raise MoveSyntaxError(f"word {pos + 1} {spec!r}: expected dice faces like 5 or 1+4")
            i += 2
            continue
        if tok in ("swap", "swaps", "replace"):
            i += 1
            while i < n and toks[i] not in _SEP and _card(toks[i], i + 1, strict=False) is not None:
                swap.append(_card(toks[i], i + 1))
                i += 1
            if not swap:
                raise MoveSyntaxError(f"word {pos} {tok!r}: expected the Hell card(s) that replace Cat-leton")
            continue
        if tok in ("hell", "place", "places", "placing", "placed"):
            if not cards and dice is None:
                raise MoveSyntaxError(f"word {pos} {tok!r}: 'hell' comes first (a Hell play) or after the cards "
                                      "(the placement)")
            if place is not None:
                raise MoveSyntaxError(f"word {pos} {tok!r}: exactly one card is placed into the Hell Domain")
            if i + 1 >= n:
                raise MoveSyntaxError(f"word {pos} {tok!r}: expected the card placed into the Hell Domain")
            place = _card(toks[i + 1], i + 2)
            i += 2
            continue
        if tok in ("return", "returns", "returning"):
            i += 1
            ret_name, i = _player(toks, i, t)
            if ret_name is None and i < n and toks[i] not in _WORDS and _card(toks[i], i + 1, strict=False) is None:
                ret_name, i = _owner(toks[i], t), i + 1  # a prefix ("josh"), else the error naming the players
            if i >= n:
                raise MoveSyntaxError(f"word {pos} {tok!r}: expected the Hell card to return (and whose it is)")
            ret_card = _card(toks[i], i + 1)
            i += 1
            if ret_name is None and i < n:  # "return 2 of luke" / "return 2 luke"
                j = i + 1 if toks[i] in ("of", "from", "to") else i
                name, j2 = _player(toks, j, t)
                if name is not None:
                    ret_name, i = name, j2
                elif j < n and toks[j] not in _WORDS and _card(toks[j], j + 1, strict=False) is None:
                    ret_name, i = _owner(toks[j], t), j + 1
            continue
        if tok in ("transfer", "give", "discard"):
            raise MoveSyntaxError(f"word {pos} {tok!r}: a transfer or discard follows a pass: 'pass then {tok} X'")
        if tok in ("heaven", "hand"):
            raise MoveSyntaxError(f"word {pos} {tok!r}: the source ('heaven' or 'hell') comes first")
        c = _card(tok, pos, strict=False)
        if c is None:
            raise MoveSyntaxError(f"word {pos} {tok!r}: expected {_EXPECT_ANY}")
        cards.append(c)
        i += 1
    if not cards and dice is None:
        raise MoveSyntaxError("no cards given; expected " + _EXPECT_ANY)
    if source is None:
        return _infer_source(text, toks, t, cards, dice, swap, place, ret_name, ret_card)
    return _build(t, source, cards, dice or (), swap, place, ret_name, ret_card)


def _player(toks: list[str], i: int, t: Table):
    """Match a player name (possibly several words) at toks[i:]."""
    names = {nm.lower(): nm for nm in t.names}
    for j in range(len(toks), i, -1):
        cand = " ".join(toks[i:j])
        if cand in names:
            return names[cand], j
    return None, i


def _owner(word: str, t: Table) -> str:
    """The Hell power's player named by one word not spelt out in full: a unique prefix as every game
    reads a name (engine.words.player), else MoveSyntaxError naming the nearest names and the players."""
    from engine.words import player

    return player(word, list(t.names))


def _zero_options(zone, count: int) -> list[tuple[int, ...]]:
    """Ways to read `count` zero cards from a zone (Cat-letons and Mdm Mitches)."""
    return [(CAT,) * a + (MITCH,) * (count - a) for a in range(count + 1)
            if zone[CAT] >= a and zone[MITCH] >= count - a]


def _resolve_zeros(cards: list[int], zone) -> list[list[int]]:
    z = cards.count(_ZERO)
    base = [c for c in cards if c != _ZERO]
    if not z:
        return [base]
    opts = _zero_options(zone, z)
    if not opts:
        default = CAT if zone[MITCH] == 0 or zone[CAT] else MITCH
        return [base + [default] * z]
    return [base + list(o) for o in opts]


def _build(t: Table, source, cards, dice, swap, place, ret_name, ret_card) -> Move:
    p = t.turn
    hand = t.hands[p]
    hell = t.hells[p]
    zone = hand if source == HEAVEN else hell
    readings = []
    for cs in _resolve_zeros(cards, zone):
        for sw in _resolve_zeros(swap, hell):
            after_hand = c_sub(hand, cs) if source == HEAVEN and c_has(hand, cs) else hand
            for pl in ([place] if place != _ZERO else [r[0] for r in _resolve_zeros([_ZERO], after_hand)]):
                readings.append((tuple(sorted(cs)), tuple(sorted(sw)), pl))
    rets = [None] if ret_card is None else _return_readings(t, source, readings[0][0], ret_name, ret_card)
    moves = [Move(PLAY, source, cs, dice, sw, pl, r) for cs, sw, pl in readings for r in rets]
    moves = list(dict.fromkeys(moves))
    if len(moves) > 1:
        raise AmbiguousMove("the move could mean several plays", [format_move(m) for m in moves])
    return moves[0]


def _return_readings(t: Table, source, cards, ret_name, ret_card):
    """(player, card) the Hell power may return: from the player named (the card as given, a 0 as the
    zero card their Hell Domain holds), else from every Hell Domain that holds it after the play."""
    p = t.turn
    seats = range(t.n) if ret_name is None else [[nm.lower() for nm in t.names].index(ret_name.lower())]
    found = []
    for i in seats:
        dom = c_sub(t.hells[i], cards) if i == p and source == HELL and c_has(t.hells[i], cards) else t.hells[i]
        codes = [ret_card] if ret_card != _ZERO else [CAT, MITCH]
        held = [c for c in codes if dom[c]]
        if ret_name is not None:
            return [(t.names[i], c) for c in (codes if ret_card != _ZERO else held or [CAT])]
        found += [(t.names[i], c) for c in held]
    if not found:
        return [(t.names[p], ret_card if ret_card != _ZERO else CAT)]
    return found


def _infer_source(text, toks, t, cards, dice, swap, place, ret_name, ret_card) -> Move:
    p = t.turn
    need = [c for c in cards if c != _ZERO]
    z = len(cards) - len(need)
    fits = [source for source, zone in ((HEAVEN, t.hands[p]), (HELL, t.hells[p]))
            if c_has(zone, need) and (not z or _zero_options(c_sub(zone, need), z))]
    if len(fits) == 2:
        if place is not None or swap:
            fits = [HEAVEN]
        elif ret_card is not None:
            fits = [HELL]
    if len(fits) == 2:
        cands = []
        for source in fits:
            try:
                cands.append(format_move(_build(t, source, cards, dice or (), swap, place, ret_name, ret_card)))
            except AmbiguousMove as err:
                cands.extend(err.candidates)
        raise AmbiguousMove(f"{text.strip()!r}: the cards are both in hand and in the Hell Domain", cands)
    source = fits[0] if fits else HEAVEN
    return _build(t, source, cards, dice or (), swap, place, ret_name, ret_card)


def _parse_pass(toks: list[str], t: Table) -> Move:
    transfer = discard = None
    i = 1
    n = len(toks)
    while i < n:
        tok = toks[i]
        if tok in _SEP:
            i += 1
            continue
        kind = _PASS_WORDS.get(tok)
        if kind:
            if transfer is not None or discard is not None:
                raise MoveSyntaxError(f"word {i + 1} {tok!r}: only one Hell card moves on a pass")
            if i + 1 >= n:
                raise MoveSyntaxError(f"word {i + 1} {tok!r}: expected the Hell card, e.g. 'pass then {tok} 7'")
            c = _card(toks[i + 1], i + 2)
            if c == _ZERO:
                ws = t.ws
                zone = t.hells[ws.owner] if ws is not None else t.hells[t.turn]
                opts = _resolve_zeros([_ZERO], zone)
                if len(opts) > 1:
                    raise AmbiguousMove("0 could be Cat-leton or Mdm Mitch",
                                        [f"pass then {kind} {fc(o[0])}" for o in opts])
                c = opts[0][0]
            transfer, discard = (c, None) if kind == "transfer" else (None, c)
            i += 2
            continue
        raise MoveSyntaxError(f"word {i + 1} {tok!r}: after 'pass' expected 'then transfer X' or 'then discard X'")
    return Move(PASS, transfer=transfer, discard=discard)


def format_move(m: Move) -> str:
    if m.kind == PASS:
        if m.transfer is not None:
            return f"pass then transfer {fc(m.transfer)}"
        if m.discard is not None:
            return f"pass then discard {fc(m.discard)}"
        return "pass"
    parts = [m.source or "heaven"] + [fc(c) for c in m.cards]
    if m.dice:
        parts.append("dice " + "+".join(str(d) for d in m.dice))
    if m.swap:
        parts.append("swap " + " ".join(fc(c) for c in m.swap))
    if m.place is not None:
        parts.append(f"then hell {fc(m.place)}")
    if m.hell_return is not None:
        parts.append(f"then return {m.hell_return[0]} {fc(m.hell_return[1])}")
    return " ".join(parts)
