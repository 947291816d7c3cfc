"""The legal plays of the player to act, as typed: what `moves` lists, completion offers and a
misspelt play is matched to."""
from __future__ import annotations


def listed(engine, state) -> tuple[list, str | None]:
    """The legal plays, and what was left out: when none can be listed because part of the table is
    not recorded, those the game can still list (Engine.partly_listed: for a Catopomp hand known only
    by its size, the plays that need no card from it)."""
    found = engine.legal_moves(state)
    if not found:
        partly = engine.partly_listed(state)
        if partly is not None:
            return partly
    return found, None


def legal_texts(engine, state) -> list[str]:
    """The plays `moves` lists, as typed."""
    return [engine.format_move(m) for m in listed(engine, state)[0]]


def nearest(text: str, engine, state) -> list[str]:
    """The legal plays (or their first words) a misspelt play is nearest to: `paas` -> `pass`; for a
    play opening with a player's name, the form that reads (`_maker_first`); for a tracker command
    typed as a play (Catopomp `first ann`), the `track` command that makes it."""
    import difflib
    import re

    typed = text.split()[0].lower() if text.split() else ""
    maker = _maker_first(text, engine, state)
    if maker:
        return [maker]
    plays = legal_texts(engine, state)
    # the notation's own words, whole (never the tail of a capitalised name: `Attack` is no `ttack`)
    words = re.findall(r"(?<![A-Za-z])[a-z][a-z-]{2,}", getattr(engine, "NOTATION", "") or "")
    # the verb just typed is no spelling hint: the words after it are what did not read (a usage error)
    heads = list(dict.fromkeys([p.split()[0] for p in plays] + words))
    if typed in (h.lower() for h in heads):
        return difflib.get_close_matches(text, plays, n=3, cutoff=0.75)
    from engine import get_tracker

    if typed in get_tracker(engine.game).VERB_ALIASES:  # a tracker command typed as a play: `track` makes it
        return [f"companion track {text.strip()}"]
    return (difflib.get_close_matches(text, plays, n=3, cutoff=0.75)
            or difflib.get_close_matches(typed, heads, n=1, cutoff=0.6) if typed else [])


def _maker_first(text: str, engine, state) -> str | None:
    """A play that opens with a player's name where the game's notation names none first (Cataclysm
    Arcade `ann fighter Grunt`, Catharsis `ben roll 1 2 3`): the rest made by that player (as typed on
    their turn, else with `--by`), or the play with the name where the notation reads a player (after
    its verb); None when neither reads."""
    words = text.split()
    who = next((p.name for p in getattr(state, "players", ()) if p.name.lower() == words[0].lower()), None)
    if who is None or len(words) < 2:
        return None
    rest = " ".join(words[1:])
    if _reads(engine, state, rest):
        return rest if who == engine.to_act(state) else f'companion play --by {who} "{rest}"'
    swapped = [words[1], who, *words[2:]]
    # the name goes where the notation reads a player: a word that is no player's name does not read there
    if _reads(engine, state, " ".join(swapped)) and not _reads(engine, state, " ".join([words[1], "Zz9", *words[2:]])):
        return " ".join(swapped)
    return None


def _reads(engine, state, text: str) -> bool:
    from engine.errors import EngineError

    try:
        engine.parse_move(text, state)
    except EngineError:
        return False
    return True


def plays_for(engine, state, player: str) -> tuple[list[str], str | None]:
    """The plays `moves` lists that `player` makes now (a play naming its maker is theirs when it names
    them, any other is the player to act's, or anyone's when nobody is named to act), as typed; and, when there are none, why (not their turn,
    a hand the table has not recorded, the game over)."""
    to_act = engine.to_act(state)
    found, left = listed(engine, state)
    mine = [engine.format_move(m) for m in found if (engine.mover(state, m) or to_act) in (player, None)]
    if mine:
        return mine, left
    if to_act is None:
        return [], engine.moves_note(state) or "nobody is to act"
    if to_act != player and not found:
        return [], f"it is {to_act}'s turn, not {player}'s"
    if to_act != player:
        return [], f"it is {engine.acting(state) or to_act}'s turn, not {player}'s"
    return [], left or engine.moves_note(state) or "the companion lists no play here"
