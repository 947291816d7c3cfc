"""Theseus: a card the table recorded in a Party by its Rank only may be the card a play names. A use
of that card is refused (it is not in the Party by name), and the refusal says how to name the card,
as the other refusals give the command that fixes the record."""
from __future__ import annotations

NAMING = "`companion track party ann Knight Mage Rogue Witch:1`"


def _party_with_a_rank_one_card(cli) -> None:
    assert cli("track", "new", "theseus", "--players", "Ann,Ben").exit_code == 0
    assert cli("track", "party", "ann", "Knight", "Mage", "Rogue", "1").exit_code == 0


def test_a_use_of_a_card_known_by_rank_only_says_how_to_name_it(cli, home):
    _party_with_a_rank_one_card(cli)
    doc = cli.json("check", "use Witch explore", codes=(1,))
    party = next(r for r in doc["reasons"] if r["rule"] == "theseus.areas.party")
    assert "Witch is not in Ann's Party" in party["message"], party
    assert "Rank 1 card" in party["message"] and NAMING in party["message"], party
    assert cli("track", "party", "ann", "Knight", "Mage", "Rogue", "Witch:1").exit_code == 0  # the advice works
    assert cli.json("check", "use Witch explore")["legal"] is True


def test_no_naming_advice_where_the_rank_rules_the_card_out(cli, home):
    """A card the session knows as Rank 5 cannot be the Rank 1 card: nothing to name."""
    _party_with_a_rank_one_card(cli)
    assert cli("track", "card", "Minotaur:5:2:explore:none").exit_code == 0
    doc = cli.json("check", "use Minotaur explore", codes=(1,))
    said = " ".join(r["message"] for r in doc["reasons"])
    assert "Minotaur is not in Ann's Party" in said and "companion track party" not in said, said
