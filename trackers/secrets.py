"""What stays secret at a shared table: the cards a player has named in their own hand (Cataclysm
Arcade, Catopomp, CATastrophe) and a Catopomp prediction not yet revealed. Wherever the table is
shown or shared (`track show`, `track watch`, `track log`, `track situation`) they are hidden unless
the player is revealed by name; the session itself keeps them, so the verdicts still use them, and
an export keeps everything (it moves the whole session). Pure: a State in, a State out."""
from __future__ import annotations

from typing import Iterable

#: game -> verb whose words after the player name a secret, and how the hidden change reads
SECRET_VERBS = {
    "catopomp": {"hand": "{n} cards, hidden", "predict": "hidden"},
    "cataclysm-arcade": {"hand": "{n} cards, hidden"},
}
HIDDEN_GAMES = ("cataclysm-arcade", "catopomp", "catastrophe")  # games whose tables hold a named hand


def revealed(session, names: Iterable[str] | None) -> set[str]:
    """The players asked for by name (any case, a unique prefix), in the session's spelling;
    MoveSyntaxError names the players for an unknown one."""
    from engine.words import match

    return {match(n, list(session.players), "player", hint="players") for n in names or ()}


def hidden(game: str, state, reveal: set[str] = frozenset()):
    """The state as the table may see it: every named hand but the revealed players' a count only,
    and (Catopomp) every prediction not yet revealed at the table left out."""
    if game not in HIDDEN_GAMES:
        return state
    players = []
    for p in state.players:
        if p.name in reveal:
            players.append(p)
        elif game == "catopomp":
            cleared = state.cleared_record(p.name) is not None or state.game_over
            update = {"hand": len(p.hand)} if p.hand_known else {}
            if not cleared and p.prediction is not None:
                update["prediction"] = None
            players.append(p.model_copy(update=update) if update else p)
        elif game == "cataclysm-arcade":
            players.append(p.model_copy(update={"hand": (), "hand_unknown": p.hand_unknown + len(p.hand)})
                           if p.hand else p)
        else:  # catastrophe
            players.append(p.model_copy(update={"hand_cards": None}) if p.hand_cards is not None else p)
    return state.model_copy(update={"players": tuple(players) if isinstance(state.players, tuple) else players})


def public_summary(tracker, game: str, state, reveal: set[str] = frozenset()) -> dict:
    """The tracker's summary of the table with its secrets hidden. A hidden Catopomp prediction still
    shows as `secret` (the table knows one was made, not what it is)."""
    summary = tracker.summary(hidden(game, state, reveal))
    if game == "catopomp":
        made = {p.name for p in state.players if p.prediction is not None}
        for row in summary["players"]:
            if row.get("prediction") is None and row["name"] in made and row["name"] not in reveal:
                row["prediction"] = "secret"
    return summary


def public_args(game: str, verb: str, args: tuple[str, ...], reveal: set[str] = frozenset()) -> tuple[str, ...] | None:
    """A logged change's words as the table may read them, or None when nothing in it is secret."""
    said = SECRET_VERBS.get(game, {}).get(verb)
    if said is None or not args or args[0] in reveal or len(args) < 2:
        return None
    return (args[0], f"({said.format(n=len(args) - 1)})")


def labeller(game: str, reveal: set[str] = frozenset()):
    """entry -> its label with the secrets hidden (for the log, undo lines and the watch)."""
    def label(entry) -> str:
        public = public_args(game, entry.verb, entry.args, reveal) if entry.kind == "change" else None
        return entry.label if public is None else " ".join((entry.verb, *public))

    return label


def own_hand(game: str, state, name: str) -> dict:
    """One player's hand as they may look at it: {"player", "cards": [...] or None, "count"}."""
    p = next(p for p in state.players if p.name == name)
    if game == "catopomp":
        cards = [str(c) for c in p.hand] if p.hand_known else None
        return {"player": name, "cards": cards, "count": len(p.hand) if p.hand_known else p.hand}
    if game == "cataclysm-arcade":
        return {"player": name, "cards": list(p.hand), "count": len(p.hand) + p.hand_unknown,
                "unnamed": p.hand_unknown}
    cards = None if p.hand_cards is None else list(p.hand_cards)
    return {"player": name, "cards": cards, "count": p.hand}


def hand_line(hand: dict) -> str:
    from engine.words import count

    n = count(hand["count"], "card")
    if hand["cards"] is None:
        return f"{hand['player']} holds {n}; none is named (record them with `hand {hand['player']} CARDS...`)"
    shown = hand["cards"] + ([f"{hand['unnamed']} unnamed"] if hand.get("unnamed") else [])
    return f"{hand['player']}'s hand ({n}): {', '.join(shown) or 'empty'}"
