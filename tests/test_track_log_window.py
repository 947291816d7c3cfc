"""Issue 25: `track log` shows the newest entries (50 unless --last N / --all), so its cost at a long
session is that of the window, not of printing every event. A window tells each entry exactly as
the whole log tells it (who made it, marks, what it set off, undo/redo across the window's edge,
which changes stand), for every game and every window size."""
from __future__ import annotations

import json
import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

import pytest

from tests.table_cli import ok, table_env
from tests.conftest import run_companion
from tests.test_snapshots import GAMES, OPS, SCALE, every, played, run
from trackers.narrate import tell_log
from trackers.sessions import Sessions


def windows_agree(store: Sessions, name: str) -> int:
    """Every window of the log tells its entries as the whole log does; how many windows started
    from a snapshot (trackers/snapshots.before) rather than from the new table."""
    session = store.get(name)
    whole = tell_log(store, session)
    assert [e.seq for e in whole.entries] == list(range(1, whole.total + 1))
    assert whole.applied == set(store.replay(session).applied.seqs())
    from_snapshot = 0
    for last in range(1, whole.total + 2):
        from_snapshot += store.log_from(session, last)[0] is not None
        window = tell_log(store, session, last=last)
        assert window.entries == whole.entries[-last:]
        assert window.total == whole.total
        assert window.applied == whole.applied
        assert window.told == {e.seq: whole.told[e.seq] for e in window.entries}
    return from_snapshot


@settings(max_examples=20 * SCALE, deadline=None, derandomize=True)
@given(st.sampled_from(sorted(GAMES)), st.lists(OPS, min_size=1, max_size=25), st.integers(2, 5))
def test_a_window_tells_its_entries_as_the_whole_log_does(game, ops, n):
    with tempfile.TemporaryDirectory() as tmp, every(n):
        played(Path(tmp), game, ops)
        with Sessions(Path(tmp)) as fresh:  # a new command: the snapshots, no kept replay
            windows_agree(fresh, "s")


def test_a_window_starts_from_a_snapshot_and_redoes_changes_undone_under_it():
    """A snapshot taken at an undo (its redo stack full), the redo and a change after it in the window."""
    players, options, changes = GAMES["cataclysm-arcade"]
    ops = [("change", n, False) for n in range(8)] + [("undo", 2, False), ("redo", 1, False), ("change", 0, False)]
    with tempfile.TemporaryDirectory() as tmp, every(3):
        with Sessions(Path(tmp)) as store:
            store.new("cataclysm-arcade", players, "s", options)
            run(store, "s", changes, ops)
        with Sessions(Path(tmp)) as fresh:
            read = []
            looked_up = fresh.lookup
            fresh.lookup = lambda session, seqs: read.append(seqs) or looked_up(session, seqs)
            assert windows_agree(fresh, "s") > 0
            assert [7] in read  # the redone change, read from under the snapshot at the undo


def test_undo_and_redo_reaching_before_the_window_say_who_made_what():
    """Ann's and Ben's changes before the window, taken back and brought back inside it."""
    with tempfile.TemporaryDirectory() as tmp, Sessions(Path(tmp)) as store:
        store.new("cataclysm-arcade", ["Ann", "Ben"], "s")
        store.record(["coins", "ann", "+1"], "s")
        store.record(["coins", "ben", "+2"], "s")
        store.undo(2, "s")
        store.undo(1, "s", redo=True)
        window = tell_log(store, store.get("s"), last=2)
        assert [window.told[e.seq].text for e in window.entries] == [
            "undo 2: took back Ben: coins Ben +2; Ann: coins Ann +1",
            "redo 1: brought back Ann: coins Ann +1"]
        assert window.applied == {1} and window.total == 4


@pytest.mark.installed
def test_the_log_shows_the_newest_fifty_unless_asked_for_more(home):
    env = table_env(home)
    ok(env, "track", "new", "cataclysm-arcade", "--players", "Ann,Ben")
    ok(env, "track", "coins", "ann", "+1")
    with Sessions(Path(home) / "data") as store:
        store.repeat_last(store.get(None).name, 60)
    numbered = lambda text: [int(line.split()[0]) for line in text.splitlines() if line.split()[0].isdigit()]
    shown = ok(env, "track", "log")
    assert shown.splitlines()[0].startswith("the newest 50 of 60 entries")
    assert numbered(shown) == list(range(11, 61))
    assert numbered(ok(env, "track", "log", "--last", "3")) == [58, 59, 60]
    every = ok(env, "track", "log", "--all")
    assert numbered(every) == list(range(1, 61)) and "the newest" not in every
    doc = json.loads(ok(env, "track", "log", "--json", "--last", "2"))
    assert doc["total"] == 60 and [e["seq"] for e in doc["entries"]] == [59, 60]
    assert len(json.loads(ok(env, "track", "log", "--json"))["entries"]) == 50  # the text view's window
    assert len(json.loads(ok(env, "track", "log", "--json", "--all"))["entries"]) == 60
    refused = run_companion("track", "log", "--last", "0", env=env)
    assert refused.returncode == 2 and "--last" in refused.stderr and "Traceback" not in refused.stderr
