"""What a session keeps, checked before it is kept: its players (the one seat rule) and the words of
a change (the one rule for kept text), so an import of its export never refuses what was recorded."""
from __future__ import annotations

from rulesdb.names import MAX_TEXT, MAX_WORDS, seat_problems, text_problem
from trackers.errors import SessionError


def keepable(words, what: str, limit: int = MAX_TEXT) -> None:
    """Refuse a word a session would keep but an import of its export would refuse (rulesdb/names.py:
    the one rule for kept text, at the CLI and at import)."""
    words = list(words)
    if len(words) > MAX_WORDS:
        raise SessionError(f"{len(words)} words in one change is more than {MAX_WORDS}; split it in parts")
    for word in words:
        if problem := text_problem(word, what, limit):
            raise SessionError(problem)


def check_players(game: str, players: list[str]) -> list[str]:
    """The player names, checked by the one seat rule (rulesdb/names.py: the game's player count,
    the name rule, names that differ)."""
    names = [p.strip() for p in players if isinstance(p, str) and p.strip()]
    if not names:
        raise SessionError('no players: give them as --players "Ann,Ben,Cy"')
    problems = seat_problems(game, names)
    if problems:
        raise SessionError(problems[0])
    return names
