"""Catharsis: reading tracker commands as the table says them: one word of a command (amounts,
players, powers, Enemies, counter targets), and a command's words into a Change, one reader per
verb. A new game's options are read in notation_track_options.py."""
from __future__ import annotations

import re
import shlex
from functools import partial

from engine.base import AmbiguousMove, MoveSyntaxError, UnknownVerb
from engine.tracking import Change, Words, read_words
from engine.words import amount, match, nearest, player as named

from .model import CARD_KINDS, DISCARDED, SIDES, STEP_WORDS, State, player_of


# ------------------------------------------------------------------------------------- words

def _change(word: str, what: str, before: list[str]) -> str:
    """A signed change, '+2' or '-1' (words.amount: a bare '2' lists both readings)."""
    return amount(word, " ".join(before), readings="+-", no_set=f"{what} is changed by +N or -N, not set with =N")


def is_pattern(advice: str) -> bool:
    """Advice written as a pattern (`enemy damage N`, `roll ann ...`), not a command to type as is."""
    return "..." in advice or any(w.isupper() for w in advice.split())


def quoted(name: str, several_words: bool = False) -> str:
    """A name as advice writes it, so that the notation reads it back (shlex): as it is when its words
    read so, else in quotes ("O'Neil"). A player is one word, so a player's name of several words is
    quoted ("Mary Ann"); an Enemy's reader takes every word left (`several_words`: Crab King)."""
    try:
        if shlex.split(name) == name.split() and (several_words or len(name.split()) == 1):
            return name
    except ValueError:  # an apostrophe: an unclosed quotation
        pass
    return f'"{name}"' if not set(name) & set('"\\$`') else shlex.quote(name)


def _positive(word: str, what: str) -> int:
    if not re.fullmatch(r"[+-]?\d+", word.strip()):
        raise MoveSyntaxError(f"{word!r} is not a number ({what}); e.g. 2, +2 or -1")
    n = int(word)
    if n < 0:
        raise MoveSyntaxError(f"{word!r}: {what} must be 0 or more")
    return n


def need(rest: list[str], n: int, usage: str) -> None:
    if len(rest) < n:
        raise MoveSyntaxError(f"missing words; usage: {usage}")

def needs_player(state: State, rest: list[str], n: int, usage: str) -> str:
    """The player a command names first, after `need`."""
    need(rest, n, usage)
    return player_name(state, rest[0])

def extra(rest: list[str], n: int, usage: str) -> None:
    if len(rest) > n:
        raise MoveSyntaxError(f"unexpected {rest[n]!r}; usage: {usage}")

def player_name(state: State, word: str) -> str:
    return named(word, state.players).name

def power_slot(state: State, player: str, word: str, live: bool = True) -> str:
    """A power of this player by slot number (1-6) or by name; returns the slot number."""
    p = player_of(state, player)
    if not p.powers:
        raise MoveSyntaxError(f"{player} has no powers on the board")
    if word.isdigit():
        slot = int(word)
        if not 1 <= slot <= len(p.powers):
            raise MoveSyntaxError(f"{player} has no power {word}; powers are 1 to {len(p.powers)}")
    else:
        names = [pw.name for pw in p.powers]
        chosen = match(word, names, f"power of {player}", hint="nearest")
        slots = [i + 1 for i, n in enumerate(names) if n == chosen]
        if len(slots) > 1:
            raise AmbiguousMove(f"{player} has several powers named {chosen!r}", [str(s) for s in slots])
        slot = slots[0]
    if live and p.powers[slot - 1].status == DISCARDED:
        raise MoveSyntaxError(f"{player}'s power {slot} ({p.powers[slot - 1].name}) is discarded; "
                              f"choose a power still on the board")
    return str(slot)

def target_of(state: State, word: str) -> str:
    """A player, an enemy (or 'enemy' for the only one in play) or the party, for counters."""
    if word.lower() == "party":
        return "party"
    if word.lower() == "enemy":
        return "enemy:" + enemy_name(state, None)
    players = [p.name for p in state.players]
    enemies = [e.name for e in state.enemies if not e.defeated]
    name = match(word, players + enemies + ["party"], "player or enemy", hint="nearest")
    return name if name in players or name == "party" else "enemy:" + name

def enemy_name(state: State, word: str | None) -> str:
    living = [e.name for e in state.enemies if not e.defeated]
    if not living:
        raise MoveSyntaxError("no Enemy in play; add one: enemy \"Crab\" 8/10/12/14/16")
    if word is not None:
        return match(word, living, "enemy", hint="nearest")
    if len(living) == 1:
        return living[0]
    raise AmbiguousMove("several Enemies are in play; name one", living)


# ------------------------------------------------------------------------------------- commands


def parse(verbs: dict, state: State, words: list[str], aliases: dict[str, str]) -> Change:
    """A command's Change; `verbs`: the rows (track.VERBS), `aliases`: every word they read as a verb;
    the verb's row reads the words after it."""
    words = [w for w in words if w.strip()]
    if not words:
        raise MoveSyntaxError(f"empty command; verbs: {', '.join(verbs)}")
    head = words[0].lower()
    verb = aliases.get(head, head)
    if verb not in verbs and head in ("undo", "redo"):  # the session's own commands, not a play or a change
        raise UnknownVerb(f"unknown verb {words[0]!r}: the session's own command, not a play or a change; companion track {head} "
                          f"{'takes back the last one' if head == 'undo' else 'makes the last one taken back again'}",
                          words[0])
    if verb not in verbs:
        raise UnknownVerb(f"unknown verb {words[0]!r}; nearest: {', '.join(nearest(head, list(verbs))) or 'none'}", words[0])
    return read_words(verbs, state, verb, words[1:], WORDS)


# A row's `read` names the kinds of its words (read by WORDS, one word each) or is one of the readers
# below, reader(state, verb, the words after it, usage) -> Change, for the words no kind list says.


def _shown(verb: str, before: list) -> list[str]:
    """The command so far as an amount's message repeats it: the verb, the players and powers read,
    a counter's target as typed."""
    return [verb, *(word if kind == "target" else arg for kind, word, arg in before if kind != "verb")]


def _what(verb: str, before: list) -> str:
    """What an amount changes: the counter named before it, else the verb."""
    return next((arg for kind, _, arg in before if kind == "name"), verb)


def _counter_name(word: str) -> str:
    """The name of a status counter (`status party treasure +1`): letters, digits and '-'."""
    if not re.fullmatch(r"[a-z][a-z0-9-]*", word.lower()):
        raise MoveSyntaxError(f"{word!r} is not a counter name (letters, digits, '-')")
    return word.lower()


def _step(word: str) -> str:
    """A combat step, by its word or the words of its step."""
    step = match(word, ["start", "next", "round", "end", *STEP_WORDS], "combat step", hint="nearest")
    return STEP_WORDS.get(step, step)


#: the kinds of words a row may name, each read on its own (engine.tracking.read_words)
WORDS = Words(
    kinds={
        "player": lambda state, verb, word, before: player_name(state, word),
        "player-or-all": lambda state, verb, word, before: "all" if word.lower() == "all" else player_name(state, word),
        "power": lambda state, verb, word, before: power_slot(state, before[0][2], word),
        "side": lambda state, verb, word, before: match(word, list(SIDES), "side", hint="nearest"),
        "step": lambda state, verb, word, before: _step(word),
        "target": lambda state, verb, word, before: target_of(state, word),
        "name": lambda state, verb, word, before: _counter_name(word),
        "change": lambda state, verb, word, before: _change(word, _what(verb, before), _shown(verb, before)),
        "party-change": lambda state, verb, word, before: _change(word, verb.capitalize(), [verb]),
    },
    missing=lambda verb, usage: f"missing words; usage: {usage}",
    unexpected=lambda verb, usage, word: f"unexpected {word!r}; usage: {usage}",
)


def read_refresh(state, verb, rest, usage):
    if not rest:
        return Change(verb="refresh")
    usage = "refresh  |  refresh kpt ann 2 (Ice Elf Lich)"
    if rest[0].lower() != "kpt":
        raise MoveSyntaxError(f"unexpected {rest[0]!r}; usage: {usage}")
    need(rest, 3, usage)
    extra(rest, 3, usage)
    return Change(verb="refresh", args=("kpt", player_name(state, rest[1]),
                                        str(_positive(rest[2], "KPT to spend"))))


def read_next_card(state, verb, rest, usage):
    extra(rest, 1, usage)
    kind = match(rest[0], list(CARD_KINDS), "card kind", hint="nearest") if rest else "other"
    return Change(verb="next-card", args=(kind,))


def read_resolved(state, verb, rest, usage):
    extra(rest, 0, "resolved")
    return Change(verb="resolved")


#: the words of `enemy NAME HEALTH ...` after the name
ENEMY_WORDS = ("boss", "monster", "armor")


def read_enemy(state, verb, rest, usage):
    need(rest, 1, usage)
    sub = rest[0].lower()
    if sub in ("damage", "armor", "armorshred"):
        need(rest, 2, usage)
        n = _positive(rest[1], sub)
        target = enemy_name(state, " ".join(rest[2:]) if len(rest) > 2 else None)  # a name of several words
        return Change(verb="enemy", args=(sub, str(n), target))
    if sub in ("defeated", "defeat", "dead", "killed"):
        target = enemy_name(state, " ".join(rest[1:]) if len(rest) > 1 else None)
        return Change(verb="enemy", args=("defeated", target))
    # a new Enemy: NAME HEALTH-LIST [boss|monster] [armor N]; an unquoted name of several words
    # (`enemy Hired Blades 12/14/16/18/20`) is every word before the health list or a keyword
    need(rest, 2, usage)
    i = 1
    while i < len(rest) - 1 and not re.fullmatch(r"[\d/]+", rest[i]) and rest[i].lower() not in ENEMY_WORDS:
        i += 1
    name = " ".join(rest[:i])
    kind = "boss" if state.phase == "card" and state.card == "boss" else "monster"
    armor = 0
    health_words: list[str] = []
    while i < len(rest):
        w = rest[i].lower()
        if w in ("boss", "monster"):
            kind = w
        elif w == "armor":
            if i + 1 >= len(rest):
                raise MoveSyntaxError(f"armor needs a number; usage: {usage}")
            armor = _positive(rest[i + 1], "armor")
            i += 1
        else:
            health_words.append(rest[i])
        i += 1
    printed = "".join(health_words).replace(" ", "")
    if not re.fullmatch(r"\d+(/\d+)*", printed):
        raise MoveSyntaxError(f"{' '.join(health_words) or rest[1]!r} is not a health list; "
                              f"type the printed values, e.g. 8/10/12/14/16 or 20")
    values = printed.split("/")
    if len(values) not in (1, 5):
        raise MoveSyntaxError(f"{printed!r}: an Enemy's health is printed as five values "
                              f"(1 to 5 characters; Murder Mystery: 3 to 7) or a single value")
    if any(int(v) < 1 for v in values):
        raise MoveSyntaxError(f"{printed!r}: an Enemy is printed with 1 health or more (one at 0 is defeated)")
    taken = {e.name.lower() for e in state.enemies}
    final, k = name, 2
    while final.lower() in taken:
        final, k = f"{name} {k}", k + 1
    return Change(verb="enemy", args=("add", final, printed, kind, *(("armor", str(armor)) if armor else ())))

def read_damage(state, verb, rest, usage):
    player = needs_player(state, rest, 3, usage)
    args: list[str] = [player]
    op = None
    for w in rest[1:]:
        low = w.lower()
        if low in ("exhaust", "discard", "flip"):
            op = "discard" if low == "discard" else "exhaust"
            continue
        if op is None:
            raise MoveSyntaxError(f"{w!r}: say exhaust or discard before the power; usage: {usage}")
        args += [op, power_slot(state, player, w, live=not player_of(state, player).dead)]
    if len(args) == 1:
        raise MoveSyntaxError(f"no power named; usage: {usage}")
    return Change(verb="damage", args=tuple(args))

def read_powers(state, verb, rest, usage, allow_role=False):
    """Powers of one player by slot or name (`exhaust`, `discard`; `heal`: its Role too)."""
    player = needs_player(state, rest, 2, usage)
    live = not player_of(state, player).dead
    slots = ["role" if allow_role and w.lower() == "role" else power_slot(state, player, w, live=live) for w in rest[1:]]
    return Change(verb=verb, args=(player, *slots))

#: `heal`: powers, or the player's Role
read_powers_or_role = partial(read_powers, allow_role=True)

def read_use(state, verb, rest, usage):
    player = needs_player(state, rest, 2, usage)
    slot = power_slot(state, player, rest[1])
    half, free = None, False
    for w in rest[2:]:
        low = w.lower()
        if low in ("top", "bottom") and half is None:  # each word once
            half = low
        elif low in ("free", "no-exhaust", "noexhaust") and not free:
            free = True
        else:
            raise MoveSyntaxError(f"unexpected {w!r}; usage: {usage}")
    return Change(verb="use", args=(player, slot, half or "top", *(("free",) if free else ())))

def read_gain(state, verb, rest, usage):
    player = needs_player(state, rest, 1, usage)
    return Change(verb="gain", args=(player, *named_power(rest[1:])))  # no name: apply_gain's

def read_replace(state, verb, rest, usage):
    player = needs_player(state, rest, 2, usage)
    slot = power_slot(state, player, rest[1])
    return Change(verb="replace", args=(player, slot, *named_power(rest[2:])))  # no name: apply_replace's


def named_power(words: list[str]) -> tuple[str, ...]:
    """The new power's name as typed, or nothing: the echo keeps only what the table said (the tracker
    calls an unnamed power track_boards.NEW_POWER when it applies the change)."""
    return (" ".join(words),) if words else ()

def read_rename(state, verb, rest, usage):
    player = needs_player(state, rest, 3, usage)
    slot = power_slot(state, player, rest[1], live=False)
    return Change(verb="rename", args=(player, slot, " ".join(rest[2:])))

def read_revive(state, verb, rest, usage):
    need(rest, 1, usage)
    whole = " ".join(rest[:2]).casefold()
    if len(rest) > 1 and any(p.name.casefold() == whole for p in state.players):  # an unquoted name of two words
        rest = [" ".join(rest[:2]), *rest[2:]]
    extra(rest, 3, usage)
    return Change(verb="revive", args=(player_name(state, rest[0]), *rest[1:3]))  # names left out: apply_revive's
