"""The `companion` command: a thin typer layer over rulesdb (and later trackers and engine).

Errors become exit codes here and only here: bad input exits 2 with one line on stderr
(a JSON error object with --json), an internal failure exits 1, never with a traceback.
"""
import functools
import gc
import importlib
import os
import sys
from pathlib import Path
from typing import Optional

import typer
from typer.core import TyperGroup

from companion import __version__, paths
from companion.failure import FINDING, Interrupted, answer, answered, begin, fail, interrupted, piped
from companion.typer_parts import (ClickException, UsageError, command_name, completion_script,
                                   install_completion, slim_app, start_completion, version_problem, with_group_app)


class CompanionGroup(TyperGroup):
    """Runs a command and turns every failure into one line and an exit code."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt as exc:  # the command's own `with` blocks have rolled back by now
            raise Interrupted() from exc
        except BrokenPipeError:  # the reader went away (`| head -1`): quietly, with the command's own code
            from companion.render import silence_stdout

            silence_stdout()
            return None

    def main(self, args=None, prog_name=None, complete_var=None, standalone_mode=True, **extra):
        argv = list(sys.argv[1:] if args is None else args)
        from companion.helptext import reflow_tree

        reflow_tree(self)  # help written wrapped in the source, shown wrapped to the reader's width
        if os.environ.get("_COMPANION_COMPLETE"):  # a TAB press: typer's bash/zsh/fish completion classes
            start_completion()
        argv = options_first(argv)
        as_json = "--json" in argv
        outer = begin()
        try:
            rv = super().main(args=argv, prog_name=prog_name or "companion", complete_var=complete_var,
                              standalone_mode=False, **extra)
            code = rv if isinstance(rv, int) else answer()
        except UsageError as exc:
            if type(exc).__name__ == "NoArgsIsHelpError":  # `companion track` alone: its help was shown
                code = 0
            else:
                hint = f" (see `{exc.ctx.command_path} --help`)" if exc.ctx is not None else ""
                code = fail(_as_change(exc, argv) or _negative(exc) or exc.format_message() + hint, 2, as_json)
        except ClickException as exc:
            code = fail(exc.format_message(), exc.exit_code or 2, as_json)
        except typer.Abort as exc:
            if isinstance(exc.__cause__, KeyboardInterrupt):  # click turns Ctrl-C into Abort
                code = interrupted(as_json)
            else:
                code = fail("aborted", 1, as_json)
        except (Interrupted, KeyboardInterrupt):
            code = interrupted(as_json, close_echo=True)
        except BrokenPipeError:  # the reader went away (`| head`) before a read command finished
            from companion.render import silence_stdout

            silence_stdout()
            code = answer()
        except Exception as exc:  # noqa: BLE001 - the one place errors become exit codes
            if getattr(exc, "finding", False):  # the command ran; its answer is a finding (a refused play too)
                code = fail(str(exc), FINDING, as_json)
            elif getattr(exc, "bad_input", None) in (True, False):  # a family's own error: 2 bad input, 1 not
                code = fail(str(exc), 2 if exc.bad_input else 1, as_json)
            else:
                if os.environ.get("COMPANION_DEBUG"):
                    raise
                code = fail(f"internal error: {type(exc).__name__}: {exc} (set COMPANION_DEBUG=1 for details)", 1, as_json)
        _say_set_aside(code != 2)
        answered(outer)
        if standalone_mode:
            sys.exit(code)
        return code


def _say_set_aside(say: bool) -> None:
    """The card library's cards the command's reads set aside, each said once, one line on stderr
    (trackers/library.py: a card an older version took that today's check refuses); not `say`: bad
    input, whose one line is its error."""
    library = sys.modules.get("trackers.library")  # loaded only by a command that read a library
    for line in library.untold() if library else ():
        if say:
            print(f"companion: {line}", file=sys.stderr)


def _as_change(exc, argv: list[str]) -> str:
    """`companion coins ann +1`, a tracker verb typed without `track`: the error naming the line it
    meant, the current session and its game (or the game the verb belongs to); "" when the word is
    no verb."""
    if exc.ctx is None or exc.ctx.parent is not None or not exc.format_message().startswith("No such command"):
        return ""
    at, word = _command_word(argv, _ROOT_VALUED)
    try:
        from trackers.peek import current

        session = current(paths.data_dir())
        if word is None or session is None:
            return ""
        from trackers.unknown_verb import games_with, spoken

        low = word.lower()
        if low in spoken(session.game):
            return (f"no command {word!r}; it is a {session.game} verb (session {session.name}): "
                    f"companion track {' '.join(argv[at:])}")
        others = games_with(low)
        if others:
            return (f"no command {word!r}; it is a verb of {' and '.join(others)}, not of session {session.name} "
                    f"({session.game}), whose verbs `companion track verbs` lists")
    except Exception:  # noqa: BLE001 - only a hint: the error stands without it
        return ""
    return ""


def _negative(exc) -> str:
    """`companion undo -1`, `rules search lives -1`: a negative number, which the parser reads as an
    option, said as what it is and how to give it; "" otherwise."""
    name = getattr(exc, "option_name", None) or ""
    if exc.ctx is None or not name[1:].isdigit():
        return ""
    path = exc.ctx.command_path
    if exc.ctx.command.name in ("undo", "redo"):
        return f"{name}: the number of steps must be 1 or more, e.g. `{path} 2`"
    if exc.ctx.command.name in ("search", "define"):  # a question's words
        return f"{name} is read as an option; put the question in quotes, e.g. {path} \"... {name}\""
    return ""


def options_first(argv: list[str]) -> list[str]:
    """The words with each root option that takes a value (`--data-dir DIR`) moved before the
    command, wherever it was typed (`companion track show --data-dir DIR`), as click and typer users
    expect of an option; words after `--` are left as they are."""
    front, rest, words = [], [], iter(argv)
    for word in words:
        if word == "--":
            rest += [word, *words]
        elif word in _ROOT_VALUED and (value := next(words, None)) is not None:
            front += [word, value]
        elif any(word.startswith(v + "=") for v in _ROOT_VALUED):
            front.append(word)
        else:
            rest.append(word)
    return front + rest if front else argv


#: the root's help: what the companion is, then a first example of each part
HELP = """The table companion for five tabletop games: the rules in your own words, the table's
counters, plays checked against the rules, the table on every phone, and the history of your games.

For Catharsis: Divine Wrath, Cataclysm Arcade, Catopomp, Party of the Theseus and CATastrophe: A
Game of 9 Lives (`companion games`). Every command has --help with examples.

\b
Examples:
  companion rules search "can I reroll just one die?" --game catharsis
  companion track new catopomp --players "Ann,Ben,Cy"
  companion play "heaven 4 5 then hell 2"
  companion serve --lan
  companion history
"""

# The root: its options and its own commands. The command modules add theirs only when their word
# is run (COMMANDS), so a search imports no play or track module; `app` is the whole app.
root_app = typer.Typer(
    cls=CompanionGroup,
    name="companion",
    help=HELP,
    add_completion=False,  # our own --install/--show-completion import the machinery only when used
    pretty_exceptions_enable=False,
    no_args_is_help=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

WELCOME = """companion {version}: rules at the table, in seconds.

Games:
{games}

Look up rules:
  companion rules search "can I reroll just one die?" --game catharsis
  companion rules define "hell domain"
  companion rules show catopomp.dice-boost
Keep the counters:
  companion track new catastrophe --players "Ann,Ben,Cy"
  companion track lives ben -2
Play along (judged, then recorded), and the prompt for a game night:
  companion play "heaven 4 5 then hell 2"
  companion shell
Check a play:
  companion check catopomp --situation table.toml --move "heaven 4 5 then hell 2"

Every command has --help."""


def _shell() -> str:
    """The user's shell: COMPANION_SHELL if set, else detected (the process tree, then $SHELL)."""
    shell = os.environ.get("COMPANION_SHELL", "")
    if not shell:
        import shellingham

        try:
            shell = shellingham.detect_shell()[0]
        except shellingham.ShellDetectionFailure:
            shell = Path(os.environ.get("SHELL", "")).name
    if shell not in ("bash", "zsh", "fish"):
        raise typer.BadParameter(f"completion is for bash, zsh or fish, not {shell or 'this shell'!r}; "
                                 "choose one with COMPANION_SHELL=bash|zsh|fish")
    return shell


def _completion(install: bool):
    def callback(ctx: typer.Context, value: bool) -> None:
        if not value or ctx.resilient_parsing:
            return
        shell = _shell()
        if install:
            path = install_completion(shell, "companion", "_COMPANION_COMPLETE")
            from companion.fit import fitted

            print(fitted(f"{shell} completion installed in {path}; it takes effect in a new terminal."))
        else:
            print(completion_script(shell, "companion", "_COMPANION_COMPLETE"))
        raise typer.Exit()

    return callback


def _version(value: bool) -> None:
    """The version, and where it runs from (as pip does): which copy a player's `companion` is."""
    if value:
        problem = version_problem()
        print(f"companion {__version__} from {Path(__file__).resolve().parent} (Python {sys.version.split()[0]})"
              + (f"; note: {problem}" if problem else ""))
        raise typer.Exit()


@root_app.callback(invoke_without_command=True)
def root(
    ctx: typer.Context,
    version: bool = typer.Option(False, "--version", callback=_version, is_eager=True, help="Print the version and exit."),
    install_completion: bool = typer.Option(
        False, "--install-completion", is_eager=True, expose_value=False, callback=_completion(True),
        help="Install completion for your shell: bash, zsh or fish (detected; or set COMPANION_SHELL).",
    ),
    show_completion: bool = typer.Option(
        False, "--show-completion", is_eager=True, expose_value=False, callback=_completion(False),
        help="Print the completion script for your shell, to install it by hand.",
    ),
    data_dir: Optional[str] = typer.Option(
        None, "--data-dir", help="Keep data and cache under this folder (default: COMPANION_HOME or the user dirs).",
    ),
) -> None:
    """The table companion: rules, the table's counters, checked plays, phones and history."""
    paths.set_home(None if data_dir is None else paths.checked_home(data_dir, "--data-dir"))
    import rulesdb

    rulesdb.use_cache(paths.cache_dir)
    if ctx.invoked_subcommand is None:
        from rulesdb.games import all_games

        games = "\n".join(f"  {g.id:<17} {g.name}" for g in all_games())
        from companion.fit import fitted

        print(fitted(WELCOME.format(version=__version__, games=games)))


@root_app.command()
def games(as_json: bool = typer.Option(False, "--json", help="Print the games as JSON.")) -> None:
    """The five games with their ids, aliases and player counts.

    \b
    Examples:
      companion games
      companion games --json
    """
    from companion.render_rules import games_view
    from rulesdb.games import all_games

    games_view(all_games(), as_json)


@root_app.command()
def shell(as_json: bool = typer.Option(False, "--json", help="For programs: read lines from stdin and answer "
                                       "each with one line of JSON (see docs/cli.md).")) -> None:
    """An interactive prompt for a game night: commands without `companion`, questions in your words.

    Every command works without the `companion` prefix; any other line is a rules question for the
    current session's game. The rules index and the sessions file stay open, so each line answers at
    once. With --json, a program writes one command a line and reads one JSON object a line.

    \b
    Examples:
      companion shell
      companion shell --json
    """
    from companion.shell import run_json_shell, run_piped_shell, run_shell

    gc.enable()  # a long-lived process (the entry paused the collector: docs/architecture.md, Start-up)
    if as_json:
        run_json_shell(whole_group(), paths.home_given())
    elif piped(sys.stdin):  # a script's lines (`printf '...' | companion shell`): one command a line
        return run_piped_shell(whole_group(), paths.home_given())
    else:
        run_shell(whole_group(), paths.home_given())
    return 0


@root_app.command()
def serve(
    session: Optional[str] = typer.Option(None, "--session", help="Serve this session instead of the current one."),
    lan: bool = typer.Option(False, "--lan", help="Listen on the local network (not only this machine) and print "
                             "its address and a QR code for phones."),
    port: int = typer.Option(8765, "--port", min=0, max=65535, help="The port (0: any free one)."),
    host: Optional[str] = typer.Option(None, "--host", metavar="ADDRESS", help="The address phones reach this "
                                       "machine by, printed and put in the QR code (implies --lan)."),
    allow_plays: bool = typer.Option(False, "--allow-plays", help="Let each player's private page submit plays "
                                     "and counter changes, judged as `companion play --by PLAYER`."),
    stop_after: Optional[float] = typer.Option(None, "--stop-after", min=0.1, metavar="SECONDS",
                                               help="Stop by itself after this many seconds (default: at Ctrl-C)."),
    as_json: bool = typer.Option(False, "--json", help="Print the addresses and links as one line of JSON (and "
                                 "one more when it stops) instead of text."),
) -> None:
    """The session's table live on every phone, with the rules search (docs/serve.md).

    A web page of the counters, whose turn it is and the last plays, updated as any terminal or phone
    changes it; each player's private link adds their own hand. Only this machine can open it unless
    --lan, which prints the address and a QR code for the phones. Ctrl-C stops it.

    \b
    Examples:
      companion serve --lan
      companion serve --lan --allow-plays
      companion serve --session friday --port 8080
    """
    from companion.serve.run import serve as run_serve

    gc.enable()  # a long-lived process
    run_serve(paths.data_dir(), session, lan, port, allow_plays, stop_after, as_json, host)


@functools.cache
def _track_app() -> typer.Typer:
    """The `track` group, with `track recap` and `track export-play` from history_cmd."""
    from companion import history_cmd, track_cmd

    history_cmd.register_track(track_cmd.track_app)
    return track_cmd.track_app


def _add_track(app: typer.Typer) -> None:
    from companion import track_cmd

    app.add_typer(_track_app(), name="track")
    for word in track_cmd.SHORT_FORMS:  # `companion undo` for `companion track undo`, and so on
        callback = getattr(track_cmd, word)
        what = " ".join(callback.__doc__.split("\n\n")[0].split())
        app.command(word, help=f"Short for `companion track {word}`: {what[0].lower()}{what[1:]}\n\n"
                    f"\b\nExample:\n  companion {word}")(callback)


def _registers(module: str):
    """What adds a command module's commands: its `register(app)`, imported only when called."""
    def add(app: typer.Typer) -> None:
        importlib.import_module(f"companion.{module}").register(app)

    return add


#: each top-level word of the command modules -> what adds its commands (in the whole app's order,
#: the order of --help); tests/test_startup_imports.py checks it against the whole app
COMMANDS = {
    "rules": _registers("rules_cmd"),
    **dict.fromkeys(("track", "undo", "redo", "show", "log"), _add_track),  # track_cmd.SHORT_FORMS
    **dict.fromkeys(("check", "moves", "status", "schema", "play"), _registers("play_cmd")),
    "odds": _registers("odds_cmd"),
    "cards": _registers("cards_cmd"),
    **dict.fromkeys(("history", "stats", "players"), _registers("history_cmd")),
}


@functools.cache
def _app_with(adds: tuple) -> typer.Typer:
    """A copy of the root app with the commands these functions add."""
    built = slim_app(root_app, {command_name(c) for c in root_app.registered_commands}, list(root_app.registered_groups))
    for add in adds:
        add(built)
    return built


def whole_app() -> typer.Typer:
    """The app with every command."""
    return _app_with(tuple(dict.fromkeys(COMMANDS.values())))


def __getattr__(name: str):
    if name == "app":  # `companion.cli.app`: the whole app
        return whole_app()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


_ROOT_VALUED = ("--data-dir",)  # the root options that take a value


def _command_word(argv: list[str], valued: tuple[str, ...] = ()) -> tuple[int, str | None]:
    """Where in `argv` the first word that names a command stands, and the word (root options and
    their values skipped); (-1, None) when a root option asks for something else first (help,
    version, completion) or no word is there."""
    skip = False
    for at, word in enumerate(argv):
        if skip:
            skip = False
        elif word in valued:
            skip = True
        elif word.startswith("-"):
            if not any(word.startswith(v + "=") for v in valued):
                return -1, None
        else:
            return at, word
    return -1, None


def whole_group():
    """The click group of the whole app (every command): what `companion shell` runs each line through."""
    return typer.main.get_command(whole_app())


def invoked_app(argv: list[str]) -> typer.Typer:
    """The app with only the command that `argv` invokes (typer builds every command's parameters
    from its signature, ~20 ms a process for the whole tree); the whole app when the words ask for
    help or name no known command, so help, suggestions and errors are the whole app's."""
    at, word = _command_word(argv, _ROOT_VALUED)
    app = _app_with((COMMANDS[word],)) if word in COMMANDS else root_app
    names = {command_name(c) for c in app.registered_commands} | {g.name for g in app.registered_groups}
    if word not in names or "--help" in argv or "-h" in argv or os.environ.get("_COMPANION_COMPLETE"):
        return whole_app()
    group = next((g for g in app.registered_groups if g.name == word), None)
    _, verb = _command_word(argv[at + 1:])
    if group is None or verb is None:
        return slim_app(app, {word})
    # a group (rules, track) with only the verb invoked: `rules search` builds no other rules
    # command; `track`'s catch-all `_change` stays for a change (`track coins ann +1`)
    sub = group.typer_instance
    known = {command_name(c) for c in sub.registered_commands}
    keep = {verb, "_change"} & known
    if not keep:  # an unknown verb: the whole group, so the error names its commands
        return slim_app(app, {word})
    return slim_app(app, set(), [with_group_app(group, slim_app(sub, keep))])


def main() -> None:
    invoked_app(options_first(sys.argv[1:]))()
