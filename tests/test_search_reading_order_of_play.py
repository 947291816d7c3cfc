"""'The order of play', 'the sequence of play' (issue 46, rulesdb/analysis.py, PHRASES): the game's
own cycle of steps, its flow and structure, searched as those words, not an order some rule puts
things in (the combat round's steps, a set's sequence of numbers). Shared by every game; no alias."""
from __future__ import annotations

import pytest

from rulesdb.analysis import phrase_words

LOOP = "catharsis.gameplay.loop"


@pytest.mark.parametrize("question", ["what's the order of play", "the sequence of play?", "flow of play"])
def test_the_phrase_reads_as_the_games_flow(question):
    assert {"flow", "sequence", "structure"} <= set(phrase_words(question))


@pytest.mark.parametrize("question", ["in what order do we play cards", "play them in sequence", "order a pizza"])
def test_the_words_apart_are_no_phrase(question):
    assert not {"flow", "structure"} & set(phrase_words(question))


def test_the_sequence_of_play_is_the_game_loop(top):
    # on main the combat round's five steps came first
    assert top("what is the sequence of play", "catharsis", 1) == [LOOP]


def test_the_sequence_of_play_with_no_game_finds_the_loop(top):
    # on main Catopomp's sequential sets and the combat round came before it
    assert LOOP in top("what is the sequence of play", None, 2)


def test_the_order_of_play_outside_combat_finds_the_loop(top):
    # on main the loop was not in the top ten: only the combat rounds' steps
    assert LOOP in top("what's the order of play outside of combat", "catharsis", 2)


def test_the_order_of_play_of_the_boss_deck_finds_the_loop(top):
    assert LOOP in top("what's the order of play for each card from the boss deck", "catharsis", 3)
