"""Party of the Theseus: the words of a Board Refill: a revealed card is named alone in a play (its Rank
is the deck's); an uncounted Rank 6 deck is left to the table with a command Rank 6 accepts."""
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


RANK_6_UNCOUNTED = """
active = "Ann"
active_rank = 6
board = ["Titan"]
used = []

[decks]
6 = "unknown"

[[players]]
name = "Ann"
party = ["Knight", "Mage", "Rogue"]
hand = []

[[players]]
name = "Ben"
party = ["Knight", "Mage", "Rogue"]
hand = []

[[cards]]
name = "Knight"
icon = "explore"
effect = "none"

[[cards]]
name = "Titan"
rank = 6
icon = "explore"
effect = "none"
"""


def test_an_uncounted_rank_6_deck_is_left_to_the_table_without_next_rank(cli, home, tmp_path):
    """At Rank 6 there is no next Rank (`track next-rank` is refused there): the refill's note names
    `track deck 6 N` for the table to say whether the deck ran out."""
    table = tmp_path / "table.toml"
    table.write_text(RANK_6_UNCOUNTED)
    verdict = cli.json("check", "theseus", "--situation", str(table), "--move", "use Knight explore Titan")
    notes = [u["message"] if isinstance(u, dict) else u for u in verdict["unchecked"]]
    said = [n for n in notes if "never counted" in n]
    assert said and "`companion track deck 6 N`" in said[0] and "next-rank" not in said[0], notes
