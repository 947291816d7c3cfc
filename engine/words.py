"""Reading what a player typed: names matched without case and by unique prefix."""
from __future__ import annotations

import difflib

from engine.base import AmbiguousMove, MoveSyntaxError


def nearest(word: str, choices: list[str], n: int = 3) -> list[str]:
    """The choices closest to a word (for "did you mean"), in their own spelling."""
    lookup = {c.lower(): c for c in choices}
    return [lookup[c] for c in difflib.get_close_matches(word.lower(), list(lookup), n=n, cutoff=0.5)]


def match(word: str, choices: list[str], what: str, hint: str = "did you mean") -> str:
    """The choice a word names: exact (any case), else a unique prefix. MoveSyntaxError names the
    word and the nearest choices; AmbiguousMove lists every choice the prefix fits."""
    low = word.lower()
    exact = [c for c in choices if c.lower() == low]
    if exact:
        return exact[0]
    prefixed = [c for c in choices if c.lower().startswith(low)]
    if len(prefixed) == 1:
        return prefixed[0]
    if len(prefixed) > 1:
        raise AmbiguousMove(f"{what} {word!r} fits several", prefixed)
    shown = nearest(word, choices) or choices[:8]
    raise MoveSyntaxError(f"unknown {what} {word!r}; {hint}: {', '.join(shown) or '(none)'}")


def command(token: str, aliases: dict[str, str], commands) -> str:
    """The tracker verb a word names (through the game's aliases, e.g. "pc" -> "power-cats");
    MoveSyntaxError names the word and the closest commands."""
    low = token.lower().replace("_", "-")
    if low in aliases:
        return aliases[low]
    near = difflib.get_close_matches(low, list(aliases), n=3, cutoff=0.5)
    choices = sorted({aliases[n] for n in near}) or list(commands)
    raise MoveSyntaxError(f"unknown command {token!r}; did you mean: {', '.join(choices)}")


def count(n: int, one: str, many: str | None = None) -> str:
    """A number with its noun, singular for exactly one: count(1, "card") -> "1 card",
    count(3, "card") -> "3 cards", count(2, "life", "lives") -> "2 lives"."""
    return f"{n} {one if n == 1 else (many or one + 's')}"
