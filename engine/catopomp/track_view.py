"""What the Catopomp tracker shows: the standings, the result and the summary of a table."""
from __future__ import annotations

from typing import Any

from engine.words import count

from .model import PLAYER_TABLE, State, deck_counts, opts_of
from .notation_track import GAME
from .rule_ids import R
from .rules import hand_conflicts
from .table import TableChange, final_scoring, setup_todo


# The tracker's summary() and what it keeps hidden (the standings and the result are this
# module's `standings` and `result`, told by the transitions in track_changes.py).

# ------------------------------------------------------------------ what stays secret


def hide(state: State, player):
    """A named hand shows as its count, and a prediction stays out until revealed at the table
    (the player cleared, or the game over)."""
    cleared = state.cleared_record(player.name) is not None or state.game_over
    update = {"hand": len(player.hand)} if player.hand_known else {}
    if not cleared and player.prediction is not None:
        update["prediction"] = None
    return player.model_copy(update=update) if update else player


def mark_hidden(state: State, summary: dict[str, Any], reveal: set[str]) -> dict[str, Any]:
    """A hidden prediction shows as `secret`: the table knows one was made, not what it is; a revealed
    player (its owner's own page, `--reveal NAME`) sees their own number."""
    made = {p.name: p.prediction for p in state.players if p.prediction is not None}
    for row in summary["players"]:
        if row["name"] in made and row["name"] in reveal:
            row["prediction"] = made[row["name"]]
        elif row.get("prediction") is None and row["name"] in made:
            row["prediction"] = "secret"
    return summary


def own_hand(state: State, name: str) -> dict[str, Any]:
    """One player's hand as they look at it, with `conflicts`: what the cards in sight say against
    their record (rules.hand_conflicts), told to them alone: the shared screen never depends on it."""
    p = next(p for p in state.players if p.name == name)
    cards = [str(c) for c in p.hand] if p.hand_known else None
    return {"player": name, "cards": cards, "count": len(p.hand) if p.hand_known else p.hand,
            "conflicts": [r.as_json() for r in hand_conflicts(state, name)]}

# ------------------------------------------------------------------ summary


def _deal(state: State) -> dict[str, Any]:
    n = len(state.players)
    top, copies, per, _aside = PLAYER_TABLE[n]
    deck = sum(deck_counts(n, opts_of(state.options)))
    return {"numbers": f"1-{top}", "copies_per_number": copies, "deck": deck, "cards_per_player": per,
            "set_aside": deck - per * n}


def deal_text(state: State) -> str:
    d = _deal(state)
    return f"{d['cards_per_player']} cards each ({d['set_aside']} set aside)"


def summary(state: State) -> dict[str, Any]:
    o = state.options
    comp = o.competitive
    final_points, winners = _final(state) if state.game_over else (None, [])
    players = []
    for i, p in enumerate(state.players):
        done = state.cleared_record(p.name)
        row: dict[str, Any] = {"name": p.name, "gems": p.gems,
                               "hand": list(p.hand) if p.hand_known else p.hand,
                               "hell_domain": list(p.hell_domain), "used_dice": list(p.used_dice),
                               "reserve_die": _reserve_text(state, p) if p.name in state.reserve_dice else None,
                               "cleared": done is not None}
        if done is not None and done.last_set is not None:
            row["last_set"] = done.last_set
        if comp or p.points:
            row["points"] = final_points[i] if final_points is not None else p.points
        if comp:
            revealed = done is not None or state.game_over
            row["prediction"] = p.prediction if (revealed or p.prediction is None) else "secret"
            if done is not None:
                row["round_points"] = done.points
        players.append(row)
    return {
        "game": GAME,
        "round": state.round,
        "phase": state.phase,
        # once over, nobody has a turn: how the game ended and who won stands in its place
        **({"ended": ended(state, final_points, winners)} if state.game_over else {"turn": state.turn}),
        "setup_todo": setup_todo(state) if state.phase == "setup" else [],
        "centre_dice": list(state.centre_dice),
        "winning_set": set_text(state),
        "deal": _deal(state),
        "options": {"passing": o.passing, "competitive": comp, "hell_power": o.hell_power,
                    "expansions": [e for e, on in (("catleton", o.catleton), ("mitch", o.mitch)) if on]},
        "players": players,
        "game_over": state.game_over,
        "loser": state.loser if state.phase != "setup" or state.round == 1 else
        f"{state.turn} (lost round {state.round - 1})",
        "winners": winners,
    }


def _reserve_text(state: State, p) -> int | str:
    """A reserve die's face; before play starts an unset one is `not set`; once play is under way a
    die no longer held was spent (used in a Dice Boost, or sent to the centre by a boost without it)."""
    if p.reserve_die is not None:
        return p.reserve_die
    return "spent" if state.under_way else "not set"


# ---------------------------------------------------------------------------- the result


def _final(state: State) -> tuple[tuple[int, ...], list[str]]:
    """The final points (a player out of soul gems counts 0 in the competitive variant) and the winners."""
    points, winners = final_scoring([p.gems for p in state.players], [p.points for p in state.players],
                                    state.options.competitive)
    return points, [state.players[i].name for i in winners]


def ended(state: State, points, winners: list[str]) -> str:
    """How the game ended, in one line: who lost their last Soul Gem, and who wins (with the points
    in the competitive variant)."""
    how = f"{state.loser} lost their last soul gem" if state.loser else "the game is over"
    who = " and ".join(winners) or "nobody"
    wins = "wins" if len(winners) == 1 else "win"
    score = f" with {count(max(points), 'point')}" if state.options.competitive and winners else ""
    return f"{how}; {who} {wins}{score}"


def result(state: State, t: TableChange) -> None:
    """Tell the game's winners on `t` (the table at the game's end)."""
    points, winners = _final(state)
    if state.options.competitive:
        t.say("winners", f"{' and '.join(winners)} win{'s' if len(winners) == 1 else ''} with {max(points)} "
                         "point(s) (a player out of soul gems counts 0)", R.COMPETITIVE_WINNER)
    else:
        t.say("winners", f"everyone with a soul gem left wins: {', '.join(winners) or 'nobody'}", R.END_WINNERS)


def standings(state: State, t: TableChange) -> None:
    """Tell the standings on `t` (`score`): gems (and points), then the result once over, or who leads."""
    points = list(_final(state)[0]) if state.game_over else [p.points for p in state.players]
    rows = [f"{p.name} {count(p.gems, 'gem')}" + (f", {count(pts, 'point')}" if state.options.competitive else "")
            for p, pts in zip(state.players, points)]
    where = "final" if state.game_over else f"round {state.round}"
    t.say("standings", f"{where}: " + "; ".join(rows),
          R.COMPETITIVE_RECORD_POINTS if state.options.competitive else R.SETUP_SOUL_GEMS)
    if state.game_over:
        result(state, t)
    elif state.options.competitive:
        best = max(points)
        leaders = [p.name for p, pts in zip(state.players, points) if pts == best]
        t.say("leaders", f"most points so far: {' and '.join(leaders)} ({best}); the game ends when a player "
                         "loses their last soul gem, whose points then drop to 0", R.COMPETITIVE_WINNER)


def set_text(state: State) -> str | None:
    """The winning set as the table would say it, with its owner."""
    w = state.winning_set
    if w is None:
        return None
    parts = [str(c) for c in (*w.heaven, *w.hell)]
    if w.dice:
        parts.append("dice " + "+".join(map(str, w.dice)))
    return f"{w.owner}: {' '.join(parts)}"
