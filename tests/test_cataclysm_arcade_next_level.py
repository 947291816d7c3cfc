"""Cataclysm Arcade, Turn Structure: once every player has passed, a new level begins; it is no
player's move (nobody has the initiative until it begins), so any player at the table may start it:
`moves --by` offers `next-level` to each of them, and `check`/`play --by` accept it from each."""
from __future__ import annotations


def _level_over(cli) -> None:
    assert cli("track", "new", "cataclysm-arcade", "--players", "Ann,Ben,Cy").exit_code == 0
    for name in ("ann", "ben", "cy"):
        assert cli("track", "pass", name).exit_code == 0, name


def _said(result) -> str:
    return " ".join(result.stdout.split())


def test_every_player_is_offered_the_next_level(cli, home):
    _level_over(cli)
    doc = cli.json("moves")
    assert doc["moves"] == ["next-level"] and doc["to_act"] is None, doc
    for name in ("Ann", "Ben", "Cy"):
        text = _said(cli("moves", "--by", name.lower()))
        assert text.startswith(f"{name}: 1 play now"), text
        assert "next-level" in text and "no play now" not in text, text
        assert "any player may start level 2" in text, text


def test_a_player_other_than_player_one_starts_the_next_level(cli, home):
    _level_over(cli)
    assert cli.json("check", "next-level", "--by", "cy")["legal"] is True
    assert cli("play", "next-level", "--by", "cy").exit_code == 0
    state = cli.json("track", "show")["state"]
    assert state["level"] == 2 and state["player_one"] == "Ben", state


def test_before_the_level_ends_only_the_initiative_moves(cli, home):
    assert cli("track", "new", "cataclysm-arcade", "--players", "Ann,Ben,Cy").exit_code == 0
    assert cli("track", "pass", "ann").exit_code == 0
    assert cli.json("moves")["to_act"] == "Ben"
    assert cli.json("check", "next-level", "--by", "cy", codes=(1,))["legal"] is False


def _level_over_with_cy_out(cli) -> None:
    """Cy's Boss is defeated (Cy is out of the game), then Ann and Ben pass: the level is over."""
    assert cli("track", "new", "cataclysm-arcade", "--players", "Ann,Ben,Cy").exit_code == 0
    for name in ("ann", "ben", "cy"):
        assert cli("track", "boss", name, "30").exit_code == 0, name
    assert cli("track", "damage", "cy", "boss", "30").exit_code == 0
    for name in ("ann", "ben"):
        assert cli("track", "pass", name).exit_code == 0, name
    assert cli.json("moves")["moves"] == ["next-level"]


def test_a_player_out_of_the_game_is_not_offered_the_next_level(cli, home):
    """Winning the Game: a defeated player is out of the game, so takes no part in starting the next level."""
    _level_over_with_cy_out(cli)
    text = _said(cli("moves", "--by", "cy"))
    assert text.startswith("Cy: no play now") and "next-level" not in text, text
    assert "out of the game" in text, text
    for name in ("Ann", "Ben"):  # the players still in the game are
        assert "next-level" in _said(cli("moves", "--by", name.lower())), name


def test_a_player_out_of_the_game_may_not_start_the_next_level(cli, home):
    _level_over_with_cy_out(cli)
    doc = cli.json("check", "next-level", "--by", "cy", codes=(1,))
    assert doc["legal"] is False, doc
    assert doc["reasons"][0]["rule"] == "cataclysm-arcade.winning.defeated-player-removed", doc
    assert cli("play", "next-level", "--by", "cy").exit_code != 0
    assert cli.json("track", "show")["state"]["level"] == 1  # refused: nothing changed
    assert cli.json("check", "next-level", "--by", "ben")["legal"] is True
