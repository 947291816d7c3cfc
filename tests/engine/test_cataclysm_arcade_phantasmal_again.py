"""Cataclysm Arcade, Phantasmal (Glossary): the ability gives a +1 Attack counter and makes the Fighter
Phantasmal only when it is not Phantasmal yet. Used again it does nothing when it resolves; the
rulebook does not say whether it may be used then, so it stays a legal play (and `moves` lists it)
and its verdict says both plainly."""
from __future__ import annotations

from engine import get_game
from tests.engine.cataclysm_arcade_table import arcade_table

E = get_game("cataclysm-arcade").engine
GHOST = ("track card Ghost fighter health=3 attack=1 keywords=phantasmal", "track fighter ann Ghost 3 --overrule")


def _notes(state) -> list[str]:
    verdict = E.check(state, E.plays.parse_move("activate Ghost phantasmal", state))
    assert verdict.legal, verdict.as_json()
    return [r.message for r in verdict.unchecked]


def test_phantasmal_used_again_says_it_does_nothing():
    state = arcade_table(*GHOST, "play activate Ghost phantasmal", "play decline", "play pass")
    assert state.player("Ann").fighters[0].phantasmal and E.plays.parse_move("activate Ghost phantasmal", state)
    assert any("Ghost is Phantasmal already, so this does nothing" in m for m in _notes(state)), _notes(state)


def test_phantasmal_used_the_first_time_says_nothing_of_it():
    assert not any("Phantasmal already" in m for m in _notes(arcade_table(*GHOST)))
