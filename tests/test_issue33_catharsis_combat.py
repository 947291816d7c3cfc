"""Issue 33, "Catharsis combat": an Enemy named without quotes, no combat without its Enemy, the
damage of abilities reaching the Enemy through its Armor, a threshold's damage owed like an attack's,
damage beyond a share said, and the messages of `play` and the one-line summaries. In-process."""
from __future__ import annotations

import json

from tests.conftest import run_in_process
from tests.table_cli import ok, table_env

START = ("track", "new", "catharsis", "--players", "Ann,Ben,Cy", "--option", "morale=18",
         "--option", "thresholds=17:everyone takes 2 damage", "--option", "characters=Ann=Durhak,Ben=Goz,Cy=Luthia")


def _table(home):
    env = table_env(home, 200)
    ok(env, *START)
    ok(env, "play", "next-card monster")
    return env


def _state(env) -> dict:
    return json.loads(ok(env, "track", "show", "--json"))["state"]


def _refused(env, *args) -> str:
    done = run_in_process(*args, env=env)
    assert done.returncode == 1, (args, done.stdout, done.stderr)
    return done.stdout + done.stderr


def _fight(env, *enemy):
    ok(env, "play", *enemy)
    ok(env, "play", 'card "Holy Strike" top "?" attacks 5')
    ok(env, "track", "rename", "ann", "1", "Holy", "Strike")
    for text in ("combat start", "combat attack", "roll ann 1 2 3 4 5 6"):
        ok(env, "play", text)


def test_an_enemy_name_of_several_words_needs_no_quotes(home):
    """The Boss Deck: an Enemy's health is printed as five values, one per starting party size; the
    name before them is the card's title, however many words it has."""
    env = _table(home)
    ok(env, "play", "enemy Hired Blades 12/14/16/18/20 armor 2")
    (enemy,) = _state(env)["enemies"]
    assert (enemy["name"], enemy["health"], enemy["armor"]) == ("Hired Blades", 16, 2)


def test_no_combat_starts_or_goes_on_without_its_enemy(home):
    """Combat (its overview): a combat is a fight against a Monster or the Boss, until it is beaten.
    With the revealed Monster not in play, the fight cannot start, and an overruled start is a table
    `status` objects to."""
    env = _table(home)
    assert "catharsis.combat.overview" in _refused(env, "play", "combat start")
    ok(env, "play", "combat start", "--overrule")
    assert "catharsis.combat.overview" in _refused(env, "play", "combat attack")
    status = run_in_process("status", env=env)
    assert status.returncode == 1 and "catharsis.combat.overview" in status.stdout  # a problem: exit 1 (issue 48)


def test_ability_damage_reaches_the_only_enemy_through_its_armor(home):
    """Glossary, Armor #: each round the party deals that much before health drops; an activated
    ability that deals damage is an attack on the Enemy (Glossary, Attack). With one Enemy standing the
    companion deals it: 5 damage against Armor 2 takes 3 health."""
    env = _table(home)
    _fight(env, "enemy", "Hired Blades", "12/14/16/18/20", "armor", "2")
    said = json.loads(ok(env, "play", "use ann 1 top", "--json"))
    assert any(e["kind"] == "armor" and e["amount"] == 2 for e in said["effects"]), said["effects"]
    assert _state(env)["enemies"][0]["health"] == 13


def test_ability_damage_with_several_enemies_is_said_not_dropped(home):
    """Glossary, Ability: each attack of an ability may aim at another Enemy, so with two standing the
    companion cannot know whom it hits: the play says the damage is still to be recorded."""
    env = _table(home)
    ok(env, "play", "enemy Crab 8/10/12/14/16")
    _fight(env, "enemy", "Rat", "4")
    said = json.loads(ok(env, "play", "use ann 1 top", "--json"))
    assert any(e["kind"] == "damage-to-deal" for e in said["effects"]), said["effects"]
    assert [e["health"] for e in _state(env)["enemies"]] == [12, 4]


def test_a_threshold_s_damage_is_owed_like_an_attack_s(home):
    """Morale: with Murder Mystery's thresholds, falling from 18 to 17 makes everyone take 2 damage, and a
    refresh's threshold effect comes after the refresh. That damage is held as owed: the next Boss Deck
    card waits until it is taken, as it waits for an Enemy attack's shares."""
    env = table_env(home, 200)
    ok(env, *START)
    ok(env, "play", "next-card event")
    ok(env, "play", "resolved")
    ok(env, "play", "refresh")
    assert [p["damage_due"] for p in _state(env)["players"]] == [2, 2, 2]
    assert "catharsis.morale.thresholds" in _refused(env, "play", "next-card monster")
    for who in ("ann", "ben", "cy"):
        ok(env, "play", f"damage {who} exhaust 2 3")
    ok(env, "play", "next-card monster")


def test_a_threshold_s_damage_in_a_combat_is_said_at_the_next_round(home):
    """The same damage owed after a refresh in the Refresh Phase: the next round's start says it is
    still owed (a round is not refused for it: a session recorded before it was held still opens)."""
    env = _table(home)
    _fight(env, "enemy", "Crab", "8/10/12/14/16")
    for text in ("combat enemy", "combat refresh", "refresh"):
        ok(env, "play", text)
    said = json.loads(ok(env, "play", "combat round", "--json"))
    assert any("still owed: " in u["message"] for u in said["unchecked"]), said


def test_damage_once_every_share_is_taken_is_said(home):
    """Enemy Attack Phase: damage to the party is shared as the players decide, each share taken point
    by point. Once every share is taken, more damage in that phase is not silently an attack's: the
    verdict says none is owed, as damage to a player owing none is refused while others owe."""
    env = _table(home)
    _fight(env, "enemy", "Crab", "8/10/12/14/16")
    for text in ("combat enemy", "attack party 2", "assign cy 2", "damage cy exhaust 2 3"):
        ok(env, "play", text)
    said = json.loads(ok(env, "play", "damage cy exhaust 4", "--json"))
    assert any(e["message"].startswith("none owed") for e in said["effects"]), said


def test_play_takes_verbose_as_track_does(home):
    """The messages: `play refresh --verbose` prints every note, as `track refresh --verbose`."""
    env = _table(home)
    ok(env, "play", "enemy Crab 8/10/12/14/16")
    for text in ("combat start", "combat attack", "combat enemy", "combat refresh"):
        ok(env, "play", text)
    said = ok(env, "play", "refresh", "--verbose")
    assert "catharsis.morale.refresh" in said and "  → " in said


def test_a_second_refresh_says_plainly_that_nothing_was_refreshed(home):
    """Morale: a refresh turns exhausted powers and flipped Roles face up; already face-up cards are not
    affected. One that finds nothing to turn still spends its Morale, and the line says so."""
    env = table_env(home, 200)
    ok(env, "track", "new", "catharsis", "--players", "Ann,Ben", "--option", "morale=18")
    ok(env, "play", "next-card event")
    ok(env, "play", "resolved")
    ok(env, "track", "exhaust", "ann", "1")
    first = ok(env, "play", "refresh")
    assert "nothing was refreshed" not in first
    assert "nothing was refreshed" in ok(env, "play", "refresh")


def test_a_change_line_names_every_player_it_touched(home):
    """A refresh unexhausts the powers of every player: the line names each player's, not the first's."""
    env = table_env(home, 200)
    ok(env, "track", "new", "catharsis", "--players", "Ann,Ben,Cy", "--option", "morale=18")
    ok(env, "play", "next-card event")
    ok(env, "play", "resolved")
    for who in ("ann", "ben", "cy"):
        ok(env, "track", "exhaust", who, "1")
    line = ok(env, "play", "refresh")
    assert "Ann, Ben, Cy face up 5→6" in line, line


def test_a_kill_does_not_say_back_to_round_0(home):
    """Gameplay: beating the Enemy ends the combat; there is no round 0 to go back to."""
    env = _table(home)
    _fight(env, "enemy", "Rat", "4")
    line = ok(env, "play", "enemy damage 4")
    assert "round 0" not in line and "defeated" in line


def test_a_combo_firing_at_the_start_of_a_round_says_what_it_did(home):
    """Goz: each power holding Combo activates its top ability for free at the start of each round
    (her example: Dragon Grapple deals 4 damage). The round's line says so, and the one Enemy standing
    takes the damage."""
    env = table_env(home, 200)
    ok(env, "track", "new", "catharsis", "--players", "Ann,Ben", "--option", "morale=18",
       "--option", "characters=Ann=Durhak,Ben=Goz")
    for text in ("next-card monster", "enemy Crab 20", "rename Ben 1 Dragon Grapple", "combat start",
                 "combat attack", "combo ben 1 +1", "combat enemy", "combat refresh"):
        ok(env, "play", text)
    line = ok(env, "play", "combat round")
    assert "Dragon Grapple (deals 4 damage)" in line, line
    assert _state(env)["enemies"][0]["health"] == 16


def test_a_refresh_names_every_player_whose_powers_came_back(home):
    # Catharsis (Morale): spending a Morale to refresh turns every exhausted power face up again, for
    # every hero; the line names them all, not only the first.
    env = table_env(home, 200)
    ok(env, "track", "new", "catharsis", "--players", "Ann,Ben,Cy", "--option", "morale=18")
    for who, power in (("ann", "1"), ("ben", "2"), ("cy", "3")):
        ok(env, "track", "exhaust", who, power)
    ok(env, "track", "next-card")
    ok(env, "track", "resolved")
    line = ok(env, "track", "refresh")
    assert "morale 18→17" in line and "Ann, Ben, Cy face up 5→6" in line


def test_a_refresh_of_one_power_says_it_in_the_singular(home):
    # The refresh note counts what came back: "1 exhausted power", never "1 exhausted powers".
    env = table_env(home, 200)
    ok(env, "track", "new", "catharsis", "--players", "Ann,Ben", "--option", "morale=18")
    for args in (("exhaust", "ann", "1"), ("next-card",), ("resolved",)):
        ok(env, "track", *args)
    line = ok(env, "track", "refresh", "--verbose")
    assert "1 exhausted power face up again" in line, line


def test_catharsis_use_activates_an_ability(home):
    """Regression (moved from test_track_table.py): `track use ben nail top` once switched sessions instead."""
    env = table_env(home, 80)
    ok(env, "track", "new", "catharsis", "--players", "Ann,Ben,Cy", "--option", "morale=18",
       "--option", "thresholds=17:everyone takes 2 damage")
    ok(env, "track", "rename", "ben", "1", "Nail", "to", "the", "Eye")
    for step in (("next-card", "monster"), ("enemy", "Crab", "8"), ("combat", "start"), ("combat", "attack")):
        ok(env, "track", *step)  # abilities are used in a combat's Player Attack Phase
    data = json.loads(ok(env, "track", "use", "ben", "nail", "top", "--json"))
    assert data["change"] == "use Ben 1 top"
    ben = next(p for p in data["state"]["players"] if p["name"] == "Ben")
    assert ben["exhausted"] == 1
    assert json.loads(ok(env, "track", "list", "--json"))["current"] == "catharsis-1"
