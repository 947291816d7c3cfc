"""Issue 44, Cataclysm Arcade: `decline all` declines only for players who could not respond, and a
play by a later player declines for the players before it (the Line: priority goes clockwise, each
player may add a Response, paying its cost, or let the top resolve). In-process."""
from __future__ import annotations

import json

from tests.conftest import run_in_process
from tests.table_cli import ok, table_env


def _table(home, *setup):
    env = table_env(home, 200)
    ok(env, "track", "new", "cataclysm-arcade", "--players", "Ann,Ben,Cy")
    for words in setup:
        ok(env, "track", *words.split())
    ok(env, "play", "fighter Grunt")  # Ann's move: Ben has priority
    return env


def _log(env) -> list[tuple[str, str]]:
    entries = json.loads(ok(env, "track", "log", "--json"))["entries"]
    return [(e["by"], e["args"][0]) for e in entries if e["verb"] == "play"]


def test_decline_all_declines_for_a_player_with_no_coin_and_stops_at_one_who_could_respond(home):
    """A Response must be paid for: Ben, with no coin, cannot respond and is declined for; Cy holds a
    coin and cards nobody named, so the declines stop at Cy and the line names Cy."""
    env = _table(home, "coins ben spend 1")
    said = ok(env, "play", "decline all")
    assert "Cy could still respond" in said and "Cy, decline or respond" in said, said
    assert _log(env)[-1] == ("Ben", "decline")


def test_decline_all_does_not_read_a_hand_the_table_named(home):
    """A hand is secret even where the table named its cards to the companion: Ben's five Brutes hold
    no Response, but the table sees only five cards and a coin, so nothing is declined for him and the
    line says so in those public words (before, Ben was declined for, telling everyone his hand)."""
    env = _table(home, "card Brute fighter health=3 attack=2", "hand ben Brute, Brute, Brute, Brute, Brute")
    done = run_in_process("play", "decline all", env=env)
    assert done.returncode == 1 and "Ben could still respond (1 coin and 5 cards in hand)" in done.stderr, done.stderr
    assert _log(env)[-1] == ("Ann", "fighter Grunt")


def test_decline_all_refuses_when_the_player_with_priority_could_respond(home):
    """Nothing is declined for a player who could respond: the one line names them."""
    env = _table(home)
    done = run_in_process("play", "decline all", env=env)
    assert done.returncode == 1 and "Ben could still respond" in done.stderr
    assert _log(env)[-1] == ("Ann", "fighter Grunt")


def test_a_play_by_a_later_player_declines_for_the_players_before_it(home):
    """Cy responding while Ben has priority says Ben let the Line be: Ben's decline is recorded first,
    as its own play, and Cy's line says so."""
    env = _table(home, "card Zap response cost=0", "hand cy Zap")
    said = ok(env, "play", "respond Zap", "--by", "Cy")
    assert "declined first for Ben" in said, said
    assert _log(env)[-2:] == [("Ben", "decline"), ("Cy", "respond Zap")]
