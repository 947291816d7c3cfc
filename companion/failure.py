"""The error a failed command prints on stderr (a JSON object with --json): one line, or on a
terminal a refusal said short first and wrapped (docs/cli.md)."""
from __future__ import annotations

import re
import sys

#: a rule id in brackets, as a verdict writes it after its message (compiled only for a refusal shown
#: on a terminal: every command imports this module)
_RULE = r" ?\[([a-z0-9-]+(?:\.[a-z0-9-]+)+)\]"


def error_lines(message: str, width: int | None = None) -> list[str]:
    """The lines of an error: with `width` (a terminal's), a refusal's short head (what and the rule
    ids) and its reason under it, each wrapped between words at that width, continuation lines
    indented; without, the one line."""
    head, rest = f"companion: error: {message}", ""
    if width is None:
        return [head]
    refused = re.match(r"refused: (.+?): (.*)", message, re.S)
    if refused:
        what, why = refused.groups()
        rules = list(dict.fromkeys(re.findall(_RULE, why)))
        head = f"companion: error: refused: {what}" + (f" [{', '.join(rules)}]" if rules else "")
        rest = re.sub(_RULE, "", why).strip()
    import textwrap

    wrap = dict(width=max(40, width - 1), subsequent_indent="  ", break_long_words=False, break_on_hyphens=False)
    return textwrap.wrap(head, **wrap) + (textwrap.wrap(rest, initial_indent="  ", **wrap) if rest else [])


def piped(stream) -> bool:
    """Whether `stream` goes to a pipe or a file rather than a person at a terminal."""
    try:
        return not stream.isatty()
    except (AttributeError, ValueError):
        return True


def _width() -> int | None:
    """The terminal's width when stderr is one (the shell's is), else None (no wrapping)."""
    if piped(sys.stderr):
        return None
    import shutil

    return shutil.get_terminal_size().columns


def fail(message: str, code: int, as_json: bool) -> int:
    """Print `message` as the command's error and return the exit code `code`."""
    from companion.render import visible

    message = visible(message, one_line=True)  # it may echo what the user typed: escapes are shown, not obeyed
    if as_json:
        import json  # here: loaded by every command, used by a failed one with --json

        print(json.dumps({"error": message, "exit_code": code}), file=sys.stderr)
    else:
        print("\n".join(error_lines(message, _width())), file=sys.stderr)
    return code


#: the exit codes (docs/cli.md, "Exit codes and errors")
FINE, FINDING, BAD_INPUT = 0, 1, 2

_answer = [FINE]  # the code the running command's answer gives (answered), read when it ends


def answered(code: int) -> None:
    """Say what the running command's answer means for its exit code, before it is printed: FINDING
    (1) for an illegal play, a refusal, an impossible table, nothing found. Set first, so a reader
    that goes away before the answer is printed (`| head -1`) still gets the command's own code."""
    _answer[0] = code


def answer() -> int:
    """The exit code the running command's answer gives (FINE unless answered)."""
    return _answer[0]


def begin() -> int:
    """A new command starts (a shell line too): its answer is FINE until answered; the code of the
    command it runs inside (the shell's) is returned, to restore with answered() when it ends."""
    was, _answer[0] = _answer[0], FINE
    return was


class Finding(Exception):
    """An answer that is a finding, said as an error line (exit 1): `rules define` of a term no
    glossary has. Not bad input: the command read what it was given and found nothing."""

    finding = True


class Interrupted(Exception):
    """Ctrl-C inside a command, carried past typer and click (which would end it silently or with
    "Aborted!" and exit 1) to the one place errors become exit codes (companion/cli.py)."""


#: the exit code of a command stopped by Ctrl-C, as the shells give one (128 + SIGINT)
INTERRUPTED = 130


def interrupted(as_json: bool = False, close_echo: bool = False) -> int:
    """Ctrl-C: one line and exit 130, as the shells expect (`close_echo`: first end the line the
    terminal's `^C` is on, where click has not); what the command was writing was rolled back by
    its own transaction or temporary file."""
    if close_echo:
        print(file=sys.stderr)
    return fail("interrupted (Ctrl-C); nothing half-written was kept", INTERRUPTED, as_json)
