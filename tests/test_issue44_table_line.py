"""Issue 44, "the line the table reads": what the table must do next is in the one line a change
prints by default, not behind "(+N notes: --verbose)"; a usage error names no verb as a spelling
hint; a card taught to the session says so. In-process."""
from __future__ import annotations

from tests.conftest import run_in_process
from tests.table_cli import ok, table_env

CATHARSIS = ("track", "new", "catharsis", "--players", "Ann,Ben,Cy", "--option", "morale=10",
             "--option", "characters=Ann=Durhak,Ben=Goz,Cy=Luthia")


def _fight(home):
    env = table_env(home, 400)
    ok(env, *CATHARSIS)
    for text in ("next-card monster", "enemy Crab 8/10/12/14/16", "combat start", "combat attack"):
        ok(env, "play", text)
    return env


def test_a_monster_kill_says_each_player_heals_2_in_the_default_line(home):
    """Quickplay combat: when every Enemy is at 0 the combat ends, On Defeat effects resolve, and after
    a Monster each player heals 2: the On Defeat reminder and the reward are both in the line."""
    env = _fight(home)
    line = ok(env, "track", "enemy", "damage", "12")
    assert "each player heals 2" in line and "On Defeat" in line, line


def test_durhak_taking_damage_is_in_the_default_line(home):
    """Durhak, The Devoted: unflipping while still in combat costs her damage; the table has to deal
    it, so the line says it without --verbose."""
    env = _fight(home)
    ok(env, "track", "divinity", "ann", "+5")
    ok(env, "track", "flip", "ann")
    line = ok(env, "track", "unflip", "ann")
    assert "takes damage" in line and "--verbose" not in line.split("takes damage")[0], line


def test_a_usage_error_does_not_offer_the_verb_just_typed(home):
    """A play whose verb is known but whose words do not read gets its usage, not "did you mean" the
    same verb (or a notation word near it)."""
    env = _fight(home)
    done = run_in_process("play", "use ben", env=env)
    assert done.returncode == 2 and "usage: use" in done.stderr
    assert "did you mean" not in done.stderr, done.stderr


def test_a_card_taught_to_a_cataclysm_arcade_session_says_so(home):
    """A card described at the table is learnt by the session: the line says it was taught, never
    "nothing on the table changed"."""
    env = table_env(home, 200)
    ok(env, "track", "new", "cataclysm-arcade", "--players", "Ann,Ben,Cy")
    line = ok(env, "track", "card", "Queen", "fighter", "health=3", "attack=2")
    assert "nothing on the table changed" not in line and "learns Queen" in line, line


def test_a_catastrophe_reading_is_said_once_per_game(home):
    """Yarn Balls: any roll may be re-rolled, again and again. How the companion reads a re-roll (which
    die, which roll counts) is said the first time it decides something, not on every re-roll."""
    import json

    env = table_env(home, 200)
    ok(env, "track", "new", "catastrophe", "--players", "Abi,Betty")
    ok(env, "play", "Abi play Attack 5 at Betty")
    ok(env, "play", "Betty roll 2")
    first = json.loads(ok(env, "play", "Betty yarn", "--json"))
    readings = [u["message"] for u in first["unchecked"] if u["message"].startswith("reading: ")]
    assert readings, first["unchecked"]
    ok(env, "play", "Betty roll 3")
    again = json.loads(ok(env, "play", "Betty yarn", "--json"))
    assert not any(u["message"] in readings for u in again["unchecked"]), again["unchecked"]
