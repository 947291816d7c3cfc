"""Play along a whole Cataclysm Arcade game through the CLI: the session is the table.

The table tells the companion the cards it uses (`track card`), the Bosses and the cards in each
hand (`track hand`), then every play with `companion play`. The same 3-player game as the
engine-level test (tests/engine/test_cataclysm_arcade_engine.py): a response war three deep, then
attacks until one Boss is left."""
from __future__ import annotations

import json

import pytest

from tests.engine.test_cataclysm_arcade_engine import GAME, SETUP


def _log_length(cli) -> int:
    return len(cli.json("track", "log")["entries"])


def _new_table(cli):
    assert cli("track", "new", "cataclysm-arcade", "--players", "Ann,Ben,Cy").exit_code == 0
    for command in SETUP:
        result = cli("track", *command.split())
        assert result.exit_code == 0, (command, result.output)


def test_a_whole_three_player_game_by_play_commands(cli, home):
    _new_table(cli)
    deepest = 0
    last = None
    for step in GAME:
        who, _, text = step.partition(": ")
        moves = cli.json("moves")
        assert moves["to_act"] == who, step
        assert text.split(" at ")[0] in " | ".join(moves["moves"]) or text == "pass" or "unnamed" in str(moves)
        result = cli("play", text, "--json")
        assert result.exit_code == 0, (step, result.output)
        last = json.loads(result.stdout)
        assert last["legal"] and last["by"] == who
        status = cli.json("status")
        deepest = max(deepest, len(status.get("line", [])))
    assert deepest >= 4
    assert any(e["kind"] == "won" for e in last["effects"])
    summary = cli.json("track", "show")["state"]
    assert summary["game_over"] and summary["winner"] == "Ann"
    log = cli.json("track", "log")
    assert sum(1 for e in log["entries"] if e["verb"] == "play") == len(GAME)


def test_status_shows_the_line_and_priority(cli, home):
    _new_table(cli)
    for step in GAME[:3]:
        assert cli("play", step.partition(": ")[2]).exit_code == 0
    status = cli.json("status")
    assert status["priority"] == "Ann" and status["initiative"] == "Ann"
    assert status["line"] == ["fighter Grunt (Ann)", "response Counter (Ben)", "response Counter (Cy)"]
    text = cli("status").stdout
    assert "Line: fighter Grunt (Ann), response Counter (Ben), response Counter (Cy)" in text
    assert "Priority: Ann" in text


def test_bad_input_is_one_line_exit_2_and_changes_nothing(cli, home):
    _new_table(cli)
    before = _log_length(cli)
    for words in (["play", "attack boss"], ["play", "charge!"], ["play", "attack boss at zed boss"]):
        result = cli(*words)
        assert result.exit_code == 2, words
        assert len(result.stderr.strip().splitlines()) == 1 and "Traceback" not in result.output
    for words in (["track", "card", "Orc", "dragon"], ["track", "card", "Orc", "fighter", "health=abc"],
                  ["track", "card", "Orc", "fighter", "keywords=flying"], ["track", "hand", "zed", "Orc"]):
        result = cli(*words)
        assert result.exit_code == 2 and len(result.stderr.strip().splitlines()) == 1, words
    # a legal-looking but forbidden play is refused, names its rule, and is not recorded
    result = cli("play", "respond Zap at ben boss")
    assert result.exit_code == 1 and "responses.not-on-empty-line" in result.output
    assert _log_length(cli) == before
    # the table may overrule
    assert cli("play", "respond Zap at ben boss", "--overrule").exit_code == 0
    assert _log_length(cli) == before + 1


def test_check_and_moves_with_a_situation_file(cli, tmp_path):
    situation = tmp_path / "table.toml"
    situation.write_text(
        'player_one = "Ann"\n'
        '[[cards]]\nname = "Grunt"\ntype = "fighter"\nlevel = 2\nhealth = 3\n'
        '[[players]]\nname = "Ann"\ncoins = 1\nhand = ["Grunt"]\nboss = { health = 10, starting_health = 10, attack = 1, attack_cost = 1 }\n'
        '[[players]]\nname = "Ben"\ncoins = 1\nboss = { health = 10, starting_health = 10 }\n',
        encoding="utf-8",
    )
    done = cli("check", "cataclysm-arcade", "--situation", str(situation), "--move", "fighter Grunt", "--json")
    doc = json.loads(done.stdout)
    assert done.exit_code == 1 and not doc["legal"] and doc["reasons"][0]["rule"] == "cataclysm-arcade.fighter.when-playable"
    moves = cli.json("moves", "cataclysm-arcade", "--situation", str(situation))
    assert moves["moves"] == ["pass", "attack boss at Ben boss"]


def test_undo_redo_and_replay_of_plays_give_the_same_table(cli, home):
    _new_table(cli)
    for step in GAME[:12]:
        assert cli("play", step.partition(": ")[2]).exit_code == 0
    before = json.loads(cli("track", "situation").stdout)
    assert cli("track", "undo", "5").exit_code == 0
    assert json.loads(cli("track", "situation").stdout) != before
    assert cli("track", "redo", "5").exit_code == 0
    assert json.loads(cli("track", "situation").stdout) == before  # the log replays to the same State


def test_a_play_by_a_named_player_is_judged_as_their_play(cli, home):
    """Issue 20, item 7. The Line passes priority clockwise and nobody responds to their own move
    (Turn Structure, The Line): `--by Ann` while Cy holds priority is refused because Cy has priority
    (not "Cy's turn"), and the rest of the verdict is about Ann's play: Ann's own attack is on top,
    so she may not respond to it; Ben's Zap is judged with Ben's coins."""
    _new_table(cli)
    for step in ("attack boss at cy boss", "decline"):  # Ann attacks; Ben lets it be; Cy has priority
        assert cli("play", step).exit_code == 0
    result = cli("play", "respond Zap at ben boss", "--by", "Ann", "--json")
    assert result.exit_code == 1
    verdict = json.loads(result.stdout)
    messages = [r["message"] for r in verdict["reasons"]]
    assert messages[0].startswith("Cy has priority, not Ann")
    assert "turn" not in messages[0]
    assert any("Ann's own" in m for m in messages) and not any("Cy" in m for m in messages[1:])
    assert not any("Cy pays" in e["message"] for e in verdict["effects"])
    # Ben's Zap is judged with Ben's coins (Ben has spent his; Cy still has 1)
    assert cli("track", "coins", "ben", "spend", "1").exit_code == 0
    result = cli("play", "respond Zap at ann boss", "--by", "Ben", "--json")
    verdict = json.loads(result.stdout)
    assert any(r["message"] == "Ben has 0 coins and cannot pay 1 for Zap" for r in verdict["reasons"])
    # overruled, the play is recorded as Ann's and replays the same way
    doc = cli.json("play", "respond Zap at ben boss", "--by", "Ann", "--overrule")
    assert doc["overruled"] and doc["by"] == "Ann"
    assert cli.json("track", "show")["state"]["line"][-1] == "response Zap at Ben's boss (Ann)"


@pytest.mark.installed
def test_a_tracker_pass_out_of_turn_is_refused_and_an_overrule_records_it(tmp_path):
    """Turn Structure: pass is one of the moves the player with the initiative chooses. `track pass`
    by another player is refused (one line, exit 2, nothing recorded); overruled, it is recorded. Each
    `track pass` is a real process (the installed script); the set-up and the reads are in-process."""
    from tests.conftest import run_companion, run_in_process

    env = {"COMPANION_HOME": str(tmp_path / "home")}
    assert run_in_process("track", "new", "cataclysm-arcade", "--players", "Ann,Ben,Cy", env=env).returncode == 0
    before = run_in_process("track", "log", "--json", env=env).stdout
    refused = run_companion("track", "pass", "ben", env=env)
    assert refused.returncode == 1 and refused.stderr.count("\n") == 1, refused.stderr
    assert "Ann has the initiative, not Ben" in refused.stderr and "cataclysm-arcade.turn.moves" in refused.stderr
    assert "Traceback" not in refused.stderr
    assert run_in_process("track", "log", "--json", env=env).stdout == before
    done = run_companion("track", "pass", "ben", "--overrule", env=env)
    assert done.returncode == 0, done.stderr
    state = json.loads(run_in_process("track", "show", "--json", env=env).stdout)["state"]
    assert state["still_to_pass"] == ["Ann", "Cy"] and state["initiative"] == "Ann"
    assert run_companion("track", "pass", "ann", env=env).returncode == 0


@pytest.mark.parametrize("fighters,said", [
    ('fighters = [{ name = "Grunt", health = 3, starting_health = 3 }, { name = "Wolf", health = 2, starting_health = 2 }]\n',
     "Ann's Fighters: Grunt, Wolf"),
    ("", "Ann has no Fighter in play: `weapon Sword` enters it unwielded"),
])
def test_a_weapon_on_a_boss_names_the_fighters_that_may_wield_it(cli, tmp_path, fighters, said):
    """`weapon NAME on boss` is bad input (Weapon: a Fighter wields it): the one line names the player's
    Fighters, or the unwielded play when there is none (it named no choice before)."""
    situation = tmp_path / "table.toml"
    situation.write_text(
        'level = 2\nplayer_one = "Ann"\n[[cards]]\nname = "Sword"\ntype = "weapon"\nlevel = 1\n'
        '[[players]]\nname = "Ann"\ncoins = 1\nhand = ["Sword"]\nboss = { health = 10, starting_health = 10 }\n'
        + fighters + '[[players]]\nname = "Ben"\ncoins = 1\nboss = { health = 10, starting_health = 10 }\n',
        encoding="utf-8")
    done = cli("check", "cataclysm-arcade", "--situation", str(situation), "--move", "weapon sw on boss")
    assert done.exit_code == 2 and done.stderr.count("\n") == 1 and "Traceback" not in done.output
    assert "a Weapon is wielded by a Fighter, not by a Boss" in done.stderr and said in done.stderr
