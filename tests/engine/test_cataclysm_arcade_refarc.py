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
