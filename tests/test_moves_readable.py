"""Issue 21: `moves` a player can read. A known hand's plays are grouped by set size with a count each
and `--limit` lines per group; for a hand the table has not recorded, the plays that need no card
from it are listed and what was left out is said. Real `companion` processes."""
from __future__ import annotations

import json
import re

import pytest

from tests.conftest import run_companion
from tests.table_cli import ok, table_env


def _env(home) -> dict:
    return table_env(home, 100)


def test_a_known_hand_is_grouped_by_set_size_with_counts_and_a_limit(home):
    env = _env(home)
    ok(env, "track", "new", "catopomp", "--players", "Ann,Ben", "--option", "start=ann")
    ok(env, "track", "dice", "1", "2", "3", "4")
    ok(env, "track", "hand", "ann", *"1 1 2 2 3 3 4 4 5 5 6".split())
    doc = json.loads(ok(env, "moves", "--json"))
    assert len(doc["moves"]) > 100 and sum(g["count"] for g in doc["groups"]) == len(doc["moves"])
    text = ok(env, "moves", "--limit", "2")
    assert text.startswith(f"Ann to act: {len(doc['moves'])} plays in {len(doc['groups'])} groups")
    heads = re.findall(r"^sets of (\d+) cards? \((\d+) plays?\):$", text, re.M)
    assert [int(n) for n, _ in heads] == sorted(int(n) for n, _ in heads) and heads[0][0] == "1"
    assert sum(int(c) for _, c in heads) == len(doc["moves"])
    assert "more (--limit 0 lists all)" in text
    assert len(text.splitlines()) < 30  # not one line per play
    every = ok(env, "moves", "--limit", "0")
    assert "more (--limit" not in every
    assert "heaven 1 then hell 1 | 2 | 3" in every  # the same set with another Hell card: one line


@pytest.mark.installed
def test_a_hidden_hand_lists_the_plays_that_need_no_hand_card(home):
    env = _env(home)
    ok(env, "track", "new", "catopomp", "--players", "Ann,Ben", "--option", "start=ann")
    ok(env, "track", "dice", "1", "2", "3", "4")
    ok(env, "play", "heaven 7 7 then hell 8")  # Ann's Hell Domain: 8
    doc = json.loads(ok(env, "moves", "--json"))
    assert doc["to_act"] == "Ben" and doc["moves"] == ["pass", "pass then transfer 8"]
    assert "Heaven cards from Ben's hand" in doc["left_out"]
    text = ok(env, "moves")
    assert "passes (2 plays):" in text and "left out: every play with Heaven cards from Ben's hand" in text
    ok(env, "play", "pass")  # Ann leads again: a Hell Domain set with a Dice Boost needs no hand card
    doc = json.loads(ok(env, "moves", "--json"))
    assert doc["to_act"] == "Ann" and doc["moves"] and all(m.startswith("hell 8") for m in doc["moves"])
    for move in doc["moves"]:
        assert json.loads(run_companion("check", move, "--json", env=env).stdout)["legal"], move
