"""What stays secret at a shared table: the cards a player has named in their own hand (Cataclysm
Arcade, Catopomp, CATastrophe) and a Catopomp prediction not yet revealed. Wherever the table is
shown or shared (`track show`, `track watch`, `track log`, `track situation`) they are hidden unless
the player is revealed by name; the session itself keeps them, so the verdicts still use them, and
an export keeps everything (it moves the whole session). Pure: a State in, a State out."""
from __future__ import annotations

from typing import Iterable

from engine import get_tracker


def _secrets(game: str):
    """What the game keeps secret (its declaration's engine.game.Secrets)."""
    return get_tracker(game).declaration.secrets


def hides_hand(game: str) -> bool:
    """Whether the game's table records a named hand only its player may see (Secrets.hides_hand)."""
    return _secrets(game).hides_hand


def revealed(session, names: Iterable[str] | None) -> set[str]:
    """The players asked for by name (any case, a unique prefix), in the session's spelling;
    MoveSyntaxError names the players for an unknown one."""
    from engine.errors import MoveSyntaxError
    from engine.words import match

    if any(not n.strip() for n in names or ()):  # an empty name is a prefix of every name: say it is empty
        raise MoveSyntaxError(f"--reveal needs a player's name; players: {', '.join(session.players)}")
    return {match(n, list(session.players), "player", hint="players") for n in names or ()}


def hidden(game: str, state, reveal: set[str] = frozenset()):
    """The state as the table may see it: every player but the revealed ones as the game's Tracker
    hides them (Secrets.hide: a named hand a count only, a Catopomp prediction not yet revealed left out)."""
    secrets = _secrets(game)
    if not secrets.hides_hand:
        return state
    players = [p if p.name in reveal else secrets.hide(state, p) for p in state.players]
    return state.model_copy(update={"players": tuple(players) if isinstance(state.players, tuple) else players})


def public_summary(tracker, game: str, state, reveal: set[str] = frozenset()) -> dict:
    """The tracker's summary of the table with its secrets hidden, marked as the game marks them
    (Secrets.mark_hidden: a hidden Catopomp prediction shows as `secret`)."""
    marked = tracker.declaration.secrets.mark_hidden
    return marked(state, tracker.declaration.verbs.summary(hidden(game, state, reveal)), reveal)


def public_args(game: str, verb: str, args: tuple[str, ...], reveal: set[str] = frozenset()) -> tuple[str, ...] | None:
    """A logged change's words as the table may read them, or None when nothing in it is secret."""
    return _public(_secrets(game).secret_verbs, verb, args, reveal)


def _public(verbs: dict[str, str], verb: str, args: tuple[str, ...], reveal: set[str]) -> tuple[str, ...] | None:
    said = verbs.get(verb)
    if said is None or not args or args[0] in reveal or len(args) < 2:
        return None
    return (args[0], f"({said.format(n=len(args) - 1)})")


def labeller(game: str, reveal: set[str] = frozenset()):
    """entry -> its label with the secrets hidden (for the log, undo lines and the watch)."""
    verbs = _secrets(game).secret_verbs  # verb whose words after the player name a secret -> its hidden reading
    rows = get_tracker(game).declaration.verbs

    def label(entry) -> str:
        public = _public(verbs, entry.verb, entry.args, reveal) if entry.kind == "change" else None
        if public is not None:
            return " ".join((entry.verb, *public))
        if entry.kind == "change" and entry.verb in rows.table:  # a listed row's names parted by commas
            return rows.said(entry.verb, entry.args) + ("  (overruled)" if entry.overruled else "")
        return entry.label

    return label


def own_hand(game: str, state, name: str) -> dict:
    """One player's hand as they may look at it: {"player", "cards": [...] or None, "count"}
    (Secrets.own_hand)."""
    own = _secrets(game).own_hand
    if own is None:
        raise NotImplementedError
    return own(state, name)


def hand_line(hand: dict) -> str:
    from engine.words import count

    n = count(hand["count"], "card")
    if hand["cards"] is None:
        return f"{hand['player']} holds {n}; none is named (record them with `hand {hand['player']} CARDS...`)"
    shown = hand["cards"] + ([f"{hand['unnamed']} unnamed"] if hand.get("unnamed") else [])
    line = f"{hand['player']}'s hand ({n}): {', '.join(shown) or 'empty'}"
    conflicts = hand.get("conflicts") or []
    if not conflicts:
        return line
    fix = f"correct it with `companion track hand {hand['player'].lower()} CARDS...` if the record is wrong"
    return "\n".join([line, *(f"  ! {c['message']} [{c['rule']}]" for c in conflicts), f"  ({fix})"])
