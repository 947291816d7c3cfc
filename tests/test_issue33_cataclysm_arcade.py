"""Issue 33, "Cataclysm Arcade": advice never offers a play the companion cannot confirm, `decline all`
can stop before a player who wants to respond, and a character of another player is named as
theirs. In-process, on a fresh data folder."""
from __future__ import annotations

import json

from tests.conftest import run_in_process
from tests.table_cli import ok, table_env


def _table(home, *players):
    env = table_env(home, 200)
    ok(env, "track", "new", "cataclysm-arcade", "--players", ",".join(players or ("Ann", "Ben", "Cy")))
    return env


def test_an_attack_whose_cost_is_unknown_is_not_legal_advice(home):
    """Combat: the attack move cannot be chosen by a player unable to pay the attack cost. With Ann's
    Boss unnamed its cost is unknown and Ann has 0 coins: the attack is not offered as legal instead,
    it is listed as unchecked, naming the cost."""
    env = _table(home)
    ok(env, "track", "fighter", "ben", "Wolf", "3", "--overrule")
    ok(env, "track", "coins", "ann", "-1")
    done = run_in_process("check", "decline", "--json", env=env)
    verdict = json.loads(done.stdout)
    assert verdict["legal"] is False
    assert not [a for a in verdict["alternatives"] if a.startswith("attack")], verdict["alternatives"]
    assert "pass" in verdict["alternatives"]
    notes = [u for u in verdict["unchecked"] if "not offered as legal instead" in u["message"]]
    assert notes and notes[0]["rule"] == "cataclysm-arcade.combat.pay-attack-cost", verdict["unchecked"]
    assert "attack boss at Ben Wolf" in notes[0]["message"]


def test_decline_all_before_a_player_stops_when_that_player_has_priority(home):
    """The Line: after a move each player clockwise gets priority to respond in turn; a player's
    decline passes priority on. `decline all before Cy` declines for Ben and stops at Cy, whose
    response is then still possible."""
    env = _table(home, "Ann", "Ben", "Cy", "Dee")
    ok(env, "play", "fighter Grunt")
    said = ok(env, "play", "decline all before cy")
    assert "Ben: decline" in said and "Cy: decline" not in said
    state = json.loads(ok(env, "track", "show", "--json"))["state"]
    assert state["priority"] == "Cy" and state["line"], state
    entries = json.loads(ok(env, "track", "log", "--json"))["entries"]
    assert [(e["by"], e["args"][0]) for e in entries[1:]] == [("Ben", "decline")]
    refused = run_in_process("play", "decline all before cy", env=env)
    assert refused.returncode == 1 and "Cy has priority now" in refused.stderr


def test_another_player_s_fighter_is_named_as_theirs(home):
    """Combat: the attacker is an untapped character the player controls; with Ann to move, Ben's Wolf
    cannot attack, and the refusal says whose it is and whose move it is."""
    env = _table(home)
    ok(env, "track", "fighter", "ben", "Wolf", "3", "--overrule")
    ok(env, "track", "fighter", "cy", "Grunt", "3", "--overrule")
    done = run_in_process("play", "attack Wolf at Cy Grunt", env=env)
    assert done.returncode == 2
    assert "Wolf is Ben's" in done.stderr and "not Ben's move" in done.stderr, done.stderr
    assert "did you mean" not in done.stderr, done.stderr  # Ann's attack is no spelling of Ben's Wolf


def test_another_player_s_fighter_gets_no_spelling_hint_when_a_close_play_is_legal(home):
    """Combat: the attacker is a character the player controls. With Ann to act, `attack boss at Cy
    Grunt` is one of Ann's plays and spelt close to `attack Wolf at Cy Grunt`; it is still not offered,
    since Wolf was named right and is Ben's: the line says whose Wolf is and whose move it is."""
    env = _table(home)
    ok(env, "track", "fighter", "ben", "Wolf", "3", "--overrule")
    ok(env, "track", "fighter", "cy", "Grunt", "3", "--overrule")
    assert run_in_process("check", "attack boss at Cy Grunt", env=env).returncode == 0  # unchecked cost (issue 43)
    done = run_in_process("play", "attack Wolf at Cy Grunt", env=env)
    assert done.returncode == 2 and done.stdout == "", done.stdout
    assert "Wolf is Ben's" in done.stderr and "Ann has the initiative" in done.stderr, done.stderr
    assert "did you mean" not in done.stderr and "attack boss" not in done.stderr, done.stderr
    checked = run_in_process("check", "attack Wolf at Cy Grunt", env=env)
    assert checked.returncode == 2 and "did you mean" not in checked.stderr, checked.stderr


def test_an_option_looking_word_is_not_recorded_as_a_card(home):
    # An option belongs to the command line, never to the table: `--reveal` is refused and named.
    env = table_env(home, 100)
    ok(env, "track", "new", "cataclysm-arcade", "--players", "Ann,Ben")
    r = run_in_process("track", "hand", "ann", "--reveal", "ann", env=env)
    assert r.returncode == 2 and "'--reveal' is not an option of a change" in r.stderr
    assert json.loads(ok(env, "track", "show", "--json"))["state"]["players"][0]["hand"] == "5 unnamed"
    assert ok(env, "track", "coins", "ann", "-1").startswith("coins Ann -1")  # a negative amount is a word
