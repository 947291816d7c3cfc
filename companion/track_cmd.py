"""`companion track ...`: persistent sessions that keep the table's counters, with undo and history.

Any word after `track` that is not one of the session commands is a change for the current
session's game, as the table says it: `companion track morale -1`, `companion track lives ben -2`.
"""
from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer
from typer.core import TyperGroup

from companion import paths

JSON_HELP = "Print the result as JSON (a stable contract; see docs/cli.md)."
SESSION_HELP = "Act on this session instead of the current one."


class TrackGroup(TyperGroup):
    """Routes unknown sub-commands (the game's own verbs) to the hidden `_change` command."""

    def resolve_command(self, ctx, args):
        if args and args[0] not in self.commands and not args[0].startswith("--"):
            return "_change", self.commands["_change"], args
        return super().resolve_command(ctx, args)


track_app = typer.Typer(
    cls=TrackGroup,
    no_args_is_help=True,
    help="Keep the table's counters in a saved session: `companion track new GAME --players \"Ann,Ben\"`, "
    "then changes as the table says them (`companion track morale -1`). Every change is checked against the rules.",
)


def _sessions():
    from trackers.sessions import Sessions

    return Sessions(paths.data_dir())


def _options(pairs: list[str]) -> dict[str, str]:
    from trackers.errors import SessionError

    out = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise SessionError(f"bad --option {pair!r}: write it as key=value, e.g. --option morale=18")
        out[key.strip().lower()] = value.strip()
    return out


@track_app.command()
def new(
    game: str = typer.Argument(..., help="The game (id or alias)."),
    players: str = typer.Option(..., "--players", "-p", help='The players, comma-separated: "Ann,Ben,Cy".'),
    name: Optional[str] = typer.Option(None, "--name", help="The session's name (default: GAME-N)."),
    option: List[str] = typer.Option([], "--option", "-o", help="A game option as key=value (see docs/track-GAME.md); repeatable."),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    """Start a session and make it current."""
    from rulesdb.games import resolve_game

    game_id = resolve_game(game)
    with _sessions() as store:
        result = store.new(game_id, players.split(","), name, _options(option))
    from companion.render import after_change, track_view

    after_change(track_view, result, as_json, f"Started {result.session.name} ({game_id}); it is now the current session.")


@track_app.command("list")
def list_(as_json: bool = typer.Option(False, "--json", help=JSON_HELP)) -> None:
    """All sessions, the current one marked."""
    with _sessions() as store:
        sessions, current = store.all(), store.current_name()
    from companion.render import sessions_view

    sessions_view(sessions, current, as_json)


@track_app.command()
def show(
    name: Optional[str] = typer.Argument(None, help="A session (default: the current one)."),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    """The session's state."""
    with _sessions() as store:
        result = store.show(name)
    from companion.render import after_change, track_view

    after_change(track_view, result, as_json)


@track_app.command()
def use(name: str = typer.Argument(..., help="The session to make current."),
        as_json: bool = typer.Option(False, "--json", help=JSON_HELP)) -> None:
    """Make a session the current one."""
    with _sessions() as store:
        session = store.use(name)
        result = store.show(session.name)
    from companion.render import after_change, track_view

    after_change(track_view, result, as_json, f"Now tracking {session.name} ({session.game}).")


@track_app.command()
def end(name: Optional[str] = typer.Argument(None, help="The session to end (default: the current one)."),
        as_json: bool = typer.Option(False, "--json", help=JSON_HELP)) -> None:
    """End a session: it stays listed and exportable, but takes no more changes."""
    with _sessions() as store:
        session = store.end(name)
    from companion.render import after_change, emit

    after_change(emit, session.as_json(), as_json, f"Ended {session.name}.")


@track_app.command()
def export(
    name: str = typer.Argument(..., help="The session to export."),
    file: Path = typer.Argument(..., help="Where to write its whole log (JSON)."),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    """Write a session's whole log to a JSON file, to move the table to another device."""
    with _sessions() as store:
        doc = store.export(name, file)
    from companion.render import emit

    damaged = doc.get("damaged_at")
    note = (f" The log is damaged at event {damaged}: only the {len(doc['events'])} event(s) before it were exported."
            if damaged else "")
    emit({"name": doc["name"], "file": str(file), "events": len(doc["events"]), "damaged_at": damaged}, as_json,
         f"Exported {doc['name']} ({len(doc['events'])} log entries) to {file}.{note}")


@track_app.command("import")
def import_(
    file: Path = typer.Argument(..., help="A file written by `companion track export`."),
    name: Optional[str] = typer.Option(None, "--name", help="Import under this name."),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    """Load an exported session (its whole log is replayed and checked) and make it current."""
    from trackers.imports import read_export

    checked = read_export(file, name)  # a refused file leaves the data folder as it was, even a new one
    with _sessions() as store:
        result = store.import_(file, name, checked)
    from companion.render import after_change, track_view

    after_change(track_view, result, as_json, f"Imported {result.session.name} ({result.session.game}); it is now current.")


@track_app.command()
def log(
    name: Optional[str] = typer.Option(None, "--session", help=SESSION_HELP),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    """The session's labelled history with times (undone changes marked)."""
    with _sessions() as store:
        session = store.get(name)
        entries = store.entries(session)
        done = store.replay(session)
    from companion.render import log_view

    log_view(session, entries, {e.seq for e in done.applied}, as_json)


@track_app.command()
def undo(
    steps: int = typer.Argument(1, help="How many changes to take back."),
    name: Optional[str] = typer.Option(None, "--session", help=SESSION_HELP),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    """Take back the last change (or the last N)."""
    with _sessions() as store:
        result = store.undo(steps, name)
    from companion.render import after_change, track_view

    after_change(track_view, result, as_json)


@track_app.command()
def redo(
    steps: int = typer.Argument(1, help="How many undone changes to bring back."),
    name: Optional[str] = typer.Option(None, "--session", help=SESSION_HELP),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    """Bring back what undo took back."""
    with _sessions() as store:
        result = store.undo(steps, name, redo=True)
    from companion.render import after_change, track_view

    after_change(track_view, result, as_json)


@track_app.command("_change", hidden=True, context_settings={"ignore_unknown_options": True})
def change(
    words: List[str] = typer.Argument(..., help="The change, as the table says it."),
    overrule: bool = typer.Option(False, "--overrule", help="Record it even though the rules forbid it (the table decides)."),
    name: Optional[str] = typer.Option(None, "--session", help=SESSION_HELP),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    """A change for the current session's game, e.g. `morale -1` or `lives ben -2`."""
    with _sessions() as store:
        result = store.record(list(words), name, overrule)
    from companion.render import after_change, track_view

    after_change(track_view, result, as_json)
