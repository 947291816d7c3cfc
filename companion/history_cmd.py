"""`companion history`, `companion stats`, `companion track recap` and `companion players rename`:
after the game, from the sessions' rules-checked logs (trackers/history.py, stats.py, recap.py)."""
from __future__ import annotations

import re
from contextlib import suppress
from datetime import date
from typing import Annotated, Optional

import typer

from companion import complete, render_history
from companion.stores import open_sessions
from rulesdb.games import resolve_game
from trackers import players

Json = Annotated[bool, typer.Option("--json", help="Print the result as JSON (a stable contract; see docs/history.md).")]
Game = Annotated[Optional[str], typer.Argument(help="Only this game (id or alias).", autocompletion=complete.games)]
Player = Annotated[Optional[str], typer.Option("--player", help="Only sessions this player sat in (any case and spacing).")]
Since = Annotated[Optional[str], typer.Option("--since", help="Only sessions started on or after this date (YYYY-MM-DD).")]

players_app = typer.Typer(no_args_is_help=True, help="The players across sessions: merge a misspelt name into the right one.\n\n"
                          "\b\nExample:\n"
                          "  companion players rename Anne Ann")


def _since(text: str | None) -> str | None:
    """--since as an ISO date, YYYY-MM-DD; SessionError (exit 2) for anything else."""
    if text is None:
        return None
    if re.fullmatch(r"\d{4}-\d{2}-\d{2}", text.strip()):
        with suppress(ValueError):  # a day no calendar has (2026-02-30) is refused below
            return date.fromisoformat(text.strip()).isoformat()
    from trackers.errors import SessionError

    raise SessionError(f"--since {text!r} is not a date; write it as YYYY-MM-DD, e.g. --since 2026-01-31")


def _selected(store, game: str | None, player: str | None, since: str | None, shown: bool = True):
    """(records of the sessions asked for, the filter as understood, sessions that did not read).
    A bad game, date or player is refused before any log is read."""
    from trackers.history import outcomes
    from trackers.stats import select

    wanted_game = None if game is None else resolve_game(game)
    day = _since(since)
    names = players.Names(players.load(store), [s.players for s in store.all([])])
    who = names.find(player) if player is not None else None
    done = outcomes(store)
    picked = select(done.records, names, wanted_game, who, day)
    if not shown:  # the names as the table typed them (an export keeps them so), the same records
        kept = {(r["session"], r["started"]) for r in picked}
        picked = [r for r in done.records if (r["session"], r["started"]) in kept]
    return picked, {"game": wanted_game, "player": who, "since": day}, done.damaged


def history(
    game: Game = None,
    player: Player = None,
    since: Since = None,
    bgstats: bool = typer.Option(False, "--bgstats", help="Every finished game as a BG Stats link, once each "
                                 "(see `companion track export-play`)."),
    as_json: Json = False,
) -> None:
    """Every session, finished or not: date, game, players, result, length and duration.

    The result is who won, or the party's or the Grim Reapurr's. With --bgstats, each finished game
    as a BG Stats link.

    \b
    Examples:
      companion history
      companion history catastrophe --player ann
      companion history --since 2026-01-01 --json
    """
    with open_sessions(reading=True) as store:
        records, _, damaged = _selected(store, game, player, since, shown=not bgstats)
        if bgstats:
            from companion.bgstats_cmd import history_bgstats

            render_history.damaged_lines(damaged)
            history_bgstats([r for r in records if r["status"] == "finished"], store, as_json)
            return
    render_history.history_view([{k: v for k, v in r.items() if k != "share"} for r in records], damaged, as_json)  # share: stats' own


def stats(
    game: Game = None, player: Player = None, since: Since = None, as_json: Json = False,
    as_csv: bool = typer.Option(False, "--csv", help="Print one row per player (and party) as CSV, for a spreadsheet."),
) -> None:
    """Games played, wins, win rate and streaks per player, and each game's own figures.

    A cooperative game counts per party too; the average length is given, and abandoned sessions are
    counted apart, never as losses.

    \b
    Examples:
      companion stats
      companion stats catastrophe --player ann
      companion stats --since 2026-01-01 --csv
    """
    from trackers.stats import stats as figures

    with open_sessions(reading=True) as store:
        records, wanted, damaged = _selected(store, game, player, since)
    doc = figures(records, wanted["player"]) | {"filter": wanted}
    render_history.stats_view(doc, damaged, as_json, as_csv)


def recap(
    name: Optional[str] = typer.Argument(None, help="A session (default: the current one).",
                                         autocompletion=complete.sessions),
    markdown: bool = typer.Option(False, "--markdown", help="Print the story as Markdown, to keep or share."),
    as_json: Json = False,
) -> None:
    """The story of a game from its log: who won and how, the turning points, the overruled plays.

    \b
    Examples:
      companion track recap friday
      companion track recap friday --markdown
    """
    from trackers.recap import session_story

    with open_sessions(reading=True) as store:
        story = session_story(store, name)
    render_history.recap_view(story, as_json, markdown)


@players_app.command()
def rename(old: Annotated[str, typer.Argument(help="The name as it was misspelt (any case and spacing).")],
           new: Annotated[str, typer.Argument(help="The name to show instead, in every session.")],
           as_json: Json = False) -> None:
    """Merge a misspelt player name into the right one across every session.

    The logs stay as they were typed; history, stats and recap show the new name.

    \b
    Examples:
      companion players rename Anne Ann
    """
    with open_sessions(reading=True) as store:  # a rename writes only to an existing file
        aliases, tables = players.renamed(store, old, new)
        names = players.Names(aliases, tables)
    merged = sorted({p for t in tables for p in t if names(p) == names(new)}, key=str.casefold)
    from companion.render import emit

    emit({"old": old, "new": names(new), "merged": merged}, as_json,
         f"{names(new)} now stands for {', '.join(merged)} in history, stats and recap.")


def register(app: typer.Typer) -> None:
    app.command()(history)
    app.command()(stats)
    app.add_typer(players_app, name="players")


def register_track(track_app: typer.Typer) -> None:
    """`track recap` and `track export-play` (once a process: track_app is the module's own)."""
    track_app.command()(recap)
    from companion.bgstats_cmd import export_play

    track_app.command("export-play")(export_play)
