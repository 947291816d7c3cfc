"""Issue 31: one play does its work once. A `companion play`, counted as benchmarks/play_profile.py
counts it (in-process, under sys.setprofile), reads its move at most twice (to judge it, and again
under the write lock), replays the session at most twice and builds the table's summary once (twice
for a tracker command said as a play: the table before it too), in every game; and the step's result
carries everything the face shows, so the CLI calls back into neither engine/ nor trackers/."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

import play_profile  # noqa: E402

TABLES = {table[0]: table for table in play_profile.TABLES}


@pytest.mark.parametrize("label", sorted(TABLES))
def test_a_play_reads_its_move_twice_and_replays_the_session_twice(label):
    counted = play_profile.profile(*TABLES[label])
    assert counted["parsed"] <= 2 and counted["replays"] <= 2, counted
    assert counted["summaries"] <= (2 if label.endswith("(a change)") else 1), counted


def test_words_other_than_the_logs_are_read_twice_too(home):
    """A play typed otherwise than the log writes it (`HEAVEN 5 4 ...`): under the write lock the words
    the first judgement wrote down are read, once, and applied as read."""
    from engine import get_engine

    from trackers.sessions import Sessions

    with Sessions(home / "data") as store:
        store.new("catopomp", ["Ann", "Ben", "Cy"], "t", {"start": "ann"})
        store.record("dice 1 2 3 4 5 6".split(), "t")
        counter = play_profile.Counter()
        sys.setprofile(counter)
        try:
            result = store.play("HEAVEN 5 4 then Hell 2", "t")
        finally:
            sys.setprofile(None)
        assert result.move == "heaven 4 5 then hell 2" and result.recorded
        assert counter.counts["parsed"] == 2 and counter.counts["replays"] == 2, counter.counts
        engine = get_engine("catopomp")
        again = store.show("t").state  # the table the log replays is the table the play left
        assert again == result.state and engine.turns.to_act(again) == result.to_act


def test_the_count_counts_each_outermost_reading():
    """The counter itself: three readings of a move are three, a reading inside another is not one more."""
    from engine import get_game

    game = get_game("theseus")
    engine, state = game.engine, game.tracker.declaration.verbs.new_state(["Ann", "Ben"], {})
    counter = play_profile.Counter()
    sys.setprofile(counter)
    try:
        for _ in range(3):
            engine.plays.parse_move("end", state)
    finally:
        sys.setprofile(None)
    assert counter.counts["parsed"] == 3 and counter.calls >= 3 and counter.modules


def test_the_play_command_calls_neither_engine_nor_trackers_after_the_step():
    """companion/play_cmd.py's `play` renders the result: after the library returns it imports
    neither engine/ nor trackers/ beyond the errors it catches (a misspelt play's nearest plays aside)."""
    import ast
    import inspect

    from companion import play_cmd

    tree = ast.parse(inspect.getsource(play_cmd.play).lstrip())
    imported = {n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)}
    assert imported <= {"trackers.errors", "engine.base", "companion.render", "companion.failure"}, imported
    calls = {n.func.attr for n in ast.walk(tree) if isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute)}
    assert not {"acting", "summary", "parse_move", "show"} & calls


def test_plays_in_one_process_across_snapshots_keep_the_table_the_log_replays(home):
    """The shell's case: one open sessions file, a seeded Catopomp game typed at the table, a snapshot
    every 5 events (written from the table the play left, not from a replay). After each play the
    table this process kept is the full replay's, the snapshots load to it, and no play, not even one
    that writes a snapshot, reads its move or replays the session more than twice."""
    from tests.engine.catopomp_players import table_game
    from tests.test_snapshots import every, full

    from trackers.sessions import Sessions

    data = home / "data"
    with every(5), Sessions(data) as store:
        store.new("catopomp", ["P1", "P2", "P3"], "t")
        plays = 0
        for n, (kind, what, _t) in enumerate(table_game(1)):
            if n >= 40:
                break
            if kind == "track":
                store.record(list(what), "t")
                continue
            counter = play_profile.Counter()
            sys.setprofile(counter)
            try:
                result = store.play(what, "t")
            finally:
                sys.setprofile(None)
            plays += 1
            assert counter.counts["parsed"] <= 2 and counter.counts["replays"] <= 2, (what, counter.counts)
            assert result.state == store.show("t").state == full(store, "t").state, what
        assert plays > 20
        assert store.con.execute("SELECT count(*) FROM snapshots").fetchone()[0] >= 2
    with every(5), Sessions(data) as again:  # a fresh process: from the newest snapshot
        assert again.show("t").state == full(again, "t").state
