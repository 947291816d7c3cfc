"""A card put in the card library after a session started (the session keeps the cards it started
with): a verdict there that teaches the card advises the `cards edit` the library takes now, never a
`cards add` it would refuse ("already has a card"), as b7ee3d9 did for Catharsis
(trackers/library.py as_library_is), and only for a field the library's entry lacks: Zapper's entry has
its type, the one field the Cataclysm Arcade note teaches, so that note gives no `cards edit` (Zorro's
lacks the icon and effect; Laser Pointer, entered as an Ally, its effect: an Attack has no effect to
give, tests/test_catastrophe_library_advice.py). Without the library entry the advice stays `cards add`."""
from __future__ import annotations

import pytest

#: game -> (the session's set-up, the card, its library entry, the commands whose answer teaches it)
TABLES = {
    "cataclysm-arcade": ([["track", "new", "cataclysm-arcade", "--players", "Ann,Ben"]], "Zapper",
                         ["--type", "fighter", "--health", "2"],
                         [["check", "--move", "fighter Zapper"], ["play", "fighter Zapper"]]),
    "theseus": ([["track", "new", "theseus", "--players", "Ann,Ben"],
                 ["track", "board", "Paladin", "Witch", "Buster", "Kunoichi"], ["track", "deck", "1", "8"],
                 ["track", "party", "ann", "Knight", "Zorro:1"]], "Zorro", ["--rank", "1", "--vp", "1"],
                [["check", "--move", "use Zorro explore Paladin"], ["play", "use Zorro explore Paladin"]]),
    "catastrophe": ([["track", "new", "catastrophe", "--players", "Abi,Betty"],
                     ["play", "Abi play Laser Pointer at Betty"]], "Laser Pointer", ["--type", "ally"],
                    [["check", "--move", "resolve"], ["play", "resolve"]]),
}


def _flat(text: str) -> str:
    return " ".join(text.split())


@pytest.mark.parametrize("added", [True, False], ids=["added-later", "not-in-library"])
@pytest.mark.parametrize("game", list(TABLES))
def test_a_card_added_after_the_session_started_is_taught_with_cards_edit(cli, home, game, added):
    setup, card, entry, commands = TABLES[game]
    for words in setup:
        done = cli(*words)
        assert done.exit_code == 0, (words, done.stdout, done.stderr)
    if added:
        done = cli("cards", "add", game, card, *entry)
        assert done.exit_code == 0, done.stderr
    quoted = f'"{card}"' if " " in card else card
    for words in commands:
        done = cli(*words)
        assert done.exit_code == 0, (words, done.stdout, done.stderr)
        said = _flat(done.stdout)
        if added:
            assert f"companion cards add {game} {quoted} " not in said, said
            assert (f"companion cards edit {game} {quoted} " in said) == (game != "cataclysm-arcade"), said
        else:
            assert f"companion cards add {game} {quoted} " in said, said
    if added:  # the advice is one the library takes
        assert cli("cards", "add", game, card, *entry).exit_code == 2
        assert cli("cards", "edit", game, card, *entry).exit_code == 0


@pytest.mark.parametrize("command", [["check", "--move", "fighter Zapper"], ["play", "fighter Zapper"]],
                         ids=["check", "play"])
def test_cataclysm_arcade_says_the_session_does_not_know_a_card_the_library_has(cli, home, command):
    """Zapper put in the library after the session started: the note says the session does not know it
    yet, that the library has it, and the `track card` that teaches it to this session, never that
    Zapper "is not in the catalogue" (which reads as if nobody knew it)."""
    assert cli("track", "new", "cataclysm-arcade", "--players", "Ann,Ben").exit_code == 0
    assert cli("cards", "add", "cataclysm-arcade", "Zapper", "--type", "fighter", "--health", "2").exit_code == 0
    done = cli(*command)
    assert done.exit_code == 0, done.stderr
    said = _flat(done.stdout)
    assert "not in the catalogue" not in said, said
    assert "this session does not know Zapper yet: the card library has it" in said, said
    assert "teach it to this session with `companion track card Zapper fighter ...`" in said, said
    # the library's entry has Zapper's type, the field the note would teach it: no `cards edit` of it
    assert "companion cards edit cataclysm-arcade Zapper" not in said, said
    taught = cli("track", "card", "Zapper", "fighter", "health=2")  # the command it names takes it
    assert taught.exit_code == 0, taught.stderr


def test_cataclysm_arcade_card_nobody_describes_is_still_not_in_the_catalogue(cli, home):
    assert cli("track", "new", "cataclysm-arcade", "--players", "Ann,Ben").exit_code == 0
    said = _flat(cli("check", "--move", "fighter Zapper").stdout)
    assert "Zapper is not in the catalogue" in said and "`companion cards add cataclysm-arcade Zapper " in said, said
    assert "this session does not know" not in said, said


@pytest.mark.parametrize("game, setup, command, kind", [
    ("catastrophe", [["track", "new", "catastrophe", "--players", "Abi,Betty"],
                     ["play", "Abi play Laser Pointer at Betty"]], ["check", "--move", "resolve"], "ally"),
    ("cataclysm-arcade", [["track", "new", "cataclysm-arcade", "--players", "Ann,Ben"]],
     ["check", "--move", "tactic Laser Pointer"], "fighter"),
], ids=["catastrophe", "cataclysm-arcade"])
def test_the_session_s_track_card_names_the_type_the_library_gives(cli, home, game, setup, command, kind):
    """The card library has Laser Pointer with its type: the note that the session does not know the
    card yet teaches it to the session with that type, not `TYPE` (CATastrophe, where the session has
    no type for it) nor the type the play was read as (Cataclysm Arcade's `tactic`)."""
    for words in setup:
        assert cli(*words).exit_code == 0, words
    assert cli("cards", "add", game, "Laser Pointer", "--type", kind).exit_code == 0
    said = _flat(cli(*command).stdout)
    assert "this session does not know Laser Pointer yet" in said, said
    assert f'`companion track card "Laser Pointer" {kind}' in said, said
