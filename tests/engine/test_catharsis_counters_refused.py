"""Catharsis counters the rulebook rules out: a Drink for a dead player, Ice on an exhausted power,
Combo outside a combat. Each refusal names its rule and the commands allowed instead."""
from __future__ import annotations

from engine import get_tracker

TRACKER = get_tracker("catharsis")


def table(*commands, characters="Ann=Goz,Ben=Emberhoof,Cy=Lumi"):
    state = TRACKER.declaration.verbs.new_state(["Ann", "Ben", "Cy"], {"morale": "10", "characters": characters})
    for words in commands:
        change = TRACKER.parse(state, words.split())
        assert TRACKER.check(state, change).legal, words
        state = TRACKER.apply(state, change)[0]
    return state


def verdict(state, words):
    return TRACKER.check(state, TRACKER.parse(state, words.split()))


def test_a_dead_player_is_given_no_drink():
    dead = table("damage cy exhaust 1 2 3 4 5 6 discard 1 2 3 4 5 6")
    assert dead.players[2].dead
    v = verdict(dead, "drinks cy +1")
    assert not v.legal and {r.rule for r in v.reasons} == {"catharsis.damage.death"}
    assert v.alternatives == ("drinks Ann +1", "drinks Ben +1")
    assert any(u.message.startswith("reading:") for u in v.unchecked)
    assert verdict(dead, "drinks ann +1").legal


def test_no_ice_on_an_exhausted_power():
    state = table("exhaust ann 3")
    v = verdict(state, "ice ann 3 +1")
    assert not v.legal and {r.rule for r in v.reasons} == {"catharsis.characters.lumi.ice-destroyed"}
    assert "ice Ann 1 +1" in v.alternatives and "ice Ann 3 +1" not in v.alternatives
    assert verdict(state, "ice ann 1 +1").legal


def test_no_combo_outside_a_combat():
    between = table("next-card event", "resolved")
    for words in ("combo ann 1 +2", "use ann 2 top"):
        v = verdict(between, words)
        assert not v.legal and {r.rule for r in v.reasons} == {"catharsis.characters.goz.combo-end-of-combat"}, words
    fighting = table("next-card monster", "enemy Crab 5", "combat start", "combat attack")
    assert verdict(fighting, "combo ann 1 +2").legal and verdict(fighting, "use ann 2 top").legal
