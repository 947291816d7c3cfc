"""Issue 33, "Taught cards": a CATastrophe card the library describes keeps every fact when the table
names it with `track card`; naming a Power Cat a cat already has is not gaining one; the teach
hint runs and never shows an effect that looks real. In-process, on a fresh data folder."""
from __future__ import annotations

import json

from tests.table_cli import ok, table_env
from tests.conftest import run_in_process

PLAYERS = "Ann,Betty,Chris"


def _table(home, *library):
    env = table_env(home)
    for name, *fields in library:
        ok(env, "cards", "add", "catastrophe", name, "--type", "power-cat", *fields)
    ok(env, "track", "new", "catastrophe", "--players", PLAYERS)
    return env


def _lives(env) -> list[int]:
    return [p["lives"] for p in json.loads(ok(env, "track", "show", "--json"))["state"]["players"]]


def _power_cats(env) -> list[int]:
    return [p["power_cats"] for p in json.loads(ok(env, "track", "show", "--json"))["state"]["players"]]


def test_naming_a_library_power_cat_keeps_its_effect(home):
    """Rulebook, Card Types > Power Cat: a Power Cat is played from in front of its cat and does what
    it says; the rulebook prints no Power Cat text, so its effect is what the library was taught.
    Naming the card at the table adds no fact that would make the library's effect unknown."""
    env = _table(home, ("Grumpy Cat", "--effect", "lives others -1"))
    ok(env, "track", "card", "Grumpy Cat", "power-cat", "to", "ann")
    ok(env, "play", "Ann play Grumpy Cat")
    said = json.loads(ok(env, "play", "resolve", "--json"))
    assert not [u for u in said["unchecked"] if "unknown" in u["message"]], said["unchecked"]
    assert _lives(env) == [9, 8, 8]


def test_naming_a_library_target_effect_keeps_it(home):
    """As above, with an effect on the chosen player (`lives target -2`): carried out on the target."""
    env = _table(home, ("Spite Cat", "--effect", "lives target -2"))
    ok(env, "track", "card", "Spite Cat", "power-cat", "of", "ann")
    ok(env, "play", "Ann play Spite Cat at Chris")
    ok(env, "play", "resolve")
    assert _lives(env) == [9, 9, 7]


def test_a_library_power_cat_carries_the_red_glowy_dot(home):
    """Card Symbols > Red Glowy Dot: every Power Cat has the symbol, and while such a card is being
    carried out no other card may be played, a Catfinity card included. A library entry that gives
    no symbols is still a Power Cat."""
    env = _table(home, ("Grumpy Cat", "--effect", "lives others -1"))
    ok(env, "play", "Ann play Grumpy Cat")
    judged = run_in_process("check", "Betty play Cucumber", "--json", env=env)
    assert json.loads(judged.stdout)["legal"] is False
    assert "catastrophe.red-glowy-dot.no-other-cards" in judged.stdout


def test_naming_a_dealt_power_cat_keeps_the_count(home):
    """Setup, step 7: each cat is dealt two Power Cats face up. Naming one of those two is not a third
    one: `of PLAYER` names, `to PLAYER` deals a new one (Power Cat: at most 3 in front of a cat)."""
    env = _table(home, ("Grumpy Cat", "--effect", "lives others -1"))
    ok(env, "track", "card", "Grumpy Cat", "power-cat", "of", "betty")
    assert _power_cats(env) == [2, 2, 2]
    said = ok(env, "track", "card", "Sleepy Cat", "power-cat", "to", "betty", "--verbose")
    assert _power_cats(env) == [2, 3, 2]
    assert "power-cat of betty" in said  # the dealing line says how to name one instead


def test_naming_a_power_cat_nobody_has_face_up_is_refused(home):
    """Power Cat: kept face up in front of the cat; a cat with none has none to name."""
    env = _table(home)
    ok(env, "track", "power-cats", "ann", "=0")
    done = run_in_process("track", "card", "Grumpy Cat", "power-cat", "of", "ann", env=env)
    assert done.returncode == 1
    assert "catastrophe.power-cats.kept-face-up" in done.stdout + done.stderr
    assert _power_cats(env) == [0, 2, 2]


def test_the_teach_hint_never_adds_a_library_card_nor_shows_a_real_looking_effect(home):
    """The rulebook prints no Power Cat text (Card Types > Power Cat), so an undescribed one is the
    table's to teach: the hint's command must be one the library takes, with a placeholder effect."""
    env = _table(home, ("Sleepy Cat",))
    ok(env, "play", "Ann play Sleepy Cat")
    notes = " | ".join(u["message"] for u in json.loads(ok(env, "play", "resolve", "--json"))["unchecked"])
    assert "Sleepy Cat's effect is unknown" in notes
    assert 'companion cards edit catastrophe "Sleepy Cat" --effect "EFFECT"' in notes
    assert "lives self +1" not in notes
    ran = run_in_process("cards", "edit", "catastrophe", "Sleepy Cat", "--effect", "lives self +1", env=env)
    assert ran.returncode == 0, ran.stdout + ran.stderr

    # a card only the table named: `cards add` with its type, which the library takes
    ok(env, "track", "card", "Lazy Cat", "power-cat", "of", "betty")
    ok(env, "track", "next-phase")
    ok(env, "track", "next-phase")
    ok(env, "play", "Ann reveal Grim Reapurr +0")
    ok(env, "play", "resolve")
    ok(env, "play", "Ann end")
    ok(env, "play", "Betty play Lazy Cat")
    notes = " | ".join(u["message"] for u in json.loads(ok(env, "play", "resolve", "--json"))["unchecked"])
    assert 'companion cards add catastrophe "Lazy Cat" --type power-cat --effect "EFFECT"' in notes
    assert "cards edit" not in notes
