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
    legal plays may follow it as a spelling hint ("did you mean"). The step that read the words leaves
    `finder`, which looks on the table it read them on (engine/nearest.py), so `nearest` and `unread`
    need no replay; looked for once, when first asked."""

    spelling = True
    finder = None  # () -> (nearest plays, the word they put right), set by the step

    def _near(self) -> tuple[tuple[str, ...], str | None]:
        if not self.spelling or self.finder is None:
            return (), None
        if "_found" not in self.__dict__:
            self._found = self.finder()
        return self._found

    @property
    def nearest(self) -> tuple[str, ...]:
        """The legal plays (or notation words) nearest the words that did not read (engine/nearest.py)."""
        return self._near()[0]

    @property
    def unread(self) -> str | None:
        """The one typed word that `nearest` puts right, when that is what they do."""
        return self._near()[1]

    def hinted(self) -> str:
        """The one line with its "did you mean": the misspelt word and the plays that put it right, or
        the message and the nearest plays (the message alone when none is near)."""
        if not self.nearest:
            return str(self)
        said = f"unknown word {self.unread!r}" if self.unread else str(self)
        said = said.split("; did you mean: ")[0]  # the notation's own list of words gives way to the plays
        return f"{said}; did you mean: {' | '.join(self.nearest)}"


class NotTheirs(MoveSyntaxError):
    """A move naming another player's piece: the message says whose it is and whose move it is, so no
    spelling hint is added (the name was not misspelt)."""

    spelling = False


class NotNow(MoveSyntaxError):
    """Words that read, refused by the table as it stands before any play is made (a play said once and
    made as several: Cataclysm Arcade `decline all`): a finding (exit 1), as a refused play is, not bad
    input; the message starts `refused:` as a refused play's does."""

    spelling = False
    finding = True

    def __init__(self, message: str, rule: str | None = None):
        super().__init__(f"refused: {message}" + (f" [{rule}]" if rule else ""))
        self.said, self.rule = message, rule


class UnknownVerb(MoveSyntaxError):
    """A tracker command whose first word is no verb of the game: `word` is that word, `short_for` the
    one verb it starts (only read typed in full), else None."""

    def __init__(self, message: str, word: str, short_for: str | None = None):
        super().__init__(message)
        self.word = word
        self.short_for = short_for


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
