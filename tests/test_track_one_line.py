"""Issue 21: one short line per action. A tracker verb played through `play` prints what `track`
prints; a line says what changed, not a truncated before and after; a new round says so; an illegal
play is said once. Real `companion` processes."""
from __future__ import annotations


import pytest

from tests.conftest import run_companion
from tests.table_cli import ok, table_env


def _env(home) -> dict:
    return table_env(home, 200)


def test_a_tracker_verb_played_prints_what_track_prints(home):
    env = _env(home)
    ok(env, "track", "new", "catharsis", "--players", "Ann,Ben", "--option", "morale=18")
    played = ok(env, "play", "morale -2")
    ok(env, "track", "undo")
    tracked = ok(env, "track", "morale", "-2")
    assert played == tracked == "morale -2: morale 18→16\n"


def test_the_new_round_is_said_and_not_its_resets(home):
    env = _env(home)
    ok(env, "track", "new", "catopomp", "--players", "Ann,Ben,Cy", "--option", "start=ann")
    ok(env, "track", "dice", "1", "2", "3", "4", "5", "6")
    ok(env, "track", "cleared", "ann")
    line = ok(env, "track", "cleared", "ben")
    assert line.startswith("cleared Ben: only Cy still holds cards") and "Cy is the last player" in line
    assert line.index("the round is over") < line.index("round 2 begins")  # issue 33: in that order
    assert "yes→no" not in line
    assert "back to round 1" in ok(env, "track", "undo")


def test_a_long_list_says_what_came_and_went(home):
    env = _env(home)
    ok(env, "track", "new", "cataclysm-arcade", "--players", "Ann,Ben")
    first = ok(env, "track", "hand", "ann", "Shieldbot,", "Fireball,", "Laser")
    assert first.strip() == "hand Ann Shieldbot, Fireball, Laser: Ann hand 5 unnamed→Shieldbot, Fireball, Laser, 2 unnamed"
    line = ok(env, "track", "hand", "ann", "Zap")
    assert line.strip() == "hand Ann Zap: Ann hand +Zap, -1 unnamed"  # the net change of the unnamed cards


def test_a_hand_of_names_of_several_words_is_said_with_commas_and_its_net_change(home):
    """`hand` parts its cards with commas when it says them back (the echo, the owner's log), so a name
    of several words stays one name; what the hand gained and lost is the net change of its unnamed
    cards (`-1 unnamed`), never a count come and another gone (`+1 unnamed, -2 unnamed`)."""
    env = _env(home)
    ok(env, "track", "new", "cataclysm-arcade", "--players", "Ann,Ben")
    first = ok(env, "track", "hand", "ann", "Doctor Doom, Blast Wave")
    assert first.startswith("hand Ann Doctor Doom, Blast Wave: "), first
    ok(env, "track", "hand", "ann", "Grunt")
    line = ok(env, "track", "hand", "ann", "Doctor Doom")
    assert line.strip() == "hand Ann Doctor Doom: Ann hand +Doctor Doom, -1 unnamed", line
    log = ok(env, "track", "log", "--reveal", "ann")
    assert "hand Ann Doctor Doom, Blast Wave\n" in log and "Doctor Doom Blast Wave" not in log, log
    assert "hand Ann (2 cards, hidden)" in ok(env, "track", "log")  # the others still see a count only


@pytest.mark.installed
def test_an_illegal_play_is_said_once(home):
    env = _env(home)
    ok(env, "track", "new", "catopomp", "--players", "Ann,Ben", "--option", "start=ann")
    ok(env, "track", "dice", "1", "2", "3", "4")
    ok(env, "track", "hand", "ann", *"1 1 2 2 3 3 4 4 5 5 6".split())  # known: what is legal instead is listed
    r = run_companion("play", "pass", env=env)
    assert r.returncode == 1
    said = r.stdout + r.stderr
    assert said.count("there is no set to pass on") == 1
    assert r.stderr.count("\n") == 1 and r.stderr.startswith("companion: error: refused: pass:")
    assert "Legal instead:" in r.stdout and "heaven 1 then hell 2" in r.stdout
    assert "catopomp.passing.all-pass-initiative" in r.stdout  # the second reason, once


def test_show_labels_its_numbers_and_a_heal_that_does_nothing_says_so(home):
    env = _env(home)
    ok(env, "track", "new", "catharsis", "--players", "Ann,Ben", "--option", "morale=18")
    ok(env, "track", "rename", "ben", "1", "Nail", "to", "the", "Eye")
    ok(env, "track", "combo", "ben", "1", "+2", "--overrule")  # Combo outside a combat: overruled
    assert "Nail to the Eye (face-up, combo 2)" in ok(env, "track", "show")
    said = ok(env, "track", "heal", "ben", "1")
    assert said.startswith("heal Ben 1") and "Nail to the Eye is face up already" in said, said


def test_stun_shows_on_the_cataclysm_arcade_table():
    from engine import get_engine, get_tracker

    state = get_engine("cataclysm-arcade").load_state({"player_one": "Ann", "players": [
        {"name": "Ann", "fighters": [{"name": "Grunt", "health": 3, "starting_health": 3, "stunned": True}],
         "boss": {"health": 30, "starting_health": 30, "stunned": True}},
        {"name": "Ben"}]})
    ann = get_tracker("cataclysm-arcade").declaration.verbs.summary(state)["players"][0]
    assert ann["fighters"] == ["Grunt 3/3 stunned"] and ann["boss"].endswith(", stunned")
