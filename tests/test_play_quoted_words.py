"""A play typed as several shell words, one of them a name of several words (`companion play card
"Fire Bolt" top "AA ?" ...`): the shell takes the quotes away, and the words run together did not
read ("unexpected 'Bolt'"). Found by benchmarks/whole_games.py in the Catharsis game. In-process, on
a fresh data folder."""
from __future__ import annotations

import json

from tests.conftest import run_in_process
from tests.table_cli import ok, table_env


def _boss_fight(home):
    env = table_env(home)
    ok(env, "track", "new", "catharsis", "--players", "Ann,Ben", "--option", "morale=6")
    for words in ("next-card boss", "enemy Crab King 5/6/7/8/9", "combat start", "combat attack"):
        ok(env, "track", *words.split())
    return env


def test_a_card_and_a_power_named_in_several_words_read_as_the_table_typed_them(home):
    """Player Attack Phase: an ability is paid with the player's own dice and its damage goes to the
    Enemy (the table describes the card, the rulebook prints none). Each name of several words is
    one shell word; the play reads as if it had been quoted whole."""
    env = _boss_fight(home)
    ok(env, "play", "card", "Fire Bolt", "top", "AA ?", "effect", "deal 4 damage", "attacks", "4")
    ok(env, "play", "rename", "Ben", "1", "Fire Bolt")
    ok(env, "play", "roll", "Ben", "2", "2", "5", "1", "3", "6")
    said = ok(env, "play", "use", "Ben", "Fire Bolt", "top", "with", "2", "2", "5")
    assert "Fire Bolt (top) hits Crab King" in said, said
    state = json.loads(ok(env, "track", "show", "--json"))["state"]
    assert state["enemies"][0]["health"] == 2, state["enemies"]


def test_words_that_do_not_read_either_way_keep_the_first_error_and_record_nothing(home):
    env = _boss_fight(home)
    before = json.loads(ok(env, "track", "log", "--json"))["entries"]
    done = run_in_process("play", "card", "Fire Bolt", "top", "AA ?", "sideways", env=env)
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert json.loads(ok(env, "track", "log", "--json"))["entries"] == before


def test_a_power_of_several_words_needs_no_quotes_inside_the_play(home):
    """The same use typed as one string, the power's name unquoted: every word before top, bottom or
    with is the name (as `enemy Hired Blades ...` reads an Enemy's); a slot number still reads alone."""
    env = _boss_fight(home)
    ok(env, "play", 'card "Fire Bolt" top "AA ?" effect "deal 4 damage" attacks 4')
    ok(env, "play", "rename Ben 1 Fire Bolt")
    ok(env, "play", "roll Ben 2 2 5 1 3 6")
    refused = run_in_process("play", "use Ben Fire Bolt top with 2 5 6", env=env)
    assert refused.returncode == 1 and "catharsis.player-decks.symbol-aa" in refused.stderr, refused.stderr
    ok(env, "play", "use Ben Fire Bolt top with 2 2 5")
    assert json.loads(ok(env, "track", "show", "--json"))["state"]["enemies"][0]["health"] == 2
    done = run_in_process("play", "use Ben 2 sideways", env=env)
    assert done.returncode == 2 and "unexpected 'sideways'" in done.stderr, done.stderr
