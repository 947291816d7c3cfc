"""A situation file laying out cards no deck of its table holds is refused by `check` and `moves` in one
line naming the key (exit 2), while `status` lists the same as a finding with its rule (exit 1)."""
from __future__ import annotations

import json

import pytest

THREE = {"turn": "Ann", "centre_dice": [1, 2, 3, 4, 5, 6],
         "players": [{"name": "Ann", "hand": [1, 2, 3]}, {"name": "Ben", "hand": 10}, {"name": "Cy", "hand": 10}]}


def _file(tmp_path, **changes):
    data = json.loads(json.dumps(THREE))
    for seat, fields in changes.items():
        data["players"][int(seat[1:])].update(fields)
    path = tmp_path / "table.json"
    path.write_text(json.dumps(data))
    return str(path)


@pytest.mark.parametrize("changes, key, words, rule", [
    ({"p0": {"hand": [10, 1, 2]}}, "players.0.hand", "numbers 1-9 only, not 10", "catopomp.setup.numbers-included"),
    ({"p0": {"hand": [9, 9, 9]}, "p1": {"hell_domain": [9, 9]}}, "players.1.hell_domain",
     "5 x 9 laid out by here, but with 3 players the deck holds 4 of each number", "catopomp.setup.copies-per-number"),
    ({"p0": {"hand": ["C", 1, 2]}}, "players.0.hand", "Cat-leton is in the deck only with its expansion",
     "catopomp.expansion.cat-leton.setup"),
])
def test_check_and_moves_refuse_cards_the_deck_lacks(cli, home, tmp_path, changes, key, words, rule):
    path = _file(tmp_path, **changes)
    for args in (("check", "catopomp", "--situation", path, "--move", "pass"),
                 ("moves", "catopomp", "--situation", path)):
        result = cli(*args)
        assert result.exit_code == 2, result.output
        assert result.stdout == ""
        line = result.stderr.strip()
        assert "\n" not in line and f"field {key}: " in line and words in line, line
    status = cli("status", "catopomp", "--situation", path, "--json")
    assert status.exit_code == 1
    assert rule in [p["rule"] for p in json.loads(status.stdout)["problems"]]


def test_check_and_moves_refuse_the_competitive_variant_with_two_players(cli, home, tmp_path):
    """Competitive Variant (3-4 player): a table of 2 with it is refused in one line naming the option
    (check judged the play and scored the predictions), as status lists it."""
    two = {"turn": "Ava", "centre_dice": [1, 2, 3, 4], "options": {"competitive": True},
           "players": [{"name": "Ava", "hand": [1], "prediction": 1}, {"name": "Bo", "hand": [3], "prediction": 2}]}
    path = tmp_path / "two.json"
    path.write_text(json.dumps(two))
    for args in (("check", "catopomp", "--situation", str(path), "--move", "heaven 1"),
                 ("moves", "catopomp", "--situation", str(path))):
        result = cli(*args)
        assert result.exit_code == 2, result.output
        assert result.stdout == ""
        line = result.stderr.strip()
        assert "\n" not in line and "field options.competitive: " in line and "3 or 4 players, not 2" in line, line
    status = cli("status", "catopomp", "--situation", str(path), "--json")
    assert status.exit_code == 1
    assert "catopomp.competitive.players" in [p["rule"] for p in json.loads(status.stdout)["problems"]]
    two["options"]["competitive"] = False
    path.write_text(json.dumps(two))
    assert cli("check", "catopomp", "--situation", str(path), "--move", "heaven 1").exit_code == 0


def test_a_possible_file_is_still_judged(cli, home, tmp_path):
    path = _file(tmp_path, p0={"hand": [9, 9, 9], "hell_domain": [9]})
    assert cli("check", "catopomp", "--situation", path, "--move", "heaven 9 9 9").exit_code == 0
    assert cli("moves", "catopomp", "--situation", path).exit_code == 0
