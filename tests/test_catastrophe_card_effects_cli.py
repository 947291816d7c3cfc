"""Issue 23, CATastrophe through the installed CLI: a short game with cards the table described
(the option cards=... at the start, `track card` mid-game), whose effects the referee carries out."""
from __future__ import annotations

import json

from tests.test_catastrophe_card_mid_game import _ok, _run


def _lives(home) -> dict:
    state = json.loads(_ok(home, "track", "show", "--json").stdout)["state"]
    return {p["name"]: p["lives"] for p in state["players"]}, state["grim_reapurr"]


def test_a_short_game_with_described_cards(tmp_path):
    home = tmp_path / "home"
    _ok(home, "track", "new", "catastrophe", "--players", "Abi,Ben,Cy", "--name", "cats",
        "--option", "cards=Catnip Dealer:ally:lives=target-2,Vet:ally:lives=self+1")
    refused = _run(home, "play", "Abi play Catnip Dealer")
    assert refused.returncode == 1 and "at NAME" in refused.stderr
    _ok(home, "play", "Abi play Catnip Dealer at Ben")
    said = json.loads(_ok(home, "play", "resolve", "--json").stdout)
    assert any(e.get("who") == "Ben" and e.get("amount") == -2 for e in said["effects"]), said
    assert not any("unknown" in n["message"] for n in said["unchecked"])

    before = json.loads(_ok(home, "track", "show", "--json").stdout)["state"]
    bad = _run(home, "track", "card", "Storm", "event", "lives=target-1")
    assert bad.returncode == 2 and "no chosen target" in bad.stderr and "Traceback" not in bad.stderr
    assert json.loads(_ok(home, "track", "show", "--json").stdout)["state"] == before

    _ok(home, "track", "card", "Storm", "event", "lives=all-1", "reapurr=+1")
    _ok(home, "play", "Abi draw")
    _ok(home, "play", "Abi reveal Storm")
    _ok(home, "play", "resolve")
    assert _lives(home) == ({"Abi": 8, "Ben": 6, "Cy": 8}, 1)

    _ok(home, "play", "Abi end")
    _ok(home, "play", "Ben play Mystery Box")
    said = json.loads(_ok(home, "play", "resolve", "--json").stdout)
    notes = " | ".join(n["message"] for n in said["unchecked"])
    assert "Mystery Box's type and effect are unknown" in notes and "companion cards add catastrophe" in notes

    _ok(home, "undo", "3")
    assert _lives(home) == ({"Abi": 8, "Ben": 6, "Cy": 8}, 1)
    _ok(home, "undo", "3")
    assert _lives(home) == ({"Abi": 9, "Ben": 7, "Cy": 9}, 0)
