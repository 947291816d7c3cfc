"""Party of the Theseus points the rulebook leaves open (refdata2): a verdict that rests on the companion's
reading says so in `unchecked` ("reading: ..."), citing the entry whose unclear note holds it."""
from __future__ import annotations

from engine.theseus import Engine
from engine.theseus.model import Move
from engine.theseus.rule_ids import R

ENGINE = Engine()
CARDS = [
    {"name": "Knight", "rank": 1, "icon": "explore", "effect": "none"},
    {"name": "Mage", "rank": 1, "icon": "recruit", "effect": "none"},
    {"name": "Rogue", "rank": 1, "icon": "subjugate", "effect": "none"},
    {"name": "Ranger", "rank": 1, "icon": "explore", "icon_count": 2, "effect": "none"},
    {"name": "Paladin", "icon": "explore", "vp": 1, "effect": "none"},
    {"name": "Buster", "icon": "subjugate", "vp": 1, "effect": "none"},
    {"name": "Kunoichi", "icon": "explore", "vp": 1, "effect": "none"},
]


def _table(party=("Knight", "Mage", "Rogue"), **over):
    data = {
        "players": [{"name": "Ann", "party": list(party)}, {"name": "Ben", "party": ["Knight", "Mage", "Rogue"]}],
        "board": ["Paladin", "Buster", "Kunoichi", "Paladin"],
        "decks": {"1": ["Paladin", "Buster", "Kunoichi"], "2": 4, "3": 4, "4": 4, "5": 4, "6": 4},
        "cards": CARDS,
    }
    data.update(over)
    return ENGINE.load_state(data)


def _readings(verdict, rule: str) -> list[str]:
    return [u.message for u in verdict.unchecked if u.rule == rule and u.message.startswith("reading: ")]


def test_a_multiple_explore_says_the_refill_after_all_its_cards_is_a_reading():
    """Explore: a multiple Explore takes its cards before the Hand limit; 9.: a refill comes at once when
    the Board drops to 3. Whether it comes between the cards is open: the verdict says the reading."""
    state = _table(party=("Ranger", "Mage"))
    verdict = ENGINE.check(state, ENGINE.plays.parse_move(
        "use Ranger explore Buster Kunoichi reveal Paladin Buster", state))
    assert verdict.legal
    assert _readings(verdict, R.EXPLORE_MULTI)


def test_a_single_explore_names_no_refill_reading():
    state = _table()
    verdict = ENGINE.check(state, ENGINE.plays.parse_move("use Knight explore Paladin reveal Paladin", state))
    assert verdict.legal
    assert not _readings(verdict, R.EXPLORE_MULTI)


def test_ending_a_turn_with_nothing_done_says_it_is_a_reading():
    """4.: up to 2 Party cards; 6.: or one basic action. A turn with neither is nowhere said outright."""
    verdict = ENGINE.check(_table(), Move(action="end"))
    assert verdict.legal
    assert _readings(verdict, R.UP_TO_TWO)


def test_ending_a_turn_after_using_a_card_names_no_such_reading():
    state = _table()
    state = ENGINE.plays.apply(state, ENGINE.plays.parse_move("use Knight explore Paladin reveal Paladin", state))
    verdict = ENGINE.check(state, Move(action="end"))
    assert verdict.legal
    assert not _readings(verdict, R.UP_TO_TWO)
