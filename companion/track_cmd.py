"""`companion track ...`: persistent sessions that keep the table's counters, with undo and history.

Any word after `track` that is not one of the session commands is a change for the current
session's game, as the table says it: `companion track morale -1`, `companion track lives ben -2`.
"""
from __future__ import annotations

import difflib
import re
from pathlib import Path
from typing import Annotated, List, Optional

import typer
from typer.core import TyperCommand, TyperGroup

from companion import complete, paths, render
from companion.stores import open_sessions
from engine import get_tracker
from engine.errors import MoveSyntaxError, UnknownVerb
from rulesdb.games import resolve_game
from trackers.errors import SessionError
from trackers.peek import current

SESSION_HELP = "Act on this session instead of the current one."


#: session commands also at the top level (`companion undo`) and as bare words in the shell
SHORT_FORMS = ("undo", "redo", "show", "log")

#: session-command names given up because a game uses the word as a verb -> the new name
RENAMED = {"use": "switch"}


def _current_game_verbs() -> str:
    """The epilog of `companion track --help`: the current session's verbs, one example each."""
    try:
        session = current(paths.data_dir())
        if session is None:
            return ("Game verbs: start a session (companion track new GAME --players ...) or list a game's verbs "
                    "with `companion track verbs GAME`.")
        verbs = get_tracker(session.game).verbs()
    except Exception:  # noqa: BLE001 - help must always print
        return "Game verbs: companion track verbs GAME"
    width = max(len(v["verb"]) for v in verbs)
    lines = [f"  {v['verb']:<{width}}  companion track {v['example']}".replace("[", "\\[") for v in verbs]
    return (f"Verbs of {session.game} (session {session.name}), typed after `companion track`:\n\n"
            + "\n".join(lines) + "\n\nFull usage of one: companion track VERB --help")


class TrackGroup(TyperGroup):
    """Routes unknown sub-commands (the game's own verbs) to the hidden change command, which then
    carries the verb's name; its help and completion list the current game's verbs."""

    def resolve_command(self, ctx, args):
        if args and args[0] not in self.commands and not args[0].startswith("-"):
            return args[0], self.commands["_change"], args
        return super().resolve_command(ctx, args)

    def format_help(self, ctx, formatter):
        self.epilog = _current_game_verbs()
        return super().format_help(ctx, formatter)

    def shell_complete(self, ctx, incomplete):
        from companion.complete import track_words
        from companion.typer_parts import CompletionItem

        items = super().shell_complete(ctx, incomplete)
        return items + [CompletionItem(v) for v in track_words(incomplete)]


class ChangeCommand(TyperCommand):
    """`companion track VERB ...`: the help names the verb and shows its usage in the current game."""

    def format_help(self, ctx, formatter):
        verb = ctx.info_name or "VERB"
        unknown = _unknown_verb(verb)
        if unknown:  # `track gemz --help`: no such verb to explain, said as the change itself says it
            raise SessionError(unknown)
        self.help = (f"A change for the current session's game: `companion track {verb} ...`.\n\n"
                     + _verb_usage(verb))
        return super().format_help(ctx, formatter)

    def collect_usage_pieces(self, ctx):
        return ["ARGS...", "[OPTIONS]"]


def _unknown_verb(verb: str) -> str:
    """The error of a word that is no verb of the current session's game ("" when it is one, or
    when there is no current session to say it of)."""
    try:
        from trackers.unknown_verb import spoken, unknown_verb

        session = current(paths.data_dir())
        if session is None or verb.startswith("_") or verb == "VERB" or verb.lower() in spoken(session.game):
            return ""
        with open_sessions(reading=True) as store:
            return unknown_verb(verb, session, store)[0]
    except Exception:  # noqa: BLE001 - help must always print
        return ""


def _verb_usage(verb: str) -> str:
    try:
        session = current(paths.data_dir())
        if session is None:
            return "No current session: `companion track verbs GAME` lists a game's verbs."
        for v in get_tracker(session.game).verbs():
            if verb.lower() in (v["verb"], *v["aliases"]):
                return (f"In {session.game}: {v['usage']}\n\nExample: companion track {v['example']}"
                        ).replace("[", "\\[")
        return f"{session.game} has no verb {verb!r}; `companion track verbs` lists them."
    except Exception:  # noqa: BLE001 - help must always print
        return "`companion track verbs GAME` lists a game's verbs."


track_app = typer.Typer(
    cls=TrackGroup,
    no_args_is_help=True,
    help="Keep the table's counters in a saved session, each change checked against the rules.\n\n"
    "Start one with `companion track new GAME --players \"Ann,Ben\"`, then say each change as the table says it, "
    "after `companion track`: the game's verbs are listed below (and by `companion track verbs GAME`).\n\n"
    "\b\nExamples:\n  companion track new catastrophe --players \"Ann,Ben,Cy\" --name friday\n"
    "  companion track lives ben -2\n  companion track undo",
)


def _options(pairs: list[str]) -> dict[str, str]:
    out = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise SessionError(f"bad --option {pair!r}: write it as key=value, e.g. --option morale=18")
        key = key.strip().lower()
        if key in out and out[key] != value.strip():
            raise SessionError(f"--option {key} is given twice ({out[key]!r} and {value.strip()!r}): give it once")
        out[key] = value.strip()
    return out


NAME_ARG = dict(autocompletion=complete.sessions)
Json = Annotated[bool, typer.Option("--json", help="Print the result as JSON (a stable contract; see docs/cli.md).")]
Session = Annotated[Optional[str], typer.Option("--session", help=SESSION_HELP, **NAME_ARG)]
Reveal = Annotated[List[str], typer.Option("--reveal", help="Show this player's secrets (their named hand, a Catopomp "
                                           "prediction); repeatable.")]


def _public(store, result, reveal: list[str]):
    """The result with the table's secrets hidden, but the revealed players' (trackers/secrets.py)."""
    from engine import get_tracker
    from trackers.secrets import public_summary, revealed

    session = result.session
    result.summary = public_summary(get_tracker(session.game), session.game, result.state, revealed(session, reveal))
    return result


@track_app.command()
def new(
    game: Annotated[str, typer.Argument(help="The game (id or alias).", autocompletion=complete.games)],
    players: str = typer.Option(..., "--players", "-p", help='The players, comma-separated: "Ann,Ben,Cy".'),
    name: Optional[str] = typer.Option(None, "--name", help="The session's name (default: GAME-N)."),
    option: List[str] = typer.Option([], "--option", "-o", help="A game option as key=value (see docs/track-GAME.md); repeatable."),
    as_json: Json = False,
) -> None:
    """Start a session and make it current.

    \b
    Examples:
      companion track new catopomp --players "Ann,Ben,Cy" --name pomp
      companion track new catharsis --players "Ann,Ben" --option morale=18
    """
    game_id = resolve_game(game)
    if any(not p.strip() for p in players.split(",")[:-1]):  # `Ann,,Ben`: a name left out (a last comma is fine)
        raise SessionError(f"--players {players!r} has an empty name between commas; give every player's "
                           'name, e.g. --players "Ann,Ben,Cy"')
    with open_sessions(reading=True) as store:  # refused before the sessions file exists: nothing written
        started = store.starting(game_id, players.split(","), name, _options(option))
    with open_sessions() as store:  # the library as read and checked above: read once
        result = store.new(game_id, players.split(","), name, _options(option), started)
    render.after_change(render.emit, result.as_json(), as_json, f"Started {result.session.name} ({game_id}) for {', '.join(result.session.players)}"
        "; it is now current. Verbs: companion track verbs", result.session.players)


@track_app.command("list")
def list_(as_json: Json = False) -> None:
    """All sessions: game, players, last change, whether finished; the current one marked.

    \b
    Examples:
      companion track list
      companion track list --json
    """
    damaged: list[tuple[str, str]] = []  # sessions that do not read: named, the others listed
    with open_sessions(reading=True) as store:
        sessions, current = store.all(damaged), store.current_name()
        rows = []
        if not as_json:
            from trackers.overview import overview  # the sentences only: `track list --json` does without

            rows = overview(store, sessions, damaged)
    render.sessions_view(rows, current, as_json, sessions, damaged)


@track_app.command()
def show(name: Annotated[Optional[str], typer.Argument(help="A session (default: the current one).", **NAME_ARG)] = None,
         reveal: Reveal = [], as_json: Json = False) -> None:
    """The session's full table (hidden hands stay hidden: see --reveal).

    Named hands and secret predictions are the hidden ones.

    \b
    Examples:
      companion track show
      companion track show --reveal ann
    """
    with open_sessions(reading=True) as store:
        result = _public(store, store.show(name), reveal)
        result.library = _library_differences(result.session)
    s = result.session
    render.track_view(result, as_json, f"{s.name} ({s.game}): {', '.join(s.players)}" + (" (ended)" if s.ended else ""))


def _library_differences(session) -> list[dict]:
    """The cards whose library version is not the one this session plays with (trackers/library.py)."""
    from engine.library import LIBRARY_OPTION

    if LIBRARY_OPTION not in session.options:
        return []
    from trackers.library import Library, differences

    return differences(Library(paths.data_dir(), session.game), session)


@track_app.command()
def switch(name: Annotated[str, typer.Argument(help="The session to make current.", **NAME_ARG)],
           as_json: Json = False) -> None:
    """Make another session the current one (`track use` became `track switch`: games use `use`).

    \b
    Examples:
      companion track switch pomp
    """
    with open_sessions(reading=True) as store:
        session = store.use(name)
        result = _public(store, store.show(session.name), [])
    render.after_change(render.emit, result.as_json(), as_json, f"Now tracking {session.name} ({session.game}): {', '.join(session.players)}.", session.players)


@track_app.command()
def end(name: Optional[str] = typer.Argument(None, help="The session to end (default: the current one).", **NAME_ARG),
        as_json: Json = False) -> None:
    """End a session: it stays listed and exportable, but takes no more changes.

    \b
    Examples:
      companion track end pomp-2
    """
    with open_sessions(reading=True) as store:
        session = store.end(name)
    render.after_change(render.emit, session.as_json(), as_json, f"Ended {session.name}.")


@track_app.command()
def export(
    name: str = typer.Argument(..., help="The session to export.", **NAME_ARG),
    file: Path = typer.Argument(..., help="Where to write its whole log (JSON)."),
    partial: bool = typer.Option(False, "--partial", help="A damaged log: export the good events before the "
                                 "damage on purpose (without it, a damaged log is not exported, exit 1)."),
    as_json: Json = False,
) -> None:
    """Write a session's whole log to a JSON file, to move the table to another device.

    \b
    Examples:
      companion track export pomp pomp.json
    """
    from engine.words import count
    from trackers.imports import MAX_EVENTS

    with open_sessions(reading=True) as store:
        doc = store.export(name, file, partial)
    damaged = doc.get("damaged_at")
    note = (f" The log is damaged or was edited at event {damaged}: only the {count(len(doc['events']), 'event')} before it "
            f"were exported (--partial); {count(doc['left_out'], 'event')} left out." if damaged else "")
    if len(doc["events"]) > MAX_EVENTS:
        note += (f" Note: `companion track import` takes at most {MAX_EVENTS:,} events, so this file is a record "
                 "that cannot be imported again.")
    render.emit({"name": doc["name"], "file": str(file), "events": len(doc["events"]), "damaged_at": damaged,
                 "left_out": doc.get("left_out", 0), "importable": len(doc["events"]) <= MAX_EVENTS}, as_json,
                f"Exported {doc['name']} ({count(len(doc['events']), 'log entry', 'log entries')}) to {file}.{note}")


@track_app.command("import")
def import_(file: Annotated[Path, typer.Argument(help="A file written by `companion track export`.")],
            name: Optional[str] = typer.Option(None, "--name", help="Import under this name."),
            as_json: Json = False) -> None:
    """Load an exported session (its whole log is replayed and checked) and make it current.

    \b
    Examples:
      companion track import pomp.json --name pomp-2
    """
    from trackers.imports import read_export

    checked = read_export(file, name)  # a refused file leaves the data folder as it was, even a new one
    with open_sessions() as store:
        result = _public(store, store.import_(file, name, checked), [])
    render.after_change(render.emit, result.as_json(), as_json, f"Imported {result.session.name} ({result.session.game}); it is now current.")


@track_app.command()
def situation(
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="Write it to this .json file instead of printing it."),
    name: Optional[str] = typer.Option(None, "--session", help=SESSION_HELP),
    reveal: Reveal = [],
    as_json: bool = typer.Option(False, "--json", help="Printed, the situation is JSON either way; with --output, "
                                 "print {\"session\", \"game\", \"file\"} instead of a sentence."),
) -> None:
    """The session's table as a situation file (JSON), for `companion check GAME --situation FILE`.

    Named hands and secret predictions are left out (see --reveal).

    \b
    Examples:
      companion track situation --output table.json
      companion track situation
    """
    import json

    from trackers.secrets import hidden, revealed

    with open_sessions(reading=True) as store:
        session, engine, state = store.situation(name)
    state = hidden(session.game, state, revealed(session, reveal))
    doc = json.dumps(state.model_dump(mode="json"), indent=2, ensure_ascii=False)
    if output is None:
        print(doc)
        return
    if output.suffix.lower() != ".json":
        raise SessionError(f"{output}: a situation is written as JSON; name the file *.json")
    from trackers.files import export_target, write_file

    write_file(export_target(output, paths.data_dir()), doc + "\n")
    render.emit({"session": session.name, "game": session.game, "file": str(output)}, as_json,
                f"Wrote {session.name}'s table to {output}; check a play with "
                f"`companion check {session.game} --situation {output} --move \"...\"`")


#: how many of the newest log entries `track log` shows unless told otherwise
LOG_WINDOW = 50


@track_app.command()
def log(
    name: Session = None,
    reveal: Reveal = [],
    last: Optional[int] = typer.Option(None, "--last", "--limit", min=1,
                                       help=f"Show the newest N entries (default {LOG_WINDOW})."),
    before: Optional[int] = typer.Option(None, "--before", min=1,
                                         help="Only entries before this one (its number): the next page back."),
    whole: bool = typer.Option(False, "--all", help="Show every entry."),
    as_json: Json = False,
) -> None:
    """The session's history with times and who made each change.

    What each change set off is told with it. The newest 50 entries unless --last, --limit or --all
    (--before N pages back, in text and JSON alike). Where rounds, levels and turns began is marked,
    and so are undone changes.

    \b
    Examples:
      companion track log
      companion track log --last 5
      companion track log --all --json
    """
    if whole and last is not None:
        raise typer.BadParameter("--all shows every entry, --last N the newest N: give one of them", param_hint="'--all'")
    with open_sessions(reading=True) as store:
        from dataclasses import replace

        from trackers.narrate import tell_log
        from trackers.secrets import labeller, public_args, revealed

        session = store.get(name)
        shown = revealed(session, reveal)
        telling = tell_log(store, session, labeller(session.game, shown),
                           None if whole else last or LOG_WINDOW, before)
    telling.entries = [replace(e, args=public_args(session.game, e.verb, e.args, shown) or e.args)
                       for e in telling.entries]
    render.log_view(session, telling, as_json)


@track_app.command()
def undo(steps: int = typer.Argument(1, help="How many changes to take back."), name: Session = None,
         as_json: Json = False) -> None:
    """Take back the last change (or the last N) and say which.

    \b
    Examples:
      companion track undo
      companion track undo 2
    """
    with open_sessions(reading=True) as store:
        result = store.undo(steps, name)
    render.after_change(render.change_view, result, as_json)


@track_app.command()
def redo(steps: int = typer.Argument(1, help="How many undone changes to bring back."), name: Session = None,
         as_json: Json = False) -> None:
    """Bring back what undo took back and say which.

    \b
    Examples:
      companion track redo
    """
    with open_sessions(reading=True) as store:
        result = store.undo(steps, name, redo=True)
    render.after_change(render.change_view, result, as_json)


@track_app.command()
def verbs(game: Optional[str] = typer.Argument(None, help="A game (default: the current session's; none: every game).",
                                               autocompletion=complete.games), as_json: Json = False) -> None:
    """A game's verbs (what follows `companion track`), each with an example.

    \b
    Examples:
      companion track verbs
      companion track verbs catharsis
    """
    from engine import GAMES

    if game is not None:
        games = [resolve_game(game)]
    else:
        session = current(paths.data_dir())
        games = [session.game] if session else list(GAMES)
    tables = [{"game": g, "verbs": get_tracker(g).verbs()} for g in games]
    render.verbs_view(tables, as_json)


@track_app.command()
def watch(
    name: Optional[str] = typer.Argument(None, help="A session (default: the current one, followed when it changes).",
                                         **NAME_ARG),
    reveal: Reveal = [],
    interval: float = typer.Option(0.2, "--interval", min=0.05, max=5.0, help="Seconds between looks at the session."),
    ticks: Optional[int] = typer.Option(None, "--ticks", min=1, hidden=True, help="Stop after this many looks (tests)."),
    as_json: bool = typer.Option(False, "--json", help="One JSON line per change instead of the screen: "
                                 "`track show --json`'s object plus the last change (see docs/cli.md)."),
) -> None:
    """The table full-screen, live: redrawn within half a second of any change. Ctrl-C leaves.

    For a screen in the middle of the table; changes may come from any terminal. Named hands and
    secret predictions are hidden (see --reveal).

    \b
    Examples:
      companion track watch
      companion track watch friday --json
    """
    from companion.watch import watch as run

    run(paths.data_dir(), name, interval, ticks, as_json, reveal)


@track_app.command("_change", hidden=True, cls=ChangeCommand, context_settings={"ignore_unknown_options": True})
def change(
    words: List[str] = typer.Argument(..., metavar="VERB ARGS...", help="The change, as the table says it.",
                                      autocompletion=complete.change_words),
    overrule: bool = typer.Option(False, "--overrule", help="Record it even though the rules forbid it (the table decides)."),
    name: Session = None,
    verbose: bool = typer.Option(False, "--verbose", "-v", help="Also print every effect and rule id."),
    save: bool = typer.Option(False, "--save", help="Also keep the card this change describes (`track card "
                              "NAME TYPE ...`) in the card library, for every later session."),
    as_json: Json = False,
) -> None:
    """A change for the current session's game, e.g. `morale -1` or `lives ben -2`."""
    from trackers.unknown_verb import unknown_verb

    _no_stray_option(list(words))
    with open_sessions(reading=True) as store:
        if _own_hand(store, list(words), name, as_json):
            return
        try:
            result = store.record(list(words), name, overrule, save=save)
        except UnknownVerb as exc:
            said, others = (str(exc), []) if exc.short_for else unknown_verb(words[0], store.get(name), store)
            renamed = RENAMED.get(words[0].lower())
            if renamed:
                raise MoveSyntaxError(f"{said}; to make another session current: companion track {renamed} NAME") from None
            names = [c.name or c.callback.__name__ for c in track_app.registered_commands if not c.hidden]
            near = [] if others else difflib.get_close_matches(words[0].lower(), names, n=1, cutoff=0.6)
            if near:  # `track lsit`: a slip on a session command, not a game verb
                raise MoveSyntaxError(f"{said}; or the session command: {', '.join(near)}") from None
            raise MoveSyntaxError(said) from None
    render.after_change(render.change_view, result, as_json, verbose)


#: the options a change takes, named when another option-looking word is refused
CHANGE_OPTIONS = "--overrule, --session, --verbose, --save, --json"


def _no_stray_option(words: list[str]) -> None:
    """An option-looking word (`--reveal`, `-x`) is never read as part of a change (a card named
    "--reveal ann"): the options a change takes are read by typer, any other is refused and named.
    A negative amount (`-2`) is a word of the change."""
    stray = next((w for w in words if re.match(r"--?[A-Za-z]", w)), None)
    if stray is None:
        return
    option = stray.split("=", 1)[0]
    hint = (" (it belongs to the views: track show, log, watch, situation; `track hand NAME` alone shows a "
            "player their own hand)" if option == "--reveal" else "")
    if re.fullmatch(r"-[A-Za-z]{2,}", stray):  # `lives ann -two`: an amount in words
        hint = " nor an amount: write an amount in digits (e.g. -2)"
    raise MoveSyntaxError(f"{option!r} is not an option of a change{hint}; a change takes {CHANGE_OPTIONS}")


def _own_hand(store, words: list[str], name: str | None, as_json: bool) -> bool:
    """`track hand NAME` (no cards) in a game with named hands: that player looks at their own hand,
    which the shared views hide. True when it was that."""
    from trackers.secrets import hand_line, hides_hand, own_hand, revealed

    from engine.words import held_names

    session = store.get(name)
    words = held_names(" ".join(words).split(), session.players)  # `hand mary jo`: one player
    if not hides_hand(session.game) or len(words) != 2:
        return False
    from engine import get_tracker

    try:
        verb, rest = get_tracker(session.game).split(words, session.players)
    except MoveSyntaxError:
        return False
    if verb != "hand":
        return False
    player = revealed(session, rest).pop()
    hand = own_hand(session.game, store.replay(session).state, player)
    render.emit(hand, as_json, hand_line(hand))
    return True
