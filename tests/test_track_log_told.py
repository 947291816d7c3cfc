"""Issue 21: the log says who did it. `track log` names the player of every play and change and marks
where a round began and what it set off; `--json` carries the same; `track undo --json` says what
it took back; `track watch` names who made the last change. Real `companion` processes."""
from __future__ import annotations

import json
import re

from tests.table_cli import ok, table_env


def _env(home) -> dict:
    return table_env(home, 100)


def _catopomp_round(env) -> None:
    """Ann leads, Ben passes, Ann clears: Ben is left holding cards, loses a gem, round 2 begins."""
    ok(env, "track", "new", "catopomp", "--players", "Ann,Ben", "--option", "start=ann")
    ok(env, "track", "dice", "1", "2", "3", "4")
    ok(env, "play", "heaven 1 then hell 2")
    ok(env, "play", "pass")
    ok(env, "track", "cleared", "ann", "--overrule")  # the sketch records no play from her Hell Domain


def test_the_log_names_who_played_and_marks_the_new_round(home):
    env = _env(home)
    _catopomp_round(env)
    entries = json.loads(ok(env, "track", "log", "--json"))["entries"]
    assert [e["by"] for e in entries] == ["table", "Ann", "Ben", "Ann"]
    last = entries[-1]
    assert last["marks"] == ["round 2 begins"]
    assert any("Ben is the last player holding cards and loses a soul gem" in t for t in last["triggered"])
    lines = ok(env, "track", "log").splitlines()
    changes = [line for line in lines if re.match(r"\s*\d+\s", line)]
    assert [re.split(r"\s{2,}", line.strip())[2].split(":")[0] for line in changes] == ["table", "Ann", "Ben", "Ann"]
    assert "play pass" in changes[2] and "Ben: play pass" in changes[2]
    assert any("-- round 2 begins --" in line for line in lines)
    assert any("loses a soul gem" in line for line in lines)


def test_undo_says_what_it_took_back_and_who_made_it(home):
    env = _env(home)
    _catopomp_round(env)
    doc = json.loads(ok(env, "track", "undo", "--json"))
    assert doc["change"] == "undo 1" and doc["undone"] == ["Ann: cleared Ann  (overruled)"]  # who made it, always (issue 48)
    doc = json.loads(ok(env, "track", "undo", "--json"))
    assert doc["undone"] == ["Ben: play pass"]  # a play says who made it
    assert ok(env, "track", "redo").startswith("redid: Ben: play pass")
    log = ok(env, "track", "log")
    assert "undo 1: took back Ann: cleared Ann" in log and "undo 1: took back Ben: play pass" in log
    assert "redo 1: brought back Ben: play pass" in log


def test_watch_names_who_made_the_last_change(home):
    env = _env(home)
    _catopomp_round(env)
    ok(env, "track", "undo")  # the table before Ann cleared: her play, Ben's pass
    ok(env, "track", "undo")
    screen = ok(env, "track", "watch", "--ticks", "1")
    assert "last change: undo 1" in screen
    ok(env, "play", "pass")  # Ben passes again: a play that names nobody
    screen = ok(env, "track", "watch", "--ticks", "1")
    assert "last change: Ben: play pass at" in screen


def test_a_log_told_in_parts_reads_as_the_log_told_at_once(home):
    """trackers.narrate.Narrator (what `companion serve` tells each new event with): fed the log in
    any parts, it tells every event as `tell` does in one go, undo and redo included."""
    from hypothesis import given, settings, strategies as st

    from engine import get_tracker
    from trackers.narrate import Narrator
    from trackers.secrets import labeller
    from trackers.sessions import Sessions

    env = _env(home)
    _catopomp_round(env)
    with Sessions(home / "data") as store:
        name = store.current_name()
        store.undo(2, name)
        store.undo(1, name, redo=True)
        store.record(["reserve", "ben", "3"], name, overrule=True)  # an overruled change too
        session = store.get(name)
        entries = store.entries(session)
    tracker, label = get_tracker(session.game), labeller(session.game)
    whole = {s: t.as_json() for s, t in Narrator(tracker, session, label).feed(entries).items()}  # the log at once
    assert len(whole) == len(entries) >= 7

    @settings(max_examples=25, deadline=None)
    @given(st.lists(st.integers(1, len(entries)), max_size=5))
    def told_in_parts(cuts):
        narrator, at, out = Narrator(tracker, session, label), 0, {}
        for cut in sorted(set(cuts)) + [len(entries)]:
            out.update({s: t.as_json() for s, t in narrator.feed(entries[at:cut]).items()})
            at = max(at, cut)
        assert out == whole and narrator.seq == len(entries)

    told_in_parts()
