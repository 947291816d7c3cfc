"""Cataclysm Arcade `decline all`: said once, made as each player's decline in turn, as priority goes
round the table, until the top of the Line resolves (each decline its own play in the log).
`decline all before NAME` (or `until NAME`) stops when NAME gets priority, so a player who wants to
respond is not declined for: the Line gives each player clockwise the chance to respond, and the
companion cannot know who will take it."""
from __future__ import annotations

import re

from engine.base import MoveSyntaxError, Series
from engine.words import player

#: the words that say it (any case)
DECLINE_ALL = "decline all"
#: `decline all before Cy`: the declines stop when Cy has priority
STOP_BEFORE = re.compile(r"decline all (?:before|until) (.+)", re.IGNORECASE)


class DeclineAll(Series):
    """Every player declines in turn (at most once each) until the Line is shorter than it was, or,
    with `before`, until that player has priority."""

    step = "decline"

    def __init__(self, before: str | None = None) -> None:
        self.before = before

    def ready(self, first) -> None:
        if not first.line:
            raise MoveSyntaxError("decline all: the Line is empty, there is nothing to decline")
        if self.before is None:
            return
        self.before = player(self.before, first.players).name
        if first.priority == self.before:
            raise MoveSyntaxError(f"decline all before {self.before}: {self.before} has priority now, so there is "
                                  f"nothing to decline before them (`decline` declines for {self.before})")

    def done(self, first, now) -> bool:
        return len(now.line) < len(first.line) or (self.before is not None and now.priority == self.before)


def series(text: str) -> Series | None:
    """`decline all` (optionally `before NAME`) as a play of several declines; None for any other
    words (one play)."""
    if text.lower() == DECLINE_ALL:
        return DeclineAll()
    found = STOP_BEFORE.fullmatch(text.strip())
    return DeclineAll(found.group(1).strip()) if found else None
