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


def test_moves_by_a_cat_waiting_on_a_yarn_ball_says_what_it_waits_on_in_the_header(cli, home):
    """Chris, with no Yarn Ball and no Power Cat, has no play while the table waits on Betty's re-roll
    or the Attack's resolve: the header says what he waits on, as the JSON note does, never that it is
    Abi's turn (Abi's play is what waits)."""
    _after_the_roll(cli)
    for change in (["yarn", "abi", "-3"], ["yarn", "chris", "-3"], ["power-cats", "chris", "-2"]):
        assert cli("track", *change).exit_code == 0
    doc = cli.json("moves", "--by", "chris")
    assert doc["moves"] == [] and doc["note"].startswith("not Chris's turn now: waiting for Betty"), doc
    text = " ".join(cli("moves", "--by", "chris").stdout.split())
    waiting = doc["note"].removeprefix("not Chris's turn now: ")
    assert text == f"Chris ({waiting}): no play now", text
    assert "Abi's turn" not in text
    text = " ".join(cli("moves", "--by", "abi").stdout.split())  # Abi may resolve: listed as on her turn
    assert text.startswith("Abi: "), text


def test_a_plays_json_names_who_may_act_as_moves_and_the_table_do(cli, home):
    """A script reading `play --json` learns who may act after the roll (`acting`) as `moves --json`
    and the play's own "To act:" line say it; `to_act` stays the one cat whose turn it is."""
    _after_the_roll(cli)
    assert cli("track", "undo").exit_code == 0
    doc = cli.json("play", "Betty roll 3")
    listed = cli.json("moves")
    assert doc["acting"] == listed["acting"] and doc["acting"].startswith("Abi, Betty, Chris"), doc
    assert doc["to_act"] == listed["to_act"] == "Abi"
    resolved = cli.json("play", "resolve")
    assert resolved["acting"] is None and resolved["to_act"] == cli.json("moves")["to_act"]


def test_moves_by_a_cat_before_the_roll_names_the_turn_and_its_reactions(cli, home):
    """Abi's Attack waits for Betty's roll: it is still Abi's turn (Taking Your Turn), Betty only rolls.
    Chris, off turn, may still react before the dice (Reaction Cards: any time, before dice are rolled):
    `moves --by chris` says so beside his Power Cat, never that it is Betty's turn."""
    assert cli("track", "new", "catastrophe", "--players", PLAYERS).exit_code == 0
    assert cli("play", "Abi play Attack 4 at Betty").exit_code == 0
    for who, turn in (("chris", "it is Abi's turn"), ("abi", "Abi's own turn, waiting on Betty's roll")):
        text = " ".join(cli("moves", "--by", who).stdout.split())
        assert "Betty's turn" not in text, text
        assert turn in text, text
    text = " ".join(cli("moves", "--by", "chris").stdout.split())
    assert "Chris play Power Cat" in text and "may react now with a Reaction" in text, text


def test_moves_by_the_cat_whose_turn_it_is_is_worded_for_her(cli, home):
    """Abi's own Attack waits for Betty's roll: her header says it is her own turn and she may still
    play a Reaction, not "it is Abi's turn, and Abi may react now"."""
    assert cli("track", "new", "catastrophe", "--players", PLAYERS).exit_code == 0
    assert cli("play", "Abi play Attack 4 at Betty").exit_code == 0
    text = " ".join(cli("moves", "--by", "abi").stdout.split())
    assert text.startswith("Abi (Abi's own turn, waiting on Betty's roll: Abi may still play a Reaction"), text
    assert "and Abi may react now" not in text, text


def test_moves_by_one_cat_notes_only_that_cat_s_hand(cli, home):
    """`--by` lists what that cat may do: the note on plays left out speaks of its own hand, not of
    every cat's (as the other games' --by do)."""
    _after_the_roll(cli)
    text = " ".join(cli("moves", "--by", "chris").stdout.split())
    assert "Chris yarn" in text and "Abi yarn" not in text and "Betty roll" not in text, text
    assert "card plays from Chris's hand are not listed: the table knows only its count" in text, text
    assert "Abi, Betty" not in text and "Abi" not in text.split("Chris play Power Cat", 1)[1], text


def test_moves_note_says_a_hand_is_a_count_and_the_cards_seen(cli, home):
    """Betty Takes Abi's Curiosity: the table saw it go into her hand, and moves lists it, so the note
    says her hand is a count and that card, not "a count only"."""
    assert cli("track", "new", "catastrophe", "--players", PLAYERS).exit_code == 0
    for play in ("Abi play Curiosity at Betty", "Betty play Take", "resolve"):
        assert cli("play", play).exit_code == 0, play
    text = " ".join(cli("moves").stdout.split())
    assert "(Abi, Chris: a count only; Betty: a count, and the cards the table saw go in, listed: Curiosity)" \
        in text, text
