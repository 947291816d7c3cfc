"""Issue 44, Catharsis at the table: the findings that are no single verdict (the verdicts are scenario
files under tests/scenarios/catharsis/): what a refused use offers instead, the teach hints, and the
Enemy line as it is logged. In-process."""
from __future__ import annotations

import json

from tests.conftest import run_in_process
from tests.table_cli import ok, table_env

START = ("track", "new", "catharsis", "--players", "Ann,Ben,Cy", "--option", "morale=10",
         "--option", "characters=Ann=Durhak,Ben=Goz,Cy=Luthia")
FIGHT = ("next-card monster", "enemy Crab 8/10/12/14/16", "combat start", "combat attack")


def _table(home):
    env = table_env(home, 200)
    ok(env, *START)
    for text in FIGHT:
        ok(env, "play", text)
    return env


def _check(env, move: str) -> dict:
    done = run_in_process("check", move, "--json", env=env)
    return json.loads(done.stdout)


def test_a_use_refused_in_the_player_attack_phase_offers_no_heal(home):
    """Player Attack Phase: powers are activated with dice; a heal is a reward (Monsters: each player
    heals 2) or an effect, not a play open at this step, so it is never what is "legal instead"."""
    env = _table(home)
    ok(env, "play", "roll ann 1 2 3 4 5 6")
    ok(env, "track", "exhaust", "ann", "1")
    said = _check(env, "use ann 1 top")
    assert said["legal"] is False
    assert not any(alt.startswith("heal") for alt in said["alternatives"]), said["alternatives"]


def test_an_unnamed_power_is_named_before_any_card_is_taught(home):
    """Goz's bottom removes every Combo and does what the card lists for that count; a power known
    only by its slot has no card to teach, so the hint names it first and never says `values is`."""
    env = _table(home)
    ok(env, "play", "roll ben 1 1 3 3 5 6")
    ok(env, "track", "combo", "ben", "3", "+1")
    notes = " ".join(n["message"] for n in _check(env, "use ben 3 bottom")["unchecked"])
    assert "power 3 has no name" in notes and "rename PLAYER 3 NAME" in notes
    assert "cards add catharsis 3" not in notes and "cards edit catharsis 3" not in notes
    assert "values is" not in notes


def test_a_card_the_library_has_is_taught_with_cards_edit_and_the_in_session_play(home):
    """Player Decks: each power's ability has a dice cost. A card the library already holds is
    changed with `cards edit` (never `cards add`), and since a library change reaches only later
    sessions, the hint also gives the play that teaches this session now."""
    env = table_env(home, 200)
    ok(env, "cards", "add", "catharsis", "Gadget", "--top", "6")
    ok(env, *START)
    for text in FIGHT:
        ok(env, "play", text)
    ok(env, "track", "rename", "cy", "1", "Gadget")
    ok(env, "track", "cobble", "cy", "+7")
    ok(env, "track", "level-up", "cy", "1")
    ok(env, "play", "roll cy 1 2 3 4 5 6")
    notes = [n["message"] for n in _check(env, "use cy 1 top with 6")["unchecked"]]
    hint = next(n for n in notes if "Level 2" in n)
    assert "companion cards edit catharsis Gadget --top.levels.2" in hint and "cards add" not in hint
    assert "play 'card Gadget top level2 \"COST\"'" in hint and "next sessions" in hint


def test_an_enemy_with_armor_is_logged_with_the_word_armor(home):
    """Armor #: the party deals this much each round before the Enemy loses health. The Enemy line
    keeps its `armor` word in the echo and the log, so it reads back as it was said."""
    env = _table(home)
    said = ok(env, "track", "enemy", "Hired", "Blades", "12/14/16/18/20", "armor", "2")
    assert "monster armor 2" in said
    log = json.loads(ok(env, "track", "log", "--json"))["entries"]
    assert log[-1]["args"][-2:] == ["armor", "2"]
