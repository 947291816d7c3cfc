"""Cataclysm Arcade, whole games played through a session (refarc round): what the referee found in
the words a play answers with; each test fails on the code before its fix."""
from __future__ import annotations

import re

import pytest

from engine.base import MoveSyntaxError
from engine.cataclysm_arcade import Engine

from .cataclysm_arcade_table import arcade_table

E = Engine()


@pytest.mark.parametrize("text", ["tactic", "fighter", "weapon", "fortify", "respond", "wield", "attack"])
def test_a_play_missing_its_words_gives_the_usage_then_what_it_does(text):
    """Bad input names the form that reads: every usage reads `usage: FORM — WHAT IT DOES`, the dash
    between the two (the Tactic's came out as `... play a Tactic (...) — `, the dash last)."""
    state = arcade_table("track boss ann 6 Queen", "track boss ben 6 Queen")
    with pytest.raises(MoveSyntaxError) as caught:
        E.plays.parse_move(text, state)
    usage = str(caught.value).split("usage: ", 1)[1]
    assert re.fullmatch(rf"{text} [^—]+ — \S[^—]*", usage), usage


def test_a_decline_out_of_turn_says_what_priority_lets_its_holder_do():
    """The Line: the player with priority responds or lets the top be. A decline by another player is
    refused naming who has priority, without calling the decline a response added to the Line."""
    state = arcade_table("track boss ann 6 Queen", "track boss ben 6 Queen", "track boss cy 6 Queen",
                         "play attack boss at ben boss", players=("Ann", "Ben", "Cy"))
    said = E.out_of_turn(state, "Cy").message
    assert "Ben has priority, not Cy" in said, said
    assert "let the top of the Line be" in said, said


def test_wielding_onto_another_player_s_fighter_says_the_refusal_is_a_reading():
    """Weapon: a played Weapon enters wielded by a Fighter on its player's team, but the Wield passage
    says only that the Weapon goes to a Fighter, naming no team. Its refusal of an opponent's Fighter
    rests on reading the two alike, and says so; a played Weapon's needs no reading."""
    from engine.errors import NotTheirs

    steps = ("track boss ann 6 Queen", "track boss ben 6 Queen",
             "track card Sword weapon level=1 wield-cost=0 attack-modifier=1",
             "track card Orc fighter level=1 health=3 attack=1 attack-cost=0", "track hand ann Sword, Sword",
             "track fighter ben Orc 3 --overrule", "play weapon Sword", "play decline", "play pass")
    state = arcade_table(*steps)
    said = {}
    for text in ("wield Sword on Orc", "weapon Sword on Orc"):
        with pytest.raises(NotTheirs) as caught:
            E.plays.parse_move(text, state)
        said[text] = str(caught.value)
    assert "reading" in said["wield Sword on Orc"] and "team" in said["wield Sword on Orc"], said
    assert "reading" not in said["weapon Sword on Orc"], said


def test_the_table_shows_a_fighter_s_attack_counters():
    """Determination and Phantasmal put +1 Attack counters on a Fighter, and each adds to its attack:
    the table's view shows them beside its health (it showed `Stubborn 1/3` and hid the counter)."""
    from engine.cataclysm_arcade.track import summary

    state = arcade_table("track boss ann 6 Queen", "track boss ben 6 Queen",
                         "track card Stubborn fighter level=1 health=3 attack=1 attack-cost=0 keywords=determination",
                         "track fighter ann Stubborn 3 --overrule", "track damage ann Stubborn 3")
    assert summary(state)["players"][0]["fighters"] == ["Stubborn 1/3 +1 attack"]
