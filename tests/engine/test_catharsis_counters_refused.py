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
    v = verdict(between, "combo ann 1 +2")
    assert not v.legal and {r.rule for r in v.reasons} == {"catharsis.characters.goz.combo-end-of-combat"}
    # a use between cards places no Combo, and no ability is activated there at all (a reading, as the play's)
    v = verdict(between, "use ann 2 top")
    assert not v.legal and {r.rule for r in v.reasons} == {"catharsis.characters.goz.combo-end-of-combat",
                                                            "catharsis.combat.player-attack.use-abilities"}
    fighting = table("next-card monster", "enemy Crab 5", "combat start", "combat attack")
    assert verdict(fighting, "combo ann 1 +2").legal and verdict(fighting, "use ann 2 top").legal


def test_no_ability_used_between_cards_the_play_agreeing():
    """The rulebook forbids powers while a Trap or Event is revealed and is silent between cards; abilities
    are paid with a combat's dice, so the tracker refuses a use there as the play does, saying it is a reading."""
    from engine import get_engine
    between = table("next-card event", "resolved")
    for words in ("use ben 1", "use cy 3 bottom"):
        v = verdict(between, words)
        assert not v.legal and {r.rule for r in v.reasons} == {"catharsis.combat.player-attack.use-abilities"}, words
        assert "a reading" in v.reasons[0].message
        assert any(u.message.startswith("reading:") for u in v.unchecked)
    engine = get_engine("catharsis")
    played = engine.check(between, engine.plays.parse_move("use Ben 1", between))
    assert not played.legal and [r.message for r in played.reasons] == [r.message for r in verdict(between, "use ben 1").reasons]
    fighting = table("next-card monster", "enemy Crab 5", "combat start", "combat attack")
    assert verdict(fighting, "use ben 1").legal


def test_a_fifth_drink_says_the_cap_is_a_reading_but_for_emberhoof():
    """The rulebook states the cap of 4 for Emberhoof; for anyone else the refusal says it is our reading."""
    full = table("drinks ann +4", "drinks ben +4")
    other, own = verdict(full, "drinks ann +1"), verdict(full, "drinks ben +1")
    assert not other.legal and not own.legal
    assert "a reading" in other.reasons[0].message and "Ann has 4" in other.reasons[0].message
    assert "a reading" not in own.reasons[0].message
