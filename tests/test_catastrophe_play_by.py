"""CATastrophe `--by`: a play whose words name no maker is read as the `--by` player's own, as if they
had named themselves (`play Cucumber --by Betty` is `Betty play Cucumber`), so a card with Catfinity,
playable at any moment, is judged as that cat's play, not the cat whose turn it is (Reaction Cards).
In-process."""
from __future__ import annotations

import json

from tests.conftest import run_in_process
from tests.table_cli import ok, table_env


def _table(home):
    env = table_env(home, 200)
    ok(env, "track", "new", "catastrophe", "--players", "Abi,Betty,Chris", "--option", "first=abi")
    ok(env, "play", "Abi play Curiosity Killed the Cat at Chris")
    return env


def test_check_by_another_cat_judges_a_catfinity_card_as_theirs(home):
    env = _table(home)
    said = json.loads(ok(env, "check", "play Cucumber", "--by", "betty", "--json"))
    named = json.loads(ok(env, "check", "Betty play Cucumber", "--json"))
    assert said["legal"] and said == named, said


def test_play_by_another_cat_records_it_as_theirs(home):
    env = _table(home)
    ok(env, "play", "play Cucumber", "--by", "betty")
    entries = json.loads(ok(env, "track", "log", "--json"))["entries"]
    assert entries[-1]["by"] == "Betty" and "Betty play Cucumber" in entries[-1]["args"][0], entries[-1]


def test_a_card_without_catfinity_by_another_cat_is_still_refused_as_out_of_turn(home):
    """Only the cat whose turn it is plays cards without Catfinity: refused, the turn first (a guard:
    as before the change)."""
    env = _table(home)
    done = run_in_process("check", "play Attack 3 at Chris", "--by", "betty", env=env)
    assert done.returncode == 1 and "it is Abi's turn, not Betty's" in done.stdout, done.stdout


def _fresh(home):
    env = table_env(home, 200)
    ok(env, "track", "new", "catastrophe", "--players", "Abi,Betty,Chris", "--option", "first=abi")
    return env


def test_check_by_another_cat_out_of_turn_judges_the_play_as_theirs(home):
    """Setup: hands are secret, so whether a cat holds the card is left open; a Curiosity said for
    Chris (`--by chris`) on Abi's turn, with no cat named, is refused for the turn and its target, and
    what is left open is whether Chris holds it, never Abi (whose play it is not)."""
    env = _fresh(home)
    done = run_in_process("check", "play Curiosity", "--by", "chris", "--json", env=env)
    said = json.loads(done.stdout)
    assert done.returncode == 1 and not said["legal"], done.stdout
    opened = " | ".join(note["message"] for note in said["unchecked"])
    assert "whether Chris holds Curiosity" in opened and "Abi" not in opened, opened


def test_play_by_another_cat_overruled_is_their_card(home):
    """The table overrules the turn: Chris's Curiosity comes from Chris's hand and is Chris's in play,
    not Abi's (whose turn it is)."""
    env = _fresh(home)
    ok(env, "play", "play Curiosity at Betty", "--by", "chris", "--overrule")
    state = json.loads(ok(env, "track", "show", "--json"))["state"]
    hands = {p["name"]: p["hand"] for p in state["players"]}
    assert hands == {"Abi": 5, "Betty": 5, "Chris": 4} and state["in_play"] == ["Curiosity by Chris at Betty"], state
