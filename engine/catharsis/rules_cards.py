"""Catharsis: what a verdict says when a card fact is unknown, and the one command that teaches it
(`cards edit` for a card the session knows, else `cards add`; the play that teaches this session);
the cards a play or a change uses that the table does not describe (Views.cards_unknown)."""
from __future__ import annotations

from engine.base import Change
from engine.words import teach as add_command, teach_edit as edit_command

PLACEHOLDER = {"cost": "COST", "attacks": "4,2", "adjust": "N", "adjust_dice": "N", "side": "ground|flight|both",
               "levels": "COST", "combo": "EFFECT"}


def library_field(field: str) -> str:
    """The library's field path for an engine fact name: `top-adjust-dice` -> `top.adjust_dice`;
    `top-level-2` -> `top.levels.2`; `bottom-combo-3` -> `bottom.combo.3`; `flight-bottom` -> `flight.bottom`."""
    for word, path in (("-level-", ".levels."), ("-combo-", ".combo."), ("-adjust-dice", ".adjust_dice")):
        field = field.replace(word, path)
    return field.replace("-", ".")


def teach(card: str, field: str, example: str | None = None, known: bool | None = None) -> str:
    """The one command that teaches a card's fact: `companion cards edit ...` for a card the session
    knows already (the catalogue's, the library's, the table's), else `companion cards add ...`
    (`known` None: the shipped catalogue decides)."""
    from .model import shipped

    path = library_field(field)
    value = example or _placeholder(path)
    if known is None:
        known = card.lower() in shipped()
    command = edit_command if known else add_command
    return command("catharsis", card, path, value)


def _placeholder(path: str) -> str:
    last = path.split(".")[-2] if path.split(".")[-1].isdigit() else path.split(".")[-1]
    return PLACEHOLDER.get(last, "COST")


def in_session(card: str, field: str) -> str:
    """The play that teaches this session the fact now (a library change reaches only the sessions
    started after it): `play 'card Gadget top level2 "COST"'`."""
    path = library_field(field).split(".")
    value = _placeholder(".".join(path))
    words = [path[0]]                                   # top, bottom, ground, flight
    rest = path[1:]
    if rest and rest[0] in ("top", "bottom"):           # a Soraten side's ability
        words.append(rest.pop(0))
    if not rest:
        words.append(_q(value, always=True))
    elif rest[0] == "levels":
        words += [f"level{rest[1]}", _q(value, always=True)]
    elif rest[0] == "combo":
        words += ["combo", _q(f"{rest[1]}={value}", always=True)]
    else:
        words += [rest[0].replace("_", "-"), _q(value)]
    return f"play 'card {_q(card)} {' '.join(words)}'"


def _q(text: str, always: bool = False) -> str:
    return f'"{text}"' if always or " " in text else text


#: the source of a card only a `card` play of this session described
SESSION = "session"


def unknown(card: str, what: str, field: str, known_card=None) -> str:
    """"Fire Bolt's bottom cost is unknown (teach it: companion cards add ...)"; for a card the library
    knows (`known_card`), the `cards edit` for the next sessions and the play that teaches this one now. A power
    with no name yet (its slot number) is named first: no card is ever taught under a slot number."""
    be = "are" if what.endswith("s") else "is"
    if card.isdigit():
        return f"power {card} has no name, so its {what} {be} unknown (name it: rename PLAYER {card} NAME)"
    known = known_card is not None and known_card.source != SESSION  # the library's, not only this session's play
    return (f"{card}'s {what} {be} unknown (teach this session: {in_session(card, field)}; the card library "
            f"keeps it for the next sessions: {teach(card, field, known=known)})")


def cards_unknown(state, play=None) -> list[str]:
    """The names of the powers a play or tracker change uses whose card neither the table nor the
    catalogue describes: a play's (`use`, `boost`: its own; `adjust ... by PLAYER N`: the adjusting
    one), a `use` change's, and the new name a `gain`, `replace` or `rename` puts on a board (also said
    as a play); a power with no name yet (its slot number) is none. With no play: every such power on
    the table's boards (what `moves` would offer as a use of an unknown cost)."""
    from .model import card_of, player_of

    if play is None:
        named = [pw.name for p in state.players for pw in p.powers]
        return list(dict.fromkeys(n for n in named if n and not n.isdigit() and card_of(state, n) is None))
    change = play if isinstance(play, Change) else getattr(play, "change", None)
    if change is not None:
        args = change.args
        if change.verb in ("gain", "replace", "rename") and len(args) > (1 if change.verb == "gain" else 2):
            named = [args[1] if change.verb == "gain" else args[2]]
            return [n for n in named if n and not n.isdigit() and card_of(state, n) is None]
        used = [(args[0], args[1])] if change.verb == "use" and len(args) > 1 else []
    else:
        used = [(play.player, play.slot)] if play.kind in ("use", "boost") else \
            [(play.by, play.slot)] if play.kind == "adjust" and play.by else []
    names = []
    for who, slot in used:
        powers = player_of(state, who).powers if who and slot and slot.isdigit() else []
        name = powers[int(slot) - 1].name if powers and 0 < int(slot) <= len(powers) else None
        if name and not name.isdigit() and card_of(state, name) is None:
            names.append(name)
    return names
