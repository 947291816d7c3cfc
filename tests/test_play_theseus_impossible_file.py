"""A Theseus situation file listing a card in a Rank Deck of another Rank is refused by `check` and `moves`
in one line naming the deck's key (exit 2), while `status` lists the same as a finding with its rule
(exit 1); the same file with the card in its own deck is judged."""
from __future__ import annotations

import json

import pytest

#: the Rank Decks after Rank 2, counted
REST = {str(r): 5 for r in range(3, 7)}
TABLE = {"players": [{"name": "Ann", "party": ["Knight", "Mage", "Rogue"]},
                     {"name": "Ben", "party": ["Knight", "Mage", "Rogue"]}],
         "active": "Ann", "active_rank": 1, "board": ["Witch", "Buster", "Kunoichi", "Squire"]}


def _file(tmp_path, decks: dict) -> str:
    path = tmp_path / "table.json"
    path.write_text(json.dumps({**TABLE, "decks": decks}))
    return str(path)


def test_check_and_moves_refuse_a_card_in_the_wrong_rank_deck(cli, home, tmp_path):
    path = _file(tmp_path, {"1": 5, "2": ["Paladin"], **REST})
    for args in (("check", "theseus", "--situation", path, "--move", "end"), ("moves", "theseus", "--situation", path)):
        result = cli(*args)
        assert result.exit_code == 2 and result.stdout == "", result.output
        line = result.stderr.strip()
        assert "\n" not in line and "field decks.2: Paladin is a Rank 1 card but lies in the Rank 2 deck" in line, line
    status = cli("status", "theseus", "--situation", path, "--json")
    assert status.exit_code == 1
    assert "theseus.areas.rank-deck" in [p["rule"] for p in json.loads(status.stdout)["problems"]]


def test_a_card_in_its_own_rank_deck_is_judged(cli, home, tmp_path):
    path = _file(tmp_path, {"1": ["Paladin"], "2": 5, **REST})
    assert cli("check", "theseus", "--situation", path, "--move", "end").exit_code == 0
    assert cli("moves", "theseus", "--situation", path).exit_code != 2  # listed (exit 1: cards to teach)


@pytest.mark.parametrize("second", ["Ann", "ann"])
def test_two_players_of_one_name_are_refused_at_players(cli, home, tmp_path, second):
    path = tmp_path / "table.json"
    players = [{"name": "Ann", "party": ["Knight", "Mage", "Rogue"]}, {"name": second, "party": ["Knight"]}]
    path.write_text(json.dumps({**TABLE, "players": players, "decks": {str(r): 5 for r in range(1, 7)}}))
    result = cli("check", "theseus", "--situation", str(path), "--move", "end")
    assert result.exit_code == 2, result.output
    assert f"field players: two players share the name {second!r}" in result.stderr, result.stderr
