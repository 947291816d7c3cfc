"""CATastrophe: the move notation of the validator, read and written.

    [PLAYER] play CARD [N] [at|to PLAYER]   Abi play Attack 4 at Betty / Betty play Pass to Chris
    [PLAYER] roll D                          Betty roll 3          (the die of an Attack's target)
    PLAYER yarn [for PLAYER]                 Chris yarn            (a Yarn Ball: Chris's own failed die, else the last)
    resolve                                  the most recent card in play takes effect
    [PLAYER] draw [CARD, CARD, CARD]         the Paw Phase (names only when the table shows them)
    [PLAYER] reveal CARD [+N|-N|3+]          Abi reveal Grim Reapurr +1 / Abi reveal CATastrophic Event
    [PLAYER] end                             the turn ends after the CATastrophe Phase

A missing PLAYER is the one to act (the cat whose turn it is; for `roll`, the target who rolls).
Card names come from the catalogue (cards.toml plus the table's own); any other text is kept as
the table's card and judged `unchecked`.
"""
from __future__ import annotations

import difflib
import re
import shlex
from typing import Literal

from engine.base import AmbiguousMove, Frozen, MoveSyntaxError
from engine.words import nearest

from .model import DIE_FACES, PAW_DRAW, CardSpec, State, catalogue

Kind = Literal["play", "roll", "yarn", "resolve", "draw", "reveal", "end"]

VERBS = {
    "play": "play", "plays": "play", "played": "play",
    "roll": "roll", "rolls": "roll", "rolled": "roll",
    "yarn": "yarn", "re-roll": "yarn", "reroll": "yarn", "yarn-ball": "yarn",
    "resolve": "resolve", "resolves": "resolve", "done": "resolve",
    "draw": "draw", "draws": "draw", "paw": "draw",
    "reveal": "reveal", "reveals": "reveal",
    "end": "end", "ends": "end", "end-turn": "end",
}
TARGET_WORDS = ("at", "to", "on", "for")


class Move(Frozen):
    """One play at the table, normalised (player names and card names in their own spelling)."""

    kind: Kind
    player: str | None = None
    card: str | None = None
    #: an Attack's number (generic Attack), a die's face, a Grim Reapurr card's move, an Event's 3+
    number: int | None = None
    target: str | None = None
    cards: tuple[str, ...] = ()
    #: a revealed CATastrophic Event for this many players or more (`reveal Event 3+`)
    min_players: int | None = None


def spec_of(state: State, name: str | None) -> CardSpec | None:
    return catalogue(state).get(name.casefold()) if name else None


def played_spec(state: State, player: str | None, name: str | None) -> CardSpec | None:
    """The card a play puts into play: its catalogue entry, else, for one of the player's face-up Power
    Cats the table named (`power_cat_cards`, `named_power_cats`) that no catalogue knows, a Power Cat of
    that name whose effect is the table's: played from the table, never looked for in the hand."""
    spec = spec_of(state, name)
    if spec is not None or not name or not player:
        return spec
    me = next((p for p in state.players if p.name == player), None)
    face_up = () if me is None else (*(me.power_cat_cards or ()), *me.named_power_cats)
    if name.casefold() in (c.casefold() for c in face_up):
        return catalogue(state)["power cat"].model_copy(update={"name": name, "effect": (), "source": ""})
    return None


def _card_name(state: State, words: list[str]) -> str:
    """The catalogue's spelling of a card the words name (exact, or a unique prefix), else the
    table's own text (an unknown card)."""
    text = " ".join(words)
    cat = catalogue(state)
    if text.casefold() in cat:
        return cat[text.casefold()].name
    fitting = [c.name for k, c in cat.items() if k.startswith(text.casefold())]
    if len(fitting) == 1:
        return fitting[0]
    if len(fitting) > 1:
        raise AmbiguousMove(f"card {text!r} fits several", sorted(fitting))
    near = difflib.get_close_matches(text.casefold(), list(cat), n=2, cutoff=0.8)
    if near:
        raise MoveSyntaxError(f"unknown card {text!r}; did you mean {' or '.join(cat[n].name for n in near)}? "
                              "(a card of the table's own: add it with `companion track card NAME TYPE`)")
    return text


def card_label(state: State, words: list[str]) -> str:
    """A card as a hand holds it: its name, and an Attack's number (`Attack 4`)."""
    if len(words) > 1 and words[-1].isdigit():
        return f"{_card_name(state, words[:-1])} {words[-1]}"
    return _card_name(state, words)


def _split(text: str) -> list[str]:
    try:
        return shlex.split(text)
    except ValueError:
        return text.split()


def parse(text: str, state: State, to_act: str | None, maker: str | None = None) -> Move:
    """A play as the table says it; `maker`: who makes it where the words name nobody (else the cat
    whose turn it is)."""
    words = [w for w in _split(text.replace(",", " , ")) if w]
    if not words:
        raise MoveSyntaxError("no move given; e.g. `Abi play Attack 4 at Betty`, `Betty roll 3`, `resolve`")
    player = None
    if words[0].lower() not in VERBS:
        try:
            player = state.player(words[0].rstrip(":")).name
        except MoveSyntaxError:
            _card_for_move(state, None, words, to_act)
            raise
        words = words[1:]
    player = player or maker
    if not words:
        raise MoveSyntaxError(f"{player}: what does {player} do? e.g. `{player} play Pass to ...`, `{player} roll 4`")
    verb = VERBS.get(words[0].lower())
    if verb is None:
        _card_for_move(state, player, words, to_act)
        near = nearest(words[0], sorted(set(VERBS.values())))
        raise MoveSyntaxError(f"unknown move {words[0]!r}; did you mean: {', '.join(near or sorted(set(VERBS.values())))}")
    rest = [w for w in words[1:] if w != ","] if verb != "draw" else words[1:]
    if verb == "play":
        return _parse_play(state, player or _current(state), rest)
    if verb == "roll":
        if len(rest) != 1 or not rest[0].isdigit():
            raise MoveSyntaxError(f"roll: give the die's face, 1 to {DIE_FACES}, e.g. `Betty roll 3`")
        face = int(rest[0])
        if not 1 <= face <= DIE_FACES:
            raise MoveSyntaxError(f"roll: a die shows 1 to {DIE_FACES}, not {face}")
        return Move(kind="roll", player=player or to_act, number=face)
    if verb == "yarn":
        if rest and rest[0].lower() in TARGET_WORDS:
            rest = rest[1:]
        if len(rest) > 1:
            raise MoveSyntaxError("yarn: `PLAYER yarn` (re-roll your own failed die, else the last) or `PLAYER yarn for PLAYER`")
        target = state.player(rest[0]).name if rest else None
        if player is None:
            raise MoveSyntaxError("yarn: name who spends the Yarn Ball, e.g. `Chris yarn`")
        return Move(kind="yarn", player=player, target=target)
    if verb == "resolve":
        if rest:
            raise MoveSyntaxError(f"resolve takes nothing after it; unexpected {rest[0]!r}")
        return Move(kind="resolve")
    if verb == "draw":
        names = [n.strip() for n in " ".join(rest).split(",") if n.strip()]
        if names and len(names) != PAW_DRAW:
            raise MoveSyntaxError(f"draw: the Paw Phase draws {PAW_DRAW} cards; name all {PAW_DRAW} "
                                  "(comma-separated) or none")
        return Move(kind="draw", player=player or _current(state),
                    cards=tuple(card_label(state, n.split()) for n in names))
    if verb == "reveal":
        return _parse_reveal(state, player or _current(state), rest)
    if rest:
        raise MoveSyntaxError(f"end takes nothing after it; unexpected {rest[0]!r}")
    return Move(kind="end", player=player or _current(state))


def _card_for_move(state: State, maker: str | None, words: list[str], to_act: str | None) -> None:
    """A card named where the move belongs (`attack ben 4`, `ann attack ben 4`): refused with the line
    that plays it, `Ann play Attack 4 at Ben` (the maker named, else the cat whose turn it is); nothing when
    the first word names no card."""
    card = spec_of(state, words[0]) or next(
        (c for k, c in catalogue(state).items() if k.startswith(words[0].casefold()) and len(words[0]) > 2), None)
    if card is None:
        return
    maker = maker or _current(state)  # as `play CARD` without a maker is read
    rest = [w for w in words[1:] if w.lower() not in TARGET_WORDS]
    number = next((w for w in rest if w.isdigit()), None)
    named = [p.name for w in rest if not w.isdigit() for p in state.players if p.name.lower().startswith(w.lower())]
    form = f"{maker} play {card.name}" + (f" {number}" if number else "") + (f" at {named[0]}" if named else "")
    try:
        parse(form, state, to_act)
    except MoveSyntaxError:
        form = f"{maker} play {card.name} [N] [at PLAYER]"
    error = MoveSyntaxError(f"{words[0]!r} is a card, not a move: a card is played as `{form}`")
    error.spelling = False  # the line names the play's form; no spelling hint after it
    raise error


def _current(state: State) -> str:
    return state.players[state.current].name


def _parse_play(state: State, player: str, rest: list[str]) -> Move:
    if rest and rest[-1].lower() in TARGET_WORDS:
        raise MoveSyntaxError(f"play: {rest[-1]!r} needs a player after it, e.g. `play Attack 4 at "
                              f"{state.players[(state.current + 1) % len(state.players)].name}`")
    target = None
    if len(rest) >= 2 and rest[-2].lower() in TARGET_WORDS:
        target, rest = state.player(rest[-1]).name, rest[:-2]
    if not rest:
        raise MoveSyntaxError("play: name the card, e.g. `play Attack 4 at Betty`, `Betty play Cucumber`")
    number = None
    if len(rest) > 1 and rest[-1].isdigit():
        number, rest = int(rest[-1]), rest[:-1]
    card = _card_name(state, rest)
    spec = spec_of(state, card)
    if spec is not None and spec.type == "attack" and spec.number is None and number is None:
        raise MoveSyntaxError(f"play: {card} needs its number, e.g. `play {card} 4 at ...`")
    if number == 0 and spec is not None and spec.type == "attack":  # as a card's `number` (cards.toml) is
        raise MoveSyntaxError(f"play: an Attack's number is 1 or more, not 0, e.g. `play {card} 4 at ...`")
    if number is not None and spec is not None and not (spec.type == "attack" and spec.number is None):
        raise MoveSyntaxError(f"play: {card} takes no number; unexpected {number}")
    if number is not None and spec is None:
        card, number = f"{card} {number}", None
    if spec is None:
        _aimed_without_its_word(state, player, card.split())
    return Move(kind="play", player=player, card=card, number=number, target=target)


def _aimed_without_its_word(state: State, maker: str, words: list[str]) -> None:
    """A catalogue card followed by a player's name without `at` / `to` (`Pass Chris`, `Attack 4 Betty`)
    is not a card of the table's own: refused with the line that aims it."""
    players = {p.name.casefold(): p.name for p in state.players}
    named = [players[w.casefold()] for w in words if w.casefold() in players]
    try:  # the last word may be a name's unique prefix, as names are typed
        named.append(state.player(words[-1]).name)
    except (MoveSyntaxError, AmbiguousMove):
        pass
    if not named:
        return
    cat = catalogue(state)
    for k in range(len(words) - 1, 0, -1):
        head = words[:k]
        number = head[-1] if len(head) > 1 and head[-1].isdigit() else None
        spec = cat.get(" ".join(head[:-1] if number else head).casefold())
        if spec is not None:
            form = f"{maker} play {spec.name}" + (f" {number}" if number else "")
            if spec.type in ("cucumber", "take") or spec.targets == "others":
                how = "is played without naming a player"
            else:
                word = "to" if spec.type == "pass" else "at"
                how, form = f"is aimed with `{word} PLAYER`", f"{form} {word} {named[0]}"
            raise MoveSyntaxError(f"play: {' '.join(words)!r} is not a card: {spec.name} {how}, e.g. `{form}`")


def _parse_reveal(state: State, player: str, rest: list[str]) -> Move:
    number = min_players = None
    if rest and re.fullmatch(r"[+-]\d+|\d\+", rest[-1]):
        tail = rest.pop()
        if tail.endswith("+"):
            min_players = int(tail[:-1])
        else:
            number = int(tail)
    elif len(rest) > 1 and rest[-1].isdigit() and " ".join(rest[:-1]).casefold() in {
            *catalogue(state), "event", "reapurr"}:  # `Grim Reapurr 2`: up or down is the card's to say
        raise MoveSyntaxError(f"reveal: give the move with its sign: `{player} reveal {' '.join(rest[:-1])} "
                              f"+{rest[-1]}` (up) or `-{rest[-1]}` (down); `{rest[-1]}+` is an Event's player count")
    if not rest:
        raise MoveSyntaxError("reveal: name the CATastrophe card, e.g. `reveal Grim Reapurr +1`, "
                              "`reveal CATastrophic Event`")
    words = {"event": ["CATastrophic", "Event"], "reapurr": ["Grim", "Reapurr"]}
    card = _card_name(state, words.get(" ".join(rest).lower(), rest))
    return Move(kind="reveal", player=player, card=card, number=number, min_players=min_players)


def format_move(move: Move) -> str:
    if move.kind == "resolve":
        return "resolve"
    number = f" {move.number}" if move.number is not None else ""
    tail = {
        "play": f" {move.card}{number}"
                + (f" {'to' if move.card and move.card.casefold() == 'pass' else 'at'} {move.target}" if move.target else ""),
        "roll": f" {move.number}",
        "yarn": f" for {move.target}" if move.target else "",
        "draw": " " + ", ".join(move.cards) if move.cards else "",
        "reveal": f" {move.card}" + (f" {move.number:+d}" if move.number is not None else "")
                  + (f" {move.min_players}+" if move.min_players is not None else ""),
    }.get(move.kind, "")
    return f"{move.player + ' ' if move.player else ''}{move.kind}{tail}"
