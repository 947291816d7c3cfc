"""Statistics over outcome records (trackers/history.py): games played, wins and win rate per
player (and per party in a cooperative game), streaks, average length, and each game's own
figures (added up from the share each record carries: no game's code is imported). Pure: records in (oldest first), a JSON-ready dict out.

Counted as the issue asks: a finished session is played; a win is a session the player won (a
cooperative party's win is a win for each of its players); an abandoned session (ended without a
finish) and one still in progress are counted apart, never as losses; a tie the rulebook leaves
open is counted as a tie, neither a win nor a loss.
"""
from __future__ import annotations

from collections import Counter, defaultdict
from typing import Any, Callable

from trackers.history import ABANDONED, FINISHED, PLAYING, shown_outcome


def select(records: list[dict], names: Callable[[str], str], game: str | None = None, player: str | None = None,
           since: str | None = None) -> list[dict]:
    """The records of one game, one player (a shown name) and sessions started on or after a date
    (YYYY-MM-DD), each with its players shown by their merged names."""
    out = []
    for r in records:
        shown = [names(p) for p in r["players"]]
        if (game and r["game"] != game) or (player and player not in shown) or (since and r["started"][:10] < since):
            continue
        out.append(shown_outcome(r, names))
    return out


def _rate(wins: int, played: int) -> float | None:
    return round(wins / played, 3) if played else None


def _streaks(results: list[bool]) -> tuple[int, int]:
    """(the current run of wins, counted back from the latest game; the longest run)."""
    best = run = 0
    for won in results:
        run = run + 1 if won else 0
        best = max(best, run)
    return run, best


def per_player(records: list[dict]) -> list[dict[str, Any]]:
    """One row per player: finished games, wins, ties, win rate, abandoned and in progress, and streaks."""
    rows: dict[str, dict[str, Any]] = {}
    results: dict[str, list[bool]] = defaultdict(list)
    for r in records:
        for p in r["players"]:
            row = rows.setdefault(p, {"player": p, "played": 0, "wins": 0, "ties": 0, "abandoned": 0, "in_progress": 0})
            if r["status"] == FINISHED:
                row["played"] += 1
                row["wins"] += p in r["winners"]
                row["ties"] += p in r["tied"]
                results[p].append(p in r["winners"])
            elif r["status"] == ABANDONED:
                row["abandoned"] += 1
            else:
                row["in_progress"] += 1
    for p, row in rows.items():
        row["win_rate"] = _rate(row["wins"], row["played"])
        row["streak"], row["best_streak"] = _streaks(results[p])
    return sorted(rows.values(), key=lambda row: (-row["wins"], -(row["win_rate"] or 0), row["player"].casefold()))


def per_party(records: list[dict]) -> list[dict[str, Any]]:
    """Cooperative games: one row per party (the same players, in any order) and game."""
    rows: dict[tuple, dict[str, Any]] = {}
    for r in records:
        if not r["cooperative"]:
            continue
        key = (r["game"], tuple(sorted(r["players"], key=str.casefold)))
        row = rows.setdefault(key, {"game": r["game"], "party": list(key[1]), "played": 0, "wins": 0, "abandoned": 0})
        if r["status"] == FINISHED:
            row["played"] += 1
            row["wins"] += r["party"] == "won"
        elif r["status"] == ABANDONED:
            row["abandoned"] += 1
    for row in rows.values():
        row["win_rate"] = _rate(row["wins"], row["played"])
    return sorted(rows.values(), key=lambda row: (row["game"], -row["wins"], row["party"]))


def _mean(values: list) -> float | None:
    return round(sum(values) / len(values), 2) if values else None


def per_game(records: list[dict]) -> list[dict[str, Any]]:
    """One row per game: sessions finished, abandoned and in progress; the average length of a
    finished one (plays, the game's unit, minutes); and the game's own figures."""
    by_game: dict[str, list[dict]] = defaultdict(list)
    for r in records:
        by_game[r["game"]].append(r)
    out = []
    for game, rs in sorted(by_game.items()):
        done = [r for r in rs if r["status"] == FINISHED]
        status = Counter(r["status"] for r in rs)
        out.append({"game": game, "finished": status[FINISHED], "abandoned": status[ABANDONED],
                    "in_progress": status[PLAYING], "unit": rs[0]["length"]["unit"],
                    "average_plays": _mean([r["plays"] for r in done]),
                    "average_length": _mean([r["length"]["count"] for r in done]),
                    "average_minutes": _mean([r["duration"] / 60 for r in done]),
                    "figures": game_figures(rs, done)})
    return out


def game_figures(records: list[dict], done: list[dict]) -> dict[str, Any]:
    """A game's own figures over its finished sessions: the shares their records carry (each game's
    Tracker.share, written with the record), added up as each says; their names and order are those
    of any record of the game, so a game with none finished still lists them."""
    form = [(name, how, value) for name, how, value in records[0].get("share", [])] if records else []
    given = [{name: value for name, _, value in r.get("share", [])} for r in done]
    out: dict[str, Any] = {}
    for name, how, _ in form:
        out[name] = None if how == "ratio" else _ADD[how]([g[name] for g in given if name in g])
    for name, how, (top, bottom) in (f for f in form if f[1] == "ratio"):
        out[name] = round(out[top] / out[bottom], 2) if out[bottom] else None
    return out


def _tally(values: list) -> dict:
    """Name -> number (or a nested tally: a dict, or [name, number] pairs where their order is
    kept) added up key by key, each name where it first came."""
    out: dict = {}
    for v in values:
        for k, x in (v.items() if isinstance(v, dict) else v):
            out[k] = _tally([out.get(k, {}), x]) if isinstance(x, (dict, list)) else out.get(k, 0) + x
    return out


def _given(values: list) -> list:
    return [v for v in values if v is not None]


#: how a figure's shares add up (Tracker.share names one of these; `ratio` divides two figures)
_ADD: dict[str, Callable[[list], Any]] = {
    "sum": sum,
    "tally": lambda vs: dict(sorted(_tally(vs).items(), key=lambda kv: kv[0])),
    "tally-casefold": lambda vs: dict(sorted(_tally(vs).items(), key=lambda kv: kv[0].casefold())),
    "mean": lambda vs: _mean(_given(vs)),
    "max": lambda vs: max(_given(vs), default=None),
}


def stats(records: list[dict], player: str | None = None) -> dict[str, Any]:
    """Everything `companion stats` shows, for the records given (already selected); with `player`,
    only that player's row and parties."""
    status = Counter(r["status"] for r in records)
    players, parties = per_player(records), per_party(records)
    if player is not None:
        players = [p for p in players if p["player"] == player]
        parties = [p for p in parties if player in p["party"]]
    return {"sessions": len(records), "finished": status[FINISHED], "abandoned": status[ABANDONED],
            "in_progress": status[PLAYING], "players": players, "parties": parties, "games": per_game(records)}
