"""Issue 23: a Cataclysm Arcade verdict teaches an unknown card fact with one command, written by the
shared `engine.words.teach`, and that command runs: `companion cards add cataclysm-arcade ...` (the
installed script, a fresh card library) takes it once its placeholder holds a value, and the card
library then holds the field.

The commands are gathered from real verdicts: every scenario's (tests/scenarios/cataclysm-arcade/;
the scenario runner runs each of theirs in-process) and a few tables here that leave the other
fields unknown, a card name with a space among them. One command runs through the installed script.
"""
from __future__ import annotations

import json
import re
import shlex

import pytest

from engine.cataclysm_arcade import Engine
from engine.cataclysm_arcade.rules_cards import FIELDS
from tests.conftest import run_companion
from tests.test_scenarios import TEACH_VALUES, taught_command_runs, verdicts_of

from .cataclysm_arcade_table import arcade_table

E = Engine()
BOSSES = ("track boss ann 10 Queen", "track boss ben 10", "track card Queen boss attack=1 attack-cost=0")
#: (table, play) pairs whose verdicts teach the fields the scenarios leave known
TABLES = [
    ((*BOSSES, "track card Big Spell tactic", "track hand ann Big Spell"), "tactic Big Spell at ben boss"),
    ((*BOSSES, "track card Tank fighter health=5 keywords=armor", "track fighter ben Tank 5 --overrule"),
     "attack boss at ben Tank"),
]


def _wield_verdict():
    situation = {
        "level": 1, "player_one": "Ann",
        "players": [{"name": "Ann", "coins": 2, "boss": {"health": 10},
                     "fighters": [{"name": "Grunt", "health": 4, "starting_health": 4}],
                     "weapons": [{"name": "Big Axe"}]},
                    {"name": "Ben", "boss": {"health": 10}}],
        "cards": [{"name": "Big Axe", "type": "weapon"}],
    }
    state = E.load_state(situation)
    return E.check(state, E.plays.parse_move("wield Big Axe on Grunt", state))


def taught(scenarios: bool = True) -> dict[str, str]:
    """Each distinct teaching command the verdicts show -> where it was seen: this file's tables'
    and (`scenarios`) the scenario cases' (judged once a process by the scenario runner)."""
    verdicts = [("scenario", v) for v in verdicts_of("cataclysm-arcade")] if scenarios else []
    for steps, play in TABLES:
        state = arcade_table(*steps)
        verdicts.append((play, E.check(state, E.plays.parse_move(play, state))))
    verdicts.append(("wield Big Axe on Grunt", _wield_verdict()))
    found: dict[str, str] = {}
    for where, verdict in verdicts:
        for note in verdict.unchecked:
            for command in re.findall(r"`(companion cards [^`]*)`", note.message):
                found.setdefault(command, where)
    return found


#: the tables' own commands (the scenarios' are run by the scenario runner)
COMMANDS = taught(scenarios=False)


def _flags(command: str) -> list[tuple[str, str]]:
    """(--FIELD, value) pairs of a teaching command."""
    words = shlex.split(command)[5:]
    return list(zip(words[::2], words[1::2]))


def test_the_verdicts_teach_every_field_they_name():
    every = taught()
    flags = {flag for c in every for flag, _ in _flags(c)}
    used = {"--" + f.replace("_", "-") for f in FIELDS} - {"--health", "--attack-modifier"}  # never unknown in a verdict
    assert used <= flags, sorted(used - flags)
    assert any('"Big ' in c for c in every)  # a name with a space is quoted


def test_a_taught_command_names_the_type_a_library_card_needs():
    for command in taught():
        assert _flags(command)[0][0] == "--type", command


@pytest.mark.parametrize("command", sorted(COMMANDS), ids=lambda c: " ".join(shlex.split(c)[4::2]))
def test_a_taught_command_runs(command):
    """In-process (typer's runner), in a fresh card library; the placeholders filled."""
    assert taught_command_runs("cataclysm-arcade", command) == "", COMMANDS[command]


@pytest.mark.installed
def test_a_taught_command_runs_in_the_installed_script(tmp_path):
    command = 'companion cards add cataclysm-arcade "Big Spell" --type "tactic" --cost "N"'
    assert command in COMMANDS
    words = shlex.split(command)
    name, pairs = words[4], _flags(command)
    filled = [w for flag, value in pairs for w in (flag, TEACH_VALUES.get(value, value))]
    env = {"COMPANION_HOME": str(tmp_path / "home")}
    done = run_companion(*words[1:5], *filled, env=env)
    assert done.returncode == 0, (command, done.stderr)
    shown = run_companion("cards", "show", "cataclysm-arcade", name, "--json", env=env)
    assert shown.returncode == 0, shown.stderr
    entry = json.loads(shown.stdout)["entry"]
    assert {flag[2:].replace("-", "_") for flag, _ in pairs} <= set(entry), entry
