"""A word that is no verb of the session's game: the games that read it as one, said where the player is."""
from __future__ import annotations


def spoken(game: str) -> dict[str, str]:
    """Every word the game's tracker reads as a verb -> the verb."""
    from engine import get_tracker

    return get_tracker(game).declaration.verbs.aliases


def games_with(word: str, besides: str | None = None) -> list[str]:
    """The games (but `besides`) whose trackers read `word` as a verb."""
    from engine import GAMES

    return [g for g in GAMES if g != besides and word in spoken(g)]


def unknown_verb(word: str, session, store) -> tuple[str, list[str]]:
    """A word that is no verb of the session's game, said where you are: the session and its game,
    the nearest verbs of that game (not all of them), and the other games that have the word (also
    returned, for the caller's own hints)."""
    import difflib

    low = word.lower().replace("_", "-")
    own = spoken(session.game)
    near = list(dict.fromkeys(own[w] for w in difflib.get_close_matches(low, list(own), n=6, cutoff=0.6)))[:3]
    said = f"unknown command {word!r} in session {session.name} ({session.game})"
    said += f"; did you mean: {', '.join(near)}" if near else "; its verbs: companion track verbs"
    others = games_with(low, session.game)
    if others:
        kept = [s.name for s in store.all([]) if s.game in others and not s.ended]
        where = (f"switch to it: companion track switch {kept[-1]}" if kept else
                 f"start such a session: companion track new {others[0]} --players ...")
        said += f"; {word!r} is a verb of {' and '.join(others)}, not {session.game} ({where})"
    return said, others
