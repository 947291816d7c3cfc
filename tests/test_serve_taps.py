"""The private page's tap picker (issue 34): the trie over a player's legal plays (serve/taps.py) builds
exactly the plays `companion moves` lists for that player, at random positions of every game that lists
plays; and the page's /moves answer is judged for the page's player."""
from __future__ import annotations

import re
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from engine.listing import listed, plays_for
from companion.serve.taps import paths, trie
from tests.games import per_game

#: each game's table here, its own test data (tests/games/<game>.toml [taps]): players, options, what the
#: table enters before plays can be listed (the centre dice as rolled; a monster to fight) and the plays
#: it makes first (Catharsis: a power card described, as the rulebook prints no card texts, named as Ben's
#: first power, and Ben's roll; a pair among his dice gives him a listed play)
TAPS = dict(sorted(per_game("taps").items(), key=lambda item: item[1]["at"]))
TABLES = [(game, t["players"], t.get("options")) for game, t in TAPS.items()]


def _filled(text: str, dice: list[int], deck: list[int]) -> list[str]:
    """A word of the test data with its dice and cards: {dice} the six dice, {die:N} the Nth, {deck:N}
    the first N cards."""
    if text == "{dice}":
        return [str(d) for d in dice]
    if m := re.fullmatch(r"\{(die|deck):(\d+)\}", text):
        n = int(m.group(2))
        return [str(dice[n])] if m.group(1) == "die" else [str(c) for c in deck[:n]]
    return [text]


def setup(game: str, dice: list[int], deck: list[int]) -> list[list[str]]:
    return [[w for word in words for w in _filled(word, dice, deck)] for words in TAPS[game].get("setup", [])]


def plays(game: str, dice: list[int]) -> list[str]:
    return [" ".join(w for word in text.split(" ") for w in _filled(word, dice, [])) for text in TAPS[game].get("plays", [])]


def test_a_trie_merges_words_with_no_choice_between_them():
    plays = ["heaven 4 4 then hell 2", "heaven 4 4 then hell 3", "heaven 5", "pass"]
    root = trie(plays)
    assert sorted(paths(root)) == sorted(plays)
    many = [f"heaven {n} then hell {h}" for n in range(1, 9) for h in (1, 2)] + ["pass"]
    root = trie(many)
    assert [label for label, _ in root["next"]] == ["heaven", "pass"]  # 16 plays: too many to show at once
    heaven = root["next"][0][1]
    assert [label for label, _ in heaven["next"]] == [f"{n} then hell" for n in range(1, 9)]
    assert sorted(paths(root)) == sorted(many)


def test_issue45_a_step_with_one_choice_is_merged_and_numbers_come_in_numeric_order():
    """`heaven` when leading and Theseus's `use` were taps with nothing to choose; Catopomp's choices came
    as 5, 6, 7, 8 9 dice, 3."""
    leading = trie([f"heaven {n}" for n in (5, 6, 7, 3, 10)] + ["heaven 8 9 dice 3"])
    assert [label for label, _ in leading["next"]] == ["heaven 3", "heaven 5", "heaven 6", "heaven 7",
                                                        "heaven 8 9 dice 3", "heaven 10"]
    turn = trie(["use Knight explore", "use Knight recruit", "use Mage explore", "end"])
    assert [label for label, _ in turn["next"]] == ["use Knight explore", "use Knight recruit", "use Mage explore", "end"]
    wide = trie([f"use C{n} explore" for n in range(12)] + [f"use C{n} recruit" for n in range(12)])
    assert [label for label, _ in wide["next"]] == [f"use C{n}" for n in range(12)]  # one choice: merged, not more
    assert paths(trie(["pass", "pass x"])) == ["pass", "pass x"]  # a play that is the start of another
    assert paths(trie([])) == []


def _position(store, name: str, picks: list[int]):
    """The session after up to len(picks) plays, each chosen among those listed (`picks` indexes them)."""
    for pick in picks:
        session, engine, state = store.situation(name)
        found = [engine.plays.format_move(m) for m in listed(engine, state)[0]]
        if not found:
            break
        store.play(found[pick % len(found)], name, False)
    return store.situation(name)


@pytest.mark.parametrize("game,players,options", TABLES, ids=[t[0] for t in TABLES])
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(picks=st.lists(st.integers(0, 10_000), max_size=6), dice=st.lists(st.integers(1, 6), min_size=6, max_size=6),
       deck=st.permutations([n for n in range(1, 10) for _ in range(4)]))  # a 3-player deck: 1-9, 4 copies each
def test_every_tap_path_is_a_play_moves_lists_for_that_player(game, players, options, picks, dice, deck):
    from engine.base import Game, step
    from engine import get_tracker
    from trackers.sessions import Sessions

    with tempfile.TemporaryDirectory() as folder, Sessions(Path(folder), create=True) as store:
        store.new(game, players, "t", options)
        for words in setup(game, dice, deck):
            store.record(words, "t")
        for text in plays(game, dice):
            store.play(text, "t", False)
        session, engine, state = _position(store, "t", picks)
        everyone = [engine.plays.format_move(m) for m in listed(engine, state)[0]]
        game_obj = Game(get_tracker(game), engine)
        for player in players:
            mine, note = plays_for(engine, state, player)
            built = paths(trie(mine))
            assert sorted(built) == sorted(mine)  # every tap path is a listed play, every listed play a path
            assert set(built) <= set(everyone)
            assert mine or note  # none: the page says why
            if built:
                judged = step(game_obj, state, built[picks[0] % len(built) if picks else 0], by=player, apply=False)
                assert judged.verdict.legal, (player, judged.verdict)


@pytest.mark.parametrize("game,players,options", TABLES, ids=[t[0] for t in TABLES])
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(picks=st.lists(st.integers(0, 10_000), max_size=4), dice=st.lists(st.integers(1, 6), min_size=6, max_size=6),
       deck=st.permutations([n for n in range(1, 10) for _ in range(4)]))
def test_every_counter_stepper_sends_a_change_the_tracker_records(game, players, options, picks, dice, deck):
    """Issue 34: the − / + a page offers (serve/steppers.py) are counters of the game's own tracker, of that
    player or of the table, and each change a tap sends is recorded as `track` records it."""
    from companion.serve.steppers import steppers
    from engine.tracking import counters_of
    from trackers.log import game_for
    from trackers.secrets import public_summary
    from trackers.sessions import Sessions

    verbs = {v["verb"] for v in game_for(game).tracker.verbs()}
    counters = counters_of(game_for(game).tracker.declaration.verbs.table)
    assert counters and set(counters) <= verbs
    with tempfile.TemporaryDirectory() as folder, Sessions(Path(folder), create=True) as store:
        store.new(game, players, "t", options)
        for words in setup(game, dice, deck):
            store.record(words, "t")
        session, engine, state = _position(store, "t", picks)
        for player in players:
            offered = steppers(game_for(game), state, player, public_summary(game_for(game).tracker, game, state))
            assert all(s["label"].split()[0] in verbs and s["label"].split()[1:] in ([], [player]) for s in offered)
            # issue 45: each shows its number (a counter this player has), and none steps below 0
            assert all(isinstance(s["value"], int) and (s["value"] > 0 or s["minus"] is None) for s in offered), offered
            for s in offered:
                for change in (s["minus"], s["plus"]):
                    if change:
                        seq = len(store.entries(store.get("t")))
                        store.record(change.split(), "t", seen=seq)
                        store.undo(1, "t", seen=seq + 1)
