"""Fitting text to the terminal: the width to wrap at, and where a line may break.

Pure text work (no rich here): render.py applies the same breaks to styled text. A line breaks only
at a space, never inside a word, so a rule id (`catharsis.combat.player-attack.reroll-which-dice`)
is never split; nor is a command (`companion rules show ID`, anything in backticks) or a name the
caller asks to keep (a card, a player, a move). Continuation lines hang under the line's text: past
its bullet (`•`, `→`, `1.` ...) or two columns in from where the line starts.
"""
from __future__ import annotations

import os
import re
import sys

#: the width when neither COLUMNS nor a terminal says: piped output, a file, a test
DEFAULT_WIDTH = 80
#: a continuation line keeps at least this many columns for its text, however deep its indent
MIN_TEXT = 20

# a bullet: the two non-Latin-1 marks as branches of their own, not in the class (a class holding
# them costs re a 64K-character map to compile, about 1.3 M instructions at every command's start)
_MARK = re.compile(r"(\s*)(?:[?!*-]|•|→|\d+\.|[a-z]\))\s+")
_COMMAND = re.compile(r"`[^`\n]+`|\bcompanion (?:rules|track|check|play|moves|status|odds|games|shell|schema)\b[^`;)\n]*")


def width(stream=None) -> int:
    """Columns to fit: COLUMNS when set, else the terminal's real width, else 80 (piped)."""
    columns = os.environ.get("COLUMNS", "").strip()
    if columns.isdigit() and int(columns) > 0:
        return int(columns)
    stream = sys.stdout if stream is None else stream
    try:
        if stream.isatty():
            return os.get_terminal_size(stream.fileno()).columns or DEFAULT_WIDTH
    except (AttributeError, OSError, ValueError):  # no file descriptor (a test's buffer), or closed
        pass
    return DEFAULT_WIDTH


def hang(line: str) -> int:
    """Where continuation lines start: after a leading bullet, else two columns past the indent."""
    mark = _MARK.match(line)
    if mark:
        return mark.end()
    return len(line) - len(line.lstrip(" ")) + 2


def _kept(line: str, keep) -> list[bool]:
    """For each character: True where it is a space the line must not break at."""
    held = [False] * len(line)
    spans = [m.span() for m in _COMMAND.finditer(line)]
    for phrase in keep:
        if phrase and " " in phrase.strip():
            phrase = phrase.strip()
            at = line.find(phrase)
            while at >= 0:
                spans.append((at, at + len(phrase)))
                at = line.find(phrase, at + 1)
    for start, end in spans:
        held[start:end] = [True] * (end - start)
    return held


#: a quoted argument inside a command (`--move "heaven 4 5 then hell 2"`): what a player copies whole
_QUOTED = re.compile(r'"[^"\n]+"')


def _joined(runs: list[tuple[int, int]], held: list[bool], room: int) -> list[tuple[int, int]]:
    """Runs next to each other across held spaces joined, each join while it fits `room`."""
    out: list[tuple[int, int]] = []
    for start, end in runs:
        if out and all(held[out[-1][1]:start]) and end - out[-1][0] <= room:
            out[-1] = (out[-1][0], end)
        else:
            out.append((start, end))
    return out


def _words(line: str, keep, room: int) -> list[tuple[int, int]]:
    """(start, end) of the line's unbreakable runs: words, joined across the kept spaces of a
    phrase or command that fits in `room` columns (a longer one breaks at its spaces, but not
    inside a quoted argument of it that fits)."""
    quoted = [False] * len(line)
    for match in _QUOTED.finditer(line):
        quoted[match.start():match.end()] = [True] * (match.end() - match.start())
    runs = _joined([m.span() for m in re.finditer(r"\S+", line)], quoted, room)
    return _joined(runs, _kept(line, keep), room)


def widest_word(text: str, keep=()) -> int:
    """The width of the longest run of `text` that no line may break (a word, or a kept phrase)."""
    return max((end - start for line in text.split("\n") for start, end in _words(line, keep, len(line))), default=0)


def breaks(line: str, columns: int, keep=(), indent: int | None = None) -> tuple[int, list[tuple[int, int]]]:
    """How one line (no newline in it) fits `columns`: (the continuation indent, the (start, end)
    slice of `line` for each output line). The first slice keeps the line's own indent; a word
    longer than the room is left whole on a line of its own (never cut)."""
    if len(line) <= columns:
        return 0, [(0, len(line))]
    indent = hang(line) if indent is None else indent
    indent = max(0, min(indent, columns - MIN_TEXT))
    words = _words(line, keep, columns - indent)
    if not words:
        return 0, [(0, len(line))]
    slices: list[tuple[int, int]] = []
    start, end = 0, words[0][1]
    for word_start, word_end in words[1:]:
        room = columns - (0 if not slices else indent)
        if word_end - start <= room:
            end = word_end
        else:
            slices.append((start, end))
            start, end = word_start, word_end
    slices.append((start, end))
    return indent, slices


def lines(text: str, columns: int | None = None, keep=(), indent: int | None = None) -> list[str]:
    """Plain text fitted to `columns` (default: width()), each line broken at word boundaries."""
    columns = width() if columns is None else columns
    out: list[str] = []
    for line in text.split("\n"):
        pad, slices = breaks(line.rstrip(), columns, keep, indent)
        out += [(" " * pad if n else "") + line[a:b] for n, (a, b) in enumerate(slices)]
    return out


def fitted(text: str, columns: int | None = None, keep=(), indent: int | None = None) -> str:
    return "\n".join(lines(text, columns, keep, indent))


def fit_spans(plain: str, spans, columns: int, keep=(), indent: int | None = None):
    """Styled text, as its plain text and its (start, end, style) spans, broken where `lines` breaks
    the plain text, each span moved with its characters: (plain, spans), or None when every line
    fits already (render.fit_text for rich's Text, writer.py for the simple outputs)."""
    from bisect import bisect_left, bisect_right

    if max(map(len, plain.split("\n"))) <= columns:
        return None
    pieces: list[str] = []
    moved: list[tuple[int, int, int]] = []  # (start, end) in the text -> where it starts in the output
    at = size = 0
    for n, line in enumerate(plain.split("\n")):
        pad, slices = breaks(line.rstrip(), columns, keep, indent)
        for k, (start, end) in enumerate(slices):
            if n or k:
                pieces.append("\n" + " " * pad if k else "\n")
                size += len(pieces[-1])
            moved.append((at + start, at + end, size))
            pieces.append(plain[at + start:at + end])
            size += end - start
        at += len(line) + 1
    starts = [start for start, _, _ in moved]
    out = []
    for first, last, style in spans:
        for start, end, to in moved[max(0, bisect_right(starts, first) - 1):bisect_left(starts, last)]:
            if max(first, start) < min(last, end):
                out.append((to + max(first, start) - start, to + min(last, end) - start, style))
    return "".join(pieces), out
