"""Issue 21: a CATastrophe card met mid-game (a Power Cat dealt face up, a card the table brings into
play) is recorded in the running session with `track card`, in its log: the validator knows it from
then on, and undo, redo, export and import keep it exact. The story runs in-process; the refused
cards run the installed script (the one installed case of `track card`)."""
from __future__ import annotations

import json

import pytest

from tests.conftest import run_companion, run_in_process

NOT_IN_CATALOGUE = "'Hairball' is not in the card catalogue"


def _run(home, *args, installed=False):
    return (run_companion if installed else run_in_process)(*args, env={"COMPANION_HOME": str(home)})


def _ok(home, *args):
    done = _run(home, *args)
    assert done.returncode == 0, done.stdout + done.stderr
    return done


def _unchecked(home, session=()) -> str:
    doc = json.loads(_ok(home, "check", "Abi play Hairball at Betty", *session, "--json").stdout)
    assert doc["legal"], doc
    return " | ".join(note["message"] for note in doc["unchecked"])


def _state(home, *args) -> dict:
    return json.loads(_ok(home, "track", "show", *args, "--json").stdout)["state"]


def test_a_card_added_mid_game_is_known_to_the_validator_and_kept_by_the_log(tmp_path):
    home = tmp_path / "home"
    _ok(home, "track", "new", "catastrophe", "--players", "Abi,Betty,Chris", "--name", "cats")
    assert NOT_IN_CATALOGUE in _unchecked(home)

    said = _ok(home, "track", "card", "Hairball", "attack", "5", "--verbose").stdout
    assert "Hairball: attack 5" in said
    assert NOT_IN_CATALOGUE not in _unchecked(home)
    # the Attack number now comes from the card: a roll of 4 fails against it
    _ok(home, "play", "Abi play Hairball at Betty")
    rolled = json.loads(_ok(home, "play", "Betty roll 4", "--json").stdout)
    assert any("below 5" in e["message"] for e in rolled["effects"]), rolled["effects"]
    _ok(home, "track", "undo", "2")

    # undo forgets the card, redo brings it back: the log is the record
    _ok(home, "track", "undo")
    assert NOT_IN_CATALOGUE in _unchecked(home)
    _ok(home, "track", "redo")
    assert NOT_IN_CATALOGUE not in _unchecked(home)

    # export and import replay it exactly
    export = tmp_path / "cats.json"
    _ok(home, "track", "export", "cats", str(export))
    _ok(home, "track", "import", str(export), "--name", "again")
    assert _state(home, "again") == _state(home, "cats")
    assert NOT_IN_CATALOGUE not in _unchecked(home, ("--session", "again"))

    # a Power Cat dealt face up to a cat mid-game (at set-up `to` names one of the two dealt): one more
    # in front of Betty, the limit of 3 kept
    _ok(home, "track", "next-phase")
    _ok(home, "track", "card", "Nine", "Lives", "power-cat", "to", "betty")
    assert [p["power_cats"] for p in _state(home)["players"]] == [2, 3, 2]
    over = _ok(home, "track", "card", "Sphinx", "power-cat", "to", "betty", "--verbose").stdout
    assert "more than 3 Power Cats" in over
    assert [p["power_cats"] for p in _state(home)["players"]] == [2, 3, 2]


@pytest.mark.installed
def test_a_bad_card_is_one_line_and_changes_nothing(tmp_path):
    home = tmp_path / "home"
    _ok(home, "track", "new", "catastrophe", "--players", "Abi,Betty")
    before = _ok(home, "track", "log", "--json").stdout
    for words, names in ((["Zap", "dragon"], "power-cat"), (["Zap", "attack", "to", "abi"], "draw abi 1"),
                         (["Zap", "attack", "sparkly"], "catfinity")):
        done = _run(home, "track", "card", *words, installed=True)  # the refusal as a player gets it
        assert done.returncode == 2, done.stdout
        lines = done.stderr.strip().splitlines()
        assert len(lines) == 1 and names in lines[0] and "Traceback" not in done.stderr, done.stderr
    assert _ok(home, "track", "log", "--json").stdout == before
