"""Cataclysm Arcade: a card a play names is read by the whole name or its start, never by a word
inside a longer name (`weapon Sword` is not the hand's "Grunt Brute Sword"); and `track hand` with
several words and no commas is one card or several only where the table's cards say which, else
refused listing both readings."""
from __future__ import annotations

import pytest

from engine.base import AmbiguousMove
from engine.cataclysm_arcade import Engine, Tracker

E, T = Engine(), Tracker()


def _table(*changes: str):
    state = T.declaration.verbs.new_state(["Ann", "Ben"], {})
    for text in changes:
        state, _ = T.apply(state, T.parse(state, text.split()))
    return state


def test_a_play_does_not_read_a_card_by_a_word_inside_a_hand_card():
    state = _table("hand ann Grunt Brute Sword,")  # one card of three words, as the trailing comma says
    assert E.plays.parse_move("weapon Sword", state).card == "Sword"
    assert E.plays.parse_move("fighter Brute", state).card == "Brute"


def test_a_play_reads_a_hand_card_by_its_start_or_whole():
    state = _table("hand ann Grunt Brute Sword,")
    assert E.plays.parse_move("fighter grunt brute sword", state).card == "Grunt Brute Sword"
    assert E.plays.parse_move("fighter Grunt Br", state).card == "Grunt Brute Sword"


def test_hand_words_without_commas_are_refused_listing_both_readings(cli, home):
    assert cli("track", "new", "cataclysm-arcade", "--players", "Ann,Ben").exit_code == 0
    before = cli.json("track", "log")
    result = cli("track", "hand", "ann", "Grunt", "Brute", "Sword")
    assert result.exit_code == 2, result.output
    lines = [x for x in result.stderr.splitlines() if x.strip()]
    assert len(lines) == 1 and "Traceback" not in result.stderr
    assert "hand Ann Grunt, Brute, Sword" in lines[0] and "hand Ann Grunt Brute Sword," in lines[0], lines[0]
    assert cli.json("track", "log") == before


@pytest.mark.parametrize("words, cards", [
    (["Grunt,", "Brute,", "Sword"], ["Grunt", "Brute", "Sword"]),
    (["Grunt", "Brute", "Sword,"], ["Grunt Brute Sword"]),
    (["Grunt Brute Sword"], ["Grunt Brute Sword"]),  # one word quoted at the shell: one card
    (["Zap"], ["Zap"]),
])
def test_hand_commas_or_one_word_say_which(words, cards):
    state = T.declaration.verbs.new_state(["Ann", "Ben"], {})
    assert list(T.parse(state, ["hand", "ann", *words]).args) == ["Ann", *cards]


def test_hand_words_the_table_s_cards_split_need_no_commas():
    state = _table("card Grunt fighter level=1 health=3", "card Brute fighter level=1 health=4",
                   "card Doctor Doom boss health=30")
    assert list(T.parse(state, "hand ann Grunt Brute".split()).args) == ["Ann", "Grunt", "Brute"]
    assert list(T.parse(state, "hand ann Doctor Doom".split()).args) == ["Ann", "Doctor Doom"]
    assert list(T.parse(state, "hand ann doctor doom grunt".split()).args) == ["Ann", "doctor doom", "grunt"]
    with pytest.raises(AmbiguousMove):
        T.parse(state, "hand ann Grunt Sword".split())  # Sword is no card the table described
