"""Cataclysm Arcade: reading tracker commands as the table says them (`damage ben boss 5`)."""
from __future__ import annotations

from engine.base import AmbiguousMove, MoveSyntaxError
from engine.tracking import Change, OptionError
from engine.words import match as _match

from .model import BOSS, Player, State


def _number(word: str, what: str) -> int:
    text = word.strip()
    digits = text[1:] if text[:1] in "+-" else text
    if not digits.isdigit():
        raise MoveSyntaxError(f"{word!r} is not a whole number ({what})")
    return int(text)


def _positive(word: str, what: str) -> int:
    value = _number(word, what)
    if value <= 0 or word.strip().startswith("-"):
        raise MoveSyntaxError(f"{word!r}: {what} must be a positive whole number")
    return value


_USAGE = {
    "next-level": "next-level  — start the next level once everyone has passed (e.g. `next-level`)",
    "pass": "pass PLAYER  — the player passes for the rest of the level (e.g. `pass ann`)",
    "coins": "coins PLAYER spend N | +N | -N  — pay a cost, or a card effect gives/takes coins "
    "(e.g. `coins ann spend 3`, `coins ann +2`)",
    "boss": "boss PLAYER HEALTH [NAME]  — set a Boss's starting (printed) health (e.g. `boss ann 30`)",
    "fighter": "fighter PLAYER NAME HEALTH [level L]  — a Fighter enters play (e.g. `fighter ann Grunt 4 level 2`)",
    "attack": "attack PLAYER CHARACTER COST  — pay the attack cost and tap the attacker (e.g. `attack ann grunt 2`)",
    "damage": "damage PLAYER CHARACTER N  — a character takes N damage (e.g. `damage ben boss 5`)",
    "heal": "heal PLAYER CHARACTER N  — Heal N, never above Starting Health (e.g. `heal ann grunt 2`)",
    "gain-health": "gain-health PLAYER CHARACTER N  — Gain Health, may exceed Starting Health "
    "(e.g. `gain-health ann boss 3`)",
    "tap": "tap PLAYER CHARACTER  — tap a Boss or Fighter (e.g. `tap ann grunt`)",
    "untap": "untap PLAYER CHARACTER  — a card effect untaps it (e.g. `untap ann grunt`)",
    "destroy": "destroy PLAYER FIGHTER  — a card effect destroys a Fighter (e.g. `destroy ben grunt`)",
}

_VERB_ALIASES = {"next": "next-level", "nextlevel": "next-level", "gain": "gain-health", "gainhealth": "gain-health"}


def _is_number(word: str) -> bool:
    text = word.strip()
    digits = text[1:] if text[:1] in "+-" else text
    return digits.isdigit()



class CommandReader:
    """The tracker's command reading (mixed into the Tracker)."""

    COMMANDS = _USAGE

    @staticmethod
    def _boss_health_option(value: str, names: list[str]) -> dict[str, int]:
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
                name = _match(who.strip(), names, "player")
            except (MoveSyntaxError, AmbiguousMove):
                raise OptionError(f"boss-health: {who.strip()!r} is not one player; choose from {', '.join(names)}") from None
            out[name] = int(amount.strip())
        return out

    # ------------------------------------------------------------ parse

    def parse(self, state: State, words: list[str]) -> Change:
        words = [w for w in (str(x).strip() for x in words) if w]
        if not words:
            raise MoveSyntaxError(f"no command; commands: {', '.join(self.COMMANDS)}")
        verb = self._verb(words[0])
        rest = words[1:]
        usage = "usage: " + self.COMMANDS[verb]

        if verb == "next-level":
            if rest:
                raise MoveSyntaxError(f"unexpected word {rest[0]!r}; {usage}")
            return Change(verb=verb)

        if not rest:
            raise MoveSyntaxError(f"missing player; {usage}")
        player = self._player(state, rest[0])
        rest = rest[1:]

        if verb == "pass":
            if rest:
                raise MoveSyntaxError(f"unexpected word {rest[0]!r}; {usage}")
            return Change(verb=verb, args=(player.name,))

        if verb == "coins":
            if not rest:
                raise MoveSyntaxError(f"missing amount; {usage}")
            if rest[0].lower() == "spend":
                if len(rest) != 2:
                    raise MoveSyntaxError(f"expected one amount after 'spend'; {usage}")
                amount = _positive(rest[1], "coins to spend")
                return Change(verb=verb, args=(player.name, "spend", str(amount)))
            if len(rest) != 1:
                raise MoveSyntaxError(f"unexpected word {rest[1]!r}; {usage}")
            try:
                amount = _number(rest[0], "coins")
            except MoveSyntaxError:
                raise MoveSyntaxError(
                    f"{rest[0]!r} is neither 'spend' nor a signed number of coins; {usage}"
                ) from None
            if amount == 0:
                raise MoveSyntaxError(f"{rest[0]!r}: a coin change of 0 changes nothing")
            return Change(verb=verb, args=(player.name, f"{amount:+d}"))

        if verb == "boss":
            if not rest:
                raise MoveSyntaxError(f"missing health; {usage}")
            health = _positive(rest[0], "Boss starting health")
            name = " ".join(rest[1:])
            return Change(verb=verb, args=(player.name, str(health), *((name,) if name else ())))

        if verb == "fighter":
            return self._parse_fighter(player, rest, usage)

        if verb in ("damage", "heal", "gain-health", "attack"):
            if len(rest) < 2:
                raise MoveSyntaxError(f"missing character or amount; {usage}")
            what = "attack cost" if verb == "attack" else f"{verb} amount"
            amount = _number(rest[-1], what)
            if verb == "attack":
                if amount < 0 or rest[-1].startswith("-"):
                    raise MoveSyntaxError(f"{rest[-1]!r}: an attack cost cannot be negative")
            else:
                amount = _positive(rest[-1], what)
            character = self._character(state, player, rest[:-1], need_health=verb != "attack")
            return Change(verb=verb, args=(player.name, character, str(amount)))

        # tap, untap, destroy
        if not rest:
            raise MoveSyntaxError(f"missing character; {usage}")
        character = self._character(state, player, rest, need_health=False)
        if verb == "destroy" and character == BOSS:
            raise MoveSyntaxError(
                f"destroy takes a Fighter; a Boss is defeated by damage (e.g. `damage {player.name.lower()} boss 5`)"
            )
        return Change(verb=verb, args=(player.name, character))

    def _verb(self, word: str) -> str:
        low = word.lower().replace("_", "-")
        low = _VERB_ALIASES.get(low, low)
        return _match(low, list(self.COMMANDS), "command")

    def _player(self, state: State, word: str) -> Player:
        name = _match(word, [p.name for p in state.players], "player")
        return state.player(name)

    def _parse_fighter(self, player: Player, rest: list[str], usage: str) -> Change:
        # NAME may be several words: everything up to the first number is the name.
        idx = next((i for i, w in enumerate(rest) if _is_number(w)), None)
        if idx is None or idx == 0:
            raise MoveSyntaxError(f"expected a Fighter name then its health; {usage}")
        name = " ".join(rest[:idx])
        if name.lower() == BOSS:
            raise MoveSyntaxError("'boss' names the player's Boss; give the Fighter its card name")
        health = _positive(rest[idx], "Fighter health")
        tail = rest[idx + 1:]
        args = [player.name, name, str(health)]
        if tail:
            if len(tail) != 2 or tail[0].lower() not in ("level", "lvl", "lv"):
                raise MoveSyntaxError(f"unexpected word {tail[0]!r}; {usage}")
            args += ["level", str(_positive(tail[1], "level requirement"))]
        return Change(verb="fighter", args=tuple(args))

    def _character(self, state: State, player: Player, words: list[str], need_health: bool) -> str:
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

    # ------------------------------------------------------------ check
