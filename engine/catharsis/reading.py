"""Catharsis: reading one word of a command: a number or a signed change, a player, a power of
a player (by slot or by name), an Enemy, a counter's target; and the word-count checks."""
from __future__ import annotations

import re

from engine.base import AmbiguousMove, MoveSyntaxError
from engine.words import match

from .model import Player, State
from .vocabulary import DISCARDED


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
