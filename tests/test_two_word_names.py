"""A player named in two words ("Mary Jo"): every game's per-player tracker verb reads the name typed
quoted or not, as one player (it was "Mary Jo is named twice", or the second word taken for an
amount), and every play that names a player reads it too. The card games here; the other games in
test_two_word_names_more.py. (A Theseus play names no player.)"""
from __future__ import annotations

import pytest

from tests.two_word_names import checked_in_two_words, said_in_two_words

CASES = [
    ("catastrophe", (), "lives {} -1", "Mary Jo lives 9→8"),
    ("catastrophe", (), "hand {} +1", "Mary Jo hand 5→6"),
    ("catopomp", (), "gems {} -1", "Mary Jo loses a soul gem"),
    ("theseus", (), "points {} +2", "Mary Jo effect points 0→2"),
]


@pytest.mark.parametrize("quoted", [True, False], ids=["quoted", "bare"])
@pytest.mark.parametrize("game, options, command, shown", CASES, ids=[f"{c[0]}-{c[2].split()[0]}" for c in CASES])
def test_a_two_word_name_is_one_player(cli, home, game, options, command, shown, quoted):
    said_in_two_words(cli, game, options, command, shown, quoted)


def test_a_hidden_hand_is_looked_at_by_a_two_word_name(cli, home):
    """`track hand mary jo` (no cards): Mary Jo looks at her own hand, as `track hand ben` does."""
    assert cli("track", "new", "catopomp", "--players", "Mary Jo,Ben").exit_code == 0
    assert cli("track", "hand", "mary", "jo", "1", "2", "3", "3", "4", "5", "6", "7", "8", "9", "9",
               "--overrule").exit_code == 0
    for words in (["mary", "jo"], ["Mary Jo"]):
        r = cli("track", "hand", *words)
        assert r.exit_code == 0, r.stderr
        assert r.stdout.startswith("Mary Jo's hand (11 cards): 1, 2, 3, 3"), r.stdout


PLAYS = [
    ("catastrophe", ["card Hairball attack 5"], "mary jo play Hairball at ben", "Mary Jo plays Hairball at Ben"),
    ("catopomp", ["first ben", "dice 1 3 4 4"], 'hell 2 then return "mary jo" 2', "Ben's Hell Domain holds no 2"),
]


@pytest.mark.parametrize("game, setup, play, shown", PLAYS, ids=[p[0] for p in PLAYS])
def test_a_play_reads_a_two_word_name(cli, home, game, setup, play, shown):
    checked_in_two_words(cli, game, (), setup, play, shown)
