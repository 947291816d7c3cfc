"""The engine's failure kinds: all of them are the user's input (exit code 2), never a traceback.

- Input that cannot be parsed raises MoveSyntaxError (naming the token) or SituationError
  (naming the file's field).
- Input that could mean several plays raises AmbiguousMove listing the candidates.
- A move that parses but breaks a rule is not an exception: check() returns an illegal Verdict.
"""
from __future__ import annotations


class EngineError(Exception):
    """Base of engine errors; all of them are the user's input, so exit code 2."""

    bad_input = True


class MoveSyntaxError(EngineError):
    """A move that cannot be parsed; the message names the token. `spelling` says whether the nearest
    legal plays may follow it as a spelling hint ("did you mean")."""

    spelling = True


class NotTheirs(MoveSyntaxError):
    """A move naming another player's piece: the message says whose it is and whose move it is, so no
    spelling hint is added (the name was not misspelt)."""

    spelling = False


class IllegalMove(EngineError):
    """apply() was asked to make a move that check() refuses, and the table did not overrule it.
    The message names the broken rule; `verdict`, where the caller has it, is check()'s answer."""

    def __init__(self, message: str, verdict=None):
        super().__init__(message)
        self.verdict = verdict


class AmbiguousMove(EngineError):
    """Text that could mean several plays; `candidates` lists them in move notation."""

    def __init__(self, message: str, candidates: list[str]):
        super().__init__(message + "; candidates: " + " | ".join(candidates))
        self.candidates = candidates


class SituationError(EngineError):
    """A situation file that does not describe a table: names the file and the field."""


class EngineUnavailable(EngineError):
    """A game without a validator yet."""


class LogError(EngineError):
    """A logged event the step would never have written (a play that does not read back as
    written, a player who is not at the table, a verb the tracker does not have)."""
