"""Cataclysm Arcade `decline all` (or `decline all before NAME`): one play made as each player's
decline in turn, as priority goes round, until the top of the Line resolves; it declines only for a
player who could not respond (docs/moves-cataclysm-arcade.md)."""
from __future__ import annotations

import re

from engine.base import Series
from engine.errors import NotNow
from engine.words import count, player

from .rule_ids import R

#: the words that say it (any case)
DECLINE_ALL = "decline all"
#: `decline all before Cy`: the declines stop when Cy has priority
STOP_BEFORE = re.compile(r"decline all (?:before|until) (.+)", re.IGNORECASE)


class DeclineAll(Series):
    """Every player declines in turn (at most once each) until the Line is shorter than it was; without
    `before`, only while the player with priority could not respond; with it, until that player has
    priority. `stopped` says who could still respond when the declines stopped for them."""

    step = "decline"
    rule = R.PRIORITY_STARTS  # the Line: each player clockwise may respond or let it be

    def __init__(self, before: str | None = None) -> None:
        self.before = before
        self.stopped: str | None = None

    @classmethod
    def read(cls, text: str) -> Series | None:
        """`decline all` (optionally `before NAME`) as a play of several declines; None for any other
        words (one play)."""
        if text.lower() == DECLINE_ALL:
            return cls()
        found = STOP_BEFORE.fullmatch(text.strip())
        return cls(found.group(1).strip()) if found else None

    @classmethod
    def plays_on(cls, state, by: str | None) -> tuple[int, ...]:
        """The numbers of declines a play by `by` may imply (those before them let the Line be, in priority
        order, until `by` is to act); () when `by` is to act already or names nobody at the table."""
        from .model import Move
        from .notation import actor
        from .rules_moves import apply

        if by is None or not state.line or state.winner:
            return ()
        try:
            who = player(by, state.players).name
        except Exception:  # noqa: BLE001 - a name the play's own step will refuse
            return ()
        if actor(state) == who:
            return ()
        now, n, found = state, 0, []
        while now.line and n < len(state.players) * (len(state.line) + 1):
            try:
                now = apply(now, Move(kind="decline"))
            except Exception:  # noqa: BLE001 - a decline the rules refuse: no catching up past it
                break
            n += 1
            if actor(now) == who:
                found.append(n)
        return tuple(found)

    def ready(self, first) -> None:
        if not first.line:
            raise NotNow("decline all: the Line is empty, there is nothing to decline", R.RESPONSE_WHEN)
        if self.before is None:
            why = could_respond(first)
            if why:
                raise NotNow(f"decline all: {first.priority} could still respond ({why}): {first.priority}, "
                                      f"`decline` or respond (`decline all before NAME` declines for everyone up to "
                                      "NAME)", R.PRIORITY_STARTS)
            return
        self.before = player(self.before, first.players).name
        if first.priority == self.before:
            raise NotNow(f"decline all before {self.before}: {self.before} has priority now, so there is "
                                  f"nothing to decline before them (`decline` declines for {self.before})",
                         R.PRIORITY_STARTS)

    def done(self, first, now) -> bool:
        if len(now.line) < len(first.line) or not now.line:
            return True
        if self.before is not None:
            return now.priority == self.before
        why = could_respond(now)
        if why:
            self.stopped = f"{now.priority} could still respond ({why}): {now.priority}, decline or respond"
        return bool(why)


def could_respond(state) -> str | None:
    """Why the player with priority could respond to the Line, by what the whole table sees (None: they
    could not): a Response ability of a character of theirs in play they can use now, or cards in hand
    and the coins for the cheapest Response the table could face. No hand is read, not even cards named
    to the companion: a hand is secret, and where the declines stop, and why, is said to everyone."""
    from .model import catalogue
    from .rules import legal_moves

    who = state.priority
    if who is None:
        return None
    seen = state.model_copy(update={"players": tuple(_unnamed(p) for p in state.players)})
    me = seen.player(who)
    open_ = dict.fromkeys(f"{m.card}'s {m.ability}" if m.kind == "activate" else m.kind
                          for m in legal_moves(seen) if m.kind != "decline")
    if open_:
        return f"{', '.join(open_)} open"
    # every Response prints a coin cost; one the table has not described (any card in a hand may be one)
    # is taken to cost at least 1, whatever the described ones cost
    costs = [c.cost for c in catalogue(state).values() if c.type == "response" and c.cost is not None] + [1]
    if me.hand_size and me.coins >= min(costs):
        return f"{count(me.coins, 'coin')} and {count(me.hand_size, 'card')} in hand"
    return None


def _unnamed(p):
    """The seat as the table sees it: the cards named in its hand counted as unnamed ones."""
    return p.model_copy(update={"hand": (), "hand_unknown": p.hand_size}) if p.hand else p
