"""The simple outputs (a tracker change's line, the search hits) written without importing rich,
byte for byte as rich's console writes them: importing rich's console is about a sixth of a one-shot
command. Where rich would decide otherwise, `render` answers None and the caller prints with rich;
docs/architecture.md (Start-up) gives the rules copied, for the rich releases in RICH.
"""
from __future__ import annotations

import builtins
import os
import sys

from companion.fit import fit_spans

#: the rich releases whose console rules this copies: at least the first, below the second (pyproject.toml)
RICH = ("14.0", "16")

#: style -> (its attribute codes, its colour code), as rich renders them
STYLES = {
    "bold": ("1", ""),
    "dim": ("2", ""),
    "red": ("", "31"),
    "yellow": ("", "33"),
    "magenta": ("", "35"),
    "cyan": ("", "36"),
    "bold yellow": ("1", "33"),
}


def mode(stream, environ=os.environ) -> tuple[bool, bool] | None:
    """(styles written, colours written) as rich's console decides them for `stream` and the
    environment; None where rich has its own ways (Windows, Jupyter, IDLE)."""
    idle = str(getattr(sys.stdin, "__module__", "")).startswith("idlelib")
    if sys.platform == "win32" or hasattr(builtins, "get_ipython") or idle:
        return None
    terminal = _terminal(stream, environ)
    styled = terminal and environ.get("TERM", "").lower() not in ("dumb", "unknown")
    return styled, styled and environ.get("NO_COLOR", "") == ""


def width(asked: int, stream, environ=os.environ) -> int | None:
    """The width rich's console takes when given `asked` columns: 80 on a dumb terminal (unless
    LINES is set, which makes rich take the size as given); None where rich has its own ways."""
    if mode(stream, environ) is None:
        return None
    dumb = _terminal(stream, environ) and environ.get("TERM", "").lower() in ("dumb", "unknown")
    lines = environ.get("LINES")
    return 80 if dumb and not (lines is not None and lines.isdigit()) else asked


def _terminal(stream, environ) -> bool:
    """Whether rich takes `stream` for a terminal."""
    tty = environ.get("TTY_COMPATIBLE", "")
    if tty in ("0", "1"):
        return tty == "1"
    force = environ.get("FORCE_COLOR")
    if force is not None:
        return force != ""
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


def render(pieces, columns: int, keep=(), indent: int | None = None, how: tuple[bool, bool] | None = None) -> str | None:
    """The text rich writes for `pieces` ((text, style) or plain strings, newlines as their own
    characters) fitted to `columns`, with its closing newline; None where rich must print it."""
    if how is None:
        return None
    plain, spans, at = [], [], 0
    for piece in pieces:
        text, style = (piece, "") if isinstance(piece, str) else piece
        if style and style not in STYLES:
            return None
        if text:
            plain.append(text)
            if style:
                spans.append((at, at + len(text), style))
            at += len(text)
    plain = "".join(plain)
    if "\t" in plain:
        return None
    fitted = fit_spans(plain, spans, columns, keep, indent)
    if fitted is not None:
        plain, spans = fitted
    styled, coloured = how
    out, at = [], 0
    for start, end, style in spans:  # in order and apart: each piece appended after the last
        out.append(plain[at:start])
        out.append(_run(plain[start:end], style, styled, coloured))
        at = end
    out.append(plain[at:])
    return "".join(out) + "\n"


def _run(text: str, style: str, styled: bool, coloured: bool) -> str:
    """One styled run, line by line: rich ends a style at each newline and writes the newline bare."""
    attrs, colour = STYLES[style]
    codes = ";".join(c for c in (attrs, colour if coloured else "") if c)
    if not styled or not codes:
        return text
    return "\n".join(f"\x1b[{codes}m{part}\x1b[0m" if part else "" for part in text.split("\n"))


def stdout():
    """The stream rich's console writes to (None: rich's null file)."""
    return getattr(sys.stdout, "rich_proxied_file", sys.stdout)


def write(pieces, columns: int, keep=(), indent: int | None = None) -> bool:
    """Write `pieces` to stdout as rich would (render); False, writing nothing, where rich must."""
    stream = stdout()
    if stream is None:
        return False
    text = render(pieces, columns, keep, indent, mode(stream))
    if text is None:
        return False
    try:
        try:
            stream.write(text)
        except UnicodeEncodeError as error:  # rich's own hint, as rich adds it
            error.reason = f"{error.reason}\n*** You may need to add PYTHONIOENCODING=utf-8 to your environment ***"
            raise
        stream.flush()
    except BrokenPipeError:  # as render's console: stdout pointed at the null device, the command's own exit code
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
        raise
    return True
