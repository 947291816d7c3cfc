"""A situation file is held to the seat rule `track new` applies, including a game's own count: a
Catharsis table of 6 against a deck other than Murder Mystery is refused by `check` and `moves` as by
`track new` (exit 2, one line), and listed by `status`."""
from __future__ import annotations

import json

import pytest

from tests.conftest import run_in_process


def six(tmp_path, boss: str):
    path = tmp_path / "six.json"
    path.write_text(json.dumps({"characters_started": 6, "morale": 10, "morale_start": 10, "boss": boss,
                                "players": [{"name": n} for n in ("Ann", "Ben", "Cy", "Dee", "Eve", "Fay")]}))
    return str(path)


@pytest.mark.parametrize("command", [["check", "catharsis", "--move", "morale -1"], ["moves", "catharsis"]])
def test_six_characters_against_another_deck_are_refused(tmp_path, command):
    done = run_in_process(*command, "--situation", six(tmp_path, "other"))
    assert done.returncode == 2
    line = done.stderr.strip()
    assert "\n" not in line and "Traceback" not in line
    assert "other is for 1 to 5 characters, this table has 6" in line and "murder-mystery" in line
    new = run_in_process("track", "new", "catharsis", "--players", "A,B,C,D,E,F", "--option", "morale=10")
    assert new.returncode == 2 and "other is for 1 to 5 characters" in new.stderr


def test_six_characters_against_murder_mystery_are_a_table(tmp_path):
    done = run_in_process("check", "catharsis", "--move", "morale -1", "--situation", six(tmp_path, "murder-mystery"))
    assert done.returncode == 0, done.stderr


def test_status_lists_the_count_instead(tmp_path):
    done = run_in_process("status", "catharsis", "--situation", six(tmp_path, "other"))
    assert done.returncode == 1 and "catharsis.setup.player-count" in done.stdout
