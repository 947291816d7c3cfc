"""Catharsis (issue 23): a whole fight through the installed `companion`, the table's power cards
described with the `card` play (tests/catharsis_fight.py plays the fight): every ability activated
has its cost judged, its attacks reported, and a payment that does not fit is refused."""
from __future__ import annotations

from tests.catharsis_fight import PLAYERS, play, whole_fight
from tests.table_cli import ok, table_env

CARDS = [
    'card Smite character Durhak top "AA ?" attacks 4 bottom "6 || 5 5" attacks 2,2',
    'card "Nail to the Eye" top "1 ?" bottom "AA ?"',       # costs laid over the catalogue's Combo values
    'card "Dragon Grapple" top "3 3"',
]


def test_a_whole_fight_judges_every_cost(tmp_path):
    env = table_env(tmp_path / "home")
    ok(env, "track", "new", "catharsis", *PLAYERS)
    for text in CARDS:
        play(env, text)
    whole_fight(env)
