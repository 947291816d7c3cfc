"""Party of the Theseus referee corrections (round refat2): each test states the rulebook's reason in
our words and failed on the code before the fix."""
from __future__ import annotations

import pytest

from engine.theseus import Engine
from engine.theseus.rules import moves_note

ENGINE = Engine()

CARDS = [
    {"name": "Knight", "icon": "explore", "effect": "none"},
    {"name": "Mage", "icon": "recruit", "effect": "none"},
    {"name": "Rogue", "icon": "subjugate", "effect": "none"},
    {"name": "Archer", "rank": 1, "icon": "explore", "effect": "none"},
    {"name": "Bard", "rank": 1, "icon": "recruit", "effect": "none"},
]


def table(party, hand=(), used=(), **over):
    """Ann to act at Rank 1 with a counted Rank 1 deck (so a refill's cards are not known)."""
    data = {
        "players": [{"name": "Ann", "party": list(party), "hand": list(hand)},
                    {"name": "Ben", "party": ["Knight", "Mage", "Rogue"]}],
        "board": ["Paladin", "Witch", "Buster", "Kunoichi"],
        "decks": {"1": 6, "2": 4, "3": 4, "4": 4, "5": 4, "6": 4},
        "used": list(used),
        "cards": CARDS,
    }
    data.update(over)
    return ENGINE.load_state(data)


REFILL = "a play that makes the Board refill"


@pytest.mark.parametrize("state", [
    table(["Knight", "Mage", "Rogue"], used=["Knight", "Mage"]),  # Section 4: only `end` is left
    table(["Knight", "Mage", "Rogue", "Archer", "Bard"], used=["Mage"]),  # Section 8: only Exiles are left
    table(["Knight", "Mage", "Rogue"], basic_action="explore"),  # Section 6: the basic action locks the Party
], ids=["two cards used", "party over", "after a basic action"])
def test_moves_says_nothing_of_refills_when_no_listed_play_explores(state):
    """Section 9: only a card leaving the Board starts a refill; with no Explore among the plays
    `moves` lists, its note about the cards a refill turns up speaks of nothing on the list."""
    assert REFILL not in (moves_note(state) or "")


def test_moves_still_says_it_when_an_explore_is_listed():
    assert REFILL in moves_note(table(["Knight", "Mage", "Rogue"]))


def test_a_second_copy_of_a_used_name_is_refused_in_plain_words():
    """Section 4: no two cards of one name in a turn, even two copies; the refusal reads as English
    for a name starting with a vowel ('another Archer', not 'a Archer')."""
    state = table(["Knight", "Mage", "Archer", "Archer"], used=["Archer"])
    verdict = ENGINE.check(state, ENGINE.plays.parse_move("use Archer explore Witch", state))
    assert not verdict.legal
    said = " ".join(r.message for r in verdict.reasons)
    assert "theseus.turn.same-name" in {r.rule for r in verdict.reasons}
    assert "a Archer" not in said and "another Archer" in said, said
