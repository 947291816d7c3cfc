"""CATastrophe: an undo (or redo) of a play says in words which card left play or came into it, as
other undo lines say a counter's move, never `in play -Take by Ben`."""
from __future__ import annotations

PLAYERS = "Abi,Ben,Lu"


def _one_line(result) -> str:
    assert result.exit_code == 0, result.output
    return " ".join(result.stdout.split())


def test_undo_and_redo_say_which_card_leaves_or_enters_play(cli, home):
    assert cli("track", "new", "catastrophe", "--players", PLAYERS).exit_code == 0
    for play in ("Abi play Curiosity at Ben", "Ben play Take"):
        assert cli("play", play).exit_code == 0, play
    undone = _one_line(cli("track", "undo"))
    assert "Take by Ben leaves play" in undone and "in play -" not in undone, undone
    undone = _one_line(cli("track", "undo"))
    assert "Curiosity by Abi at Ben leaves play" in undone and "→-" not in undone, undone
    redone = _one_line(cli("track", "redo"))
    assert "Curiosity by Abi at Ben comes into play" in redone, redone


def test_undo_of_a_roll_says_the_roll_goes_not_the_card(cli, home):
    """Found by refcat4: undoing `Ann roll 2` said the Attack `comes into play` and `leaves play`,
    though it never left; the line says the card stays in play and its roll is taken back."""
    assert cli("track", "new", "catastrophe", "--players", PLAYERS).exit_code == 0
    for play in ("Abi play Attack 5 at Ben", "Ben roll 2"):
        assert cli("play", play).exit_code == 0, play
    undone = _one_line(cli("track", "undo"))
    assert "comes into play" not in undone and "leaves play" not in undone, undone
    assert "Attack 5 by Abi at Ben (still in play): rolled Ben 2→none" in undone, undone
    redone = _one_line(cli("track", "redo"))
    assert "Attack 5 by Abi at Ben (still in play): none→rolled Ben 2" in redone, redone


def test_undo_of_a_game_ending_resolve_says_the_game_is_on_and_the_card_is_back(cli, home):
    """Found by a referee: undoing the resolve that ended the game listed only counters (`Betty lives
    0→1, Betty hand 0→5`); the line says the game is on again and which card is back in play, and a
    redo says the game is over again and the card leaves play."""
    assert cli("track", "new", "catastrophe", "--players", "Abi,Betty").exit_code == 0
    assert cli("track", "lives", "betty", "-8").exit_code == 0
    for play in ("Abi play Attack 6 at Betty", "Betty roll 1", "resolve"):
        assert cli("play", play).exit_code == 0, play
    assert cli.json("track", "show")["state"]["game_over"] is True
    undone = _one_line(cli("track", "undo"))
    assert "the game is on again" in undone and "Abi" in undone.split("the game is on again")[1], undone
    assert "Attack 6 by Abi at Betty (rolled Betty 1) comes into play" in undone, undone
    redone = _one_line(cli("track", "redo"))
    assert "the game is over (Abi wins)" in redone, redone
    assert "Attack 6 by Abi at Betty (rolled Betty 1) leaves play" in redone, redone
