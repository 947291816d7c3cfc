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



def _attack(state, text: str = "attack boss at ben brute"):
    return E.check(state, E.plays.parse_move(text, state))


def _level_two(*steps: str):
    """Level 2 (the last pass of level 1 starts it), Ben's Brute in play since level 1, Ben (Player
    One now) passed: Ann to move."""
    return arcade_table(*(f"track {c}" for c in CARDS), "track boss ann 6 Queen", "track boss ben 6 Queen",
                        "track fighter ben Brute 3 level 1 --overrule", "play pass", "play pass",
                        *steps, "play pass")


def test_a_character_that_gains_stealthy_cannot_be_attacked_that_level():
    """Glossary, Stealthy: not attackable the level it comes into play OR the level it gains the
    keyword. A Fighter in play since an earlier level that gains it this level is protected: the
    engine looked only at the level it entered, and nothing could say it gained Stealthy."""
    assert _attack(_level_two()).legal
    state = _level_two("track stealthy ben brute")
    brute = state.player("Ben").fighters[0]
    assert brute.has("stealthy") and (brute.entered_level, brute.stealthy_level, state.level) == (1, 2, 2)
    verdict = _attack(state)
    assert not verdict.legal and [r.rule for r in verdict.reasons] == ["cataclysm-arcade.keywords.stealthy"]
    assert "gained Stealthy this level" in verdict.reasons[0].message


def test_stealthy_gained_protects_that_level_only():
    """A situation's `stealthy_level` says the level it was gained: an earlier one protects no more."""
    state = _level_two()
    for level, legal in ((2, False), (1, True), (None, True)):
        ben = state.player("Ben")
        brute = ben.fighters[0].model_copy(update={"keywords": ("stealthy",), "stealthy_level": level})
        players = tuple(p.model_copy(update={"fighters": (brute,)}) if p is ben else p for p in state.players)
        s = type(state).model_validate(state.model_copy(update={"players": players}).model_dump())
        assert _attack(s).legal is legal, level
