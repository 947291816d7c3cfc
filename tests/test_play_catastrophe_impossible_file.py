"""A CATastrophe situation file with a Power Cat face up twice (every Power Cat is unique) is refused by
`check` and `moves` in one line naming the key (exit 2); `status` lists it with its rule (exit 1). A hand
naming a card twice stands: the rulebook counts no Main deck card."""
from __future__ import annotations

import json


def _file(tmp_path, abi: dict, betty: dict) -> str:
    data = {"players": [{"name": "Abi", **abi}, {"name": "Betty", **betty}, {"name": "Chris"}]}
    path = tmp_path / "table.json"
    path.write_text(json.dumps(data))
    return str(path)


def test_a_power_cat_face_up_twice_is_refused(cli, home, tmp_path):
    path = _file(tmp_path, {"power_cat_cards": ["Grumpy", "Bob"]}, {"power_cat_cards": ["grumpy", "Lil Bub"]})
    for args in (("check", "catastrophe", "Abi play Curiosity at Betty", "--situation", path),
                 ("moves", "catastrophe", "--situation", path)):
        result = cli(*args)
        assert result.exit_code == 2, result.output
        line = result.stderr.strip()
        assert "\n" not in line and "field players.1.power_cat_cards: grumpy is face up in front of Abi" in line, line
    status = cli("status", "catastrophe", "--situation", path, "--json")
    assert status.exit_code == 1
    assert "catastrophe.power-cats.unique" in [p["rule"] for p in json.loads(status.stdout)["problems"]]


def test_a_hand_naming_a_card_twice_is_judged(cli, home, tmp_path):
    path = _file(tmp_path, {"hand_cards": ["Cucumber", "Cucumber"]}, {"power_cat_cards": ["Grumpy", "Bob"]})
    result = cli("check", "catastrophe", "Abi draw", "--situation", path)
    assert result.exit_code == 0 and "Legal" in result.stdout, result.output
