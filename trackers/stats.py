"""Statistics over outcome records (trackers/history.py): competitive games played, wins and win
rate per player, cooperative results apart (and per party), rivals and nemeses, streaks overall and
per game, results by player count, average length, and each game's own
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
    return [shown_outcome(r, names) for r in records
            if (not game or r["game"] == game) and (not player or player in map(names, r["players"]))
            and (not since or r["started"][:10] >= since)]


def _rate(wins: int, played: int) -> float | None:
    return round(wins / played, 3) if played else None


def _streaks(results: list[bool]) -> tuple[int, int]:
    """(the current run of wins, counted back from the latest game; the longest run)."""
    best = run = 0
    for won in results:
        run = run + 1 if won else 0
        best = max(best, run)
    return run, best


def ranks(r: dict) -> dict[str, int]:
    """Where each player finished a finished competitive game: the record's standing, else the
    winners (and players left tied) first and everyone else second."""
    given = (r.get("standing") or {}).get("ranks")
    if given:
        return given
    top = set(r["winners"]) | set(r["tied"])
    return {p: 1 if p in top else 2 for p in r["players"]}


def _row(p: str) -> dict[str, Any]:
    return {"player": p, "played": 0, "wins": 0, "ties": 0, "abandoned": 0, "in_progress": 0,
            "coop_played": 0, "coop_wins": 0}


def per_player(records: list[dict]) -> list[dict[str, Any]]:
    """One row per player who finished or abandoned a game: competitive games finished, wins, ties,
    win rate and streaks; cooperative games (the party against the game) finished and won apart;
    abandoned and in progress; their rival and nemesis. A player whose only sessions are still in
    progress has no row yet (nothing to count)."""
    rows: dict[str, dict[str, Any]] = {}
    results: dict[str, list[bool]] = defaultdict(list)
    for r in records:
        for p in r["players"]:
            row = rows.setdefault(p, _row(p))
            if r["status"] == FINISHED and r["cooperative"]:
                row["coop_played"] += 1
                row["coop_wins"] += p in r["winners"]
            elif r["status"] == FINISHED:
                row["played"] += 1
                row["wins"] += p in r["winners"]
                row["ties"] += p in r["tied"]
                results[p].append(p in r["winners"])
            elif r["status"] == ABANDONED:
                row["abandoned"] += 1
            else:
                row["in_progress"] += 1
    rivals, nemeses = rival_and_nemesis(records)
    for p, row in rows.items():
        row["win_rate"] = _rate(row["wins"], row["played"])
        row["coop_win_rate"] = _rate(row["coop_wins"], row["coop_played"])
        row["streak"], row["best_streak"] = _streaks(results[p])
        row["rival"], row["nemesis"] = rivals.get(p), nemeses.get(p)
    kept = [row for row in rows.values() if row["played"] or row["coop_played"] or row["abandoned"]]
    return sorted(kept, key=lambda row: (-row["wins"], -(row["win_rate"] or 0), row["player"].casefold()))


def _most(counts: Counter) -> dict[str, Any] | None:
    """The player counted most (the name first in the alphabet on a tie), with the count; None for none."""
    if not counts:
        return None
    name, n = min(counts.items(), key=lambda kv: (-kv[1], kv[0].casefold()))
    return {"player": name, "games": n}


def rival_and_nemesis(records: list[dict]) -> tuple[dict, dict]:
    """Over finished competitive games: each player's rival, the opponent who most often finished
    just behind or just ahead of them (the next place up or down among the places of that game;
    a shared place is neither), and nemesis, the opponent who most often finished ahead of them
    (a better place). Each {"player", "games"}: the count of such games; ties go to the name first
    in the alphabet."""
    near: dict[str, Counter] = defaultdict(Counter)
    ahead: dict[str, Counter] = defaultdict(Counter)
    for r in records:
        if r["status"] != FINISHED or r["cooperative"]:
            continue
        placed = ranks(r)
        levels = sorted(set(placed.values()))
        for p in r["players"]:
            for q in r["players"]:
                if q == p or p not in placed or q not in placed:
                    continue
                if placed[q] < placed[p]:
                    ahead[p][q] += 1
                if abs(levels.index(placed[q]) - levels.index(placed[p])) == 1:
                    near[p][q] += 1
    return ({p: _most(c) for p, c in near.items()}, {p: _most(c) for p, c in ahead.items()})


def per_game_streaks(records: list[dict]) -> list[dict[str, Any]]:
    """One row per player and game finished: games, wins (a party's win for each of its players),
    the current run of wins and the longest."""
    results: dict[tuple[str, str], list[bool]] = defaultdict(list)
    for r in records:
        if r["status"] == FINISHED:
            for p in r["players"]:
                results[(p, r["game"])].append(p in r["winners"])
    out = []
    for (p, game), won in results.items():
        streak, best = _streaks(won)
        out.append({"player": p, "game": game, "played": len(won), "wins": sum(won), "streak": streak,
                    "best_streak": best})
    return sorted(out, key=lambda row: (row["player"].casefold(), row["game"]))


def by_player_count(records: list[dict]) -> list[dict[str, Any]]:
    """One row per game and number of players: games finished, the party's wins (a cooperative
    game; None in a competitive one), ties left open, and each player's wins."""
    rows: dict[tuple[str, int], dict[str, Any]] = {}
    for r in records:
        if r["status"] != FINISHED:
            continue
        key = (r["game"], len(r["players"]))
        row = rows.setdefault(key, {"game": key[0], "players": key[1], "finished": 0,
                                    "party_wins": 0 if r["cooperative"] else None, "ties": 0, "wins": {}})
        row["finished"] += 1
        row["ties"] += bool(r["tied"])
        if r["cooperative"]:
            row["party_wins"] += bool(r["winners"])  # a party wins together
        for p in r["winners"]:
            row["wins"][p] = row["wins"].get(p, 0) + 1
    for row in rows.values():
        row["wins"] = dict(sorted(row["wins"].items(), key=lambda kv: (-kv[1], kv[0].casefold())))
    return [rows[k] for k in sorted(rows)]


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
            row["wins"] += bool(r["winners"])
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
    Outcome.share, written with the record), added up as each says; their names and order are those
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


#: how a figure's shares add up (Outcome.share names one of these; `ratio` divides two figures)
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
    streaks, counts = per_game_streaks(records), by_player_count(records)
    if player is not None:
        players = [p for p in players if p["player"] == player]
        parties = [p for p in parties if player in p["party"]]
        streaks = [s for s in streaks if s["player"] == player]
    return {"sessions": len(records), "finished": status[FINISHED], "abandoned": status[ABANDONED],
            "in_progress": status[PLAYING], "players": players, "parties": parties, "games": per_game(records),
            "streaks": streaks, "player_counts": counts}
