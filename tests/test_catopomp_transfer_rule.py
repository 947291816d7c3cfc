"""Catopomp, 2.1 Passing (Main game): the winning set's owner hands over one of their own Hell cards.
With 3 or more the transfer is owed (transfer-mandatory-three), so a transfer of a card the owner
lacks is refused by that duty alone; with fewer it stays the owner's choice (transfer-optional)."""
from __future__ import annotations

MANDATORY = "catopomp.passing.transfer-mandatory-three"
OPTIONAL = "catopomp.passing.transfer-optional"
#: Ann, Ben and Cy each play a single and place a Hell card twice; Ann then beats Cy's 9 with 1 2:
#: Ann owns the winning set with the Hell cards 2, 2 and 3, and Ben is to act
PLAYS = ("heaven 1 then hell 2", "heaven 3 then hell 4", "heaven 5 then hell 6", "heaven 7 then hell 2",
         "heaven 8 then hell 4", "heaven 9 then hell 6", "heaven 1 2 then hell 3")


def _owner_with_three_hell_cards(cli) -> None:
    assert cli("track", "new", "catopomp", "--players", "Ann,Ben,Cy", "--option", "start=ann").exit_code == 0
    assert cli("track", "dice", "1", "2", "3", "4", "5", "6").exit_code == 0
    for play in PLAYS:
        assert cli("play", play).exit_code == 0, play


def test_a_card_the_owner_lacks_is_refused_by_the_duty_to_transfer(cli, home):
    _owner_with_three_hell_cards(cli)
    doc = cli.json("check", "pass then transfer 9", codes=(1,))
    assert [r["rule"] for r in doc["reasons"]] == [MANDATORY], doc["reasons"]
    said = doc["reasons"][0]["message"]
    assert "no 9" in said and "must transfer one of them (2, 3)" in said, said
    assert "pass then transfer 2" in doc["alternatives"] and "pass" not in doc["alternatives"], doc["alternatives"]


def test_with_fewer_hell_cards_the_choice_rule_still_decides(cli, home):
    _owner_with_three_hell_cards(cli)
    assert cli("play", "pass then transfer 2").exit_code == 0  # Ann is down to 2 Hell cards
    doc = cli.json("check", "pass then transfer 9", codes=(1,))
    assert [r["rule"] for r in doc["reasons"]] == [OPTIONAL], doc["reasons"]
