"""Cataclysm Arcade: reading tracker commands as the table says them (`damage ben boss 5`)."""
from __future__ import annotations

from typing import Callable

from engine.base import AmbiguousMove, MoveSyntaxError, UnknownVerb
from engine.tracking import Change, OptionError
from engine.words import match as _match, player

from .model import BOSS, Player, State, catalogue
from .notation import actor


def _number(word: str, what: str) -> int:
    if not _is_number(word):
        raise MoveSyntaxError(f"{word!r} is not a whole number ({what})")
    return int(word.strip())


def positive(word: str, what: str) -> int:
    value = _number(word, what)
    if value <= 0 or word.strip().startswith("-"):
        raise MoveSyntaxError(f"{word!r}: {what} must be a positive whole number")
    return value


CARD_FIELDS = ("faction", "level", "cost", "health", "attack", "attack-cost", "armor", "keywords", "wield-cost",
               "attack-modifier", "effect", "text")
CARD_TYPES = ("boss", "fighter", "tactic", "response", "weapon")


#: the reader of one verb's words: (state, verb, the words after it, its usage line) -> its Change
Parser = Callable[[State, str, list[str], str], Change]


def _is_number(word: str) -> bool:
    text = word.strip()
    digits = text[1:] if text[:1] in "+-" else text
    return digits.isdigit()


def boss_health_option(value: str, names: list[str]) -> dict[str, int]:
    bad = (
        f"boss-health: {value!r} is not a positive number or a list like ann:30,ben:25 "
        f"(players: {', '.join(names)})"
    )
    text = value.strip()
    if text.isdigit():
        if int(text) <= 0:
            raise OptionError(bad)
        return {n: int(text) for n in names}
    out: dict[str, int] = {}
    for part in text.split(","):
        who, sep, amount = part.partition(":")
        if not sep or not amount.strip().isdigit() or int(amount.strip()) <= 0:
            raise OptionError(bad)
        try:
            name = player(who.strip(), names)
        except (MoveSyntaxError, AmbiguousMove):
            raise OptionError(f"boss-health: {who.strip()!r} is not one player; choose from {', '.join(names)}") from None
        out[name] = int(amount.strip())
    return out

# ------------------------------------------------------------ parse


def parse(verbs: dict, state: State, words: list[str], aliases: dict[str, str]) -> Change:
    """A command's Change; `verbs`: the rows (track.VERBS), `aliases`: every word they read as a verb;
    the verb's row reads the words after it, its usage line ending the complaints."""
    words = [w for w in (str(x).strip() for x in words) if w]
    if not words:
        raise MoveSyntaxError(f"no command; commands: {', '.join(verbs)}")
    low = words[0].lower().replace("_", "-")
    try:
        verb = _match(aliases.get(low, low), list(verbs), "command")
    except MoveSyntaxError as exc:
        raise UnknownVerb(str(exc), words[0]) from None
    return verbs[verb].read(state, verb, words[1:], "usage: " + verbs[verb].usage)

# ---------------------------------------------------------------------------- one reader per verb
# Each reads the words after the verb (`rest`) into the verb's Change (the `read` of its row in
# track.VERBS); `usage` ends its complaints.


def read_nothing_more(state: State, verb: str, rest: list[str], usage: str) -> Change:
    """`next-level`: the verb alone."""
    if rest:
        raise MoveSyntaxError(f"unexpected word {rest[0]!r}; {usage}")
    return Change(verb=verb)


def _named(state: State, rest: list[str], usage: str) -> tuple[Player, list[str]]:
    """The player a command names first, and the words after them."""
    if not rest:
        raise MoveSyntaxError(f"missing player; {usage}")
    return player(rest[0], state.players), rest[1:]


def read_hand(state: State, verb: str, rest: list[str], usage: str) -> Change:
    """`hand PLAYER CARD[, CARD ...]`: commas part the cards; one word (a name quoted at the shell
    too) is one card; several words without a comma are split by the table's cards (`_known_cards`)."""
    who, rest = _named(state, rest, usage)
    text = " ".join(rest)
    names = [n.strip() for n in text.split(",") if n.strip()]
    if not names:
        raise MoveSyntaxError(f"missing card names; {usage}")
    if "," not in text and len(rest) > 1:
        names = _known_cards(state, rest)
        if names is None:
            raise AmbiguousMove(f"{text!r} has no comma: {len(rest)} cards, or one card of {len(rest)} words? "
                                "a comma after each card says which", [f"{verb} {who.name} {', '.join(rest)}",
                                                                        f"{verb} {who.name} {text},"])
    return Change(verb=verb, args=(who.name, *names))


def _known_cards(state: State, words: list[str]) -> list[str] | None:
    """The words as cards the table has described (its catalogue), each the longest name that fits,
    as typed; None when some words are no such card (then nothing says where one card ends)."""
    known, out, i = catalogue(state), [], 0
    while i < len(words):
        j = next((j for j in range(len(words), i, -1) if " ".join(words[i:j]).lower() in known), None)
        if j is None:
            return None
        out.append(" ".join(words[i:j]))
        i = j
    return out


def read_pass(state: State, verb: str, rest: list[str], usage: str) -> Change:
    who, rest = _named(state, rest, usage)
    if rest:
        raise MoveSyntaxError(f"unexpected word {rest[0]!r}; {usage}")
    return Change(verb=verb, args=(who.name,))


def read_coins(state: State, verb: str, rest: list[str], usage: str) -> Change:
    """`coins PLAYER spend N` (a cost paid) or `coins PLAYER +N|-N` (a card effect)."""
    who, rest = _named(state, rest, usage)
    if not rest:
        raise MoveSyntaxError(f"missing amount; {usage}")
    if rest[0].lower() == "spend":
        if len(rest) != 2:
            raise MoveSyntaxError(f"expected one amount after 'spend'; {usage}")
        amount = positive(rest[1], "coins to spend")
        return Change(verb=verb, args=(who.name, "spend", str(amount)))
    if len(rest) != 1:
        raise MoveSyntaxError(f"unexpected word {rest[1]!r}; {usage}")
    if not _is_number(rest[0]):
        raise MoveSyntaxError(f"{rest[0]!r} is neither 'spend' nor a signed number of coins; {usage}")
    return Change(verb=verb, args=(who.name, f"{int(rest[0].strip()):+d}"))


def read_boss(state: State, verb: str, rest: list[str], usage: str) -> Change:
    who, rest = _named(state, rest, usage)
    if not rest:
        raise MoveSyntaxError(f"missing health; {usage}")
    health = positive(rest[0], "Boss starting health")
    name = " ".join(rest[1:])
    return Change(verb=verb, args=(who.name, str(health), *((name,) if name else ())))


def read_fighter(state: State, verb: str, rest: list[str], usage: str) -> Change:
    """`fighter PLAYER NAME HEALTH [level L]`: the name is every word up to the first number."""
    who, rest = _named(state, rest, usage)
    idx = next((i for i, w in enumerate(rest) if _is_number(w)), None)
    if idx is None or idx == 0:
        raise MoveSyntaxError(f"expected a Fighter name then its health; {usage}")
    name = " ".join(rest[:idx])
    if name.lower() == BOSS:
        raise MoveSyntaxError("'boss' names the player's Boss; give the Fighter its card name")
    health = positive(rest[idx], "Fighter health")
    tail = rest[idx + 1:]
    args = [who.name, name, str(health)]
    if tail:
        if len(tail) != 2 or tail[0].lower() not in ("level", "lvl", "lv"):
            raise MoveSyntaxError(f"unexpected word {tail[0]!r}; {usage}")
        args += ["level", str(positive(tail[1], "level requirement"))]
    return Change(verb=verb, args=tuple(args))


def cost(word: str, what: str) -> int:
    """An attack's cost: a whole number, 0 or more."""
    value = _number(word, what)
    if value < 0 or word.startswith("-"):
        raise MoveSyntaxError(f"{word!r}: an attack cost cannot be negative")
    return value


def measured(what: str, amount: Callable[[str, str], int], need_health: bool) -> Parser:
    """The reader of `VERB PLAYER CHARACTER N` (`what` names N, `amount` reads it); with `need_health` a
    Boss must have its health set first."""
    def parse(state: State, verb: str, rest: list[str], usage: str) -> Change:
        who, rest = _named(state, rest, usage)
        if len(rest) < 2:
            raise MoveSyntaxError(f"missing character or amount; {usage}")
        value = amount(rest[-1], what)
        character = _character(who, rest[:-1], need_health)
        return Change(verb=verb, args=(who.name, character, str(value)))
    return parse


def read_character(state: State, verb: str, rest: list[str], usage: str) -> Change:
    """`tap`, `untap`, `destroy`: a player and one of their characters."""
    who, rest = _named(state, rest, usage)
    if not rest:
        raise MoveSyntaxError(f"missing character; {usage}")
    return Change(verb=verb, args=(who.name, _character(who, rest, need_health=False)))


def read_destroy(state: State, verb: str, rest: list[str], usage: str) -> Change:
    """`destroy PLAYER FIGHTER`: a Boss is not destroyed, it is defeated by damage."""
    change = read_character(state, verb, rest, usage)
    who, character = change.args
    if character == BOSS:
        raise MoveSyntaxError(
            f"destroy takes a Fighter; a Boss is defeated by damage (e.g. `damage {who.lower()} boss 5`)"
        )
    return change


def _character(player: Player, words: list[str], need_health: bool) -> str:
    """'boss' or one of the player's Fighters, by the words the table typed."""
    if not words:
        raise MoveSyntaxError(f"missing character: 'boss' or one of {player.name}'s Fighters")
    word = " ".join(words)
    choices = [BOSS] + [f.name for f in player.fighters]
    found = _match(word, choices, f"character of {player.name}")
    if found == BOSS and need_health and player.boss.health is None:
        raise MoveSyntaxError(
            f"{player.name}'s Boss has no health yet; set its printed health first, "
            f"e.g. `companion track boss {player.name.lower()} 30`"
        )
    return found


def read_card(state: State, verb: str, rest: list[str], usage: str) -> Change:
    """`card NAME TYPE key=value ...` -> Change(card, (name, type, "key=value", ...)), validated."""
    from pydantic import ValidationError

    idx = next((i for i, w in enumerate(rest) if w.lower() in CARD_TYPES), None)
    if not idx:
        raise MoveSyntaxError(f"expected a card name then its type ({', '.join(CARD_TYPES)}); {usage}")
    name, kind, pairs = " ".join(rest[:idx]), rest[idx].lower(), rest[idx + 1:]
    fields: list[str] = []
    for pair in pairs:
        key, sep, value = pair.partition("=")
        key = key.lower().replace("_", "-")
        if not sep or not value:
            raise MoveSyntaxError(f"{pair!r} is not key=value; {usage}")
        if key not in CARD_FIELDS:
            raise MoveSyntaxError(f"unknown card field {key!r}; fields: {', '.join(CARD_FIELDS)}")
        fields.append(f"{key}={value}")
    try:
        card_spec(name, kind, fields)
    except (ValidationError, ValueError) as exc:
        raise MoveSyntaxError(f"card {name}: {str(exc).splitlines()[0]}; {usage}") from None
    return Change(verb=verb, args=(name, kind, *fields))


def play_form(state: State, change: Change, form: str) -> str:
    """The `companion play` line that makes the move a tracker `fighter` or `attack` names (`form`, its
    `name` the Fighter or the attacker), for the player it names (`--by` when someone else is to act).
    An attack's target is left to the table."""
    who = change.args[0]
    move = form.format(name=change.args[1])
    by = "" if actor(state) == who else f" --by {who.lower()}"
    return f'companion play{by} "{move}"'


def card_spec(name: str, kind: str, fields: list[str] | tuple[str, ...], checked: bool = True):
    """A CardSpec from the `card` command's words (effect words use ':' for spaces: damage:2):
    validated (pydantic) when the table types it, built as it is when a logged change is replayed."""
    from .model import EFFECTS, CardSpec, keyword_numbers

    data: dict = {"name": name, "type": kind}
    for pair in fields:
        key, _, value = pair.partition("=")
        key = key.replace("-", "_")
        if key == "keywords":
            words, armor = keyword_numbers([k for k in value.split(",") if k.strip()])
            data[key] = words
            if armor is not None:
                data["armor"] = armor
        elif key == "effect":
            effect = value.replace(":", " ")
            if effect.split(" ")[0] not in EFFECTS:
                raise ValueError(f"unknown effect {effect!r}; effects: {', '.join(EFFECTS)} (other text: text=...)")
            data[key] = effect
        elif key in ("faction", "text"):
            data[key] = value
        else:
            if not value.lstrip("-").isdigit():
                raise ValueError(f"{key}: {value!r} is not a whole number")
            data[key] = int(value)
    return CardSpec.model_validate(data) if checked else CardSpec(**data)
