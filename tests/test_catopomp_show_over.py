"""Catopomp: once the game is over, `track show` says how it ended and who won where it said whose
turn it was (End of round and End of game: the game is over at once when a player loses their last
Soul Gem; nobody takes another turn)."""
from __future__ import annotations


def _over(cli, *options: str) -> None:
    """Ben loses both rounds of a counters-only game of three: his last gem ends the game."""
    extra = [w for o in options for w in ("--option", o)]
    assert cli("track", "new", "catopomp", "--players", "Ann,Ben,Cy", "--option", "start=ann", *extra).exit_code == 0
    for step in (("dice", "1", "2", "3", "4", "5", "6"), ("lost", "ben"), ("dice", "1", "2", "3", "4", "5"),
                 ("lost", "ben")):
        assert cli("track", *step).exit_code == 0, step


def test_show_after_the_end_says_it_ended_not_whose_turn(cli, home):
    _over(cli)
    state = cli.json("track", "show")["state"]
    assert state["game_over"] is True
    assert "turn" not in state, state
    assert state["ended"] == "Ben lost their last soul gem; Ann and Cy win", state
    text = " ".join(cli("track", "show").stdout.split())
    assert "turn Ben" not in text, text
    assert "ended Ben lost their last soul gem; Ann and Cy win" in text, text


def test_show_before_the_end_still_says_whose_turn(cli, home):
    assert cli("track", "new", "catopomp", "--players", "Ann,Ben,Cy", "--option", "start=cy").exit_code == 0
    assert cli("track", "dice", "1", "2", "3", "4", "5", "6").exit_code == 0
    state = cli.json("track", "show")["state"]
    assert state["turn"] == "Cy" and "ended" not in state, state


def test_show_after_a_competitive_end_names_the_winning_points(cli, home):
    """Ann predicts 3 and goes out with 3 cards in both rounds (2 points each); Ben is left holding
    cards twice."""
    assert cli("track", "new", "catopomp", "--players", "Ann,Ben,Cy", "--option", "start=ann",
               "--option", "competitive=yes").exit_code == 0
    for faces in (("1", "2", "3", "4", "5", "6"), ("1", "2", "3", "4", "5")):
        for step in (("dice", *faces), ("predict", "ann", "3"), ("predict", "ben", "1"), ("predict", "cy", "4"),
                     ("cleared", "ann", "3"), ("cleared", "cy", "2")):
            assert cli("track", *step).exit_code == 0, step
    state = cli.json("track", "show")["state"]
    assert "turn" not in state, state
    assert state["ended"] == "Ben lost their last soul gem; Ann wins with 4 points", state
