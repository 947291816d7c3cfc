"""Catharsis: reading a command as the table says it: its words -> a Change, one reader per verb."""
from __future__ import annotations

import re

from engine.base import MoveSyntaxError
from engine.tracking import Change
from engine.words import match, nearest

from .model import State
from .reading import _change, _positive
from .soraten import SIDES
from .vocabulary import CARD_KINDS, STEP_WORDS


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
