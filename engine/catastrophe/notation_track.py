"""CATastrophe: reading the table's words. Tracker commands (`lives ben -2`, `yarn ann -1`) here;
validated plays (`Abi play Attack 4 at Betty`) in notation.py."""
from __future__ import annotations

import difflib
import re
from engine.base import AmbiguousMove, MoveSyntaxError
from engine.tracking import Change
from engine.words import MOST_AMOUNT, amount, signed

from .rules_effects import KINDS, WHO, from_token
from .model import PHASES, SYMBOLS, TABLE_TYPES, State


#: `card NAME power-cat to PLAYER` deals the cat one more; `... of PLAYER` names one it has
HOLDER_WORDS = ("to", "of")
#: the one answer to `yarn NAME =N`, wherever it is caught (issue 12: the messages disagreed)
YARN_NO_SET = ("yarn: Yarn Balls cannot be set with =N, each one moves between a Yarn Basket and the "
               "Sanctuary; use +N to gain or -N to spend or lose, e.g. `yarn ann -1`")

# ------------------------------------------------------------------ parsing
# Each reader(state, verb, the words after it, usage) -> Change is the `read` of its verb's row (track.VERBS).


def read_lives(state: State, verb: str, rest: list[str], usage: str) -> Change:
    if not rest:
        raise MoveSyntaxError("lives: name a player (or all) and an amount, e.g. `lives ben -2`")
    pending: list[str] = []
    pairs: list[tuple[str, str]] = []
    i = 0
    while i < len(rest):
        tok = rest[i]
        if re.fullmatch(r"[+\-=]?\d+", tok) or tok.lower() == "set":
            if tok.lower() == "set":
                if i + 1 >= len(rest) or not rest[i + 1].isdigit():
                    raise MoveSyntaxError("set: give the number of lives, e.g. `lives ann set 5`")
                tok = "=" + rest[i + 1]
                i += 1
            if not pending:
                raise MoveSyntaxError(f"amount {tok!r} has no player before it, e.g. `lives ben {tok}`")
            said = amount(tok, "lives " + " ".join(pending))
            pairs.extend((n, said) for n in pending)
            pending = []
        elif tok.lower() in ("all", "everyone"):
            alive = [state.players[j].name for j in state.turn_order()]
            if not alive:
                raise MoveSyntaxError(f"{tok!r}: no player is still in the game")
            pending.extend(alive)
            last = tok.lower()
        else:
            pending.append(state.player(tok).name)
            last = pending[-1]
        i += 1
    if pending:
        raise MoveSyntaxError(f"missing amount after {last!r}, e.g. `lives {last.lower()} -1`")
    twice = [n for n, _ in pairs if sum(m == n for m, _ in pairs) > 1]
    if twice:
        raise MoveSyntaxError(f"{twice[0]} is named twice; give one amount per player in one command")
    if len(pairs) > 1 and any(a.startswith("=") for _, a in pairs):
        raise MoveSyntaxError("=N sets one player's lives; use it on its own, e.g. `lives ann =5`")
    return Change(verb="lives", args=tuple(x for pair in pairs for x in pair))


def read_reapurr(state: State, verb: str, rest: list[str], usage: str) -> Change:
    if rest and rest[0].lower() == "set" and len(rest) == 2 and rest[1].isdigit():
        rest = ["=" + rest[1]]
    if len(rest) != 1:
        raise MoveSyntaxError("reapurr: give one amount, e.g. `reapurr +1`, `reapurr -1`, `reapurr =3` or `reapurr lair`")
    lair = rest[0].lower() in ("lair", "reapurrs-lair", "reapurr's-lair")
    return Change(verb="reapurr", args=("=0" if lair else amount(rest[0], "reapurr"),))


def read_counter(state: State, verb: str, rest: list[str], usage: str, allow_set: bool = True,
                   example_amount: str = "+1") -> Change:
    example = f"{verb} ann {example_amount}"
    if len(rest) == 3 and rest[1].lower() == "set" and rest[2].isdigit():
        rest = [rest[0], "=" + rest[2]]
    if len(rest) != 2:
        raise MoveSyntaxError(f"{verb}: name a player and an amount, e.g. `{example}`")
    name = state.player(rest[0]).name
    return Change(verb=verb, args=(name, amount(rest[1], f"{verb} {name.lower()}",
                                                 no_set=None if allow_set else YARN_NO_SET)))


def read_count(state: State, verb: str, rest: list[str], usage: str) -> Change:
    if len(rest) != 2:
        raise MoveSyntaxError(f"{verb}: name a player and how many cards, e.g. `{verb} ann 2`")
    name = state.player(rest[0]).name
    m = re.fullmatch(r"\+?(\d+)", rest[1])
    if not m:
        raise MoveSyntaxError(f"{rest[1]!r} is not a number of cards; e.g. `{verb} {name.lower()} 2`")
    if int(m.group(1)) == 0:  # a change by 0, refused as every tracker refuses one (words.number_problem)
        raise MoveSyntaxError(f"{verb}: {rest[1]!r} changes nothing: a cat {verb}s 1 to {MOST_AMOUNT} cards; "
                              f"e.g. `{verb} {name.lower()} 2`")
    return Change(verb=verb, args=(name, str(int(m.group(1)))))


def read_phase(state: State, verb: str, rest: list[str], usage: str) -> Change:
    if len(rest) != 1:
        raise MoveSyntaxError(f"phase: name one phase: {', '.join(PHASES)}")
    low = rest[0].lower()
    pref = [p for p in PHASES if p.startswith(low)]  # no phase's name starts another's
    if len(pref) == 1:
        return Change(verb="phase", args=(pref[0],))
    if len(pref) > 1:
        raise AmbiguousMove(f"{rest[0]!r} fits several phases", [f"phase {p}" for p in pref])
    near = difflib.get_close_matches(low, list(PHASES), n=2, cutoff=0.4) or list(PHASES)
    raise MoveSyntaxError(f"unknown phase {rest[0]!r}; phases: {', '.join(near)}")


def read_card(state: State, verb: str, rest: list[str], usage: str) -> Change:
    """NAME TYPE [NUMBER] [SYMBOL ...] [to|of PLAYER]: the name is every word before the type.
    `to PLAYER`: a Power Cat dealt to the cat (one more); `of PLAYER`: one the cat already has
    face up, named (the count stays)."""
    said = ("card: NAME TYPE [NUMBER] [SYMBOL ...] [EFFECT ...] [to|of PLAYER], e.g. `card Hairball attack 5`, "
            "`card Catnip Dealer ally lives=self+1`")
    to: tuple[str, ...] = ()
    if len(rest) >= 2 and rest[-2].lower() in HOLDER_WORDS:
        to, rest = (rest[-2].lower(), state.player(rest[-1]).name), rest[:-2]
    extras: list[str] = []
    while rest and (rest[-1].isdigit() or rest[-1].lower() in SYMBOLS or from_token(rest[-1])):
        extras.insert(0, rest.pop().lower())
    if len(rest) < 2 or rest[-1].lower() not in TABLE_TYPES:
        found = rest[-1] if rest else "nothing"
        near = _nearest_card_word(found) if rest else None
        raise MoveSyntaxError(f"{said}; {found!r} is not a card type: {', '.join(TABLE_TYPES)} "
                              f"(symbols: {', '.join(SYMBOLS)})" + (f"; did you mean {near}?" if near else ""))
    kind = rest[-1].lower()
    if to and kind != "power-cat":
        raise MoveSyntaxError(f"card: only a Power Cat is kept face up in front of a cat; a card of type {kind} "
                              f"goes into the hand (`draw {to[1].lower()} 1`)")
    if to and to[0] == "to" and _unnamed_at_setup(state, to[1], " ".join(rest[:-1])):
        to = ("of", to[1])  # at set-up the cat names one of the two Power Cats it was dealt
    return Change(verb="card", args=(" ".join(rest[:-1]), kind, *extras, *to))


def _nearest_card_word(word: str) -> str | None:
    """The type, symbol or effect token (`lives=self+1`) a misspelt word of `card` was nearest to, if any."""
    key, is_token, value = word.lower().partition("=")
    if not is_token:
        near = difflib.get_close_matches(key, [*TABLE_TYPES, *SYMBOLS], n=1, cutoff=0.6)
        return near[0] if near else None
    said = re.fullmatch(r"([a-z]*)([+-]?\d+)", value)
    kind = difflib.get_close_matches(key, KINDS, n=1, cutoff=0.6)
    who = difflib.get_close_matches(said[1], WHO, n=1, cutoff=0.6) if said and said[1] else [""]
    return f"{kind[0]}={who[0]}{said[2]}" if said and kind and who else None


def _unnamed_at_setup(state: State, who: str, name: str) -> bool:
    """Set-up, as far as the tracker can tell (the first cat's first Claw Phase, nothing in play yet),
    and the cat has a Power Cat face up that the table has not named yet (and not this one)."""
    p = state.players[state.index(who)]
    named = p.power_cat_cards if p.power_cat_cards is not None else p.named_power_cats
    return (state.turn == 1 and state.phase == "claw" and state.current == 0 and not state.chain
            and p.power_cats > len(named) and name.casefold() not in (c.casefold() for c in named))

# ------------------------------------------------------------------ reading a Change


def card_words(change: Change) -> tuple[str, str, tuple[str, ...], str | None, str | None]:
    """(name, type, number and symbols, how the cat holds the Power Cat, the cat) of a `card` change:
    held "to" (dealt to the cat), "of" (one it already has, named) or None (no cat named)."""
    args = change.args
    if len(args) < 2:
        raise MoveSyntaxError(f"card: expected NAME TYPE, got {change.label()!r}")
    if len(args) >= 4 and args[-2] in HOLDER_WORDS:
        return args[0], args[1], tuple(args[2:-2]), args[-2], args[-1]
    return args[0], args[1], tuple(args[2:]), None, None


def reapurr_amount(change: Change) -> tuple[str, int]:
    """(sign, spaces) of a `reapurr` change."""
    if len(change.args) != 1:
        raise MoveSyntaxError(f"reapurr: expected one amount, got {change.label()!r}")
    return signed(change.args[0])


def counter_amount(state: State, change: Change, settable: bool = True) -> tuple[int, str, int]:
    """(seat, sign, amount) of a `yarn`, `hand` or `power-cats` change (`settable`: =N allowed;
    Yarn Balls are never set)."""
    i, amount = _one(state, change)
    sign, n = signed(amount)
    if not settable and sign == "=":
        raise MoveSyntaxError(YARN_NO_SET)
    return i, sign, n


def card_count(state: State, change: Change) -> tuple[int, int]:
    """(seat, cards) of a `draw` or `discard` change."""
    i, count = _one(state, change)
    if not count.isdigit():
        raise MoveSyntaxError(f"{change.verb}: {count!r} is not a number of cards")
    return i, int(count)


def phase_named(change: Change) -> str:
    """The phase a `phase` change names."""
    if len(change.args) != 1 or change.args[0] not in PHASES:
        raise MoveSyntaxError(f"phase: expected one of {', '.join(PHASES)}, got {change.label()!r}")
    return change.args[0]


def lives_ops(state: State, change: Change) -> list[tuple[int, str, int]]:
    args = change.args
    if not args or len(args) % 2:
        raise MoveSyntaxError(f"lives: expected player/amount pairs, got {change.label()!r}")
    return [(state.index(args[k]), *signed(args[k + 1])) for k in range(0, len(args), 2)]


def _one(state: State, change: Change) -> tuple[int, str]:
    if len(change.args) != 2:
        raise MoveSyntaxError(f"{change.verb}: expected 2 arguments, got {change.label()!r}")
    return state.index(change.args[0]), change.args[1]
