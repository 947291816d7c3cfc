"""The note on a card neither the session nor the catalogue describes, kept with the parts it is said
from (`Untaught`), so that once the card library has the card the note is said anew from them
(`taught_as_known`), never read back out of its own words."""
from __future__ import annotations

from typing import Collection, Mapping

from engine.base import Reason
from engine.words import library_commands


class Untaught(Reason):
    """An `unchecked` note (undescribed()): `what` is unknown, `command` teaches the card library its
    `field` (engine.words.teach), `session` teaches this session alone (a `companion track card ...`);
    `also`: (field, its flag in `command`) for each other field `command` teaches along (` --type TYPE`),
    left out of the library's `cards edit` once its entry has that field; `session_type`: the type word
    `session` ends its card with (`TYPE`, or the type the play read), said as the library's type once
    the library has the card."""

    card: str
    what: str
    field: str
    command: str
    session: str
    also: tuple[tuple[str, str], ...] = ()
    session_type: str | None = None


def undescribed(rule: str, card: str, what: str, field: str, command: str, session: str,
                session_type: str | None = None) -> Untaught:
    """The note on a card neither the session nor the catalogue describes: `what` is unknown ("its
    type, costs and text are"), taught to the card library with `command` and to this session alone
    with `session` (naming the card's type `session_type`). taught_as_known says it anew when the card
    library has the card."""
    return Untaught(rule=rule, message=f"{card} is not in the catalogue: {what} unknown; teach it with `{command}` "
                    f"and its other fields (for this session only: `{session}`)",
                    card=card, what=what, field=field, command=command, session=session, session_type=session_type)


def _session_command(note: Untaught, held: Collection[str]) -> str:
    """The note's `track card` for this session, with the type the card library gives the card (`held`:
    the library entry's fields, with their values where it is a mapping) in place of the one it named."""
    typed = held.get("type") if isinstance(held, Mapping) else None
    if not note.session_type or not isinstance(typed, str) or f" {note.session_type}" not in note.session:
        return note.session
    at = note.session.rindex(f" {note.session_type}")
    return f"{note.session[:at]} {typed}{note.session[at + 1 + len(note.session_type):]}"


def _known_later(note: Untaught, command: str, held: Collection[str]) -> str:
    """undescribed()'s note once the card library has the card: the session does not know it yet. The
    library's entry is sent to `command` only when it lacks the field `command` teaches (`held`: the
    fields the entry has)."""
    fill = "" if note.field in held else f" (and fill in the library's entry with `{command}`)"
    return (f"this session does not know {note.card} yet: the card library has it, but a session keeps the "
            f"cards it started with, so here {note.what} unknown; teach it to this session with "
            f"`{_session_command(note, held)}`{fill}")


def taught_as_known(note: Reason, game: str, cards: Mapping[str, Collection[str]]) -> Reason:
    """A note's `cards add` of each of `cards` (name -> the fields the library's entry has, a mapping to
    their values where known: the type then named in the session's `track card`) said as the
    `cards edit` it is once the library has the card (teach() -> teach_edit()); a note offering both for
    a card (edit, or add where the library lacks it) already says the edit, and is left as it is. An
    undescribed() note is said anew from its parts: the session does not know the card yet, how to teach
    it there, and the library's `cards edit` only for a field its entry lacks."""
    text = note.message
    for card in cards:
        add, edit = library_commands(game, card)
        if edit not in text:
            text = text.replace(add, edit)
        if isinstance(note, Untaught) and note.card == card:
            command = note.command if edit in note.message else note.command.replace(add, edit)
            for field, flag in note.also:  # a field the library's entry has already is not taught again
                command = command.replace(flag, "", 1) if field in cards[card] else command
            if command.startswith(edit):
                text = _known_later(note, command, cards[card])
    return note.model_copy(update={"message": text})
