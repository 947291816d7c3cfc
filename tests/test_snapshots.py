"""Session snapshots (trackers/snapshots.py): the state from a snapshot plus the events after it
equals a full replay of the verified log, for every game, with undo/redo across snapshots, plays,
overruled changes and imports; a snapshot that does not check out is deleted and rebuilt."""
from __future__ import annotations

import json
import os
import sqlite3
import tempfile
from contextlib import contextmanager
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import get_tracker
from trackers import snapshots, store
from trackers.errors import DamagedLog, TrackerError
from trackers.log import replay
from trackers.sessions import Sessions
from tests.games import game_data, per_game

SCALE = int(os.environ.get("COMPANION_PROPERTY_SCALE", "1"))

# per game: players, options, and changes the tracker takes (some refused at times: then overruled):
# each game's own test data, tests/games/<game>.toml [snapshot]
GAMES = {g: (t["players"], t["options"], t["changes"]) for g, t in per_game("snapshot").items()}
OPS = st.one_of(
    st.tuples(st.just("change"), st.integers(0, 4), st.booleans()),
    st.tuples(st.just("undo"), st.integers(1, 5), st.just(False)),
    st.tuples(st.just("redo"), st.integers(1, 3), st.just(False)),
)


@contextmanager
def every(n: int):
    """Snapshots every n events, so short logs cross several of them."""
    old = snapshots.EVERY
    snapshots.EVERY = n
    try:
        yield
    finally:
        snapshots.EVERY = old


@pytest.fixture
def small_every():
    with every(5):
        yield


def full(store_: Sessions, name: str):
    """The whole verified log replayed (no snapshot, no kept replay)."""
    session = store_.get(name)
    return replay(get_tracker(session.game), session, store_.entries(session))


def opened(data: Path, name: str, used: list | None = None):
    """What a new command sees: a fresh Sessions, so a snapshot (not a kept replay) is used; `used`
    gets the seq each open started from (None: the whole log)."""
    load = snapshots.load

    def spy(*args, **kw):
        found = load(*args, **kw)
        if used is not None:
            used.append(found and found[1])
        return found

    snapshots.load = spy
    try:
        with Sessions(data) as fresh:
            return fresh.replay(fresh.get(name))
    finally:
        snapshots.load = load


def same(a, b) -> None:
    # the state's key order too: `track show --json` is a contract, with or without a snapshot
    assert json.dumps(a.state.model_dump(mode="json")) == json.dumps(b.state.model_dump(mode="json"))
    assert a.state == b.state
    assert a.applied.runs == b.applied.runs
    assert a.redo.runs == b.redo.runs
    assert a.seq == b.seq


def snapshot_rows(data: Path) -> list[tuple]:
    con = sqlite3.connect(data / "sessions.sqlite3")
    try:
        return con.execute("SELECT seq, state, applied, check_digest FROM snapshots ORDER BY seq").fetchall()
    finally:
        con.close()


def run(store_: Sessions, name: str, changes: list, ops) -> None:
    for op, n, overrule in ops:
        try:
            if op == "change":
                store_.record(changes[n % len(changes)], name, overrule=overrule)
            else:
                store_.undo(n, name, redo=op == "redo")
        except TrackerError:
            pass  # refused, or nothing to undo: nothing is logged


def played(data: Path, game: str, ops) -> None:
    """Session "s" of `game` in `data`, through the changes, undos and redos `ops` (refusals skipped)."""
    players, options, changes = GAMES[game]
    with Sessions(data) as s:
        s.new(game, players, "s", options)
        run(s, "s", changes, ops)


@settings(max_examples=15 * SCALE, deadline=None, derandomize=True)
@given(st.sampled_from(sorted(GAMES)), st.lists(OPS, min_size=1, max_size=30), st.integers(2, 6))
def test_snapshot_plus_tail_equals_a_full_replay(game, ops, n):
    players, options, changes = GAMES[game]
    with tempfile.TemporaryDirectory() as tmp, every(n):
        data = Path(tmp)
        with Sessions(data) as store_:
            store_.new(game, players, "s", options)
            run(store_, "s", changes, ops)
            truth = full(store_, "s")
            same(store_.replay(store_.get("s")), truth)  # the replay this process kept, moved on
            length = store_.con.execute("SELECT length FROM sessions").fetchone()[0]
        used: list = []
        same(opened(data, "s", used), truth)  # a new command: the newest snapshot plus the tail
        rows = snapshot_rows(data)
        assert (rows != []) == (length >= n)
        assert all(seq <= length for seq, *_ in rows) and len(rows) <= snapshots.KEEP
        if rows and all(op == "change" for op, *_ in ops):  # no undo to reach below it: it was used
            assert used == [rows[-1][0]]


def test_a_snapshot_is_written_every_n_events_in_the_events_transaction(tmp_path, small_every):
    with Sessions(tmp_path) as s:
        s.new("cataclysm-arcade", ["Ann", "Ben"], "s")
        for _ in range(12):
            s.record(["coins", "ann", "+1"], "s")
    assert [r[0] for r in snapshot_rows(tmp_path)] == [5, 10]
    with Sessions(tmp_path) as s:
        same(opened(tmp_path, "s"), full(s, "s"))


def test_an_open_from_a_snapshot_does_not_read_the_events_under_it(tmp_path, small_every):
    """Proof that the snapshot is used, and the documented limit: an event under it damaged in place
    (its digest left alone) is reported by the commands that read the whole log, not by an open."""
    with Sessions(tmp_path) as s:
        s.new("cataclysm-arcade", ["Ann", "Ben"], "s")
        for _ in range(11):
            s.record(["coins", "ann", "+1"], "s")
        truth = full(s, "s")
        with s.transaction() as con:
            con.execute("UPDATE events SET args = '[\"Ann\", \"+5\"]' WHERE seq = 2")
    same(opened(tmp_path, "s"), truth)
    with Sessions(tmp_path) as s, pytest.raises(DamagedLog) as err:
        s.entries(s.get("s"))
    assert err.value.args and "event 2" in str(err.value)


def tamper(data: Path, sql: str, params: tuple = ()) -> None:
    with Sessions(data) as s, s.transaction() as con:
        con.execute(sql, params)


def forge(data: Path, seq: int, key: bytes | None = None, **fields) -> None:
    """Change a snapshot row and sign it again with the installation's key (or `key`), so only the
    ledger anchor can tell."""
    from trackers import keys, ledger

    con = sqlite3.connect(data / "sessions.sqlite3")
    row = dict(zip(("link", "code", "state", "applied", "redo"), con.execute(
        "SELECT link, code, state, applied, redo FROM snapshots WHERE seq = ?", (seq,)).fetchone()))
    row.update(fields)
    game, players, options, created = con.execute("SELECT game, players, options, created FROM sessions").fetchone()
    origin = ledger.genesis(game, json.loads(players), json.loads(options), created)
    check = snapshots._check(key or keys.key(data, create=False), row["code"], origin, seq, row["link"],
                             row["state"], row["applied"], row["redo"])
    con.execute("UPDATE snapshots SET link = ?, state = ?, applied = ?, check_digest = ? WHERE seq = ?",
                (row["link"], row["state"], row["applied"], check, seq))
    con.commit()
    con.close()


@pytest.mark.parametrize("damage", ["state", "stack", "garbage", "link", "rechained-log", "beyond-log"])
def test_a_damaged_snapshot_is_detected_deleted_and_rebuilt(tmp_path, small_every, damage):
    with Sessions(tmp_path) as s:
        s.new("cataclysm-arcade", ["Ann", "Ben"], "s")
        for n in range(7):
            s.record(["coins", "ben" if n % 2 else "ann", "+2"], "s")
        truth = full(s, "s")
    seq, state, _applied, _check = snapshot_rows(tmp_path)[-1]
    assert seq == 5
    if damage == "state":  # one number changed, the row digest left as it was
        doc = json.loads(state)
        doc["players"][0]["coins"] += 5
        tamper(tmp_path, "UPDATE snapshots SET state = ? WHERE seq = ?", (json.dumps(doc), seq))
    elif damage == "stack":
        tamper(tmp_path, "UPDATE snapshots SET applied = '[[1,4]]' WHERE seq = ?", (seq,))
    elif damage == "garbage":
        tamper(tmp_path, "UPDATE snapshots SET state = 'not json', check_digest = 'x' WHERE seq = ?", (seq,))
    elif damage == "link":  # a coherent row whose anchor is not the ledger's event 5
        forge(tmp_path, seq, link="0" * 64)
    elif damage == "beyond-log":  # a row past the log's end (as if the log had been cut)
        forge(tmp_path, seq, state=state)
        tamper(tmp_path, "UPDATE snapshots SET seq = 99 WHERE seq = ?", (seq,))
    else:  # the log rewritten under the snapshot and chained anew: the ledger checks, the anchor does not
        from trackers import ledger

        with Sessions(tmp_path) as s:
            session = s.get("s")
            entries = s.entries(session)
            entries[2].args = ("Ann", "+9")
            prev = ledger.genesis(session.game, session.players, session.options, session.created)
            with s.transaction() as con:
                for e in entries:
                    e.digest = prev = ledger.entry_link(prev, e)
                    con.execute("UPDATE events SET args = ?, digest = ? WHERE seq = ?",
                                (json.dumps(list(e.args)), e.digest, e.seq))
                con.execute("UPDATE sessions SET head = ?", (prev,))
            truth = full(s, "s")
    same(opened(tmp_path, "s"), truth)  # the bad row is not used ...
    rows = snapshot_rows(tmp_path)  # ... it was deleted, and a fresh one written at the log's end
    assert [r[0] for r in rows] == [7]
    same(opened(tmp_path, "s"), truth)


def test_a_damaged_tail_after_a_snapshot_is_reported_as_damage(tmp_path, small_every):
    with Sessions(tmp_path) as s:
        s.new("cataclysm-arcade", ["Ann", "Ben"], "s")
        for _ in range(8):
            s.record(["coins", "ann", "+1"], "s")
    tamper(tmp_path, "UPDATE events SET args = '[\"Ann\", \"+7\"]' WHERE seq = 7")
    with Sessions(tmp_path) as s, pytest.raises(DamagedLog) as err:
        s.show("s")
    assert "event 7" in str(err.value)


def test_a_snapshot_from_other_code_is_not_used(tmp_path, small_every, monkeypatch):
    with Sessions(tmp_path) as s:
        s.new("cataclysm-arcade", ["Ann", "Ben"], "s")
        for _ in range(6):
            s.record(["coins", "ann", "+1"], "s")
        truth = full(s, "s")
    ours = snapshots.code_key(get_tracker("cataclysm-arcade"))
    monkeypatch.setitem(snapshots._CODE, "cataclysm-arcade", "another release")
    same(opened(tmp_path, "s"), truth)
    with Sessions(tmp_path) as s:
        codes = [r[0] for r in s.con.execute("SELECT code FROM snapshots ORDER BY seq")]
    assert codes == [ours, "another release"]


def test_undo_and_redo_across_snapshots_give_the_full_replays_stacks(tmp_path, small_every):
    game = next(iter(GAMES))  # any game: the first of the games' snapshot data
    players, options, changes = GAMES[game]
    with Sessions(tmp_path) as s:
        s.new(game, players, "s", options)
        for n in range(13):
            s.record(changes[n % len(changes)], "s", overrule=True)
        labels = {e.seq: e.label for e in s.entries(s.get("s"))}
    steps = [(2, False), (6, False), (3, True), (7, False), (1, True), (5, True)]
    for n, redo in steps:  # each a new command, as from the CLI
        with Sessions(tmp_path) as s:
            before = full(s, "s")
            result = s.undo(n, "s", redo=redo)
            truth = full(s, "s")
            moved = before.redo.top(n)[::-1] if redo else before.applied.top(n)[::-1]
            assert [u.partition(": ")[2] for u in result.undone] == [labels[q] for q in moved] and len(moved) == n
            assert result.state == truth.state
        same(opened(tmp_path, "s"), truth)
    with Sessions(tmp_path) as s:  # a change after undo clears the redo stack, from a snapshot too
        s.record(changes[0], "s")
        truth = full(s, "s")
        assert len(truth.redo) == 0
    same(opened(tmp_path, "s"), truth)


def test_export_and_import_of_a_snapshotted_session(tmp_path, small_every):
    data = tmp_path / "data"
    with Sessions(data) as s:
        s.new("cataclysm-arcade", ["Ann", "Ben"], "s")
        for n in range(17):
            s.record(["coins", "ann", "spend", "1"] if n % 4 == 3 else ["coins", "ben", "+1"], "s", overrule=True)
        s.undo(3, "s")
        doc = s.export("s", tmp_path / "s.json")
        assert [e["seq"] for e in doc["events"]] == list(range(1, 19))
        s.import_(tmp_path / "s.json", "copy")
        same(full(s, "copy"), full(s, "s"))
    assert len(snapshot_rows(data)) >= 2  # the import's first open wrote one for the copy
    same(opened(data, "copy"), opened(data, "s"))


@pytest.mark.parametrize("game", per_game("seeded_game"))
def test_plays_across_snapshots(cli, home, small_every, game):
    """Part of a whole seeded game typed at the table (plays and tracker entries), then undo and redo
    reaching below snapshots: every new command's open equals the full replay. The games with a seeded
    game of their own (tests/games/<game>.toml `seeded_game`)."""
    import importlib

    seeded = game_data(game)["seeded_game"]
    table_game = importlib.import_module(seeded["module"]).table_game
    if "new" in seeded:
        assert cli(*seeded["new"]).exit_code == 0
    plays = 0
    for step, (kind, what, _t) in enumerate(table_game(1)):
        if step >= 40:
            break
        result = cli("track", *what) if kind == "track" else cli("play", what)
        plays += kind == "play"
        assert result.exit_code == 0, (kind, what, result.output)
    assert plays > 20
    from companion import paths

    data = paths.data_dir()
    with Sessions(data) as s:
        name = s.get().name
        same(opened(data, name), full(s, name))
    for args in (["undo", "8"], ["redo", "3"], ["undo", "12"], ["redo", "12"]):
        assert cli("track", *args).exit_code == 0, args
        with Sessions(data) as s:
            same(opened(data, name), full(s, name))
    assert len(snapshot_rows(data)) >= 2


def test_a_schema_2_file_upgrades(tmp_path):
    with Sessions(tmp_path) as s:
        s.new("cataclysm-arcade", ["Ann", "Ben"], "s")
        s.record(["coins", "ann", "+1"], "s")
    con = sqlite3.connect(tmp_path / "sessions.sqlite3")
    con.execute("DROP TABLE snapshots")
    con.execute("PRAGMA user_version=2")
    con.commit()
    con.close()
    with Sessions(tmp_path) as s:
        assert s.con.execute("PRAGMA user_version").fetchone()[0] == store.SCHEMA_VERSION == 4
        assert s.show("s").state == full(s, "s").state


def test_the_integrity_check_runs_on_a_file_changed_behind_our_back(tmp_path):
    """A commit of ours keeps the marker current (no whole-file read at the next command); a file
    changed by anything else is checked at its next opening, and damage is refused."""
    with Sessions(tmp_path) as s:
        s.new("cataclysm-arcade", ["Ann", "Ben"], "s")
        for _ in range(30):
            s.record(["coins", "ann", "+1"], "s")
    path = tmp_path / "sessions.sqlite3"
    assert store.checked(path)
    con = sqlite3.connect(path)
    root, = con.execute("SELECT rootpage FROM sqlite_master WHERE name = 'events'").fetchone()
    size, = con.execute("PRAGMA page_size").fetchone()
    con.close()
    raw = bytearray(path.read_bytes())
    raw[(root - 1) * size] = 0  # the events table's root page: no valid page type any more
    path.write_bytes(bytes(raw))
    assert not store.checked(path)
    from trackers.errors import StoreError

    with pytest.raises(StoreError):
        Sessions(tmp_path)


def test_a_read_never_waits_or_fails_for_a_snapshot_it_cannot_write(tmp_path, small_every):
    with Sessions(tmp_path) as s:
        s.new("cataclysm-arcade", ["Ann", "Ben"], "s")
        s.record(["coins", "ann", "+1"], "s")
        s.repeat_last("s", 40)  # written in one go, as by an older companion: no snapshot yet
        truth = full(s, "s")
    assert snapshot_rows(tmp_path) == []
    writer = sqlite3.connect(tmp_path / "sessions.sqlite3", isolation_level=None)
    writer.execute("BEGIN IMMEDIATE")  # another terminal holds the write lock
    try:
        with Sessions(tmp_path) as s:
            assert s.show("s").state == truth.state  # the read goes on; the snapshot is left for later
    finally:
        writer.execute("ROLLBACK")
        writer.close()
    assert snapshot_rows(tmp_path) == []
    same(opened(tmp_path, "s"), truth)  # the file free again: the next read writes it
    assert [r[0] for r in snapshot_rows(tmp_path)] == [40]


def test_the_last_entry_is_the_logs_last_event_read_alone(tmp_path):
    """`track watch` names the last change from last_entry(), not from the whole log."""
    with Sessions(tmp_path) as s:
        s.new("cataclysm-arcade", ["Ann", "Ben"], "s")
        session = s.get("s")
        assert s.last_entry(session) is None
        for n in range(1, 6):
            s.record(["coins", "ann", f"+{n}"], "s")
            assert s.last_entry(session) == s.entries(session)[-1]
            assert s.last_entry(session).args[-1] == f"+{n}"
        s.undo(1, "s")
        assert s.last_entry(session) == s.entries(session)[-1] and s.last_entry(session).kind != "change"


# -- issue 19: what an open from a snapshot checks ------------------------------------------

def events(data: Path) -> int:
    con = sqlite3.connect(data / "sessions.sqlite3")
    try:
        return con.execute("SELECT count(*) FROM events").fetchone()[0]
    finally:
        con.close()


def rechain(s: Sessions, name: str, edit) -> None:
    """Rewrite the log through `edit(entries)` and chain every link anew (as a careful forger
    would), through a companion connection, so only what replays the log can tell."""
    from trackers import ledger

    session = s.get(name)
    entries = s.entries(session)
    edit(entries)
    prev = ledger.genesis(session.game, session.players, session.options, session.created)
    with s.transaction() as con:
        for e in entries:
            e.digest = prev = ledger.entry_link(prev, e)
            con.execute("UPDATE events SET verb = ?, args = ?, digest = ? WHERE seq = ?",
                        (e.verb, json.dumps(list(e.args)), e.digest, e.seq))
        con.execute("UPDATE sessions SET head = ?", (prev,))


@pytest.mark.parametrize("how, bad", [("in-place", 4), ("own-link-recomputed", 5)])
def test_a_redo_from_under_a_snapshot_checks_the_change_it_brings_back(tmp_path, small_every, how, bad):
    """Issue 19 items 1 and 5: the redo stack of the snapshot at event 5 holds event 4; event 4 is
    edited through a companion connection (so the opening check has nothing to go on): the redo is
    refused as damage naming the event, and nothing is written."""
    with Sessions(tmp_path) as s:
        s.new("cataclysm-arcade", ["Ann", "Ben"], "s")
        for _ in range(4):
            s.record(["coins", "ben", "+1"], "s")
        s.undo(1, "s")
        shown = s.show("s").summary
    assert [(r[0], r[2]) for r in snapshot_rows(tmp_path)] == [(5, "[[1,3]]")]
    with Sessions(tmp_path) as s:
        assert s.con.execute("SELECT redo FROM snapshots").fetchone()[0] == "[[4,4]]"
    if how == "in-place":  # "+1" -> "+9", the row's link left as it was
        tamper(tmp_path, "UPDATE events SET args = '[\"Ben\", \"+9\"]' WHERE seq = 4")
    else:  # the row's own link recomputed: the next event's link no longer follows from it
        from trackers import ledger

        with Sessions(tmp_path) as s:
            e3, e4 = s.entries(s.get("s"))[2:4]
        e4.args = ("Ben", "+9")
        tamper(tmp_path, "UPDATE events SET args = '[\"Ben\", \"+9\"]', digest = ? WHERE seq = 4",
               (ledger.entry_link(e3.digest, e4),))
    with Sessions(tmp_path) as s:
        assert s.show("s").summary == shown  # what is shown does not use event 4
        with pytest.raises(DamagedLog) as err:
            s.undo(1, "s", redo=True)
    assert f"damaged or was edited at event {bad}" in str(err.value) and "nothing was changed" in str(err.value)
    assert events(tmp_path) == 5  # the refused redo wrote nothing


def test_a_damaged_redo_row_is_refused_at_the_cli_without_a_write(home, cli):
    """The issue's reproducer: 31 changes, an undo at event 32 (the snapshot there keeps redo = [31]),
    one byte of event 31 changed by another program: every command says so, `redo` writes nothing."""
    assert cli("track", "new", "cataclysm-arcade", "--players", "Ann,Ben", "--name", "s").exit_code == 0
    with Sessions(home / "data") as s:
        for _ in range(31):
            s.record(["coins", "ben", "+1"], "s")
    assert cli("track", "undo").exit_code == 0
    db = home / "data" / "sessions.sqlite3"
    con = sqlite3.connect(db)
    assert con.execute("SELECT seq, redo FROM snapshots").fetchall() == [(32, "[[31,31]]")]
    con.execute("UPDATE events SET args = replace(args, '+1', '+9') WHERE seq = 31")
    con.commit()
    con.close()
    for args in (["show"], ["redo"], ["coins", "ann", "+1"], ["show", "--json"]):
        result = cli("track", *args)
        assert result.exit_code == 2, (args, result.output)
        assert "damaged or was edited at event 31" in result.stderr and result.stderr.count("\n") == 1
    assert events(home / "data") == 32


@pytest.mark.parametrize("column, value", [("players", '["P1", "P2", "Zed"]'), ("options", '{"competitive": "no"}'),
                                           ("created", "2020-01-01T00:00:00+00:00")])
def test_an_edited_session_row_is_noticed_from_a_snapshot(tmp_path, small_every, column, value):
    """Issue 19 item 3: the session's identity is part of each snapshot's signature, so players,
    options or creation time edited (through a companion connection) are reported as damage."""
    with Sessions(tmp_path) as s:
        s.new("catopomp", ["P1", "P2", "P3"], "s", {"competitive": "yes"})
        for _ in range(7):
            s.record(["points", "p1", "+1"], "s")
    assert [r[0] for r in snapshot_rows(tmp_path)] == [5]
    tamper(tmp_path, f"UPDATE sessions SET {column} = ?", (value,))
    with Sessions(tmp_path) as s, pytest.raises(DamagedLog) as err:
        s.show("s")
    assert "damaged or was edited at event 1" in str(err.value)


def test_a_snapshot_signed_without_this_installations_key_is_not_believed(tmp_path, small_every):
    """Issue 19 item 4: a forged row with a digest recomputed by anyone without the key is ignored,
    deleted and rebuilt from the verified log."""
    with Sessions(tmp_path) as s:
        s.new("cataclysm-arcade", ["Ann", "Ben"], "s")
        for _ in range(7):
            s.record(["coins", "ann", "+1"], "s")
        truth = full(s, "s")
    seq, state, _applied, _check = snapshot_rows(tmp_path)[-1]
    doc = json.loads(state)
    doc["players"][0]["coins"] += 50
    forge(tmp_path, seq, key=b"not the installation's key", state=json.dumps(doc))
    used: list = []
    same(opened(tmp_path, "s", used), truth)
    assert used == [None]  # the whole log was replayed
    assert [r[0] for r in snapshot_rows(tmp_path)] == [7]
    forge(tmp_path, 7, state=json.dumps(doc))  # with the key, the anchor alone cannot tell: the limit
    assert opened(tmp_path, "s").state != truth.state


def test_a_copied_sessions_file_is_replayed_in_full_once(tmp_path, small_every):
    """Another installation (another key): its snapshots are not used; the first open replays the
    verified log and signs a fresh snapshot with this installation's key."""
    here, there = tmp_path / "here", tmp_path / "there"
    with Sessions(there) as s:
        s.new("cataclysm-arcade", ["Ann", "Ben"], "s")
        for _ in range(7):
            s.record(["coins", "ann", "+1"], "s")
        truth = full(s, "s")
    here.mkdir()
    (here / "sessions.sqlite3").write_bytes((there / "sessions.sqlite3").read_bytes())
    used: list = []
    same(opened(here, "s", used), truth)
    same(opened(here, "s", used), truth)
    assert used == [None, 7]
    from trackers import keys

    assert keys.key(here, create=False) != keys.key(there, create=False)


@pytest.mark.parametrize("edit", ["unknown player", "not a number"])
def test_a_rechained_log_that_does_not_replay_is_named_damaged_and_export_says_so(tmp_path, small_every, edit):
    """Issue 19 item 4: a log chained anew by hand whose change cannot apply is damage ("damaged or
    was edited"), not a move error; export writes the good events before it and says where it stopped."""
    with Sessions(tmp_path / "data") as s:
        s.new("cataclysm-arcade", ["Ann", "Ben"], "s")
        for _ in range(7):
            s.record(["coins", "ann", "+1"], "s")

        def change(entries):
            entries[5].args = ("Zed", "+1") if edit == "unknown player" else ("Ann", "+x")

        rechain(s, "s", change)
    with Sessions(tmp_path / "data") as s:
        with pytest.raises(DamagedLog) as err:
            s.show("s")
        assert "damaged or was edited at event 6" in str(err.value) and "does not replay" in str(err.value)
        doc = s.export("s", tmp_path / "s.json", partial=True)
    assert doc["damaged_at"] == 6 and [e["seq"] for e in doc["events"]] == [1, 2, 3, 4, 5]
    assert len(json.loads((tmp_path / "s.json").read_text())["events"]) == 5


def test_a_snapshot_keeps_the_tables_order(cli, home, small_every):
    """Issue 19 item 14: Catharsis party counters named zeal, then anger: `track show --json` is
    the same text from a snapshot as from a full replay (a sorted snapshot put anger first)."""
    assert cli("track", "new", "catharsis", "--players", "Ann,Ben", "--option", "morale=18").exit_code == 0
    for words in (["status", "party", "zeal", "+1"], ["status", "party", "anger", "+2"], ["morale", "-1"],
                  ["morale", "-1"], ["morale", "-1"], ["morale", "+1"]):
        assert cli("track", *words).exit_code == 0
    assert snapshot_rows(home / "data") != []
    from_snapshot = cli("track", "show", "--json").stdout
    con = sqlite3.connect(home / "data" / "sessions.sqlite3")
    con.execute("DELETE FROM snapshots")
    con.commit()
    con.close()
    replayed = cli("track", "show", "--json").stdout
    assert list(json.loads(replayed)["state"]["party_status"]) == ["zeal", "anger"]
    assert from_snapshot == replayed
