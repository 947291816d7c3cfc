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


def test_a_possible_file_is_still_judged(cli, home, tmp_path):
    path = _file(tmp_path, p0={"hand": [9, 9, 9], "hell_domain": [9]})
    assert cli("check", "catopomp", "--situation", path, "--move", "heaven 9 9 9").exit_code == 0
    assert cli("moves", "catopomp", "--situation", path).exit_code == 0
