"""Issue 23's must-show for Catharsis: a whole fight played with a card library filled by `cards
import` from a file written here (TOML, and JSON), the session started with no `card` play: every
activation's cost is judged (paid, never "cost unknown"), a payment that does not fit is refused
(exit 2, the rule id), and Luthia's Level costs, attacks and adjustments come from the library too.
Editing the library afterwards leaves the session as it was. Everything runs the installed script."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import files_under, run_companion
from tests.catharsis_fight import PLAYERS, activation, play, refused, whole_fight
from tests.table_cli import ok, table_env

#: the fight's powers as the table copies them off the cards (Nail to the Eye: costs only, laid over
#: the shipped catalogue's Combo values)
POWERS = [
    {"name": "Smite", "character": "Durhak",
     "top": {"cost": "AA ?", "attacks": [4]}, "bottom": {"cost": "6 || 5 5", "attacks": [2, 2]}},
    {"name": "Nail to the Eye", "top": {"cost": "1 ?"}, "bottom": {"cost": "AA ?"}},
    {"name": "Dragon Grapple", "top": {"cost": "3 3"}},
    {"name": "Cog Cannon", "character": "Luthia",
     "top": {"cost": "4", "levels": {"2": "5 5", "3": "6 6 6"}, "attacks": [3]}},
    {"name": "Spring Wrench", "character": "Luthia", "bottom": {"cost": "AA", "adjust": 1, "adjust_dice": 2}},
]


def toml_value(value) -> str:
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{json.dumps(k)} = {toml_value(v)}" for k, v in value.items()) + " }"
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    return json.dumps(value)


def write_library(path: Path, powers: list[dict]) -> Path:
    """A library file as a table would write it: `[[powers]]` tables, or a JSON object with `powers`."""
    if path.suffix == ".json":
        path.write_text(json.dumps({"powers": powers}, indent=1), encoding="utf-8")
    else:
        path.write_text("\n".join("[[powers]]\n" + "".join(f"{k} = {toml_value(v)}\n" for k, v in p.items())
                                  for p in powers), encoding="utf-8")
    return path


@pytest.mark.parametrize("suffix", [".toml", ".json"])
def test_a_whole_fight_with_an_imported_library_judges_every_cost(tmp_path, suffix):
    env = table_env(tmp_path / "home")
    source = write_library(tmp_path / f"our-powers{suffix}", POWERS)
    done = json.loads(ok(env, "cards", "import", "catharsis", str(source), "--json"))
    assert done["imported"] == [p["name"] for p in POWERS]
    ok(env, "track", "new", "catharsis", *PLAYERS, "--name", "crab")
    whole_fight(env)

    # the library changes after the fight: the session's table, log and export stay as they were
    shown = json.loads(ok(env, "track", "show", "--json"))
    assert "library" not in shown
    log = ok(env, "track", "log", "--all", "--json")
    first, second = tmp_path / "first.json", tmp_path / "second.json"
    ok(env, "track", "export", "crab", str(first))
    ok(env, "cards", "edit", "catharsis", "smite", "--top.cost", "AAA")
    again = json.loads(ok(env, "track", "show", "--json"))
    assert again["state"] == shown["state"] and [d["card"] for d in again["library"]] == ["Smite"]
    assert ok(env, "track", "log", "--all", "--json") == log
    ok(env, "track", "export", "crab", str(second))
    assert json.loads(first.read_text()) == json.loads(second.read_text())


def test_luthia_pays_her_level_cost_from_the_library(tmp_path):
    """Cog Cannon costs 4 at Level 1 and `5 5` at Level 2 (its library entry's `levels`); Spring
    Wrench's bottom grants adjustments of exactly 1 (on at most 2 dice)."""
    env = table_env(tmp_path / "home")
    ok(env, "cards", "import", "catharsis", str(write_library(tmp_path / "powers.toml", POWERS)))
    ok(env, "track", "new", "catharsis", "--players", "Cy", "--option", "morale=10", "--option", "characters=Cy=Luthia")
    for text in ("rename Cy 1 Cog Cannon", "rename Cy 2 Spring Wrench", "next-card monster", "enemy Rat 12",
                 "combat start", "combat attack", "roll Cy 4 2 2 3 3 6"):
        play(env, text)
    cannon = activation(env, "use Cy 1 top with 4")
    assert [e["amount"] for e in cannon["effects"] if e["kind"] == "attacks"] == [3]
    adjuster = activation(env, "use Cy 2 bottom with 2 2")
    assert [e["amount"] for e in adjuster["effects"] if e["kind"] == "may-adjust"] == [1]
    assert play(env, "adjust Cy 3 +1 by Cy 2 bottom")["legal"]
    refused(env, "adjust Cy 3 +2 by Cy 2 bottom")  # the ability's size is 1
    for text in ("enemy damage 3", "cobble Cy +6", "level-up Cy 1", "combat enemy", "attack party 1",
                 "assign Cy 1", "damage Cy exhaust 3", "combat refresh", "refresh", "combat round", "combat attack",
                 "roll Cy 4 5 5 1 1 2"):
        play(env, text)
    assert "5 5" in refused(env, "use Cy 1 top with 4")  # Level 2 asks its own cost
    activation(env, "use Cy 1 top with 5 5")


@pytest.mark.installed
@pytest.mark.parametrize("broken,field", [
    ({"name": "Bolt", "top": {"cost": "4", "adjust": 9}}, "top.adjust"),
    ({"name": "Bolt", "flight": {"top": {"cost": "6 6", "damage": 3}}}, "flight.top.damage"),
    ({"name": "Bolt", "top": {"cost": "4", "levels": {"2": 5}}}, "top.levels.2"),
])
def test_an_import_with_one_broken_power_changes_nothing(tmp_path, broken, field):
    """A file whose last power has one bad field, deep in an ability: exit 2, one line naming the card
    and the field's path, and the library (every file of the data folder) exactly as it was."""
    home = tmp_path / "home"
    env = table_env(home)
    ok(env, "cards", "import", "catharsis", str(write_library(tmp_path / "powers.toml", POWERS)))
    before = {p: p.read_bytes() for p in files_under(home) if p.is_file()}
    changed = {**POWERS[0], "top": {"cost": "AAA"}}  # a good change that must not land either
    for suffix in (".toml", ".json"):
        done = run_companion("cards", "import", "catharsis",
                             str(write_library(tmp_path / f"broken{suffix}", [changed, broken])), env=env)
        assert done.returncode == 2 and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
        assert "card 'Bolt'" in done.stderr and f"field {field}:" in done.stderr, done.stderr
        assert {p: p.read_bytes() for p in files_under(home) if p.is_file()} == before
