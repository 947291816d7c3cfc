"""Party of the Theseus: a card a Board Refill reveals is named alone in a play (its Rank is the deck's)."""
from __future__ import annotations


def test_reveal_with_a_rank_is_refused_naming_the_card_alone(cli, home):
    """`reveal Archer:2` (the tracker's NAME:RANK list form) is bad input naming `reveal Archer`: not a new
    card called 'Archer:2', which no `track card` could describe; nothing is recorded."""
    for args in (("track", "new", "theseus", "--players", "Ann,Ben"),
                 ("track", "board", "Paladin", "Witch", "Buster", "Kunoichi"), ("track", "deck", "1", "5")):
        assert cli(*args).exit_code == 0
    refused = cli("play", "use Knight explore Paladin reveal Archer:2")
    assert refused.exit_code == 2, refused.output
    assert "Traceback" not in refused.stderr and refused.stderr.count("\n") == 1, refused.stderr
    assert "'Archer:2'" in refused.stderr and "`reveal Archer`" in refused.stderr, refused.stderr
    board = cli.json("track", "show")["state"]["board"]
    assert "Paladin" in board and not any("Archer" in card for card in board), board
    played = cli("play", "use Knight explore Paladin reveal Archer")
    assert played.exit_code == 0, played.output
