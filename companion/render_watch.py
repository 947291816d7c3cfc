"""`track watch` drawn: each frame of the session (the table, its last change), full-screen on a terminal,
one frame after another on a pipe, or one line of JSON a frame."""
from __future__ import annotations

import sys
import time

from companion.render import Out, fit_text, styled, table_parts


def _watch_frame(result, last, width: int):
    from rich.console import Group

    from companion.saying import cell

    s = result.session
    head = f"{s.name} ({s.game}): {', '.join(s.players)}"
    if result.summary.get("game_over"):
        head += "  GAME OVER"
    from trackers.narrate import with_by

    said = with_by(getattr(last, "by", None), last.label) if last else ""
    when = f"last change: {said} at {last.at[11:19]}" if last else "no changes yet"
    keep = s.names
    parts = [fit_text(styled(head, style="bold"), width, keep), styled(when, style="dim")] + table_parts(result.summary, width, keep)
    parts.append(styled(f"updated {time.strftime('%H:%M:%S')}  Ctrl-C to leave" + ("" if cell(s.ended) == "-" else "  (ended)"),
                      style="dim"))
    return Group(*parts)


def watch_json(result, last) -> dict:
    """One frame of `track watch --json`: `track show --json`'s object, whether the session is ended,
    and the newest log entry (with its label and who made it; its secrets hidden) or None."""
    return {**result.as_json(), "ended": result.session.ended,
            "last": last.as_json() | {"label": last.label, "by": getattr(last, "by", None)} if last else None}


def _follow(next_frame, sleep, show) -> None:
    """Print each new frame after the last (a pipe, or --json) until sleep() says stop."""
    while True:
        frame = next_frame()
        if frame:
            show(frame)
            sys.stdout.flush()
        if not sleep():
            return


def watch_view(next_frame, sleep, as_json: bool = False) -> None:
    """Redraw whenever next_frame() returns (result, last entry); sleep() says whether to go on.
    Full-screen (rich Live) on a terminal; elsewhere each new frame is printed after the last;
    with as_json each frame is one line of JSON, on a terminal too (no rich loaded)."""
    if as_json:
        import json

        _follow(next_frame, sleep, lambda frame: print(json.dumps(watch_json(*frame), ensure_ascii=False)))
        return
    out = Out().console  # at the width to fit (fit.width(): the terminal's, COLUMNS, or 80)
    if not out.is_terminal:
        _follow(next_frame, sleep, lambda frame: (out.print(_watch_frame(*frame, out.width)), out.print()))
        return
    frame = next_frame()
    from rich.live import Live

    with Live(_watch_frame(*frame, out.width), console=out, screen=True, auto_refresh=False) as live:
        while sleep():
            frame = next_frame()
            if frame:
                live.update(_watch_frame(*frame, out.width), refresh=True)
