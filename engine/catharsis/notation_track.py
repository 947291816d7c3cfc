"""Catharsis: reading tracker commands as the table says them: a new game's options (Boss Deck,
Morale and its thresholds, Hard Mode, characters, powers, Paradox, Kill Point Tokens) into a State,
one word of a command (amounts, players, powers, Enemies, counter targets), and a command's words
into a Change, one reader per verb."""
from __future__ import annotations

import difflib
import re

from engine.base import AmbiguousMove, MoveSyntaxError
from engine.tracking import Change, OptionError
from engine.words import match, nearest

from .model import (BOARD_MAX, BOSS_ALIASES, BOSS_DECKS, CARD_KINDS, CHARACTERS, DISCARDED, SIDES, STEP_WORDS, Player,
                    Power, State, Threshold)


# ------------------------------------------------------------------------------------- words

def _signed(n: int) -> str:
    return f"{n:+d}"


def _amount(word: str, what: str = "amount") -> int:
    if not re.fullmatch(r"[+-]?\d+", word.strip()):
        raise MoveSyntaxError(f"{word!r} is not a number ({what}); e.g. 2, +2 or -1")
    return int(word)


def _change(word: str, what: str, before: list[str]) -> str:
    """A signed change: '+2' or '-1'; a bare '2' could mean either, so both readings are listed."""
    n = _amount(word, what)
    if n and word.strip()[0] not in "+-":
        head = " ".join(before)
        raise AmbiguousMove(f"{word!r} has no sign: gain or loss of {what}?", [f"{head} +{n}", f"{head} -{n}"])
    return _signed(n)


def is_pattern(advice: str) -> bool:
    """Advice written as a pattern (`enemy damage N`, `roll ann ...`), not a command to type as is."""
    return "..." in advice or any(w.isupper() for w in advice.split())


def _positive(word: str, what: str) -> int:
    n = _amount(word, what)
    if n < 0:
        raise MoveSyntaxError(f"{word!r}: {what} must be 0 or more")
    return n


class Reading:
    """The word readers the verb parsers (and the checks) share."""

    def _need(self, rest: list[str], n: int, usage: str) -> None:
        if len(rest) < n:
            raise MoveSyntaxError(f"missing words; usage: {usage}")

    def _extra(self, rest: list[str], n: int, usage: str) -> None:
        if len(rest) > n:
            raise MoveSyntaxError(f"unexpected {rest[n]!r}; usage: {usage}")

    def _player(self, state: State, word: str) -> str:
        return match(word, [p.name for p in state.players], "player", hint="nearest")

    def _get_player(self, state: State, name: str) -> Player:
        return next(p for p in state.players if p.name == name)

    def _power(self, state: State, player: str, word: str, live: bool = True) -> str:
        """A power of this player by slot number (1-6) or by name; returns the slot number."""
        p = self._get_player(state, player)
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

    def _target(self, state: State, word: str, allow_party: bool = True) -> str:
        """A player, an enemy (or 'enemy' for the only one in play) or the party, for counters."""
        low = word.lower()
        if allow_party and low == "party":
            return "party"
        players = [p.name for p in state.players]
        enemies = [e.name for e in state.enemies if not e.defeated]
        if low == "enemy":
            return "enemy:" + self._enemy(state, None)
        choices = players + enemies + (["party"] if allow_party else [])
        name = match(word, choices, "player or enemy", hint="nearest")
        if name == "party":
            return "party"
        return name if name in players else "enemy:" + name

    def _enemy(self, state: State, word: str | None) -> str:
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

class Parsing:
    """parse() and the _parse_VERB readers (the word readers are in reading.py)."""

    def parse(self, state: State, words: list[str]) -> Change:
        words = [w for w in words if w.strip()]
        if not words:
            raise MoveSyntaxError(f"empty command; verbs: {', '.join(self.COMMANDS)}")
        head = words[0].lower()
        verb = self.VERB_ALIASES.get(head, head)
        if verb not in self.COMMANDS:
            raise MoveSyntaxError(f"unknown verb {words[0]!r}; nearest: {', '.join(nearest(head, list(self.COMMANDS))) or 'none'}")
        rest = words[1:]
        return getattr(self, "_parse_" + verb.replace("-", "_"))(state, rest)

    def _parse_morale(self, state, rest):
        usage = self.COMMANDS["morale"]
        self._need(rest, 1, usage)
        self._extra(rest, 1, usage)
        return Change(verb="morale", args=(_change(rest[0], "Morale", ["morale"]),))

    def _parse_refresh(self, state, rest):
        if not rest:
            return Change(verb="refresh")
        usage = "refresh  |  refresh kpt ann 2 (Ice Elf Lich)"
        if rest[0].lower() != "kpt":
            raise MoveSyntaxError(f"unexpected {rest[0]!r}; usage: {usage}")
        self._need(rest, 3, usage)
        self._extra(rest, 3, usage)
        return Change(verb="refresh", args=("kpt", self._player(state, rest[1]),
                                            str(_positive(rest[2], "KPT to spend"))))

    def _parse_next_card(self, state, rest):
        self._extra(rest, 1, self.COMMANDS["next-card"])
        kind = match(rest[0], list(CARD_KINDS), "card kind", hint="nearest") if rest else "other"
        return Change(verb="next-card", args=(kind,))

    def _parse_resolved(self, state, rest):
        self._extra(rest, 0, "resolved")
        return Change(verb="resolved")

    def _parse_combat(self, state, rest):
        usage = self.COMMANDS["combat"]
        self._need(rest, 1, usage)
        self._extra(rest, 1, usage)
        options = ["start", "next", "round", "end", *STEP_WORDS]
        word = match(rest[0], options, "combat step", hint="nearest")
        return Change(verb="combat", args=(STEP_WORDS.get(word, word),))

    def _parse_enemy(self, state, rest):
        usage = self.COMMANDS["enemy"]
        self._need(rest, 1, usage)
        sub = rest[0].lower()
        if sub in ("damage", "armor", "armorshred"):
            self._need(rest, 2, usage)
            self._extra(rest, 3, usage)
            n = _positive(rest[1], sub)
            target = self._enemy(state, rest[2] if len(rest) > 2 else None)
            return Change(verb="enemy", args=(sub, str(n), target))
        if sub in ("defeated", "defeat", "dead", "killed"):
            self._extra(rest, 2, usage)
            target = self._enemy(state, rest[1] if len(rest) > 1 else None)
            return Change(verb="enemy", args=("defeated", target))
        # a new Enemy: NAME HEALTH-LIST [boss|monster] [armor N]
        name = rest[0]
        self._need(rest, 2, usage)
        kind = "boss" if state.phase == "card" and state.card == "boss" else "monster"
        armor = 0
        health_words: list[str] = []
        i = 1
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
        return Change(verb="enemy", args=("add", final, printed, kind, str(armor)))

    def _parse_damage(self, state, rest):
        usage = self.COMMANDS["damage"]
        self._need(rest, 3, usage)
        player = self._player(state, rest[0])
        args: list[str] = [player]
        op = None
        for w in rest[1:]:
            low = w.lower()
            if low in ("exhaust", "discard", "flip"):
                op = "discard" if low == "discard" else "exhaust"
                continue
            if op is None:
                raise MoveSyntaxError(f"{w!r}: say exhaust or discard before the power; usage: {usage}")
            args += [op, self._power(state, player, w, live=not self._get_player(state, player).dead)]
        if len(args) == 1:
            raise MoveSyntaxError(f"no power named; usage: {usage}")
        return Change(verb="damage", args=tuple(args))

    def _parse_powers_list(self, verb, state, rest, allow_role=False):
        usage = self.COMMANDS[verb]
        self._need(rest, 2, usage)
        player = self._player(state, rest[0])
        slots = []
        for w in rest[1:]:
            if allow_role and w.lower() == "role":
                slots.append("role")
            else:
                slots.append(self._power(state, player, w, live=not self._get_player(state, player).dead))
        return Change(verb=verb, args=(player, *slots))

    def _parse_exhaust(self, state, rest):
        return self._parse_powers_list("exhaust", state, rest)

    def _parse_heal(self, state, rest):
        return self._parse_powers_list("heal", state, rest, allow_role=True)

    def _parse_discard(self, state, rest):
        return self._parse_powers_list("discard", state, rest)

    def _parse_use(self, state, rest):
        usage = self.COMMANDS["use"]
        self._need(rest, 2, usage)
        player = self._player(state, rest[0])
        slot = self._power(state, player, rest[1])
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

    def _parse_gain(self, state, rest):
        usage = self.COMMANDS["gain"]
        self._need(rest, 1, usage)
        player = self._player(state, rest[0])
        return Change(verb="gain", args=(player, " ".join(rest[1:]) or "new power"))

    def _parse_replace(self, state, rest):
        usage = self.COMMANDS["replace"]
        self._need(rest, 2, usage)
        player = self._player(state, rest[0])
        slot = self._power(state, player, rest[1])
        return Change(verb="replace", args=(player, slot, " ".join(rest[2:]) or "new power"))

    def _parse_side(self, state, rest):
        usage = self.COMMANDS["side"]
        self._need(rest, 3, usage)
        self._extra(rest, 3, usage)
        player = self._player(state, rest[0])
        slot = self._power(state, player, rest[1])
        side = match(rest[2], list(SIDES), "side", hint="nearest")
        return Change(verb="side", args=(player, slot, side))

    def _parse_rename(self, state, rest):
        usage = self.COMMANDS["rename"]
        self._need(rest, 3, usage)
        player = self._player(state, rest[0])
        slot = self._power(state, player, rest[1], live=False)
        return Change(verb="rename", args=(player, slot, " ".join(rest[2:])))

    def _parse_one_player(self, verb, state, rest):
        usage = self.COMMANDS[verb]
        self._need(rest, 1, usage)
        self._extra(rest, 1, usage)
        return Change(verb=verb, args=(self._player(state, rest[0]),))

    def _parse_flip(self, state, rest):
        return self._parse_one_player("flip", state, rest)

    def _parse_unflip(self, state, rest):
        return self._parse_one_player("unflip", state, rest)

    def _parse_drunk(self, state, rest):
        return self._parse_one_player("drunk", state, rest)

    def _parse_revive(self, state, rest):
        usage = self.COMMANDS["revive"]
        self._need(rest, 1, usage)
        self._extra(rest, 3, usage)
        player = self._player(state, rest[0])
        names = list(rest[1:3]) + ["revived 1", "revived 2"][len(rest[1:3]):]
        return Change(verb="revive", args=(player, *names))

    def _parse_player_amount(self, verb, state, rest, allow_all=False):
        usage = self.COMMANDS[verb]
        self._need(rest, 2, usage)
        self._extra(rest, 2, usage)
        who = "all" if allow_all and rest[0].lower() == "all" else self._player(state, rest[0])
        return Change(verb=verb, args=(who, _change(rest[1], verb, [verb, who])))

    def _parse_divinity(self, state, rest):
        return self._parse_player_amount("divinity", state, rest)

    def _parse_cobble(self, state, rest):
        return self._parse_player_amount("cobble", state, rest)

    def _parse_demonic(self, state, rest):
        return self._parse_player_amount("demonic", state, rest)

    def _parse_drinks(self, state, rest):
        return self._parse_player_amount("drinks", state, rest)

    def _parse_kpt(self, state, rest):
        return self._parse_player_amount("kpt", state, rest, allow_all=True)

    def _parse_power_amount(self, verb, state, rest):
        usage = self.COMMANDS[verb]
        self._need(rest, 3, usage)
        self._extra(rest, 3, usage)
        player = self._player(state, rest[0])
        slot = self._power(state, player, rest[1])
        return Change(verb=verb, args=(player, slot, _change(rest[2], verb, [verb, player, slot])))

    def _parse_combo(self, state, rest):
        return self._parse_power_amount("combo", state, rest)

    def _parse_ice(self, state, rest):
        return self._parse_power_amount("ice", state, rest)

    def _parse_level_up(self, state, rest):
        usage = self.COMMANDS["level-up"]
        self._need(rest, 2, usage)
        self._extra(rest, 2, usage)
        player = self._player(state, rest[0])
        return Change(verb="level-up", args=(player, self._power(state, player, rest[1])))

    def _parse_paradox(self, state, rest):
        usage = self.COMMANDS["paradox"]
        self._need(rest, 1, usage)
        self._extra(rest, 1, usage)
        return Change(verb="paradox", args=(_change(rest[0], "Paradox", ["paradox"]),))

    def _parse_counter(self, verb, kind, state, rest):
        usage = self.COMMANDS[verb]
        self._need(rest, 2, usage)
        self._extra(rest, 2, usage)
        target = self._target(state, rest[0])
        return Change(verb=verb, args=(target, kind, _change(rest[1], kind, [verb, rest[0]])))

    def _parse_burn(self, state, rest):
        return self._parse_counter("burn", "burn", state, rest)

    def _parse_spore(self, state, rest):
        return self._parse_counter("spore", "spore", state, rest)

    def _parse_status(self, state, rest):
        usage = self.COMMANDS["status"]
        self._need(rest, 3, usage)
        self._extra(rest, 3, usage)
        kind = rest[1].lower()
        if not re.fullmatch(r"[a-z][a-z0-9-]*", kind):
            raise MoveSyntaxError(f"{rest[1]!r} is not a counter name (letters, digits, '-')")
        target = self._target(state, rest[0])
        return Change(verb="status", args=(target, kind, _change(rest[2], kind, ["status", rest[0], kind])))


# ------------------------------------------------------------------------------------- a new game

class NewGame:
    """new_state() and the reading of each option."""

    def new_state(self, players: list[str], options: dict[str, str]) -> State:
        unknown = [k for k in options if k not in self.OPTIONS]
        if unknown:
            raise OptionError(f"unknown option {unknown[0]!r}; valid options: {', '.join(self.OPTIONS)}")
        names = [p.strip() for p in players if p and p.strip()]
        if not names:
            raise OptionError("players: at least one player name is needed")
        lowered = [n.lower() for n in names]
        if len(set(lowered)) != len(lowered):
            raise OptionError("players: two players have the same name")

        boss = self._opt_boss(options.get("boss", "other"))
        n = len(names)
        if boss == "murder-mystery" and not 3 <= n <= 7:
            raise OptionError(f"boss: murder-mystery is for 3 to 7 characters, this table has {n}; "
                              f"choose another boss deck")
        if boss != "murder-mystery" and not 1 <= n <= 5:
            raise OptionError(f"boss: {boss} is for 1 to 5 characters, this table has {n}; "
                              f"only murder-mystery takes 6 or 7")
        hard = self._opt_flag("hard", options.get("hard", "no"))

        raw_morale = options.get("morale")
        if raw_morale is None:
            if boss != "ice-elf-lich":
                raise OptionError("morale: required: the starting Morale on the Boss Deck's Morale card "
                                  "(e.g. morale=18), or morale=none")
            morale = None
        elif raw_morale.strip().lower() in ("none", "no", "-"):
            morale = None
        else:
            try:
                morale = int(raw_morale)
            except ValueError:
                raise OptionError(f"morale: {raw_morale!r} is not a number; give the starting Morale "
                                  f"(e.g. morale=18) or none") from None
            if morale < 1:
                raise OptionError("morale: the starting Morale must be 1 or more, or none")
            if boss == "ice-elf-lich":
                raise OptionError("morale: the Ice Elf Lich deck has no Morale; use morale=none")

        thresholds = self._opt_thresholds(options.get("thresholds", ""), morale)
        characters = self._opt_characters(options.get("characters", ""), names)
        counts = self._opt_powers(options.get("powers", "6"), names)

        paradox = self._opt_count("paradox", options.get("paradox", "0"))
        if paradox and boss not in ("battle-with-fate", "other"):
            raise OptionError("paradox: Paradox belongs to the battle-with-fate Boss Deck")
        kpt = self._opt_count("kpt", options.get("kpt", "0"))
        if kpt and boss not in ("ice-elf-lich", "other"):
            raise OptionError("kpt: Kill Point Tokens belong to the ice-elf-lich Boss Deck")

        built = []
        for name in names:
            ch = characters.get(name)
            level = 1 if ch == "Luthia" else None
            powers = tuple(Power(name=str(i + 1), level=level) for i in range(counts[name]))
            built.append(Player(name=name, character=ch, powers=powers, kpt=kpt))
        return State(boss=boss, hard_mode=hard, characters_started=n, morale=morale, morale_start=morale,
                     thresholds=thresholds, paradox=paradox, players=tuple(built))

    def _opt_boss(self, raw: str) -> str:
        key = raw.strip().lower().replace(" ", "-").replace("_", "-")
        key = BOSS_ALIASES.get(key, key)
        if key not in BOSS_DECKS:
            raise OptionError(f"boss: unknown Boss Deck {raw!r}; valid: {', '.join(BOSS_DECKS)}")
        return key

    def _opt_flag(self, name: str, raw: str) -> bool:
        low = raw.strip().lower()
        if low in ("yes", "y", "true", "on", "1"):
            return True
        if low in ("no", "n", "false", "off", "0", ""):
            return False
        raise OptionError(f"{name}: {raw!r} is not yes or no; valid: yes, no")

    def _opt_count(self, name: str, raw: str) -> int:
        try:
            value = int(raw)
        except ValueError:
            raise OptionError(f"{name}: {raw!r} is not a whole number (0 or more)") from None
        if value < 0:
            raise OptionError(f"{name}: must be 0 or more")
        return value

    def _opt_thresholds(self, raw: str, morale: int | None) -> tuple[Threshold, ...]:
        raw = raw.strip()
        if not raw:
            return ()
        if morale is None:
            raise OptionError("thresholds: a game without Morale (morale=none) has no Morale thresholds")
        out: dict[int, str] = {}
        for part in raw.split(";"):
            if not part.strip():
                continue
            at, sep, text = part.partition(":")
            if not sep or not at.strip().isdigit():
                raise OptionError(f"thresholds: {part.strip()!r} is not VALUE:EFFECT, "
                                  f"e.g. thresholds=\"17:everyone takes 2 damage;12:...\"")
            value = int(at)
            if not 1 <= value < morale:
                raise OptionError(f"thresholds: {value} must be between 1 and {morale - 1} "
                                  f"(below the starting Morale {morale}; 0 already loses)")
            if value in out:
                raise OptionError(f"thresholds: {value} is listed twice")
            out[value] = text.strip() or "(effect on the Morale card)"
        return tuple(Threshold(at=v, effect=out[v]) for v in sorted(out, reverse=True))

    def _opt_characters(self, raw: str, names: list[str]) -> dict[str, str]:
        out: dict[str, str] = {}
        for part in raw.split(","):
            if not part.strip():
                continue
            who, sep, ch = part.partition("=")
            if not sep or not ch.strip():
                raise OptionError(f"characters: {part.strip()!r} is not NAME=CHARACTER, "
                                  f"e.g. characters=\"Ann=Durhak,Ben=Goz\"")
            try:
                player = match(who.strip(), names, "player", hint="nearest")
            except (MoveSyntaxError, AmbiguousMove) as exc:
                raise OptionError(f"characters: {exc}") from None
            out[player] = self._character_name(ch.strip())
        return out

    @staticmethod
    def _character_name(raw: str) -> str:
        first = re.split(r"[ ,]", raw.strip())[0].lower()
        for c in CHARACTERS:
            if c.lower() == first or (len(first) >= 3 and c.lower().startswith(first)):
                return c
        close = difflib.get_close_matches(first, [c.lower() for c in CHARACTERS], n=1, cutoff=0.75)
        if close:
            raise OptionError(f"characters: unknown character {raw!r}; did you mean "
                              f"{close[0].capitalize()}? known: {', '.join(CHARACTERS)}")
        return raw.strip()  # a character this rulebook does not describe: no character rules

    def _opt_powers(self, raw: str, names: list[str]) -> dict[str, int]:
        raw = raw.strip()
        counts = {n: BOARD_MAX for n in names}

        def check(v: str) -> int:
            if not v.strip().isdigit() or not 1 <= int(v) <= BOARD_MAX:
                raise OptionError(f"powers: {v.strip()!r} must be a number of powers from 1 to {BOARD_MAX}")
            return int(v)

        if "=" not in raw:
            value = check(raw or "6")
            return {n: value for n in names}
        for part in raw.split(","):
            if not part.strip():
                continue
            who, _, v = part.partition("=")
            try:
                player = match(who.strip(), names, "player", hint="nearest")
            except (MoveSyntaxError, AmbiguousMove) as exc:
                raise OptionError(f"powers: {exc}") from None
            counts[player] = check(v)
        return counts
