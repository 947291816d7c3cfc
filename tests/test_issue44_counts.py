"""Issue 44, honest counts and the log as it happened (Catopomp and Party of the Theseus): set-up
changes are the table's and no plays, what ended a round is told before the next begins, the recap's
Result is how the game ended, a refusal cites its rule once, and a new game has nothing decided yet.
In-process."""
from __future__ import annotations

import json

from tests.conftest import run_in_process
from tests.table_cli import ok, table_env

ANN_HAND = "1 1 2 3 4 5 6 7 8 8 8"  # two players: numbers 1-8, three copies each, 11 cards each
BEN_HAND = "1 2 2 3 3 4 4 5 5 6 6"
ROUND_1 = ("heaven 8 8 8 then hell 1", "pass", "heaven 5 6 7 then hell 1", "pass", "heaven 2 3 4", "pass",
           "hell 1 1")


def _catopomp(home):
    env = table_env(home, 200)
    ok(env, "track", "new", "catopomp", "--players", "Ann,Ben", "--option", "start=ann")
    ok(env, "track", "dice", "1", "2", "3", "4")
    ok(env, "track", "hand", "ann", *ANN_HAND.split())
    ok(env, "track", "hand", "ben", *BEN_HAND.split())
    for text in ROUND_1:
        ok(env, "play", text)
    return env


def test_theseus_set_up_changes_are_the_table_s_and_no_plays(home):
    """Setup: the Board and the Rank Decks are laid out for the game, by nobody's turn: logged as the
    table's, and `history` counts only the plays (one `next` here)."""
    env = table_env(home, 200)
    ok(env, "track", "new", "theseus", "--players", "Ann,Ben")
    for words in ("deck 1 12", "board Paladin Witch Buster Kunoichi", "deck 2 12", "next"):
        ok(env, "track", *words.split())
    entries = json.loads(ok(env, "track", "log", "--json"))["entries"]
    assert [e["by"] for e in entries] == ["table", "table", "table", "Ann"]
    [row] = json.loads(ok(env, "history", "--json"))["sessions"]
    assert row["plays"] == 1, row


def test_a_new_theseus_game_has_nothing_decided(home):
    """End of the Game: the winner is decided once the game ends; before, `decided_by` says nothing
    (no "tie" beside `tie no`)."""
    env = table_env(home, 200)
    ok(env, "track", "new", "theseus", "--players", "Ann,Ben")
    summary = json.loads(ok(env, "track", "show", "--json"))["state"]
    assert summary["decided_by"] is None and summary["tie"] is False


def test_catopomp_round_over_is_told_before_the_next_round_begins(home):
    """End of round: the last player holding cards returns a soul gem, then the next round is dealt:
    the log tells them in that order, and the plays counted leave out the deal's set-up."""
    env = _catopomp(home)
    log = ok(env, "track", "log")
    assert log.index("round over") < log.index("round 2 begins"), log
    [row] = json.loads(ok(env, "history", "--json"))["sessions"]
    assert row["plays"] == len(ROUND_1), row


def test_catopomp_recap_result_is_how_the_game_ended(home):
    """End of game: everyone with a soul gem left wins when one player loses the last gem; the recap's
    Result block says that, not which set was winning the trick."""
    env = _catopomp(home)
    for words in ("dice 2 3 5", "reserve ben 6", f"hand ann {ANN_HAND}", f"hand ben {BEN_HAND}"):
        ok(env, "track", *words.split())
    for text in ("heaven 2 then hell 1", "heaven 8 8 8 then hell 1", "pass", "heaven 5 6 7 then hell 1",
                 "heaven 6 6 dice 6 then hell 3", "pass then transfer 3", "heaven 3 4 5 then hell 2", "pass",
                 "heaven 4 5", "heaven 2 3 4", "pass then transfer 3", "hell 1 1"):
        ok(env, "play", text)
    story = json.loads(ok(env, "track", "recap", "--json"))
    assert story["how"] and not any("winning set" in line for line in story["how"]), story["how"]
    assert any("wins" in line for line in story["how"]), story["how"]


def test_a_catopomp_set_up_refusal_cites_its_rule_once(home):
    """New rounds: one centre die fewer each round. A play refused while round 2 is set up names what
    is missing; the rule the refusal cites is not repeated inside its text."""
    env = _catopomp(home)
    done = run_in_process("play", "heaven 2 3 4", env=env)
    assert done.returncode != 0  # refused (the exit code of a refusal is the CLI's to choose)
    assert done.stderr.count("[catopomp.new-round.fewer-centre-dice]") == 1, done.stderr
