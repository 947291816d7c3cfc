"""CATastrophe: after an Attack's roll any cat with a Yarn Ball may buy a re-roll, or the Attack
resolves (Yarn Balls: after any roll, any player). `companion moves` says who is to act as `companion
play` does (the engine's Turns.acting), not only the cat whose turn it is."""
from __future__ import annotations

import re

PLAYERS = "Abi,Betty,Chris"


def _after_the_roll(cli) -> str:
    assert cli("track", "new", "catastrophe", "--players", PLAYERS).exit_code == 0
    assert cli("play", "Abi play Attack 4 at Betty").exit_code == 0
    rolled = cli("play", "Betty roll 3")
    assert rolled.exit_code == 0, rolled.output
    return " ".join(rolled.stdout.split())


def test_moves_names_everyone_who_may_act_after_a_roll_as_play_does(cli, home):
    played = _after_the_roll(cli)
    said = re.search(r"To act: (.*)$", played).group(1)
    assert said.startswith("Abi, Betty, Chris") and "`resolve`" in said
    shown = cli("moves")
    assert shown.exit_code == 0, shown.output
    text = " ".join(shown.stdout.split())
    assert text.startswith(f"To act: {said} 7 plays in 3 groups"), text
    assert "Abi to act" not in text
    doc = cli.json("moves")
    assert " ".join(doc["acting"].split()) == said and doc["to_act"] == "Abi"


def test_moves_before_the_roll_names_the_cat_who_rolls(cli, home):
    assert cli("track", "new", "catastrophe", "--players", PLAYERS).exit_code == 0
    assert cli("play", "Abi play Attack 4 at Betty").exit_code == 0
    text = cli("moves").stdout
    assert text.startswith("Betty to act: "), text
    assert cli.json("moves")["acting"] is None


def test_moves_by_a_cat_who_may_act_after_a_roll(cli, home):
    _after_the_roll(cli)
    text = " ".join(cli("moves", "--by", "betty").stdout.split())
    assert text.startswith("Betty: 2 plays now"), text
    assert "'s turn" not in text
