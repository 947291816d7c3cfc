"""Theseus, 13. Tiebreakers: a tie on points and Party Rank goes to the higher Hand Rank total. When a
Hand in that comparison is hidden (the `hidden` option: the table does not see it, the companion holds
its size), the winner rests on the Rank total the table gave for it (or on none, counted 0): the winner
line says so in the same line. Giving that total keeps the Hand hidden, its size as it was."""
from __future__ import annotations

#: Ann and Ben tie on points (one Rank 5 card each) and on Party Rank; Ben's hidden Hand is told as 7
TIED = ("rank 6", "reward ann rank 5", "reward ben rank 5", "party ann total 10", "party ben total 10",
        "hand ann total 5")


def _tied(cli, *extra: str) -> None:
    assert cli("track", "new", "theseus", "--players", "Ann,Ben", "--option", "hidden=ben").exit_code == 0
    for change in (*TIED, *extra, "last-rank6"):
        assert cli("track", *change.split()).exit_code == 0, change


def _winner(doc) -> str:
    return next(e["message"] for e in doc["effects"] if e["kind"] in ("winner", "tie"))


def test_a_hand_tiebreak_on_a_hidden_hand_says_it_rests_on_the_table_s_word(cli, home):
    _tied(cli, "hand ben count 2", "hand ben total 7")
    doc = cli.json("track", "next")
    said = _winner(doc)
    assert said.startswith("Ben wins (tied on points and Party Rank; higher total Rank in the Hand)"), said
    assert "; this rests on what the table told the companion: Ben's hidden Hand, Rank total 7 as given" in said, said
    line = " ".join(cli("track", "score").stdout.split())
    assert "rests on what the table told the companion: Ben's hidden Hand" in line, line


def test_a_hidden_hand_never_told_is_said_as_counted_zero(cli, home):
    _tied(cli, "hand ben count 2")
    said = _winner(cli.json("track", "next"))
    assert said.startswith("Ann wins"), said
    assert "; this rests on what the table told the companion: Ben's hidden Hand, its Rank total not given (counted 0)" in said, said


def test_no_warning_when_points_decide(cli, home):
    _tied(cli, "hand ben total 7", "reward ann rank 4")
    said = _winner(cli.json("track", "next"))
    assert said.startswith("Ann wins (most Victory Points)") and "told the companion" not in said, said


def test_the_play_that_ends_the_game_says_it_too(cli, home):
    _tied(cli, "hand ben count 2", "hand ben total 7")
    doc = cli.json("play", "end")
    said = _winner(doc)
    assert said.startswith("Ben wins (tied on points and Party Rank"), said
    assert "; this rests on what the table told the companion: Ben's hidden Hand, Rank total 7 as given" in said, said


def test_a_total_given_for_a_hidden_hand_keeps_it_hidden_with_its_size(cli, home):
    assert cli("track", "new", "theseus", "--players", "Ann,Ben", "--option", "hidden=ben").exit_code == 0
    assert cli("track", "hand", "ben", "count", "2").exit_code == 0
    assert cli("track", "hand", "ben", "total", "7").exit_code == 0
    ben = next(p for p in cli.json("track", "show")["state"]["players"] if p["name"] == "Ben")
    assert ben["hand"] == 2 and ben["hand_rank"] == 7, ben


def test_no_warning_for_a_hand_the_table_sees(cli, home):
    """Ann's Hand is not hidden: the total the table gives for it is no hidden Hand's."""
    assert cli("track", "new", "theseus", "--players", "Ann,Ben").exit_code == 0
    for change in (*TIED, "hand ben total 7", "last-rank6"):
        assert cli("track", *change.split()).exit_code == 0, change
    said = _winner(cli.json("track", "next"))
    assert said == "Ben wins (tied on points and Party Rank; higher total Rank in the Hand)", said
