"""The rulesdb exception family. The CLI turns these into exit codes."""


class RulesError(Exception):
    """Base of every error rulesdb raises on purpose."""

    #: True when the user typed or supplied something wrong (exit code 2).
    bad_input = True


class UnknownGame(RulesError):
    """A game id or alias that names none of the five games."""


class UnknownRule(RulesError):
    """A rule, section or glossary id that the reference does not hold."""


class UnknownTerm(RulesError):
    """A glossary term with no entry, even allowing for typos."""


class BadQuery(RulesError):
    """A search query with nothing to search for."""


class BadImport(RulesError):
    """A user rulebook file that cannot be imported (unreadable, binary, empty)."""


class UnknownSource(RulesError):
    """An imported source name that is not there."""


class DataError(RulesError):
    """A rules data file that does not load; names the file and the field."""

    bad_input = False
