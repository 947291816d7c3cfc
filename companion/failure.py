"""The one-line error a failed command prints on stderr (a JSON object with --json)."""
from __future__ import annotations

import sys


def fail(message: str, code: int, as_json: bool) -> int:
    """Print `message` as the command's error line and return the exit code `code`."""
    from companion.render import visible

    message = visible(message, one_line=True)  # it may echo what the user typed: escapes are shown, not obeyed
    if as_json:
        import json  # here: loaded by every command, used by a failed one with --json

        print(json.dumps({"error": message, "exit_code": code}), file=sys.stderr)
    else:  # one line, whatever the width: scripts and the shell read it so
        print(f"companion: error: {message}", file=sys.stderr)
    return code


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
