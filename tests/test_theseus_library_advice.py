"""Party of the Theseus: a card the card library describes fully after the session started (the session
keeps the cards it started with). The notes on its unknown icon and effect follow the one rule every
note follows (engine/untaught.py): the session does not know it yet, the `track card` that teaches it
here, and no `cards edit` for fields the library's entry has."""
from __future__ import annotations

SETUP = (("track", "new", "theseus", "--players", "Ann,Ben"), ("track", "board", "Paladin", "Witch", "Buster", "Kunoichi"),
         ("track", "deck", "1", "8"), ("track", "party", "ann", "Knight", "Zorro:1"))


def test_a_fully_described_card_gets_no_cards_edit(cli, home):
    for words in SETUP:
        assert cli(*words).exit_code == 0, words
    added = cli("cards", "add", "theseus", "Zorro", "--rank", "1", "--vp", "1", "--icon", "explore", "--effect", "none")
    assert added.exit_code == 0, added.output
    for command in (["check", "--move", "use Zorro explore Paladin"], ["play", "use Zorro explore Paladin"]):
        done = cli(*command)
        assert done.exit_code == 0, done.output
        said = " ".join(done.stdout.split())
        assert "cards edit" not in said and "cards add" not in said, said
        assert "this session does not know Zorro yet" in said, said
        assert "`companion track card Zorro:?:explore`" in said, said
    assert cli("track", "card", "Zorro:?:explore").exit_code == 0  # the command it names takes it
