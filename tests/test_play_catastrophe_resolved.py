"""CATastrophe: a resolved CATastrophe card says where it goes (face up onto the CATastrophe discard pile,
3. CATastrophe Phase), as a resolved Main deck card does; a Power Cat the table names that no card
catalogue knows is listed by `moves` as the table knows it."""
from __future__ import annotations

import json

import pytest


@pytest.mark.parametrize("reveal, card", [("Abi reveal Grim Reapurr +1", "Grim Reapurr"),
                                          ("Abi reveal CATastrophic Event", "CATastrophic Event")])
def test_a_resolved_catastrophe_card_goes_onto_its_discard_pile(cli, home, reveal, card):
    assert cli("track", "new", "catastrophe", "--players", "Abi,Betty").exit_code == 0
    for play in ("Abi draw", reveal):
        assert cli("play", play).exit_code == 0
    said = cli.json("play", "resolve")
    gone = [e for e in said["effects"] if e["kind"] == "discarded"]
    assert [(e["message"], e["rule"]) for e in gone] == [
        (f"{card} is discarded, face up onto the CATastrophe discard pile", "catastrophe.turn.catastrophe-phase.discard")]


@pytest.mark.parametrize("cats", [{"named_power_cats": ["Mr Whiskers"]}, {"power_cat_cards": ["Mr Whiskers", "Power Cat"]}])
def test_a_named_power_cat_no_catalogue_knows_is_listed(cli, home, tmp_path, cats):
    assert cli("track", "new", "catastrophe", "--players", "Abi,Betty").exit_code == 0
    table = json.loads(cli("track", "situation").stdout)
    table["players"][0].update(cats)
    path = tmp_path / "table.json"
    path.write_text(json.dumps(table))
    listed = cli("moves", "catastrophe", "--situation", str(path))
    assert "  Abi play Mr Whiskers\n" in listed.stdout and "  Abi play Power Cat\n" in listed.stdout, listed.stdout
    assert cli("check", "catastrophe", "--situation", str(path), "--move", "Abi play Mr Whiskers").exit_code == 0
