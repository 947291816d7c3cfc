"""A player named in two words ("Mary Jo") in the games test_two_word_names.py leaves: each
per-player tracker verb, and every play naming a player, reads the name typed quoted or not, as one
player."""
from __future__ import annotations

import pytest

from tests.two_word_names import checked_in_two_words, said_in_two_words

CASES = [
    ("cataclysm-arcade", (), "coins {} spend 1", "Mary Jo coins 1→0"),
    ("catharsis", ("--option", "morale=18"), "divinity {} +3", "Mary Jo divinity 3"),
]


@pytest.mark.parametrize("quoted", [True, False], ids=["quoted", "bare"])
@pytest.mark.parametrize("game, options, command, shown", CASES, ids=[c[0] for c in CASES])
def test_a_two_word_name_is_one_player(cli, home, game, options, command, shown, quoted):
    said_in_two_words(cli, game, options, command, shown, quoted)


PLAYS = [
    ("cataclysm-arcade", (), "attack boss at mary jo boss", "an attack targets a character an opponent"),
    ("cataclysm-arcade", (), "trigger mary jo: draw a card", "trigger: draw a card (Mary Jo)"),
    ("cataclysm-arcade", (), 'trigger "Mary Jo": draw a card', "trigger: draw a card (Mary Jo)"),
    ("cataclysm-arcade", (), "trigger mary jo draw a card", "trigger: draw a card (Mary Jo)"),
    ("catharsis", ("--option", "morale=18"), "roll mary jo 3 4 4 4 5 6", "Illegal: roll mary jo"),
]


@pytest.mark.parametrize("game, options, play, shown", PLAYS, ids=[f"{p[0]}-{p[2].split()[0]}-{n}" for n, p in enumerate(PLAYS)])
def test_a_play_reads_a_two_word_name(cli, home, game, options, play, shown):
    checked_in_two_words(cli, game, options, [], play, shown)
