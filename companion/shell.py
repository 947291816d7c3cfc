"""`companion shell`: one prompt for the evening, with the rules index, the glossary and the
sessions file kept open; every line runs through the same typer app as a one-shot command
(docs/architecture.md, The shell).
"""
from __future__ import annotations

import contextlib
import difflib
import io
import json
import shlex
import sys
from pathlib import Path

from companion import paths, sent, stores
from companion.failure import fail, interrupted
from companion.fit import fitted
from companion.stores import current_game
from rulesdb import search

PROMPT = "companion> "
BUILTINS = {"exit": "leave the shell (or Ctrl-D)", "quit": "leave the shell", "help": "the commands"}
INTRO = ("companion shell: commands without the `companion` prefix (`rules define enforcer`, `track lives ben -2`, "
         "`play \"heaven 4 5 then hell 2\"`); any other line is a rules question. Tab completes, Ctrl-D leaves.")


class Shell:
    """Runs lines through the CLI; `run(line)` returns the exit code the one-shot command would have."""

    def __init__(self, group, home: Path | None = None):
        """`group`: the click group of the whole app (companion.cli.whole_group()), built once for the
        evening; `home`: the --data-dir given to the shell, passed on to every line."""
        self.home = home
        self.group = group
        self.commands = sorted(n for n, c in self.group.commands.items() if not c.hidden and n != "shell")
        search.keep_open(True)  # one open index for every search
        stores.keep_open(True)  # one open sessions file for every tracker command

    def close(self) -> None:
        search.keep_open(False)
        stores.keep_open(False)

    def args_for(self, line: str) -> list[str] | None:
        """The command line for a typed line: a command's words; a session word (`verbs`) or a verb of
        the current game's tracker as `track ...`; or a rules search for a question (after naming the
        command a line nearly is)."""
        words = line.split()
        if not words:
            return None
        if words[0] in self.group.commands or words[0].startswith("-"):
            return shlex.split(line)
        game = current_game()
        track_words = session_words(game)
        if words[0].lower() in track_words:
            return ["track", *shlex.split(line)]
        near = self.near_command(words[0], track_words)
        if near:  # a slip on a command is not a question: nothing is searched (docs/cli.md, the shell)
            fail(f"unknown command {words[0]!r}; did you mean `{' '.join([near, *words[1:]])}`? (to ask the "
                 f"rules instead: rules search \"{line.strip()}\")", 2, False)
            return []
        as_json = words[-1] == "--json"
        question = " ".join(words[:-1] if as_json else words)
        args = ["rules", "search", question]
        if game:
            args += ["--game", game]
        return args + (["--json"] if as_json else [])

    def run(self, line: str) -> int:
        try:
            args = self.args_for(line)
        except ValueError as exc:  # shlex: an unclosed quote
            print(f"companion: error: {exc} in {line.strip()!r}", file=sys.stderr)
            return 2
        if args is None:
            return 0
        if not args:  # refused before running (a mistyped command): its error line is printed
            return 2
        if args[0] == "shell":
            print("companion: error: already in the shell", file=sys.stderr)
            return 2
        if args[0] == "play":
            # the table as the line was sent: a play is judged against it (companion/sent.py)
            sent.take_now(self.home / "data" if self.home is not None else paths.data_dir())
        if self.home is not None:
            args = ["--data-dir", str(self.home), *args]
        code = self.group.main(args=args, prog_name="companion", standalone_mode=False)
        sys.stdout.flush()
        return code if isinstance(code, int) else 0

    def near_command(self, word: str, track_words: set[str]) -> str | None:
        """The command a mistyped first word nearly is (`tarck` -> `track`, `udno` -> `undo`)."""
        if word.lower() in QUESTION_WORDS:  # `how many ...` is a question, not a mistyped `show`
            return None
        known = {c: c for c in self.commands} | {w: f"track {w}" for w in track_words}
        found = difflib.get_close_matches(word.lower(), list(known), n=1, cutoff=0.75)
        return known[found[0]] if found and len(word) > 2 else None


#: words that open a question: a line starting with one is asked of the rules, never read as a typo
QUESTION_WORDS = frozenset("how what when where why who whom whose which can could does do did is are was were "
                           "should would will may might must if".split())

#: the session commands a bare word in the shell runs as `track WORD` (undo, show ... are top-level too)
SESSION_WORDS = ("verbs",)


def session_words(game: str | None) -> set[str]:
    """The words the shell runs as `track ...`: session commands and the current game's tracker verbs."""
    from trackers.unknown_verb import spoken

    return set(SESSION_WORDS) | (set(spoken(game)) if game else set())


def shell_help(shell: Shell) -> str:
    """The shell's own help: what a line can be, with the current game's verbs."""
    game = current_game()
    from companion.track_cmd import SHORT_FORMS
    from engine import get_tracker

    verbs = [v["verb"] for v in get_tracker(game).verbs()] if game else []
    lines = [
        "In the shell a line is one of:",
        "  a command without `companion`: " + ", ".join(c for c in shell.commands if c not in SHORT_FORMS),
        "  a session word, short for `track WORD`: " + ", ".join((*SHORT_FORMS, *SESSION_WORDS)),
        (f"  a {game} verb, run as `track VERB`: " + ", ".join(verbs)) if verbs
        else "  a game's verb, run as `track VERB`, once a session is current (track new GAME --players ...)",
        "  anything else: a rules question" + (f" about {game}" if game else "") + " (end it with --json for JSON)",
        "  " + "; ".join(f"{k}: {v}" for k, v in BUILTINS.items()),
        "A command's own help: COMMAND --help (e.g. `play --help`, `track --help`).",
    ]
    return "\n".join(lines)


def _with_json(line: str) -> str:
    """The line asking for JSON: `--json` added unless it is there or the line asks for help (text)."""
    return line if {"--json", "--help", "-h"} & set(line.split()) else f"{line.rstrip()} --json"


def _captured(text: str):
    """What a command printed: its JSON document, None for nothing, else the text (help)."""
    if not text.strip():
        return None
    try:
        return json.loads(text)
    except ValueError:
        return text.rstrip("\n")


def _said(text: str) -> tuple[str | None, str | None]:
    """(error, note) of what a command wrote on stderr: its error line (a JSON error object or a
    `companion: error:` line) apart from the lines that only tell something (a card library's card set
    aside, a session that did not read), each `companion: ` line a line of the note; None for none."""
    error, notes = None, []
    for line in filter(str.strip, text.splitlines()):
        found = _captured(line)
        if isinstance(found, dict) and "error" in found:
            error = found["error"]
        elif line.startswith("companion: error: ") or not line.startswith("companion: "):
            error = line.removeprefix("companion: error: ") if error is None else f"{error}\n{line}"
        else:
            notes.append(line.removeprefix("companion: "))
    return error, "\n".join(notes) or None


def on_its_own(words: list[str], where: str, as_json: bool = False) -> str | None:
    """The line refusing a command that runs until Ctrl-C (`track watch`, `serve`) in a shell reading
    lines from a pipe (`where`): no line after it could ever run; None for any other command."""
    if words[:2] == ["track", "watch"]:
        return f"track watch runs on its own (`companion track watch{' --json' if as_json else ''}`), not in {where}"
    if words[:1] == ["serve"]:
        return f"serve runs on its own (`companion serve`), not in {where}"
    return None


def json_answer(shell: Shell, line: str) -> dict | None:
    """One line run as if it ended with --json, as one object: the line, the exit code the one-shot
    command would have, what it printed on stdout (`result`), its error line (`error`) and the lines
    that only tell something (`note`: a card library's card set aside)."""
    words = line.split()
    if not words:
        return None
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        if words == ["help"]:
            print(json.dumps({"commands": shell.commands, "builtins": BUILTINS}))
            code = 0
        elif said := on_its_own(words, "`companion shell --json`", as_json=True):
            print(f"companion: error: {said}", file=sys.stderr)
            code = 2
        else:
            code = shell.run(_with_json(line))
    error, note = _said(err.getvalue())
    return {"line": line, "exit_code": code, "result": _captured(out.getvalue()), "error": error, "note": note}


def run_json_shell(group, home: Path | None, lines=None) -> None:
    """`companion shell --json`: lines from stdin (no prompt, no line editing), each answered with one
    line of JSON (json_answer) and flushed, so a program can drive the companion through a pipe and
    keep the index and the sessions file open; `exit`, `quit` or the end of the input leaves."""
    shell = Shell(group, home)
    try:
        for line in lines if lines is not None else sys.stdin:
            line = line.rstrip("\n")
            if line.strip() in ("exit", "quit"):
                break
            answer = json_answer(shell, line)
            if answer is not None:
                print(json.dumps(answer, ensure_ascii=False), flush=True)
    except KeyboardInterrupt:
        pass
    finally:
        shell.close()


def run_piped_shell(group, home: Path | None, lines=None) -> int:
    """`companion shell` with stdin not a terminal (`printf 'rules define enforcer\ntrack show\n' |
    companion shell`): one command a line, as a script reads, each answered as at the prompt (no
    prompt, no line editing, no history); `exit`, `quit` or the end of the input leaves; a command that
    runs until Ctrl-C (`track watch`, `serve`) is refused in one line and skipped. The exit
    code is 0 when every line was, else the highest code a line had (1 a finding, 2 bad input)."""
    shell = Shell(group, home)
    worst = 0
    try:
        for line in lines if lines is not None else sys.stdin:
            line = line.rstrip("\n")
            word = line.strip()
            if word in ("exit", "quit"):
                break
            if word == "help":
                print(fitted(shell_help(shell)))
                continue
            if said := on_its_own(line.split(), "a piped `companion shell`; the line is skipped"):
                print(f"companion: error: {said}", file=sys.stderr)  # it would never end: the lines after it run
                worst = 2
                continue
            worst = max(worst, shell.run(line))
            sys.stderr.flush()
    except KeyboardInterrupt:
        return interrupted()
    finally:
        shell.close()
    return worst


def _prompt_app(buffer):
    """A one-line prompt: the line, the completion menu under it and a search bar for Ctrl-R, with
    prompt_toolkit's own key bindings; Ctrl-C ends it with KeyboardInterrupt, Ctrl-D on an empty
    line with EOFError. PromptSession's layout does the same with many more parts (toolbars,
    multi-line prompts, a right prompt), each drawn at every key: this one draws in half the time."""
    from prompt_toolkit.application import Application
    from prompt_toolkit.filters import Condition, has_focus
    from prompt_toolkit.key_binding import KeyBindings, merge_key_bindings
    from prompt_toolkit.key_binding.defaults import load_key_bindings
    from prompt_toolkit.layout import Float, FloatContainer, HSplit, Layout, Window
    from prompt_toolkit.layout.controls import BufferControl
    from prompt_toolkit.layout.dimension import Dimension
    from prompt_toolkit.layout.menus import CompletionsMenu
    from prompt_toolkit.layout.processors import BeforeInput, HighlightIncrementalSearchProcessor
    from prompt_toolkit.widgets import SearchToolbar

    search = SearchToolbar()
    control = BufferControl(buffer, input_processors=[BeforeInput(PROMPT), HighlightIncrementalSearchProcessor()],
                            search_buffer_control=search.control, preview_search=True)

    def height() -> Dimension:  # room under the line for the completion menu while it is open
        return Dimension(min=8) if buffer.complete_state is not None and not app.is_done else Dimension()

    body = FloatContainer(HSplit([Window(control, height=height, dont_extend_height=True), search]),
                          floats=[Float(xcursor=True, ycursor=True, transparent=True,
                                        content=CompletionsMenu(max_height=16, scroll_offset=1))])
    keys = KeyBindings()
    on_line = has_focus(buffer)

    @keys.add("c-c", filter=on_line)
    def _cancel(event) -> None:
        event.app.exit(exception=KeyboardInterrupt, style="class:aborting")

    @keys.add("c-d", filter=on_line & Condition(lambda: not buffer.text))
    def _leave(event) -> None:
        event.app.exit(exception=EOFError, style="class:exiting")

    app = Application(layout=Layout(body, focused_element=buffer),
                      key_bindings=merge_key_bindings([load_key_bindings(), keys]), erase_when_done=False)
    return app


def run_shell(group, home: Path | None) -> None:
    """The prompt loop: Ctrl-C cancels the line (or the running command), Ctrl-D leaves.

    One prompt_toolkit application runs for the evening: Enter draws the line as done, runs the
    command in the terminal (cooked mode, as a one-shot command would print) and draws the next
    prompt, without closing and reopening the application at every line."""
    import asyncio

    from prompt_toolkit.application import run_in_terminal
    from prompt_toolkit.buffer import Buffer
    from prompt_toolkit.history import FileHistory

    from companion.shell_complete import ShellCompleter

    shell = Shell(group, home)
    history = paths.data_dir() / "shell-history"
    history.parent.mkdir(parents=True, exist_ok=True)
    buffer = Buffer(history=FileHistory(str(history)), completer=ShellCompleter(shell), complete_while_typing=False,
                    multiline=False)
    app = _prompt_app(buffer)

    def command(line: str) -> None:
        app.renderer.reset()  # the terminal as a command finds it (bracketed paste off)
        buffer.reset()
        word = line.strip()
        try:
            if word == "help":
                print(fitted(shell_help(shell)))
            else:
                shell.run(line)
        except KeyboardInterrupt:  # Ctrl-C in cooked mode: SIGINT (prompt_toolkit does not take it)
            print("interrupted", file=sys.stderr)  # the command's transaction was rolled back

    def accept(buff) -> bool:
        line = buff.text
        if line.strip() in ("exit", "quit"):
            app.exit(result=line)
        else:
            run_in_terminal(lambda: command(line), render_cli_done=True)
        return True  # the line stays on screen as typed; command() empties the buffer

    buffer.accept_handler = accept
    print(fitted(INTRO))
    loop = asyncio.new_event_loop()
    try:
        while True:
            buffer.reset()
            try:
                loop.run_until_complete(app.run_async(pre_run=buffer.load_history_if_not_yet_loaded,
                                                      handle_sigint=False))
                break  # exit or quit
            except KeyboardInterrupt:
                continue  # Ctrl-C at the prompt: the line is cancelled
            except EOFError:
                break
    finally:
        loop.close()
        shell.close()
