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
