"""`track export` replays from the newest snapshot this code made (trackers/snapshots.replayed), not
from the first event: the file is byte for byte the one a whole replay gives, for every game, with
undo and redo; a snapshot made by other code (an upgrade) is passed over, so a change the new rules
no longer take cuts the export where a whole replay does. The export's layout (one event a line) and
`track import` of both layouts (issue 25)."""
from __future__ import annotations

import json
import shutil
import sqlite3
import tempfile
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import get_tracker
from tests.test_snapshots import GAMES, OPS, SCALE, every, played, same, snapshot_rows
from trackers import log, snapshots
from trackers.log import replay
from trackers.sessions import Sessions
def without_snapshots(data: Path, where: Path) -> Path:
    """A copy of the data folder with every snapshot row deleted: its export replays the whole log."""
    shutil.copytree(data, where)
    con = sqlite3.connect(where / "sessions.sqlite3")
    with con:
        con.execute("DELETE FROM snapshots")
    con.close()
    return where


@contextmanager
def counting(owner, name: str):
    """owner.name wrapped so that its calls are counted (the list of their arguments)."""
    calls, kept = [], getattr(owner, name)

    def counted(*args, **kw):
        calls.append(args)
        return kept(*args, **kw)

    setattr(owner, name, counted)
    try:
        yield calls
    finally:
        setattr(owner, name, kept)


EVERY_GAME = pytest.mark.parametrize("game", sorted(GAMES))
LOGS = given(ops=st.lists(OPS, min_size=1, max_size=30), n=st.integers(2, 6))


@EVERY_GAME
@settings(max_examples=6 * SCALE, deadline=None, derandomize=True)
@LOGS
def test_an_export_from_a_snapshot_is_the_whole_replays_export_byte_for_byte(game, ops, n):
    with tempfile.TemporaryDirectory() as tmp, every(n):
        tmp = Path(tmp)
        played(tmp / "data", game, ops)
        whole = without_snapshots(tmp / "data", tmp / "whole")
        with counting(snapshots, "replay") as wholes:
            with Sessions(tmp / "data") as s:  # a new command, as `track export` runs
                doc = s.export("s", tmp / "from-snapshot.json")
            with Sessions(whole) as s:
                assert s.export("s", tmp / "whole.json") == doc
        assert (tmp / "from-snapshot.json").read_bytes() == (tmp / "whole.json").read_bytes()
        assert json.loads((tmp / "whole.json").read_text(encoding="utf-8"))["events"] == doc["events"]
        if snapshot_rows(tmp / "data") and all(op == "change" for op, *_ in ops):
            assert len(wholes) == 1  # only the copy without snapshots replayed the whole log


def test_an_upgrade_that_refuses_an_old_change_cuts_the_export_as_a_whole_replay_does(tmp_path, monkeypatch):
    """Snapshots at events 5 and 10 were made by the old code; the new code (another digest) no longer
    takes event 3. The export passes the old snapshots over and stops before event 3. With the old
    digest the snapshot at 10 would have vouched for event 3: the digest is what tells them apart."""
    with every(5), Sessions(tmp_path / "data") as s:
        s.new("cataclysm-arcade", ["Ann", "Ben"], "s")
        for n in range(12):
            s.record(["coins", "ben", "+2"] if n == 2 else ["coins", "ann", "+1"], "s")
    assert [r[0] for r in snapshot_rows(tmp_path / "data")] == [5, 10]
    stepped = log.step_logged

    def new_rules(game, state, verb, args, overruled=False, checked=True):
        if tuple(args) == ("Ben", "+2"):
            raise ValueError("no longer a legal amount")
        return stepped(game, state, verb, args, overruled, checked)

    monkeypatch.setattr(log, "step_logged", new_rules)
    with Sessions(tmp_path / "data") as s:
        assert "damaged_at" not in s.export("s", tmp_path / "old-code.json")  # the same digest: trusted
    monkeypatch.setattr(snapshots, "code_key", lambda tracker: "another release")
    with Sessions(tmp_path / "data") as s:
        doc = s.export("s", tmp_path / "new-code.json", partial=True)
    assert doc["damaged_at"] == 3 and [e["seq"] for e in doc["events"]] == [1, 2]
    assert [r[0] for r in snapshot_rows(tmp_path / "data")] == [5, 10]  # passed over, not deleted


def test_the_export_writes_one_event_a_line_and_import_reads_the_older_layouts(tmp_path):
    """The layout: the top level one field a line, each event one line. `track import` reads the
    file as JSON, so the layout written before issue 25 (json's indent=1) and a one-line file load
    the same session."""
    with every(5), Sessions(tmp_path / "data") as s:
        s.new("catastrophe", ["Ann", "Ben"], "s")
        for words in (["lives", "ann", "-1"], ["draw", "ann", "2"], ["lives", "ben", "+1"], ["yarn", "ann", "-1"]):
            s.record(words, "s")
        s.undo(2, "s")
        s.undo(1, "s", redo=True)
        doc = s.export("s", tmp_path / "new.json")
        text = (tmp_path / "new.json").read_text(encoding="utf-8")
        lines = text.splitlines()
        assert lines[0] == "{" and lines[-1] == "}" and text.endswith("}\n")
        events = [json.loads(line.rstrip(",")) for line in lines if line.startswith('  {"seq": ')]
        assert events == doc["events"] and len(events) == 6
        assert json.loads(text) == {k: v for k, v in doc.items()}
        old = {k: v for k, v in doc.items()}
        (tmp_path / "old.json").write_text(json.dumps(old, ensure_ascii=False, indent=1), encoding="utf-8")
        (tmp_path / "flat.json").write_text(json.dumps(old), encoding="utf-8")
        truth = s.replay(s.get("s"))
        for name in ("new", "old", "flat"):
            s.import_(tmp_path / f"{name}.json", name)
            with Sessions(tmp_path / "data") as fresh:
                same(fresh.replay(fresh.get(name)), truth)


def test_an_export_with_no_events_is_one_field_a_line(tmp_path):
    with Sessions(tmp_path / "data") as s:
        s.new("theseus", ["Ann", "Ben"], "s")
        doc = s.export("s", tmp_path / "s.json")
    text = (tmp_path / "s.json").read_text(encoding="utf-8")
    assert ' "events": []\n}\n' in text and json.loads(text) == doc
    assert len(text.splitlines()) == len(doc) + 2


@EVERY_GAME
@settings(max_examples=6 * SCALE, deadline=None, derandomize=True)
@LOGS
def test_an_import_keeps_its_checks_replay_and_it_is_the_whole_replay(game, ops, n):
    """`track import` steps every event through the rules once (trackers/imports.check_log) and hands
    that replay on (the kept replay, and a snapshot past EVERY events) instead of replaying the log a
    second time: it equals a whole replay of the imported log, for every game, undo and redo."""
    with tempfile.TemporaryDirectory() as tmp, every(n):
        tmp = Path(tmp)
        played(tmp / "data", game, ops)
        with Sessions(tmp / "data") as s:
            s.export("s", tmp / "s.json")
            with counting(Sessions, "_full_replay") as wholes:
                result = s.import_(tmp / "s.json", "copy")
            assert wholes == []
            session = s.get("copy")
            truth = replay(get_tracker(game), session, s.entries(session))
            same(s.replay(session), truth)
            assert result.state == truth.state
        with Sessions(tmp / "data") as fresh:  # a new command: from the import's snapshot, if any
            same(fresh.replay(fresh.get("copy")), truth)
