"""A card neither the session nor the catalogue describes, once the card library has it
(engine/untaught.py): the note is said anew from its parts, sending the library's entry to a
`cards edit` only for the field the entry lacks."""
from __future__ import annotations

from engine.untaught import taught_as_known, undescribed

GAME = "cataclysm-arcade"


def _note():
    return undescribed("cataclysm-arcade.turn.moves", "Zapper", "its type, costs and text are", "type",
                       f"companion cards add {GAME} Zapper --type \"fighter\"", "companion track card Zapper fighter ...")


def test_an_entry_without_the_field_is_sent_to_cards_edit():
    said = taught_as_known(_note(), GAME, {"Zapper": {"health"}}).message
    assert said.startswith("this session does not know Zapper yet"), said
    assert said.endswith("(and fill in the library's entry with `companion cards edit cataclysm-arcade Zapper "
                         "--type \"fighter\"`)"), said


def test_an_entry_with_the_field_is_not():
    said = taught_as_known(_note(), GAME, {"Zapper": {"type", "health"}}).message
    assert said.startswith("this session does not know Zapper yet"), said
    assert "cards edit" not in said and "cards add" not in said, said
    assert said.endswith("teach it to this session with `companion track card Zapper fighter ...`"), said


def test_a_card_the_library_lacks_keeps_the_note():
    note = _note()
    assert taught_as_known(note, GAME, {"Other": {"type"}}).message == note.message
