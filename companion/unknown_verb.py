"""A word `track` does not know as a verb of the session's game, said where the player is."""
from __future__ import annotations


def unknown_verb(word: str, session, store) -> str:
    """A word that is no verb of the session's game, said where you are: the session and its game,
    the nearest verbs of that game (not all of them), and the other games that have the word."""
    import difflib

    from engine import GAMES, get_tracker

    def spoken(game: str) -> dict[str, str]:  # every word a game reads as a verb -> the verb
        return {w: v["verb"] for v in get_tracker(game).verbs() for w in (v["verb"], *v["aliases"])}

    low = word.lower().replace("_", "-")
    own = spoken(session.game)
    near = list(dict.fromkeys(own[w] for w in difflib.get_close_matches(low, list(own), n=6, cutoff=0.6)))[:3]
    said = f"unknown command {word!r} in session {session.name} ({session.game})"
    said += f"; did you mean: {', '.join(near)}" if near else "; its verbs: companion track verbs"
    others = [g for g in GAMES if g != session.game and low in spoken(g)]
    if others:
        kept = [s.name for s in store.all([]) if s.game in others and not s.ended]
        where = (f"switch to it: companion track switch {kept[-1]}" if kept else
                 f"start such a session: companion track new {others[0]} --players ...")
        said += f"; {word!r} is a verb of {' and '.join(others)}, not {session.game} ({where})"
    return said
