"""Issue 33, Catopomp and Theseus at the table, and the one-line summaries: each test names the
rulebook passage it follows, in our own words (each other game's are in its own issue-33 file).
In-process (`companion.cli.invoked_app`)."""
from __future__ import annotations

import json

from tests.conftest import run_in_process
from tests.table_cli import ok, recap, recap_said, table_env


def _catopomp(home, *more: str) -> dict:
    env = table_env(home, 100)
    ok(env, "track", "new", "catopomp", "--players", "Ann,Ben,Cy", "--option", "start=ann")
    ok(env, "track", "dice", "1", "2", "3", "4", "5", "6")
    return env


def test_a_gem_loss_with_no_play_recorded_is_said_as_the_tables_word(home):
    # Catopomp 4 (end of round): the round ends when one player alone still holds unplayed cards, and
    # that player gives back a soul gem. With no play recorded, the companion cannot see that the others
    # played out: it takes the loss as the table reports it and says so.
    env = _catopomp(home)
    line = ok(env, "track", "gems", "cy", "-1")
    assert "no play recorded this round: taken as Cy losing the round" in line
    assert "Cy is the last player holding cards" not in line


def test_a_gem_loss_after_a_recorded_play_names_every_player_still_holding(home):
    # Catopomp 4: only the last player with unplayed cards loses the gem. Once a play is on record, a
    # hidden hand still counts by its size (its cards were not seen played).
    env = _catopomp(home)
    ok(env, "play", "heaven 5 then hell 2")
    r = run_in_process("track", "gems", "cy", "-1", env=env)
    assert r.returncode == 1
    assert "Ann (8 hidden cards in hand; 1 Hell card), Ben (10 hidden cards in hand) still hold" in r.stderr
    assert "round 1" in ok(env, "track", "show")  # nothing changed


def test_a_spent_reserve_die_and_the_last_rounds_loser_are_shown(home):
    # Catopomp 5 (new rounds): the last player of a round starts the next one; a one-gem player's
    # reserve die, once used in a Dice Boost (or sent to the centre by a boost made without it), is gone
    # for the round.
    env = _catopomp(home)
    ok(env, "track", "cleared", "ann")
    ok(env, "track", "cleared", "ben")
    shown = json.loads(ok(env, "track", "show", "--json"))["state"]
    assert shown["phase"] == "setup" and shown["loser"] == "Cy (lost round 1)"
    ok(env, "track", "dice", "1", "2", "3", "4", "5")
    ok(env, "track", "reserve", "cy", "4")
    ok(env, "play", "heaven 5 dice r4 then hell 2")
    cy = json.loads(ok(env, "track", "show", "--json"))["state"]["players"][2]
    assert cy["reserve_die"] == "spent"


def test_the_round_that_ended_is_said_before_the_next_begins(home):
    # Catopomp 4 then 5: a round ends, then the next is dealt; the line says them in that order.
    env = _catopomp(home)
    ok(env, "track", "cleared", "ann")
    line = ok(env, "track", "cleared", "ben")
    assert line.index("the round is over") < line.index("round 2 begins")


def test_a_card_that_explores_two_taking_one_says_which_reading_it_took(home):
    # Theseus section 5: a card may Explore several cards at once, all taken before the Hand limit;
    # nothing says whether fewer may be taken. The verdict keeps it legal and says it read "up to".
    env = table_env(home, 100)
    ok(env, "track", "new", "theseus", "--players", "Ann,Ben", "--option", "first=ann",
       "--option", "cards=Ranger:1:explore2:none")
    ok(env, "track", "party", "ann", "Ranger", "Mage", "Rogue")
    ok(env, "track", "board", "Paladin", "Witch", "Buster", "Kunoichi")
    said = json.loads(ok(env, "play", "use Ranger explore Witch reveal Paladin", "--json"))
    notes = [u for u in said["unchecked"] if u["rule"] == "theseus.icons.explore.multiple"]
    assert notes and "silent on taking fewer" in notes[0]["message"] and "up to 2" in notes[0]["message"]


def test_a_shortened_verb_that_changes_the_table_is_refused_with_the_full_word(home):
    # Catopomp 4: a player who has played out all their cards is safe for the round; recording that is
    # `cleared`. `clear` reads as an order to empty something, so it is not taken for `cleared`; any
    # shortened verb is refused naming the full word, and nothing changes.
    env = _catopomp(home)
    for word in ("clear", "cle"):
        r = run_in_process("track", word, "ben", env=env)
        assert r.returncode == 2 and "'cleared'" in r.stderr and "in full" in r.stderr
    assert "Traceback" not in r.stderr
    ben = json.loads(ok(env, "track", "show", "--json"))["state"]["players"][1]
    assert ben["cleared"] is False
    assert "Ben cleared no→yes" in ok(env, "track", "cleared", "ben")


def test_the_reward_area_is_named_card_by_card(home):
    # Theseus section 5 (Subjugate) and 12: the cards in a Reward Area score; the line and the table
    # name them.
    env = table_env(home, 200)
    ok(env, "track", "new", "theseus", "--players", "Ann,Ben", "--option", "first=ann")
    assert "Ben reward -→Paladin" in ok(env, "track", "reward", "ben", "Paladin")
    ben = json.loads(ok(env, "track", "show", "--json"))["state"]["players"][1]
    assert ben["reward"] == ["Paladin"]


def test_a_round_ended_by_a_play_recaps_the_set_that_play_made(home):
    # Catopomp 4: the round ends as soon as only one player still holds cards; here Ann's last Hell
    # card (a single 8) empties her, so that 8 is the set standing when Ben loses the round.
    env = table_env(home, 100)
    ok(env, "track", "new", "catopomp", "--players", "Ann,Ben", "--option", "start=ann")
    ok(env, "track", "dice", "1", "2", "3", "4")
    ok(env, "track", "hand", "ann", *"1 2 3 4 5 6 7 8 1 2 3".split())
    for move in ("heaven 1 2 3 then hell 4", "pass", "heaven 5 6 7 then hell 8", "pass", "heaven 1 2 3", "pass",
                 "hell 4", "pass", "hell 8"):
        ok(env, "play", move)
    lost = [w for _, w in recap_said(recap(env)) if "round 1 lost by Ben" in w]
    assert lost == ["round 1 lost by Ben; the set standing: Ann: 8"]


def test_the_theseus_recap_gives_the_final_scores(home):
    # Theseus 12: at the end each player's Victory Points are counted; the most wins.
    env = table_env(home, 100)
    ok(env, "track", "new", "theseus", "--players", "Ann,Ben")
    for words in (("reward", "ann", "Paladin"), ("next",), ("rank", "6"), ("reward", "ben", "rank", "6"),
                  ("last-rank6",), ("next",)):
        ok(env, "track", *words)
    assert any(w == "final scores: Ann 1 VP, Ben 2 VP" for _, w in recap_said(recap(env)))
