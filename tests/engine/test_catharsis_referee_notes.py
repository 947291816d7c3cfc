"""Catharsis: small things a referee noticed at the table (assignment fixes33), each with the passage
it follows."""
from __future__ import annotations

from companion.saying import touched
from engine.catharsis.rule_ids import R
from engine.catharsis.track import summary
from tests.engine.catharsis_table import E, play, table

ONCE = "catharsis.combat.player-attack.once-per-ability"  # the rulebook's id, known before R named it
ATTACK = ["next-card monster", "enemy Crab 8/10/12/14/16", "combat start", "combat attack", "roll Ann 1 2 3 4 5 6"]


def verdict(state, text):
    return E.check(state, E.plays.parse_move(text, state))


def cited(v) -> list[str]:
    return [r.rule for r in v.reasons]


# ------------------------------------------------------------------ 1. a Drink counter from 0
# Emberhoof: Drinks go to any player, so a first Drink moves that player's count from 0 like any counter.

def test_a_first_drink_is_said_as_a_change_from_nothing():
    for characters in (None, "Ann=Goz,Ben=Emberhoof"):
        s = table(**({"characters": characters} if characters else {}))
        after = play(s, "drinks Ann +4")
        said = touched(summary(s), summary(after), "drinks Ann +4")
        assert said == ["Ann drinks 0→4"], (characters, said)
        back = touched(summary(after), summary(play(after, "drinks Ann -4")), "drinks Ann -4")
        assert back == ["Ann drinks 4→0"], (characters, back)


def test_no_drink_counter_where_no_one_plays_emberhoof():
    s = table(characters="Ann=Goz,Ben=Lumi")
    assert all("drinks" not in p for p in summary(s)["players"])


# ------------------------------------------------------------------ 2. the rule that refuses a second use
# 'Step 2: Player Attack Phase': an ability activates once; a player activates the top or the bottom of a
# power, never both.

def test_the_same_half_twice_cites_once_per_ability_and_not_top_or_bottom():
    s = play(table(*ATTACK), "use Ann 1 top")
    again = verdict(s, "use Ann 1 top")
    assert not again.legal
    assert cited(again) == [ONCE]
    other = verdict(s, "use Ann 1 bottom")
    assert not other.legal and R.TOP_OR_BOTTOM in cited(other) and ONCE not in cited(other)


# ------------------------------------------------------------------ 3. an empty Kill Point Token refresh

def test_a_kpt_refresh_turning_nothing_up_says_so():
    s = table("next-card trap", "resolved", boss="ice-elf-lich", morale="none", kpt="2")
    move = E.plays.parse_move("refresh kpt Ann 1", s)
    v = E.check(s, move)
    assert v.legal
    assert any(e.kind == "nothing-refreshed" for e in v.effects), [e.message for e in v.effects]
    s = play(table(*ATTACK, boss="ice-elf-lich", morale="none", kpt="2"), "use Ann 1 top")
    v = verdict(s, "refresh kpt Ann 1")
    assert not any(e.kind == "nothing-refreshed" for e in v.effects)


# ------------------------------------------------------------------ 4. a power face up again mid-round
# The rulebook says an ability activates once and the power exhausts; it does not say whether a power
# healed in the round it was used may be used again: the refusal is a reading and says so.

def test_a_power_healed_mid_round_is_refused_as_a_reading():
    s = play(play(table(*ATTACK), "use Ann 1 top"), "heal Ann 1")
    again = verdict(s, "use Ann 1 top")
    assert not again.legal
    assert any("a reading" in r.message for r in again.reasons), [r.message for r in again.reasons]
    assert any(n.message.startswith("reading:") and "face up again" in n.message for n in again.unchecked)
    plain = verdict(play(table(*ATTACK), "use Ann 1 top"), "use Ann 1 top")
    assert not any("a reading" in r.message for r in plain.reasons)
    assert not any(n.message.startswith("reading:") for n in plain.unchecked)
