"""Catopomp points the rulebook leaves open (refdata2): where a verdict rests on the companion's reading,
it says so (a `reading:` note, or a refusal naming the reading), citing the entry whose unclear note holds it."""
from __future__ import annotations

from engine import get_engine

ENGINE = get_engine("catopomp")


def _verdict(table: dict, text: str):
    state = ENGINE.load_state(table)
    return ENGINE.check(state, ENGINE.plays.parse_move(text, state))


def _readings(verdict, rule: str) -> list[str]:
    return [u.message for u in verdict.unchecked if u.rule == rule and u.message.startswith("reading: ")]


def test_two_hell_cards_and_dice_wake_the_hell_power_as_a_reading():
    """Hell power: three or more Hell cards, dice or no dice; whether the dice substitute is one of the
    three is open (1.2 counts it as a Hell card): the legal verdict says the reading."""
    verdict = _verdict({
        "turn": "Ava", "centre_dice": [1, 2, 5, 6], "options": {"hell_power": True},
        "players": [{"name": "Ava", "hand": [9], "hell_domain": [3, 4]},
                    {"name": "Bo", "hand": [8], "hell_domain": [7]}, {"name": "Cy", "hand": [6, 9]}]},
        "hell 3 4 dice 5 then return Bo 7")
    assert verdict.legal
    assert _readings(verdict, "catopomp.hell-power.trigger")


def test_three_real_hell_cards_need_no_reading():
    verdict = _verdict({
        "turn": "Ava", "centre_dice": [1, 2, 5, 6], "options": {"hell_power": True},
        "players": [{"name": "Ava", "hand": [9], "hell_domain": [3, 4, 5]},
                    {"name": "Bo", "hand": [8], "hell_domain": [7]}, {"name": "Cy", "hand": [6, 9]}]},
        "hell 3 4 5 then return Bo 7")
    assert verdict.legal
    assert not _readings(verdict, "catopomp.hell-power.trigger")


_ROUND_TWO = {"turn": "Ava", "round": 2, "centre_dice": [1, 1, 5, 6], "reserve_dice": ["Ava"],
              "players": [{"name": "Ava", "hand": [4, 2], "gems": 1, "reserve_die": 3},
                          {"name": "Bo", "hand": [8, 3]}, {"name": "Cy", "hand": [6, 9]}]}


def test_a_reserve_die_with_two_centre_dice_is_refused_as_the_reading():
    """Dice Boost: up to two centre dice; the reserve die joins one centre die in the rulebook's case.
    Whether it may join two is open: the refusal cites the reserve-die entry and says it is a reading."""
    verdict = _verdict(_ROUND_TWO, "heaven 4 dice 3+1+1 then hell 2")
    assert not verdict.legal
    reasons = [r for r in verdict.reasons if r.rule == "catopomp.reserve-die.combine-with-centre"]
    assert reasons and "reading" in reasons[0].message
    assert _readings(verdict, "catopomp.reserve-die.combine-with-centre")


def test_three_centre_dice_are_refused_by_the_rule_itself():
    """Three dice without the reserve die: more than the two centre dice Dice Boost allows, no reading."""
    verdict = _verdict(_ROUND_TWO, "heaven 4 dice 1+1+5 then hell 2")
    assert not verdict.legal
    assert not any("reading" in r.message for r in verdict.reasons)
    assert not _readings(verdict, "catopomp.reserve-die.combine-with-centre")


def test_the_rounds_first_player_may_not_pass_as_a_reading():
    """The duty to play a new set is the rulebook's for the player everyone passed; for the round's
    first play it is the companion's reading, and the refusal says so."""
    verdict = _verdict({"turn": "Ava", "centre_dice": [1, 2, 5, 6],
                        "players": [{"name": "Ava", "hand": [9, 2]}, {"name": "Bo", "hand": [8, 3]},
                                    {"name": "Cy", "hand": [6, 9]}]}, "pass")
    assert not verdict.legal
    leading = [r for r in verdict.reasons if r.rule == "catopomp.sets.leading"]
    assert leading and "reading" in leading[0].message


def test_the_player_everyone_passed_must_play_by_the_rule_itself():
    """After everyone passed (the winning set discarded, Hell cards placed), no reading is named."""
    verdict = _verdict({"turn": "Ava", "centre_dice": [1, 2, 5, 6], "discard_pile": [4, 5],
                        "players": [{"name": "Ava", "hand": [9, 2], "hell_domain": [7]},
                                    {"name": "Bo", "hand": [8, 3], "hell_domain": [1]},
                                    {"name": "Cy", "hand": [6, 9], "hell_domain": [3]}]}, "pass")
    assert not verdict.legal
    assert not any("reading" in r.message for r in verdict.reasons)
