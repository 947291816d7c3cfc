"""Catharsis: plays as the table says them, read into a Play and written back canonically.

    roll ann 3 4 4 4 5 6              the first roll of the Player Attack Phase (what the dice show)
    reroll ann 3 3 4 to 1 2 5         reroll the dice showing 3, 3, 4 together; they came up 1, 2, 5
    adjust ben 4 +1 by ann            Ann's ability moves one of Ben's unused 4s up by 1
    adjust ben 4 +1 by ann 2 top      ... naming the ability that grants it (its size is then judged)
    use ann 2 top with 3 3 5          activate power 2's top ability, paying with dice 3, 3, 5
    use ann "Nail to the Eye" bottom  (without `with`, the engine picks the dice)
    attack party 5 | attack player 5  the Enemy's Attack line: damage to the party / to a player
    assign ann 3 ben 2                how the party shares the Enemy's damage
    boost ann 2 top +2 ability        "+2 to target ability": every attack of it
    boost ann 2 top +1 attack 2       "+1 to target attack": its second attack only
    boost ann 2 top +1 attack 1,2     the same modifier on each attack named (an effect that targets several)
    card "Dragon Grapple" top "AA ?" bottom "BB 4" attacks 4     a power card of the table's own
    pay "AA BB" with 1 1 1 1 5 6      a question for check: do these dice pay this cost, and if not why
    morale -1, refresh, next-card ... every tracker command is a play too (docs/track-catharsis.md)
"""
from __future__ import annotations

import shlex
from dataclasses import dataclass
from functools import partial

from engine.base import MoveSyntaxError
from engine.library import laid_over
from engine.tracking import Change, aliases_of
from engine.words import match, quote, split_words, whole_numbers

from .rules_costs import parse_cost, read_die, read_dice
from .model import PowerCard
from .notation_track import parse as parse_command, player_name, power_slot

NOTATION = __doc__.split("\n\n", 1)[1]

PLAY_VERBS = ("roll", "reroll", "adjust", "use", "attack", "assign", "boost", "card", "pay")


@dataclass(frozen=True)
class Play:
    kind: str
    player: str | None = None
    values: tuple[int, ...] = ()        # roll: the dice; reroll: the dice rerolled; use: the dice paid
    results: tuple[int, ...] | None = None  # reroll: what they came up
    amount: int = 0                     # adjust: +-N; attack: damage; boost: +N
    by: str | None = None               # adjust: the player whose ability adjusts
    slot: str | None = None             # use/boost: the power's slot
    half: str = "top"
    target: str = "ability"             # boost: "ability" or the attack number; pay: the cost
    to: str = "party"                   # attack: "party" or "player"
    shares: tuple[tuple[str, int], ...] = ()  # assign
    card: PowerCard | None = None
    change: Change | None = None        # a tracker command
    words: tuple[str, ...] = ()         # the tracker command as typed (its canonical text)
    with_dice: bool = False             # use: the dice were named


def _dice(words: list[str]) -> tuple[int, ...]:
    return tuple(read_dice(" ".join(words)))


def _signed(word: str, what: str) -> int:
    w = word.strip()
    if len(w) < 2 or w[0] not in "+-" or not w[1:].isdigit():
        raise MoveSyntaxError(f"{word!r}: {what} needs a sign and a number, e.g. +1 or -2")
    return int(w)


def _number(word: str, what: str) -> int:
    if not word.isdigit():
        raise MoveSyntaxError(f"{word!r} is not a number ({what})")
    return int(word)


def parse_play(text: str, state, verbs: dict) -> Play:
    """A play's text -> Play. Tracker commands are read as the tracker reads them (notation_track,
    `verbs` the tracker's rows: track.VERBS, which the declaration binds)."""
    words = split_words(text, 'roll "O\'Neil" 6 6 5 1 3 2')
    if not words:
        raise MoveSyntaxError(f"empty play; plays: {', '.join(PLAY_VERBS)} or a tracker command")
    verb, rest = words[0].lower(), words[1:]
    player = partial(player_name, state)

    if verb == "roll":
        if not rest:
            raise MoveSyntaxError("usage: roll PLAYER 3 4 4 4 5 6")
        return Play("roll", player(rest[0]), values=_dice(rest[1:]))
    if verb == "reroll":
        if len(rest) < 2:
            raise MoveSyntaxError("usage: reroll PLAYER 3 3 4 to 1 2 5")
        k = next((i for i, w in enumerate(rest) if w.lower() == "to"), None)  # `to`: what they came up
        return Play("reroll", player(rest[0]), values=_dice(rest[1:k]),
                    results=None if k is None else _dice(rest[k + 1:]))
    if verb == "adjust":
        if len(rest) < 3:
            raise MoveSyntaxError("usage: adjust PLAYER DIE +N [by PLAYER [POWER [top|bottom]]], e.g. adjust ben 4 +1 by ann")
        usage = "usage: adjust PLAYER DIE +N [by PLAYER [POWER [top|bottom]]], e.g. adjust ben 4 +1 by ann 2 top"
        by, slot, half = None, None, "top"
        if len(rest) >= 5 and rest[3].lower() == "by":
            by = player(rest[4])
            if len(rest) >= 6:
                slot = power_slot(state, by, rest[5], live=False)
            if len(rest) >= 7 and rest[6].lower() in ("top", "bottom"):
                half = rest[6].lower()
            elif len(rest) >= 7:
                raise MoveSyntaxError(f"unexpected {rest[6]!r}; {usage}")
        if len(rest) > (7 if by else 3):
            raise MoveSyntaxError(f"unexpected {rest[7 if by else 3]!r}; {usage}")
        return Play("adjust", player(rest[0]), values=(read_die(rest[1]),), amount=_signed(rest[2], "an adjustment"),
                    by=by, slot=slot, half=half)
    if verb == "use":
        if len(rest) < 2:
            raise MoveSyntaxError("usage: use PLAYER POWER [top|bottom] [with 3 3 5]")
        who = player(rest[0])
        k = next((j for j in range(1, len(rest)) if rest[j].lower() in ("top", "bottom", "with")), len(rest))
        name = rest[1] if rest[1].isdigit() or k < 3 else " ".join(rest[1:k])  # a name of words needs no quotes
        slot = power_slot(state, who, name)
        half, dice, named = None, (), False
        for i in range(2 if name == rest[1] else k, len(rest)):
            w = rest[i].lower()
            if w == "with":
                dice, named = _dice(rest[i + 1:]), True
                break
            if w not in ("top", "bottom") or half is not None:  # one half, named once
                raise MoveSyntaxError(f"unexpected {rest[i]!r}; usage: use PLAYER POWER [top|bottom] [with 3 3 5]")
            half = w
        half = half or "top"
        return Play("use", who, values=dice, slot=slot, half=half, with_dice=named)
    if verb == "attack":
        if len(rest) != 2 or rest[0].lower() not in ("party", "player"):
            raise MoveSyntaxError("usage: attack party N | attack player N (the Enemy's Attack line)")
        return Play("attack", to=rest[0].lower(), amount=_number(rest[1], "damage"))
    if verb == "assign":
        if not rest or len(rest) % 2:
            raise MoveSyntaxError("usage: assign PLAYER N [PLAYER N ...], e.g. assign ann 3 ben 2")
        shares = tuple((player(rest[i]), _number(rest[i + 1], "damage")) for i in range(0, len(rest), 2))
        if len({n for n, _ in shares}) != len(shares):
            raise MoveSyntaxError("a player is named twice; give each player one share")
        return Play("assign", shares=shares)
    if verb == "boost":
        usage = "usage: boost PLAYER POWER [top|bottom] +N ability | +N attack K[,K...]"
        if len(rest) < 4:
            raise MoveSyntaxError(usage)
        who = player(rest[0])
        slot = power_slot(state, who, rest[1], live=False)
        i, half = 2, "top"
        if rest[i].lower() in ("top", "bottom"):
            half, i = rest[i].lower(), i + 1
        if len(rest) < i + 2:
            raise MoveSyntaxError(usage)
        amount = _signed(rest[i], "a modifier")
        what = rest[i + 1].lower()
        if what == "ability" and len(rest) == i + 2:
            target = "ability"
        elif what == "attack" and len(rest) >= i + 3:
            numbers = [_number(n, "attack number") for w in rest[i + 2:] for n in w.split(",") if n]
            if len(set(numbers)) < len(numbers):
                raise MoveSyntaxError("an attack is named twice; name each attack once (attack 1,2)")
            if 0 in numbers:
                raise MoveSyntaxError("attacks are numbered from 1 (attack 1 is the ability's first attack)")
            target = ",".join(str(n) for n in numbers)
        else:
            raise MoveSyntaxError(usage)
        return Play("boost", who, slot=slot, half=half, amount=amount, target=target)
    if verb == "pay":
        low = [w.lower() for w in rest]
        if "with" not in low or low.index("with") != 1:
            raise MoveSyntaxError('usage: pay "AA BB" with 1 1 2 2 (a question for check: do these dice pay it?)')
        parse_cost(rest[0])
        dice = _dice(rest[2:])
        if not dice:
            raise MoveSyntaxError('name the dice: pay "AA BB" with 1 1 2 2')
        return Play("pay", values=dice, target=rest[0])
    if verb == "card":
        return Play("card", card=_card(rest))
    whole_numbers(words)  # `morale -1.5` is refused as a tracked `track morale -1.5` is
    change = parse_command(verbs, state, words, aliases_of(verbs))
    return Play("change", change=change, words=tuple(words))


CARD_USAGE = ('usage: card NAME [character C | duo TOP,BOTTOM | side ground|flight|both] [ground|flight] top [COST] '
              '[effect TEXT] [attacks 4,2] [combo "3=TEXT;6=TEXT"] [level2 COST] [level3 COST] [adjust N] '
              '[adjust-dice N] [prevent N] [exhausts no] [bottom ...]')
ABILITY_WORDS = ("effect", "attacks", "combo", "level2", "level3", "adjust", "adjust-dice", "prevent", "exhausts")


def _card(rest: list[str]) -> PowerCard:
    """`card NAME ...`: the fields a table gives for one power; each ability field follows its `top`
    or `bottom`, and a Soraten power's sides start with `ground` or `flight` (only the fields given
    are laid over the catalogue's card)."""
    if not rest:
        raise MoveSyntaxError(CARD_USAGE)
    name, i = rest[0], 1
    fields: dict = {}
    abilities: dict[tuple[str | None, str], dict] = {}
    face: str | None = None
    last = None
    while i < len(rest):
        w = rest[i].lower()
        if w in ("ground", "flight"):
            face, last = w, None
            i += 1
            continue
        if w in ("top", "bottom"):
            last = (face, w)
            abilities.setdefault(last, {})
            nxt = rest[i + 1] if i + 1 < len(rest) else None
            if nxt is not None and nxt.lower() not in (*ABILITY_WORDS, "top", "bottom", "ground", "flight"):
                parse_cost(nxt)
                abilities[last]["cost"] = nxt
                i += 1
            i += 1
            continue
        if i + 1 >= len(rest):
            raise MoveSyntaxError(f"{rest[i]!r} needs a value; {CARD_USAGE}")
        value = rest[i + 1]
        if w == "character":
            fields["character"] = value
        elif w == "duo":
            pair = [x.strip() for x in value.split(",") if x.strip()]
            if len(pair) != 2:
                raise MoveSyntaxError(f"duo {value!r}: name the two characters, top first, e.g. duo Luthia,Durhak")
            fields["duo"] = tuple(pair)
        elif w == "side":
            fields["side"] = match(value, ["ground", "flight", "both"], "side", hint="nearest")
        elif w in ABILITY_WORDS:
            if last is None:
                raise MoveSyntaxError(f"{rest[i]!r} belongs to an ability: write it after top or bottom; {CARD_USAGE}")
            abilities[last] = laid_over(abilities[last], _ability_field(w, value))  # Levels, Combo: key by key
        else:
            raise MoveSyntaxError(f"unexpected {rest[i]!r}; {CARD_USAGE}")
        i += 2
    if not abilities and not fields:
        raise MoveSyntaxError(f"a card needs a field to describe; {CARD_USAGE}")
    for (side, half), got in abilities.items():
        (fields if side is None else fields.setdefault(side, {}))[half] = got
    return PowerCard(name=name, **fields)  # the record reads the abilities and sides


def _ability_field(word: str, value: str) -> dict:
    """One ability field of `card`, read and checked."""
    if word == "effect":
        return {"effect": value}
    if word == "attacks":
        return {"attacks": tuple(_number(v, "attack damage") for v in value.split(",") if v)}
    if word == "combo":
        out = {}
        for part in value.split(";"):
            count, sep, text = part.partition("=")
            if not sep or not count.strip().isdigit():
                raise MoveSyntaxError(f"combo {part.strip()!r} is not COUNT=EFFECT, e.g. combo \"3=deal 8 damage\"")
            out[count.strip()] = text.strip()
        return {"combo": out}
    if word in ("level2", "level3"):
        parse_cost(value)
        return {"levels": {word[-1]: value}}
    if word == "exhausts":
        if value.lower() not in ("yes", "no"):
            raise MoveSyntaxError(f"exhausts {value!r}: yes or no (no: \"Does not exhaust\")")
        return {"exhausts": value.lower() == "yes"}
    n = _number(value, word)
    limits = {"adjust": (1, 5), "adjust-dice": (1, 30), "prevent": (1, 99)}[word]
    if not limits[0] <= n <= limits[1]:
        raise MoveSyntaxError(f"{word} {n}: from {limits[0]} to {limits[1]}")
    return {word.replace("-", "_"): n}


def _join(values) -> str:
    return " ".join(str(v) for v in values)


def _by(play: Play) -> str:
    """An adjustment's granting player (and ability), as written after its die."""
    return f" by {quote(play.by)}" + (f" {play.slot} {play.half}" if play.slot else "") if play.by else ""


#: play kind -> its canonical text (a tracker command is written as typed)
FORMATS = {
    "roll": lambda p: f"roll {quote(p.player)} {_join(p.values)}",
    "reroll": lambda p: f"reroll {quote(p.player)} {_join(p.values)}"
                        + (f" to {_join(p.results)}" if p.results is not None else ""),
    "adjust": lambda p: f"adjust {quote(p.player)} {p.values[0]} {p.amount:+d}{_by(p)}",
    "use": lambda p: f"use {quote(p.player)} {p.slot} {p.half}" + (f" with {_join(p.values)}" if p.with_dice else ""),
    "attack": lambda p: f"attack {p.to} {p.amount}",
    "assign": lambda p: "assign " + " ".join(f"{quote(n)} {v}" for n, v in p.shares),
    "boost": lambda p: f"boost {quote(p.player)} {p.slot} {p.half} {p.amount:+d} "
                       + ("ability" if p.target == "ability" else f"attack {p.target}"),
    "pay": lambda p: f"pay {quote(p.target)} with {_join(p.values)}",
    "card": lambda p: format_card(p.card),
}


def format_play(play: Play) -> str:
    return FORMATS[play.kind](play) if play.kind in FORMATS else " ".join(map(quote, play.words))


def format_card(c: PowerCard) -> str:
    """A card as the `card` play that describes it (only the fields it gives)."""
    q = shlex.quote
    parts = ["card", quote(c.name)]
    if c.character:
        parts += ["character", quote(c.character)]
    if c.duo:
        parts += ["duo", q(",".join(c.duo))]
    if c.side:
        parts += ["side", c.side]
    faces = [(None, c), *((side, getattr(c, side)) for side in ("ground", "flight") if getattr(c, side))]
    for face, holder in faces:  # the card's top and bottom, then each side's, as the words of `card`
        if face:
            parts.append(face)
        for half in ("top", "bottom"):
            ab = getattr(holder, half)
            if ab is None:
                continue
            parts.append(half)
            if ab.cost is not None:
                parts.append(q(ab.cost))
            if ab.effect:
                parts += ["effect", q(ab.effect)]
            if ab.attacks:
                parts += ["attacks", ",".join(str(a) for a in ab.attacks)]
            if ab.combo:
                parts += ["combo", q(";".join(f"{n}={text}" for n, text in ab.combo.items()))]
            for level, cost in sorted(ab.levels.items()):
                parts += [f"level{level}", q(cost)]
            for word, value in (("adjust", ab.adjust), ("adjust-dice", ab.adjust_dice), ("prevent", ab.prevent)):
                if value is not None:
                    parts += [word, str(value)]
            if not ab.exhausts:
                parts += ["exhausts", "no"]
    return " ".join(parts)
