"""CATastrophe: a card the card library describes after the session started (the session keeps the
cards it started with). The note on resolving it follows the one rule every note follows
(engine/untaught.py): the session does not know it yet, the `track card` that teaches it here, and the
library's `cards edit` only for a field its entry lacks. An Attack gives no effect (only an Ally, a
Power Cat or an Event carries one), so a fully described Attack gets no `cards edit`."""
from __future__ import annotations


def _said(result) -> str:
    assert result.exit_code == 0, result.output
    return " ".join(result.stdout.split())


def _laser_pointer_played(cli, *entry: str) -> None:
    assert cli("track", "new", "catastrophe", "--players", "Abi,Betty").exit_code == 0
    assert cli("play", "Abi play Laser Pointer at Betty").exit_code == 0
    added = cli("cards", "add", "catastrophe", "Laser Pointer", *entry)
    assert added.exit_code == 0, added.output


def test_a_fully_described_attack_gets_no_cards_edit(cli, home):
    _laser_pointer_played(cli, "--type", "attack", "--number", "3", "--lives", "1", "--targets", "one")
    for command in (["check", "--move", "resolve"], ["play", "resolve"]):
        said = _said(cli(*command))
        assert "cards edit" not in said and "cards add" not in said, said
        assert "this session does not know Laser Pointer yet: the card library has it" in said, said
        assert 'teach it to this session with `companion track card "Laser Pointer" attack`' in said, said


def test_an_entry_lacking_the_effect_still_gets_its_cards_edit(cli, home):
    _laser_pointer_played(cli, "--type", "ally")
    said = _said(cli("check", "--move", "resolve"))
    assert '(and fill in the library\'s entry with `companion cards edit catastrophe "Laser Pointer" ' in said, said
    assert "--effect" in said.split("cards edit", 1)[1], said


def test_an_entry_that_has_the_type_is_not_told_its_type_again(cli, home):
    """The library's entry has a type (ally) and lacks the effect: its `cards edit` teaches the effect
    alone, not `--type TYPE` again."""
    _laser_pointer_played(cli, "--type", "ally")
    said = _said(cli("check", "--move", "resolve"))
    edit = said.split("cards edit", 1)[1].split("`", 1)[0]
    assert edit == ' catastrophe "Laser Pointer" --effect "EFFECT"', said


def test_the_play_s_catalogue_note_names_the_type_the_library_gives(cli, home):
    """The note on playing a card the session's catalogue lacks: once the card library has the card,
    the `track card` it offers names the library's type (attack), not `NAME TYPE`."""
    assert cli("track", "new", "catastrophe", "--players", "Abi,Betty").exit_code == 0
    before = _said(cli("check", "Abi play Laser Pointer at Betty"))
    assert "'Laser Pointer' is not in the card catalogue" in before, before
    assert '`companion track card "Laser Pointer" TYPE`' in before, before
    assert cli("cards", "add", "catastrophe", "Laser Pointer", "--type", "attack", "--number", "4").exit_code == 0
    for command in (["check", "Abi play Laser Pointer at Betty"], ["play", "Abi play Laser Pointer at Betty"]):
        said = _said(cli(*command))
        assert "this session does not know Laser Pointer yet: the card library has it" in said, said
        assert 'teach it to this session with `companion track card "Laser Pointer" attack`' in said, said
        assert "NAME TYPE" not in said and "cards add" not in said, said
