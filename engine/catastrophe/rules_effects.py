"""CATastrophe: the structured card effects a table can describe (`lives target -1`, `draw self 2`,
`reapurr +1`; as one token `lives=target-1`), read, checked and carried out. The rulebook prints no
Ally, Power Cat or Event text; the syntax is in docs/moves-catastrophe.md."""
from __future__ import annotations

import re
from typing import NamedTuple

KINDS = ("lives", "draw", "reapurr")
WHO = ("self", "target", "others", "all")
#: the card types a structured effect may be given for
EFFECT_TYPES = ("ally", "power-cat", "event")
EXAMPLES = ("lives self +1", "lives target -1", "lives others -1", "draw self 2", "reapurr +1")


class CardEffect(NamedTuple):
    """One effect: kind, whom it concerns (None for the Grim Reapurr) and the signed amount."""

    kind: str
    who: str | None
    amount: int


def parse_effect(text: str) -> CardEffect:
    """`lives target -1` -> CardEffect; anything outside the syntax is a ValueError naming it."""
    words = text.split()
    usage = f"{text!r} is not a card effect; write one of: {', '.join(repr(e) for e in EXAMPLES)}"
    if not words or words[0].lower() not in KINDS:
        raise ValueError(usage)
    kind = words[0].lower()
    if kind == "reapurr":
        if len(words) != 2:
            raise ValueError(usage)
        who, number = None, words[1]
    else:
        if len(words) != 3 or words[1].lower() not in WHO:
            raise ValueError(usage)
        who, number = words[1].lower(), words[2]
    if kind == "draw" and not re.fullmatch(r"\+?\d+", number):
        raise ValueError(f"{text!r}: a draw is a number of cards, e.g. 'draw self 2'")
    if kind != "draw" and not re.fullmatch(r"[+-]\d+", number):
        raise ValueError(f"{text!r}: say + to gain or - to lose, e.g. '{kind} {who + ' ' if who else ''}-1'")
    amount = int(number)
    if amount == 0:
        raise ValueError(f"{text!r}: an effect moves at least 1")
    return CardEffect(kind, who, amount)


TOKEN = re.compile(r"(lives|draw|reapurr)=(self|target|others|all)?([+-]?\d+)", re.IGNORECASE)


def from_token(token: str) -> str | None:
    """`lives=target-1` -> "lives target -1" (checked later by parse_effect); None: not an effect token."""
    m = TOKEN.fullmatch(token)
    return None if m is None else " ".join(w for w in (m[1].lower(), (m[2] or "").lower(), m[3]) if w)


def check_effects(card_type: str, effects: tuple[str, ...]) -> None:
    """A catalogue entry's effects must parse and fit its type (ValueError naming the problem)."""
    if effects and card_type not in EFFECT_TYPES:
        raise ValueError(f"only an Ally, Power Cat or CATastrophic Event carries a structured effect, "
                         f"not a card of type {card_type}")
    for text in effects:
        effect = parse_effect(text)
        if effect.who == "target" and card_type == "event":
            raise ValueError(f"{text!r}: a revealed CATastrophic Event has no chosen target; "
                             "use self, others or all")


#: what a teaching command shows for the effect: a placeholder, never an effect that looks real
EFFECT_PLACEHOLDER = "EFFECT"
EFFECT_SYNTAX = ("EFFECT is the card's text in the referee's words: `lives WHO +N` or `-N`, `draw WHO N`, "
                 "`reapurr +N` or `-N`; WHO is self, target, others or all")


def teach(name: str, card_type: str | None = None, edit: bool = False) -> str:
    """The one command that teaches the library a card's effect (engine.words.teach): `cards edit` with
    `edit`, else `cards add`, naming the type when `card_type` is given."""
    from engine.words import teach as teach_field, teach_edit

    if edit:
        return teach_edit("catastrophe", name, "effect", EFFECT_PLACEHOLDER)
    command = teach_field("catastrophe", name, "effect", EFFECT_PLACEHOLDER)
    if card_type:
        command = command.replace(" --effect ", f" --type {card_type} --effect ", 1)
    return command


def unknown(rule: str, name: str, card_type: str | None = None, edit: bool = False):
    """The unchecked note for a card whose effect nobody described (`card_type` "TYPE": the type is unknown
    too; `edit`: the library or the shipped catalogue has the card, so it is edited, not added). A note
    that only adds the card is kept with its parts (engine.untaught.Untaught), so that once the card
    library has the card it is said anew, its `cards edit` only for a field the entry lacks."""
    from engine.base import Reason
    from engine.untaught import Untaught
    from engine.words import card_word

    what = "type and effect are" if card_type == "TYPE" else "effect is"
    if edit and card_type:
        how = f"`{teach(name, edit=True)}` (or, if the card library does not have it, `{teach(name, card_type)}`)"
    else:
        how = f"`{teach(name, card_type, edit)}`"
    message = (f"{name}'s {what} unknown: do what the card says and record it with tracker commands; "
               f"teach it with {how} ({EFFECT_SYNTAX})")
    if edit:
        return Reason(rule=rule, message=message)
    return Untaught(rule=rule, message=message, card=name, what=f"its {what}", field="effect",
                    command=teach(name, card_type), also=(("type", f" --type {card_type}"),) if card_type else (),
                    session=f"companion track card {card_word(name)} "
                    f"{card_type or 'TYPE'}", session_type=card_type or "TYPE")


def uncatalogued(rule: str, name: str):
    """The note on playing a card the session's catalogue lacks: its type, symbols and timing are the
    table's call, and the `track card` that adds it. Kept with its parts (engine.untaught.Untaught), so
    that once the card library has the card it is said anew, naming the library's type."""
    from engine.untaught import Untaught
    from engine.words import card_word, teach as teach_field

    session, command = f"companion track card {card_word(name)} TYPE", teach_field("catastrophe", name, "type", "TYPE")
    return Untaught(rule=rule, message=f"{name!r} is not in the card catalogue: its type, symbols and timing are the "
                    f"table's call (add it to the situation's cards, to this session with `{session}`, or to the "
                    f"card library with `{command}`)",
                    card=name, what="its type, symbols and timing are", field="type",
                    command=command, session=session, session_type="TYPE")


def whom(t, card, who: str) -> list[int]:
    """The seats an effect reaches on the working table, in turn order (eliminated cats aside)."""
    order = t.turn_order()
    me = t.state.index(card.controller)
    if who == "self":
        return [me] if me in order else []
    if who == "target":
        return [t.state.index(x) for x in card.targets if t.state.index(x) in order]
    return [i for i in order if who == "all" or i != me]


def carry_out(t, card, rule: str) -> None:
    """Carry out a card's structured effects on the working table (engine.catastrophe.table.Table),
    each reported as an Effect with who / amount / card."""
    from .rule_ids import R

    moment: list[tuple[int, str, int]] = []  # King variants: the card's lives changes, one moment (losses first)
    for text in card.effect:
        e = parse_effect(text)
        if moment and e.kind != "lives":
            t.apply_lives(moment)
            moment = []
        if e.kind == "reapurr":
            short = t.apply_reapurr("+" if e.amount > 0 else "-", abs(e.amount))
            t.say("card-effect", f"{card.name} moves the Grim Reapurr {e.amount:+d} (now on {t.grim_reapurr}){short}",
                  R.REAPURR_RANGE if short else R.REAPURR_MOVES, amount=e.amount, card=card.name)
            continue
        seats = whom(t, card, e.who)
        if not seats:
            t.say("card-effect", f"{card.name} ({text}) reaches nobody still in the game", rule, card=card.name)
            continue
        for i in seats:
            n = abs(e.amount)
            if e.kind == "lives":
                t.say("card-effect", f"{card.name}: {t.name(i)} {'gains' if e.amount > 0 else 'loses'} {n} "
                      f"li{'fe' if n == 1 else 'ves'}", rule, t.name(i), e.amount, card.name)
            else:
                t.say("card-effect", f"{card.name}: {t.name(i)} draws {e.amount} card{'s' if e.amount != 1 else ''} "
                      "from the Main deck", R.DRAW_MAIN, t.name(i), e.amount, card.name)
        if e.kind == "lives":
            ops = [(i, "+" if e.amount > 0 else "-", abs(e.amount)) for i in seats]
            if t.king_rules():
                moment.extend(ops)
            else:
                t.apply_lives(ops)
        else:
            for i in seats:
                t.add_cards(i, "hand", e.amount)
    if moment:
        t.apply_lives(moment)
