"""Cataclysm Arcade `decline all` stops by what the whole table sees (rules_series.could_respond): a
player's coins, their hand's size and their characters in play are public, the cards in a hand are
not, even those the table named to the companion. Where it stops, and why, is said to everyone."""
from __future__ import annotations

from engine.cataclysm_arcade.rules_series import could_respond
from tests.engine.cataclysm_arcade_table import arcade_table

GUARD = ("track card Queen boss health=10 attack=1 attack-cost=1",
         "track card Guard fighter level=1 health=3 attack=1 attack-cost=0 keywords=block",
         "track card Zap response cost=1", "track card Brute fighter health=3 attack=2",
         "track boss ann 10 Queen", "track boss ben 10 Queen")


def _with_hand(state, name, hand=(), unknown=0):
    """The table with `name`'s hand as given (named cards and a count of unnamed ones)."""
    players = tuple(p.model_copy(update={"hand": tuple(hand), "hand_unknown": unknown}) if p.name == name else p
                    for p in state.players)
    return state.model_copy(update={"players": players})


def test_a_named_hand_is_not_read():
    """Ben's hand named as holding a Response, as holding none, as a card nobody described, or not
    named: the same five cards and one coin to the table, so the same answer."""
    state = arcade_table(*GUARD, "play attack boss at ben boss")
    assert state.priority == "Ben" and state.player("Ben").coins == 1
    said = {could_respond(_with_hand(state, "Ben", hand, 5 - len(hand)))
            for hand in ((), ("Zap",), ("Brute",) * 5, ("Frob", "Brute"))}
    assert said == {"1 coin and 5 cards in hand"}


def test_no_card_in_hand_and_no_ability_open_cannot_respond():
    """A player with coins but no card in hand, and no Response ability in play, is declined for."""
    state = _with_hand(arcade_table(*GUARD, "play attack boss at ben boss"), "Ben")
    assert could_respond(state) is None


def test_a_response_ability_in_play_is_public_and_named():
    """Ben's Guard in play can block the attack on his Boss (a Response ability everyone sees): the
    declines stop at Ben, hand or none, and the words name the ability, not a card in his hand."""
    state = arcade_table(*GUARD, "track fighter ben Guard 3 --overrule", "play attack boss at ben boss")
    assert could_respond(_with_hand(state, "Ben")) == "Guard's block open"
    assert could_respond(_with_hand(state, "Ben", ("Zap",))) == "Guard's block open"
