"""`companion track export-play` and `companion history --bgstats`: finished games sent to BG Stats
(trackers/bgstats.py makes the play), printed as its link, a QR code for a phone, or JSON; each play
shown is marked in the sessions file, so a later export says it was sent before."""
from __future__ import annotations

import shutil
import sys
from datetime import datetime, timezone
from typing import Optional

import typer

from companion import complete, render
from companion.stores import open_sessions

JSON_HELP = "Print the play (and its link) as JSON (a stable contract; see docs/history.md)."


def exported(store, records: list[dict]) -> list[dict]:
    """Each finished record as {session, game, started, link, play, sent_before}; every play shown
    is marked sent (the first time kept) in the sessions file's `meta` table."""
    from rulesdb.games import all_games
    from trackers import bgstats

    names = {g.id: g.name for g in all_games()}
    marks = store.meta_values(bgstats.SENT_PREFIX)
    now = datetime.now(timezone.utc).isoformat(timespec="seconds")
    out, fresh = [], {}
    for r in records:
        played = bgstats.play(r, names.get(r["game"], r["game"]))
        key = bgstats.SENT_PREFIX + played["sourcePlayId"]
        out.append({"session": r["session"], "game": r["game"], "started": r["started"], "link": bgstats.link(played),
                    "play": played, "sent_before": marks.get(key)})
        if key not in marks:
            fresh[key] = now
    store.cache_meta(fresh)
    return out


def qr_text(url: str, smallest: bool = True) -> str:
    """The link as a QR code drawn with half blocks, two rows of modules a line (the qrcode package;
    `smallest`: the lowest error correction, the smallest code for a long link read from a screen;
    else the package's default, as `companion serve` draws its short address)."""
    import io

    import qrcode

    level = qrcode.constants.ERROR_CORRECT_L if smallest else qrcode.constants.ERROR_CORRECT_M
    code = qrcode.QRCode(border=2, error_correction=level)
    code.add_data(url)
    out = io.StringIO()
    code.print_ascii(out=out, invert=True)
    return out.getvalue()


def export_play(
    name: Optional[str] = typer.Argument(None, help="A finished session (default: the current one).",
                                         autocompletion=complete.sessions),
    bgstats: bool = typer.Option(True, "--bgstats", help="BG Stats' format (the only one so far)."),
    qr: bool = typer.Option(False, "--qr", help="Also draw the link as a QR code, for a phone to scan."),
    as_json: bool = typer.Option(False, "--json", help=JSON_HELP),
) -> None:
    """A finished game as a play for BG Stats: its `bgstats://` link, a QR code, or JSON.

    BG Stats opens the link with the play filled in; --qr draws it as a QR code to scan from the
    screen. A game not finished is refused.

    \b
    Examples:
      companion track export-play friday
      companion track export-play friday --qr
    """
    from trackers.history import outcome

    with open_sessions(reading=True) as store:
        session = store.get(name)
        [doc] = exported(store, [outcome(session, store.entries(session))])
    if as_json:
        render.print_json(doc)
        return
    when = f" (shown before, {doc['sent_before'][:16].replace('T', ' ')})" if doc["sent_before"] else ""
    print(f"{doc['session']} ({doc['game']}) for BG Stats{when}: open this link on the phone with BG Stats"
          + (", or scan the code:" if qr else ":"))
    print(doc["link"])
    if qr:
        code = qr_text(doc["link"])
        wide = max(len(line) for line in code.splitlines())
        sys.stdout.write(code)
        if shutil.get_terminal_size().columns < wide:  # a wrapped code does not scan
            print(f"companion: the code is {wide} columns wide, wider than this terminal: widen it (or zoom out) "
                  "to scan it, or open the link itself on the phone", file=sys.stderr)


def history_bgstats(records: list[dict], store, as_json: bool) -> None:
    """`history --bgstats`: every finished game of the records, once each, oldest first."""
    docs = exported(store, records)
    if as_json:
        render.print_json({"plays": docs})
        return
    if not docs:
        print("No finished games to send in this range.")
        return
    for d in docs:
        sent = f", shown before {d['sent_before'][:10]}" if d["sent_before"] else ""
        print(f"{d['started'][:10]} {d['session']} ({d['game']}{sent}):")
        print(d["link"])
