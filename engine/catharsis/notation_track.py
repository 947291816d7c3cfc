"""Catharsis: reading tracker commands as the table says them: one word of a command (amounts,
players, powers, Enemies, counter targets), and a command's words into a Change, one reader per
verb. A new game's options are read in notation_track_options.py."""
from __future__ import annotations

import re
from functools import partial

from engine.base import AmbiguousMove, MoveSyntaxError
from engine.tracking import Change
from engine.words import amount, match, nearest, player as named

from .model import CARD_KINDS, DISCARDED, SIDES, STEP_WORDS, State, player_of


# ------------------------------------------------------------------------------------- the tables

COMMANDS: dict[str, str] = {
    "morale": "change Morale: morale -1 | morale +1 (never above the start)",
    "refresh": "spend 1 Morale: all powers unexhaust, Roles unflip: refresh "
               "(Ice Elf Lich: refresh kpt ann 2 spends Ann's KPT)",
    "next-card": "reveal the next Boss Deck card: next-card monster|boss|trap|event|special",
    "resolved": "the revealed Trap/Event/Special is resolved: resolved",
    "combat": "combat start | combat attack | combat enemy | combat refresh | combat end-round | "
              "combat next | combat round (a combat ends by itself once its last Enemy is defeated)",
    "enemy": "enemy \"Crab\" 8/10/12/14/16 [boss] [armor 2] | enemy damage 4 [crab] | "
             "enemy defeated [crab] | enemy armor 2 [crab] | enemy armorshred 1 [crab]",
    "damage": "damage ann exhaust 2 | damage ann discard 2 | damage ann exhaust 1 4 discard 1",
    "use": "activate an ability: use ann 3 [top|bottom] [free]",
    "exhaust": "exhaust powers without damage: exhaust ann 3",
    "heal": "turn exhausted powers face up: heal ann 1 4",
    "discard": "discard powers (a Special's price, a Flip): discard ann 5",
    "gain": "add a power to a board: gain ann \"Demon Lord\"",
    "replace": "replace a power (discard, draw into the same spot): replace ann 2 [\"New name\"]",
    "rename": "name a power: rename ann 3 Nail to the Eye",
    "side": "the side a Soraten power shows: side ann 2 ground | side ann 2 flight",
    "flip": "use a Role's Flip effect (Durhak: become the Vessel): flip ann",
    "unflip": "turn a Role face up where a Role allows it (Durhak, Emberhoof, Lumi): unflip ann",
    "divinity": "Durhak's Divinity (0-10): divinity ann +3 | divinity ann -2",
    "combo": "Goz's Combo on a power: combo ann 3 +1",
    "cobble": "Luthia's Cobble: cobble ann +1 | cobble ann -7",
    "level-up": "Luthia levels up a power (7 Cobble to Level 2, 12 to Level 3): level-up ann 2",
    "demonic": "Calyxia's Demonic: demonic ann +1 | demonic ann -3",
    "drinks": "Drinks a player holds (0-4): drinks ben +1 | drinks ben -1",
    "drunk": "a player failed the Drunk roll (Drinks discarded): drunk ben",
    "ice": "Lumi's Ice on a power: ice ben 2 +1 | ice ben 2 -1",
    "revive": "Lumi's Flip brings a dead player back with 2 powers: revive ben",
    "kpt": "Kill Point Tokens (Ice Elf Lich): kpt ann +2 | kpt all +1 | kpt ann -3",
    "paradox": "party Paradox (Battle with Fate): paradox +2",
    "burn": "Burn counters on a player, an enemy or the party: burn crab +2 | burn ann -1",
    "spore": "Spore counters: spore ann +1",
    "status": "any other counter: status party treasure +1 | status crab poison +2",
}


# ------------------------------------------------------------------------------------- words

def _amount(word: str, what: str = "amount") -> int:
    if not re.fullmatch(r"[+-]?\d+", word.strip()):
        raise MoveSyntaxError(f"{word!r} is not a number ({what}); e.g. 2, +2 or -1")
    return int(word)


def _change(word: str, what: str, before: list[str]) -> str:
    """A signed change: '+2' or '-1' (words.amount); a bare '2' could mean either, so both readings
    are listed."""
    return amount(word, " ".join(before), readings="+-", no_set=f"{what} is changed by +N or -N, not set with =N")


def is_pattern(advice: str) -> bool:
    """Advice written as a pattern (`enemy damage N`, `roll ann ...`), not a command to type as is."""
    return "..." in advice or any(w.isupper() for w in advice.split())


def _positive(word: str, what: str) -> int:
    n = _amount(word, what)
    if n < 0:
        raise MoveSyntaxError(f"{word!r}: {what} must be 0 or more")
    return n


def need(rest: list[str], n: int, usage: str) -> None:
    if len(rest) < n:
        raise MoveSyntaxError(f"missing words; usage: {usage}")

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

def target_of(state: State, word: str, allow_party: bool = True) -> str:
    """A player, an enemy (or 'enemy' for the only one in play) or the party, for counters."""
    low = word.lower()
    if allow_party and low == "party":
        return "party"
    players = [p.name for p in state.players]
    enemies = [e.name for e in state.enemies if not e.defeated]
    if low == "enemy":
        return "enemy:" + enemy_name(state, None)
    choices = players + enemies + (["party"] if allow_party else [])
    name = match(word, choices, "player or enemy", hint="nearest")
    if name == "party":
        return "party"
    return name if name in players else "enemy:" + name

def enemy_name(state: State, word: str | None) -> str:
    living = [e.name for e in state.enemies if not e.defeated]
    if word is None:
        if len(living) == 1:
            return living[0]
        if not living:
            raise MoveSyntaxError("no Enemy in play; add one: enemy \"Crab\" 8/10/12/14/16")
        raise AmbiguousMove("several Enemies are in play; name one", living)
    if not living:
        raise MoveSyntaxError("no Enemy in play; add one: enemy \"Crab\" 8/10/12/14/16")
    return match(word, living, "enemy", hint="nearest")


# ------------------------------------------------------------------------------------- commands


def parse(state: State, words: list[str], aliases: dict[str, str]) -> Change:
    """A command's Change; `aliases`: every word read as a verb (the rows of track.VERBS name them)."""
    words = [w for w in words if w.strip()]
    if not words:
        raise MoveSyntaxError(f"empty command; verbs: {', '.join(COMMANDS)}")
    head = words[0].lower()
    verb = aliases.get(head, head)
    if verb not in COMMANDS:
        raise MoveSyntaxError(f"unknown verb {words[0]!r}; nearest: {', '.join(nearest(head, list(COMMANDS))) or 'none'}")
    rest = words[1:]
    return PARSERS[verb](state, rest)

def _parse_morale(state, rest):
    usage = COMMANDS["morale"]
    need(rest, 1, usage)
    extra(rest, 1, usage)
    return Change(verb="morale", args=(_change(rest[0], "Morale", ["morale"]),))

def _parse_refresh(state, rest):
    if not rest:
        return Change(verb="refresh")
    usage = "refresh  |  refresh kpt ann 2 (Ice Elf Lich)"
    if rest[0].lower() != "kpt":
        raise MoveSyntaxError(f"unexpected {rest[0]!r}; usage: {usage}")
    need(rest, 3, usage)
    extra(rest, 3, usage)
    return Change(verb="refresh", args=("kpt", player_name(state, rest[1]),
                                        str(_positive(rest[2], "KPT to spend"))))

def _parse_next_card(state, rest):
    extra(rest, 1, COMMANDS["next-card"])
    kind = match(rest[0], list(CARD_KINDS), "card kind", hint="nearest") if rest else "other"
    return Change(verb="next-card", args=(kind,))

def _parse_resolved(state, rest):
    extra(rest, 0, "resolved")
    return Change(verb="resolved")

def _parse_combat(state, rest):
    usage = COMMANDS["combat"]
    need(rest, 1, usage)
    extra(rest, 1, usage)
    options = ["start", "next", "round", "end", *STEP_WORDS]
    word = match(rest[0], options, "combat step", hint="nearest")
    return Change(verb="combat", args=(STEP_WORDS.get(word, word),))


#: the words of `enemy NAME HEALTH ...` after the name
ENEMY_WORDS = ("boss", "monster", "armor")


def _parse_enemy(state, rest):
    usage = COMMANDS["enemy"]
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
    taken = {e.name.lower() for e in state.enemies}
    final, k = name, 2
    while final.lower() in taken:
        final, k = f"{name} {k}", k + 1
    return Change(verb="enemy", args=("add", final, printed, kind, *(("armor", str(armor)) if armor else ())))

def _parse_damage(state, rest):
    usage = COMMANDS["damage"]
    need(rest, 3, usage)
    player = player_name(state, rest[0])
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

def _parse_powers_list(verb, state, rest, allow_role=False):
    usage = COMMANDS[verb]
    need(rest, 2, usage)
    player = player_name(state, rest[0])
    slots = []
    for w in rest[1:]:
        if allow_role and w.lower() == "role":
            slots.append("role")
        else:
            slots.append(power_slot(state, player, w, live=not player_of(state, player).dead))
    return Change(verb=verb, args=(player, *slots))

def _parse_use(state, rest):
    usage = COMMANDS["use"]
    need(rest, 2, usage)
    player = player_name(state, rest[0])
    slot = power_slot(state, player, rest[1])
    half, free = "top", False
    for w in rest[2:]:
        low = w.lower()
        if low in ("top", "bottom"):
            half = low
        elif low in ("free", "no-exhaust", "noexhaust"):
            free = True
        else:
            raise MoveSyntaxError(f"unexpected {w!r}; usage: {usage}")
    return Change(verb="use", args=(player, slot, half, *(("free",) if free else ())))

def _parse_gain(state, rest):
    usage = COMMANDS["gain"]
    need(rest, 1, usage)
    player = player_name(state, rest[0])
    return Change(verb="gain", args=(player, " ".join(rest[1:]) or "new power"))

def _parse_replace(state, rest):
    usage = COMMANDS["replace"]
    need(rest, 2, usage)
    player = player_name(state, rest[0])
    slot = power_slot(state, player, rest[1])
    return Change(verb="replace", args=(player, slot, " ".join(rest[2:]) or "new power"))

def _parse_side(state, rest):
    usage = COMMANDS["side"]
    need(rest, 3, usage)
    extra(rest, 3, usage)
    player = player_name(state, rest[0])
    slot = power_slot(state, player, rest[1])
    side = match(rest[2], list(SIDES), "side", hint="nearest")
    return Change(verb="side", args=(player, slot, side))

def _parse_rename(state, rest):
    usage = COMMANDS["rename"]
    need(rest, 3, usage)
    player = player_name(state, rest[0])
    slot = power_slot(state, player, rest[1], live=False)
    return Change(verb="rename", args=(player, slot, " ".join(rest[2:])))

def _parse_one_player(verb, state, rest):
    usage = COMMANDS[verb]
    need(rest, 1, usage)
    extra(rest, 1, usage)
    return Change(verb=verb, args=(player_name(state, rest[0]),))

def _parse_revive(state, rest):
    usage = COMMANDS["revive"]
    need(rest, 1, usage)
    extra(rest, 3, usage)
    player = player_name(state, rest[0])
    names = list(rest[1:3]) + ["revived 1", "revived 2"][len(rest[1:3]):]
    return Change(verb="revive", args=(player, *names))

def _parse_player_amount(verb, state, rest, allow_all=False):
    usage = COMMANDS[verb]
    need(rest, 2, usage)
    extra(rest, 2, usage)
    who = "all" if allow_all and rest[0].lower() == "all" else player_name(state, rest[0])
    return Change(verb=verb, args=(who, _change(rest[1], verb, [verb, who])))

def _parse_power_amount(verb, state, rest):
    usage = COMMANDS[verb]
    need(rest, 3, usage)
    extra(rest, 3, usage)
    player = player_name(state, rest[0])
    slot = power_slot(state, player, rest[1])
    return Change(verb=verb, args=(player, slot, _change(rest[2], verb, [verb, player, slot])))

def _parse_level_up(state, rest):
    usage = COMMANDS["level-up"]
    need(rest, 2, usage)
    extra(rest, 2, usage)
    player = player_name(state, rest[0])
    return Change(verb="level-up", args=(player, power_slot(state, player, rest[1])))

def _parse_paradox(state, rest):
    usage = COMMANDS["paradox"]
    need(rest, 1, usage)
    extra(rest, 1, usage)
    return Change(verb="paradox", args=(_change(rest[0], "Paradox", ["paradox"]),))

def _parse_counter(verb, kind, state, rest):
    usage = COMMANDS[verb]
    need(rest, 2, usage)
    extra(rest, 2, usage)
    target = target_of(state, rest[0])
    return Change(verb=verb, args=(target, kind, _change(rest[1], kind, [verb, rest[0]])))

def _parse_status(state, rest):
    usage = COMMANDS["status"]
    need(rest, 3, usage)
    extra(rest, 3, usage)
    kind = rest[1].lower()
    if not re.fullmatch(r"[a-z][a-z0-9-]*", kind):
        raise MoveSyntaxError(f"{rest[1]!r} is not a counter name (letters, digits, '-')")
    target = target_of(state, rest[0])
    return Change(verb="status", args=(target, kind, _change(rest[2], kind, ["status", rest[0], kind])))


#: verb -> its reader (state, the words after the verb) -> Change
PARSERS = {
    "morale": _parse_morale,
    "refresh": _parse_refresh,
    "next-card": _parse_next_card,
    "resolved": _parse_resolved,
    "combat": _parse_combat,
    "enemy": _parse_enemy,
    "damage": _parse_damage,
    "use": _parse_use,
    "exhaust": partial(_parse_powers_list, "exhaust"),
    "heal": partial(_parse_powers_list, "heal", allow_role=True),
    "discard": partial(_parse_powers_list, "discard"),
    "gain": _parse_gain,
    "replace": _parse_replace,
    "rename": _parse_rename,
    "side": _parse_side,
    "flip": partial(_parse_one_player, "flip"),
    "unflip": partial(_parse_one_player, "unflip"),
    "divinity": partial(_parse_player_amount, "divinity"),
    "combo": partial(_parse_power_amount, "combo"),
    "cobble": partial(_parse_player_amount, "cobble"),
    "level-up": _parse_level_up,
    "demonic": partial(_parse_player_amount, "demonic"),
    "drinks": partial(_parse_player_amount, "drinks"),
    "drunk": partial(_parse_one_player, "drunk"),
    "ice": partial(_parse_power_amount, "ice"),
    "revive": _parse_revive,
    "kpt": partial(_parse_player_amount, "kpt", allow_all=True),
    "paradox": _parse_paradox,
    "burn": partial(_parse_counter, "burn", "burn"),
    "spore": partial(_parse_counter, "spore", "spore"),
    "status": _parse_status,
}
