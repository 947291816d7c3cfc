"""Issue 49 item 8: `track log --json` has the text view's window (the newest 50) and pages back
with `--before N` and `--limit N`; a page tells its entries exactly as the whole log tells them
(who made each, marks, undo/redo across its edges, which changes stand now)."""
from __future__ import annotations

import json
import tempfile
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.test_snapshots import GAMES, OPS, SCALE, every, played
from trackers.narrate import tell_log
from trackers.sessions import Sessions


def pages_agree(store: Sessions, name: str) -> None:
    session = store.get(name)
    whole = tell_log(store, session)
    for before in range(1, whole.total + 3):
        for last in (None, 1, 2, 5):
            page = tell_log(store, session, last=last, before=before)
            end = min(whole.total, before - 1)
            assert page.entries == whole.entries[(0 if last is None else max(0, end - last)):end], (before, last)
            assert page.total == whole.total and page.applied == whole.applied
            assert page.told == {e.seq: whole.told[e.seq] for e in page.entries}


@settings(max_examples=8 * SCALE, deadline=None, derandomize=True)
@given(st.sampled_from(sorted(GAMES)), st.lists(OPS, min_size=1, max_size=16), st.integers(2, 5))
def test_a_page_tells_its_entries_as_the_whole_log_does(game, ops, n):
    with tempfile.TemporaryDirectory() as tmp, every(n):
        played(Path(tmp), game, ops)
        with Sessions(Path(tmp)) as fresh:  # a new command: the snapshots, no kept replay
            pages_agree(fresh, "s")


def test_the_json_log_has_the_text_window_and_pages_back(home, cli):
    assert cli("track", "new", "cataclysm-arcade", "--players", "Ann,Ben", "--name", "t").exit_code == 0
    assert cli("track", "coins", "ann", "+1").exit_code == 0
    with Sessions(home / "data") as store:
        store.repeat_last("t", 120)
    newest = json.loads(cli("track", "log", "--json").stdout)  # main: all 120
    assert newest["total"] == 120 and [e["seq"] for e in newest["entries"]] == list(range(71, 121))
    assert newest["next_before"] == 71
    page = json.loads(cli("track", "log", "--json", "--before", "71", "--limit", "30").stdout)
    assert [e["seq"] for e in page["entries"]] == list(range(41, 71)) and page["next_before"] == 41
    first = json.loads(cli("track", "log", "--json", "--before", "3").stdout)
    assert [e["seq"] for e in first["entries"]] == [1, 2] and first["next_before"] is None
    assert len(json.loads(cli("track", "log", "--json", "--all").stdout)["entries"]) == 120
    text = cli("track", "log", "--before", "71", "--limit", "5").stdout
    assert text.splitlines()[0] == "entries 66 to 70 of 120; --before 66 for older"
    assert cli("track", "log", "--before", "0").exit_code == 2
