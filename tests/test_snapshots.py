"""Session snapshots: state from a snapshot plus the events after it equals a full replay of the
log, and a snapshot that does not match (damaged row, rewritten log, other code) is not used."""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trackers import snapshots
from trackers.errors import TrackerError
from trackers.sessions import Sessions, replay, tracker_for

GAME = "cataclysm-arcade"
PLAYERS = ["Ann", "Ben"]
SCALE = int(os.environ.get("COMPANION_PROPERTY_SCALE", "1"))

CHANGES = [["coins", "ann", "+1"], ["coins", "ben", "+2"], ["coins", "ann", "-1"], ["coins", "ben", "spend", "1"]]
OPS = st.one_of(
    st.tuples(st.just("change"), st.integers(0, len(CHANGES) - 1)),
    st.tuples(st.just("undo"), st.integers(1, 4)),
    st.tuples(st.just("redo"), st.integers(1, 3)),
)


@pytest.fixture(autouse=True)
def small_every(monkeypatch):
    """Snapshots every 5 events, so short logs cross several of them."""
    monkeypatch.setattr(snapshots, "EVERY", 5)


def full(store: Sessions, name: str):
    session = store.get(name)
    return replay(tracker_for(GAME), session, store.entries(session))


def same(a, b) -> None:
    assert a.state == b.state
    assert [e.seq for e in a.applied] == [e.seq for e in b.applied]
    assert [e.seq for e in a.redo] == [e.seq for e in b.redo]


def run(store: Sessions, ops) -> None:
    for op, n in ops:
        try:
            if op == "change":
                store.record(CHANGES[n], "s")
            else:
                store.undo(n, "s", redo=op == "redo")
        except TrackerError:
            pass  # refused (nothing to undo, no coins to spend): nothing is logged


def snapshot_rows(store: Sessions) -> list[tuple]:
    return store.con.execute("SELECT seq, state, check_digest FROM snapshots ORDER BY seq").fetchall()


@settings(max_examples=12 * SCALE, deadline=None, derandomize=True)
@given(st.lists(OPS, min_size=1, max_size=40))
def test_snapshot_plus_tail_equals_full_replay(ops):
    with tempfile.TemporaryDirectory() as tmp, Sessions(Path(tmp)) as store:
        store.new(GAME, PLAYERS, "s")
        run(store, ops)
        fast = store.replay(store.get("s"))
        same(fast, full(store, "s"))
        # a fresh process (no cached code key) sees the same
        snapshots._CODE.clear()
        with Sessions(Path(tmp)) as other:
            same(other.replay(other.get("s")), fast)


def test_snapshots_are_written_every_n_events_in_the_event_transaction(tmp_path):
    with Sessions(tmp_path) as store:
        store.new(GAME, PLAYERS, "s")
        for _ in range(12):
            store.record(CHANGES[0], "s")
        assert [r[0] for r in snapshot_rows(store)] == [5, 10]
        same(store.replay(store.get("s")), full(store, "s"))


def test_undo_below_the_snapshot_uses_an_older_one_or_the_log(tmp_path):
    with Sessions(tmp_path) as store:
        store.new(GAME, PLAYERS, "s")
        for n in range(11):
            store.record(CHANGES[n % 2], "s")
        store.undo(9, "s")
        same(store.replay(store.get("s")), full(store, "s"))
        store.undo(2, "s", redo=True)
        same(store.replay(store.get("s")), full(store, "s"))


def _tamper(store: Sessions, sql: str, params: tuple = ()) -> None:
    with store.transaction() as con:
        con.execute(sql, params)


@pytest.mark.parametrize("damage", ["state", "stack", "log", "garbage"])
def test_a_damaged_snapshot_is_detected_and_rebuilt(tmp_path, damage):
    with Sessions(tmp_path) as store:
        store.new(GAME, PLAYERS, "s")
        for _ in range(7):
            store.record(CHANGES[1], "s")
        truth = full(store, "s")
        seq, state, _ = snapshot_rows(store)[-1]
        if damage == "state":  # a changed number in the stored state, its row digest left as it was
            doc = json.loads(state)
            doc["players"][1]["coins"] += 5
            _tamper(store, "UPDATE snapshots SET state = ? WHERE seq = ?", (json.dumps(doc), seq))
        elif damage == "stack":
            _tamper(store, "UPDATE snapshots SET applied = '[[1,4]]' WHERE seq = ?", (seq,))
        elif damage == "log":  # an event under the snapshot rewritten: the snapshot no longer matches the log
            _tamper(store, "UPDATE events SET args = ? WHERE seq = 3", (json.dumps(["Ann", "+1"]),))
            truth = full(store, "s")
        else:
            _tamper(store, "UPDATE snapshots SET state = 'not json', check_digest = 'x' WHERE seq = ?", (seq,))
    with Sessions(tmp_path) as fresh:  # a new command (the old Sessions keeps its replay in memory)
        same(fresh.replay(fresh.get("s")), truth)
        # the bad row was replaced by a fresh one that checks out
        rows = snapshot_rows(fresh)
        assert rows and rows[-1][0] == 7 and rows[-1][1] != "not json"
    with Sessions(tmp_path) as fresh:
        same(fresh.replay(fresh.get("s")), truth)


def test_a_snapshot_from_other_code_is_not_used(tmp_path, monkeypatch):
    with Sessions(tmp_path) as store:
        store.new(GAME, PLAYERS, "s")
        for _ in range(6):
            store.record(CHANGES[0], "s")
        truth = full(store, "s")
    monkeypatch.setitem(snapshots._CODE, GAME, "other release")
    with Sessions(tmp_path) as store:
        # the old row is skipped (it is valid for other code): a full replay, then a snapshot of ours
        same(store.replay(store.get("s")), truth)
        codes = [r[0] for r in store.con.execute("SELECT code FROM snapshots ORDER BY seq")]
        assert "other release" in codes and len(set(codes)) == 2


def test_a_long_log_opens_from_the_snapshot_with_the_same_state(tmp_path):
    with Sessions(tmp_path) as store:
        store.new(GAME, PLAYERS, "long")
        store.record(CHANGES[0], "long")
        session = store.get("long")
        with store.transaction() as con:  # a log written without snapshots (an older companion)
            for seq in range(2, 301):
                con.execute("INSERT INTO events (session_id, seq, at, kind, verb, args) VALUES (?, ?, '', 'change', ?, ?)",
                            (session.id, seq, "coins", json.dumps(["Ann", "+1"])))
        first = store.replay(session)
        assert snapshot_rows(store)[-1][0] == 300  # the full replay wrote one
        same(store.replay(session), first)
        same(first, full(store, "long"))


def test_the_replay_kept_in_memory_follows_other_terminals_and_is_dropped_when_the_log_differs(tmp_path):
    with Sessions(tmp_path) as shell, Sessions(tmp_path) as other:
        shell.new(GAME, PLAYERS, "s")
        for n in range(3):
            shell.record(CHANGES[n % 2], "s")
        kept = shell.replay(shell.get("s"))
        assert shell.replays  # the shell's Sessions keeps its last replay
        # another terminal: changes and an undo; the shell's next command sees them
        for n in range(4):
            other.record(CHANGES[1], "s")
        other.undo(2, "s")
        same(shell.replay(shell.get("s")), full(other, "s"))
        assert shell.replay(shell.get("s")).state != kept.state
        # the last event rewritten under the kept replay: it is not used
        last = shell.replays[shell.get("s").id].snap.seq
        _tamper(other, "UPDATE events SET kind = 'change', verb = 'coins', args = ?, count = 1 WHERE seq = ?",
                (json.dumps(["Ann", "+1"]), last))
        truth = full(other, "s")
        assert truth.state != shell.replays[shell.get("s").id].snap.state
        same(shell.replay(shell.get("s")), truth)


def test_undo_and_redo_name_the_changes_they_moved_when_the_stacks_come_from_a_snapshot(tmp_path):
    with Sessions(tmp_path) as store:
        store.new(GAME, PLAYERS, "s")
        for n in range(8):
            store.record(CHANGES[n % 2], "s")
    with Sessions(tmp_path) as store:  # fresh: the stacks come from the snapshot at 5 (seqs only)
        labels = [e.label for e in full(store, "s").applied][::-1]
        assert store.undo(3, "s").undone == labels[:3]
    with Sessions(tmp_path) as store:
        assert store.undo(2, "s", redo=True).undone == labels[2:0:-1]
