"""CATastrophe: an Attack waiting on its target's roll does not hand the turn over (Taking Your Turn:
the cat who played it keeps the turn; the target only rolls). `moves --by`, `check --by` and `track
show` say the same: whose turn it is, and who rolls. An out-of-turn refusal cites the turn rule
(Turns pass clockwise), as the other games cite theirs, not the Claw Phase's."""
from __future__ import annotations

PLAYERS = "Abi,Betty,Chris"
TURN_RULE = "catastrophe.turn.clockwise"


def _rerolling(cli) -> None:
    """Abi attacks Betty, Betty fails, Abi pays a Yarn Ball for her: Betty must roll again."""
    assert cli("track", "new", "catastrophe", "--players", PLAYERS).exit_code == 0
    for play in ("Abi play Attack 4 at Betty", "Betty roll 2", "Abi yarn for Betty"):
        assert cli("play", play).exit_code == 0, play


def _said(result) -> str:
    return " ".join(result.stdout.split())


def test_moves_by_another_cat_says_whose_turn_and_who_rolls(cli, home):
    _rerolling(cli)
    assert cli.json("track", "show")["state"]["current"] == "Abi"
    assert _said(cli("moves")).startswith("Betty to act: ")
    text = _said(cli("moves", "--by", "chris"))
    assert text.startswith("Chris (it is Abi's turn, waiting on Betty's roll): "), text
    assert "Betty's turn" not in text
    text = _said(cli("moves", "--by", "abi"))
    assert text.startswith("Abi (Abi's own turn, waiting on Betty's roll): "), text
    assert _said(cli("moves", "--by", "betty")).startswith("Betty: ")


def test_an_out_of_turn_refusal_says_whose_turn_while_a_roll_waits(cli, home):
    _rerolling(cli)
    doc = cli.json("check", "roll 3", "--by", "chris", codes=(1,))
    first = doc["reasons"][0]
    assert first["message"] == "it is Abi's turn, waiting on Betty's roll, not Chris's", first
    assert first["rule"] == TURN_RULE


def test_an_out_of_turn_draw_cites_the_turn_rule(cli, home):
    assert cli("track", "new", "catastrophe", "--players", PLAYERS).exit_code == 0
    doc = cli.json("check", "draw", "--by", "betty", codes=(1,))
    first = doc["reasons"][0]
    assert first["message"] == "it is Abi's turn, not Betty's", first
    assert first["rule"] == TURN_RULE, first
    assert all("claw-phase" not in v["rule"] for v in doc["reasons"]), doc["reasons"]
