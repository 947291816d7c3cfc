"""Shell completion (bash, zsh, fish): game ids, session names, the current session's verbs and
player names, rule ids; each read cheaply at a TAB press only, answering nothing rather than fail."""
from __future__ import annotations

from companion import paths


def _starting(words, incomplete: str) -> list[str]:
    """The words that start with what is typed, once each, in lower case when it is typed so."""
    low = incomplete.lower()
    lower = incomplete[:1].islower()
    return list(dict.fromkeys(w.lower() if lower else w for w in words if w.lower().startswith(low)))


def games(incomplete: str) -> list[str]:
    from rulesdb.games import game_ids

    return _starting(game_ids(), incomplete)


def sessions(incomplete: str) -> list[str]:
    from trackers.peek import sessions as glance

    return _starting([s.name for s in glance(paths.data_dir())], incomplete)


def verbs_of(game: str) -> list[str]:
    """A game's verbs (its rows), or none for an unknown game."""
    from engine import GAMES, declaration

    return list(declaration(game).verbs.table) if game in GAMES else []


def change_words(ctx, args: list[str], incomplete: str) -> list[str]:
    """`companion track VERB ...`: the verb first, then the session's player names."""
    from trackers.peek import current, sessions as glance

    typed = list(ctx.params.get("words") or ())
    wanted = ctx.params.get("name")
    session = (next((s for s in glance(paths.data_dir()) if s.name == wanted), None) if wanted
               else current(paths.data_dir()))
    if session is None:
        return []
    if not typed:
        return _starting(verbs_of(session.game), incomplete)
    return _starting(session.players, incomplete)


def track_words(incomplete: str) -> list[str]:
    """After `companion track`: the current session's verbs (the session commands come from click)."""
    from trackers.peek import current

    session = current(paths.data_dir())
    return _starting(verbs_of(session.game), incomplete) if session else []


def rule_ids(incomplete: str) -> list[str]:
    """Rule and section ids from the rules data (read as plain TOML: no models, no index)."""
    import tomllib

    from rulesdb.games import DATA_DIR

    ids: set[str] = set()

    def walk(node) -> None:
        if isinstance(node, dict):
            if isinstance(node.get("id"), str) and "." in node["id"]:
                ids.add(node["id"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    for path in DATA_DIR.rglob("*.toml"):
        try:
            walk(tomllib.loads(path.read_text(encoding="utf-8")))
        except (OSError, ValueError):
            continue
    return sorted(i for i in ids if i.startswith(incomplete.lower()))


def session_plays() -> list[str]:
    """The legal plays of the player to act at the current session's table (what `moves` lists)."""
    try:
        from engine.listing import legal_texts
        from companion.stores import open_sessions

        with open_sessions() as store:
            _session, engine, state = store.situation(None)
            return legal_texts(engine, state)
    except Exception:  # noqa: BLE001 - completion answers nothing rather than fail
        return []


def plays(ctx, args: list[str], incomplete: str) -> list[str]:
    """`companion play ...`: the next word of the legal plays that start with the words typed so far."""
    typed = " ".join(ctx.params.get("words") or ())
    prefix = (typed + " " if typed else "") + incomplete
    rests = [play[len(typed) + (1 if typed else 0):].split() for play in session_plays()
             if play.lower().startswith(prefix.lower())]
    return list(dict.fromkeys(rest[0] for rest in rests if rest))
