"""Cataclysm Arcade lines a player reads about a Weapon on the Line, and Stealthy gained mid-game."""
from __future__ import annotations

from engine.cataclysm_arcade import Engine

from .cataclysm_arcade_table import arcade_table

E = Engine()
CARDS = ["card Queen boss health=6 attack=2 attack-cost=0",
         "card Grunt fighter level=1 health=3 attack=2 attack-cost=0",
         "card Brute fighter level=1 health=3 attack=2 attack-cost=0",
         "card Sword weapon level=1 wield-cost=0 attack-modifier=1"]


def table(*steps: str):
    return arcade_table(*(f"track {c}" for c in CARDS), "track boss ann 6 Queen", "track boss ben 6 Queen",
                        "track fighter ann Grunt 3 --overrule", "track fighter ann Brute 3 --overrule",
                        "track hand ann Sword", *steps)


def _lines(state, text: str) -> list[str]:
    move = E.plays.parse_move(text, state)
    verdict = E.check(state, move)
    assert verdict.legal, text
    return [e.message for e in verdict.effects]


def test_a_weapon_on_the_line_names_the_fighter_it_was_played_on():
    """`weapon Sword on Brute` read `weapon Sword (Ann)` when chosen, on the Line and as it resolved."""
    lines = _lines(table(), "weapon Sword on Brute")
    assert "Ann chooses: weapon Sword on Brute (Ann)" in lines
    assert any(m.startswith("on the Line: weapon Sword on Brute (Ann)") for m in lines)
    resolved = _lines(table("play weapon Sword on Brute"), "decline")
    assert resolved[0] == "resolves: weapon Sword on Brute (Ann)"
    assert "Sword enters wielded by Brute" in resolved


def test_a_weapon_played_without_a_fighter_says_where_it_goes_as_it_resolves():
    """Played without `on`, it goes to its player's first Fighter: the resolve line names it."""
    resolved = _lines(table("play weapon Sword"), "decline")
    assert resolved[0] == "resolves: weapon Sword on Grunt (Ann)"
    assert "Sword enters wielded by Grunt" in resolved
