"""Cataclysm Arcade `decline all`: said once, made as each player's decline in turn, as priority goes
round the table, until the top of the Line resolves (each decline its own play in the log)."""
from __future__ import annotations

from engine.base import MoveSyntaxError, Series

#: the words that say it (any case)
DECLINE_ALL = "decline all"


class DeclineAll(Series):
    """Every player declines in turn (at most once each) until the Line is shorter than it was."""

    step = "decline"

    def ready(self, first) -> None:
        if not first.line:
            raise MoveSyntaxError("decline all: the Line is empty, there is nothing to decline")

    def done(self, first, now) -> bool:
        return len(now.line) < len(first.line)


def series(text: str) -> Series | None:
    """`decline all` as a play of several declines; None for any other words (one play)."""
    return DeclineAll() if text.lower() == DECLINE_ALL else None
