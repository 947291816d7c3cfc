"""Reliability of the sessions file (issue 14): writers under load, first starts at once, hostile
imports, the main file as a complete backup, damaged and unusual data folders, the ledger."""
from __future__ import annotations

import hashlib
import json
import os
import random
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import installed_cwd, ROOT, run_companion
from trackers.errors import Busy, DamagedLog, DiskFull, StoreError
from trackers.sessions import Sessions

GAME, PLAYERS, BUMP = "cataclysm-arcade", ["Ann", "Ben"], ["coins", "ann", "+1"]

WORKER = """
import sys, time
from pathlib import Path
from trackers.sessions import Sessions
errors = 0
with Sessions(Path(sys.argv[1])) as store:
    for i in range(int(sys.argv[3])):
        try:
            store.record({bump!r}, sys.argv[2])
        except Exception as exc:
            errors += 1
            print("error", type(exc).__name__, exc, flush=True)
print("errors", errors, flush=True)
""".format(bump=BUMP)


def snapshot(folder: Path) -> dict[str, str]:
    """Every file under `folder` with the hash of its bytes."""
    return {str(p.relative_to(folder)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def coins(data: Path, name: str) -> int:
    with Sessions(data) as store:
        return len(store.replay(store.get(name)).applied)


# -- writers under load, first starts ----------------------------------------------------


@pytest.mark.installed
def test_eight_processes_fifty_updates_each_no_error_exact_count(tmp_path):
    data = tmp_path / "data"
    with Sessions(data) as store:
        store.new(GAME, PLAYERS, "load")
    procs = [subprocess.Popen([sys.executable, "-c", WORKER, str(data), "load", "50"], cwd=installed_cwd(),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for _ in range(8)]
    for proc in procs:
        out, err = proc.communicate(timeout=600)
        assert proc.returncode == 0 and "errors 0" in out, (out, err)
    assert coins(data, "load") == 400


FIRST = """
import sys
from pathlib import Path
from trackers.sessions import Sessions
with Sessions(Path(sys.argv[1])) as store:
    store.new("cataclysm-arcade", ["Ann", "Ben"], sys.argv[2])
print("ok")
"""


@pytest.mark.installed
def test_sixteen_first_starts_at_once_on_an_empty_folder_all_succeed(tmp_path):
    data = tmp_path / "fresh" / "data"
    procs = [subprocess.Popen([sys.executable, "-c", FIRST, str(data), f"s{n}"], cwd=installed_cwd(),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True) for n in range(16)]
    for proc in procs:
        out, err = proc.communicate(timeout=300)
        assert proc.returncode == 0 and out.strip() == "ok", err
    with Sessions(data) as store:
        assert sorted(s.name for s in store.all()) == sorted(f"s{n}" for n in range(16))


@pytest.mark.installed
def test_a_writer_that_cannot_get_the_lock_says_the_session_is_busy(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_BUSY_SECONDS", "0.3")
    data = tmp_path / "home" / "data"
    with Sessions(data) as store:
        store.new(GAME, PLAYERS, "x")
    holder = sqlite3.connect(data / "sessions.sqlite3", isolation_level=None)
    holder.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(Busy, match="busy"), Sessions(data) as store:
            store.record(BUMP, "x")
        result = run_companion("track", *BUMP, env={"COMPANION_HOME": str(tmp_path / "home")})
        assert result.returncode == 1 and "session is busy" in result.stderr
        assert result.stderr.count("\n") == 1 and "internal error" not in result.stderr
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert coins(data, "x") == 0


# -- the main file holds every acknowledged change -----------------------------------------


@pytest.mark.installed
def test_deleting_the_journal_files_between_commands_loses_nothing(tmp_path):
    home = tmp_path / "home"
    env = {"COMPANION_HOME": str(home)}
    assert run_companion("track", "new", GAME, "--players", "Ann,Ben", "--name", "w", env=env).returncode == 0
    data = home / "data"
    for _ in range(5):
        assert run_companion("track", *BUMP, env=env).returncode == 0
        for extra in ("-wal", "-shm", "-journal"):
            Path(str(data / "sessions.sqlite3") + extra).unlink(missing_ok=True)
    assert coins(data, "w") == 5


def test_a_file_left_in_wal_mode_is_switched_back_and_keeps_everything(tmp_path):
    with Sessions(tmp_path) as store:
        store.new(GAME, PLAYERS, "old")
        store.con.execute("PRAGMA journal_mode=WAL")
    with Sessions(tmp_path) as store:
        store.record(BUMP, "old")
        assert store.con.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    assert not Path(str(tmp_path / "sessions.sqlite3") + "-wal").exists()
    assert coins(tmp_path, "old") == 1


# -- hostile imports -----------------------------------------------------------------------


def _export(tmp_path: Path) -> dict:
    """A valid catastrophe export: Ann +1 life (capped), Ben down to 1 and then out (game over)."""
    with Sessions(tmp_path / "src") as store:
        store.new("catastrophe", ["Ann", "Ben"], "night")
        for words in (["lives", "ann", "+1"], ["lives", "ben", "-8"], ["lives", "ben", "-1"]):
            store.record(words, "night")
        store.export("night", tmp_path / "good.json")
    return json.loads((tmp_path / "good.json").read_text())


def _change(seq: int, verb: str, *args: str, overruled: bool = False) -> dict:
    return {"seq": seq, "at": "2026-01-01T10:00:00+00:00", "kind": "change", "verb": verb, "args": list(args),
            "count": 1, "overruled": overruled, "violations": []}


def _hostile(tmp_path: Path) -> dict[str, object]:
    good = _export(tmp_path)
    early = {**good, "events": good["events"][:2]}  # before Ben is out
    cases: dict[str, object] = {
        "lives 99 marked legal": {**early, "events": early["events"] + [_change(3, "lives", "Ann", "=99")]},
        "a change after the game ended": {**good, "events": good["events"] + [_change(4, "reapurr", "+1")]},
        "events after the session ended": {**good, "ended": "2000-01-01T00:00:00+00:00"},
        "events out of order": {**good, "events": [good["events"][1], good["events"][0], *good["events"][2:]]},
        "duplicate sequence numbers": {**good, "events": [good["events"][0], good["events"][0]]},
        "an unknown verb": {**early, "events": early["events"] + [_change(3, "explode", "Ann")]},
        "undo of more than there is": {**early, "events": early["events"] + [
            {"seq": 3, "at": "x", "kind": "undo", "count": 5}]},
        "a session name that climbs out": {**good, "name": "../../x"},
        "a session name of 5,000 characters": {**good, "name": "a" * 5000},
        "10,000 players": {**good, "players": [f"P{n}" for n in range(10_000)], "events": []},
        "a player named in markup": {**good, "players": ["[red]Ann[/red]", "Ben"], "events": []},
        "a count that is not a number": {**early, "events": early["events"] + [
            {"seq": 3, "at": "x", "kind": "undo", "count": "lots"}]},
        "JSON nested 100,000 deep": "[" * 100_000 + "]" * 100_000,
        "not JSON": "{\"format\": ",
    }
    return cases


def _import_refused(cli, home: Path, path: Path):
    before = snapshot(home)
    result = cli("track", "import", str(path))
    assert result.exit_code == 2, (path, result.output)
    assert result.stderr.count("\n") == 1 and "internal error" not in result.stderr, result.stderr
    assert "Traceback" not in result.output
    assert snapshot(home) == before
    return result.stderr


def test_each_hostile_import_is_refused_in_one_line_and_nothing_changes(tmp_path, home, cli):
    assert cli("track", "new", GAME, "--players", "Ann,Ben", "--name", "mine").exit_code == 0
    for label, doc in _hostile(tmp_path).items():
        path = tmp_path / "hostile.json"
        path.write_text(doc if isinstance(doc, str) else json.dumps(doc), encoding="utf-8")
        message = _import_refused(cli, home, path)
        assert str(path) in message, (label, message)
    good = tmp_path / "good.json"
    assert cli("track", "import", str(good)).exit_code == 0  # the untouched export imports


def test_an_illegal_change_names_its_event_and_rule(tmp_path, home, cli):
    path = tmp_path / "h.json"
    path.write_text(json.dumps(_hostile(tmp_path)["lives 99 marked legal"]))
    message = _import_refused(cli, home, path)
    assert "event 3" in message and "catastrophe.lives.life-track" in message and "overrule" in message


def test_an_overruled_change_imports_when_it_carries_its_marker(tmp_path, home, cli):
    doc = _hostile(tmp_path)["lives 99 marked legal"]
    doc["events"][-1]["overruled"] = True
    path = tmp_path / "o.json"
    path.write_text(json.dumps(doc))
    assert cli("track", "import", str(path)).exit_code == 0
    log = cli.json("track", "log")
    assert log["entries"][-1]["overruled"] is True and log["entries"][-1]["violations"]


def test_files_that_are_not_regular_or_too_big_are_refused_before_reading(tmp_path, home, cli):
    big = tmp_path / "big.json"
    with open(big, "wb") as fh:
        fh.truncate(100 * 1024 * 1024)  # sparse: nothing is read, the size alone refuses it
    zero = tmp_path / "zero.json"
    zero.symlink_to("/dev/zero")
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    assert cli("track", "new", GAME, "--players", "Ann,Ben").exit_code == 0
    assert "over the limit" in _import_refused(cli, home, big)
    assert "not a regular file" in _import_refused(cli, home, zero)
    assert "not a regular file" in _import_refused(cli, home, fifo)
    for bad in (zero, fifo, big):  # the same reader for situation files and rulebooks
        assert cli("check", "catopomp", "--situation", str(bad), "--move", "pass").exit_code == 2
        assert cli("rules", "import", "catopomp", str(bad)).exit_code == 2


# -- names are plain text ------------------------------------------------------------------


def test_markup_in_names_is_refused_on_the_way_in_and_escaped_on_the_way_out(home, cli):
    result = cli("track", "new", GAME, "--players", "[/],Ben")
    assert result.exit_code == 2 and "player name" in result.stderr
    assert cli("track", "new", GAME, "--players", "Ann,Ben", "--name", "[red]x").exit_code == 2
    from companion.render import track_view
    from trackers.log import Result, Session
    session = Session(1, "[bold]s[/]", GAME, ["[/]"], {}, "now", None)
    track_view(Result(session, None, {"players": {"[/]": {"coins": 1}}}, change="coins [/] +1"), False, "[/]")


def test_a_display_failure_after_a_change_still_exits_0(home, cli, monkeypatch):
    assert cli("track", "new", GAME, "--players", "Ann,Ben").exit_code == 0
    import companion.render as render

    def broken(*args, **kwargs):
        raise ValueError("the terminal fell over")

    with monkeypatch.context() as patch:
        patch.setattr(render, "change_view", broken)
        result = cli("track", *BUMP)
    assert result.exit_code == 0 and "recorded" in result.stderr and result.stderr.count("\n") == 1
    assert len(cli.json("track", "log")["entries"]) == 1  # recorded once, so no reason to retry it


# -- files the project writes ----------------------------------------------------------------


def test_export_onto_the_sessions_file_or_through_a_planted_tmp_link_is_refused(tmp_path, home, cli):
    assert cli("track", "new", GAME, "--players", "Ann,Ben", "--name", "e").exit_code == 0
    db = home / "data" / "sessions.sqlite3"
    before = snapshot(home)
    result = cli("track", "export", "e", str(db))
    assert result.exit_code == 2 and "data folder" in result.stderr
    assert snapshot(home) == before
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    (tmp_path / "out.json.tmp").symlink_to(victim)
    assert cli("track", "export", "e", str(tmp_path / "out.json")).exit_code == 0
    assert victim.read_text() == "keep me"
    assert json.loads((tmp_path / "out.json").read_text())["name"] == "e"


def test_rules_remove_deletes_only_what_the_project_created(tmp_path, home, cli):
    sources = home / "data" / "sources"
    sources.mkdir(parents=True)
    outside = tmp_path / "precious.json"
    outside.write_text("{}")
    crafted = {"name": "../../../precious", "game": "catopomp", "sections": []}
    (sources / "crafted.json").write_text(json.dumps(crafted))
    result = cli("rules", "remove", "../../../precious")
    assert result.exit_code == 2 and outside.exists()
    (sources / "link.json").symlink_to(outside)
    assert cli("rules", "remove", "link").exit_code == 2 and outside.exists()


def test_a_planted_pickle_in_the_cache_never_runs_and_a_damaged_cache_is_rebuilt(tmp_path, home, cli):
    assert cli("rules", "search", "dice", "--game", "catopomp").exit_code == 0
    cache = home / "cache"
    index = next(cache.glob("index-*"))
    marker = tmp_path / "pwned"
    payload = ("cos\nsystem\n(S'touch " + str(marker) + "'\ntR.").encode()
    for toc in index.rglob("*.toc"):
        toc.write_bytes(payload)
    result = cli("rules", "search", "dice", "--game", "catopomp")
    assert result.exit_code == 0 and not marker.exists()
    for seg in next(cache.glob("index-*")).rglob("*.seg"):
        seg.write_bytes(b"\0" * 10)
    for f in next(cache.glob("index-*")).rglob("*"):
        if f.is_file() and f.suffix not in (".toc",):
            f.write_bytes(f.read_bytes()[: len(f.read_bytes()) // 2])
    assert cli("rules", "search", "dice", "--game", "catopomp").exit_code == 0


# -- damaged and unusual data folders -------------------------------------------------------


@pytest.mark.skipif(os.geteuid() == 0, reason="root ignores folder permissions")
def test_a_read_only_data_folder_says_so(tmp_path, cli):
    home = tmp_path / "ro"
    assert cli("--data-dir", str(home), "track", "new", GAME, "--players", "Ann,Ben").exit_code == 0
    data = home / "data"
    data.chmod(0o555)
    (data / "sessions.sqlite3").chmod(0o444)
    try:
        result = cli("--data-dir", str(home), "track", *BUMP)
        assert result.exit_code == 2 and "read-only" in result.stderr, result.stderr
        result = cli("--data-dir", str(home), "rules", "import", "catopomp", str(ROOT / "README.md"))
        assert result.exit_code == 2 and "internal error" not in result.stderr
    finally:
        data.chmod(0o755)


def test_read_only_is_named_even_as_root(tmp_path):
    from trackers.retry import explain

    message = str(explain(sqlite3.OperationalError("attempt to write a readonly database"), tmp_path / "s.sqlite3"))
    assert "read-only" in message and str(tmp_path) in message


def test_a_missing_table_and_a_full_disk_have_their_own_messages(tmp_path):
    with Sessions(tmp_path) as store:
        store.new(GAME, PLAYERS, "x")
        store.con.execute("DROP TABLE meta")
    with pytest.raises(StoreError, match="damaged.*lacks part"):
        Sessions(tmp_path)
    with Sessions(tmp_path / "full") as store:
        store.new(GAME, PLAYERS, "x")
        pages = store.con.execute("PRAGMA page_count").fetchone()[0]
        store.con.execute(f"PRAGMA max_page_count={pages}")
        with pytest.raises(DiskFull, match="full"):
            for _ in range(500):
                store.record(BUMP, "x")


@pytest.mark.parametrize("value, problem", [("", "empty"), ("   ", "empty")])
def test_odd_data_dir_values_are_refused(value, problem, cli):
    result = cli("--data-dir", value, "track", "list")
    assert result.exit_code == 2 and problem in result.stderr


def test_a_tilde_data_dir_means_the_home_folder(tmp_path, cli, monkeypatch):
    monkeypatch.setenv("HOME", str(tmp_path))
    assert cli("--data-dir", "~/tabletop", "track", "new", GAME, "--players", "Ann,Ben").exit_code == 0
    assert (tmp_path / "tabletop" / "data" / "sessions.sqlite3").is_file()


# -- the ledger ----------------------------------------------------------------------------


def _events_region(db: Path, marker: bytes) -> list[int]:
    """Offsets of the bytes that hold event rows (each row has its `at` time and args JSON)."""
    raw = db.read_bytes()
    offsets: list[int] = []
    start = raw.find(marker)
    while start != -1:
        offsets.extend(range(max(0, start - 24), min(len(raw), start + 160)))
        start = raw.find(marker, start + 1)
    return sorted(set(offsets))


def _write_later(db: Path, raw: bytes) -> None:
    """Write the file as another program would after the last companion commit, its modification
    time set two seconds before that commit's (as a file restored or copied over keeps an older one).
    Never the commit's own: with a coarse file clock the rewrite could otherwise keep that commit's
    mtime (and size), the one change the opening check cannot see (docs/architecture.md, trust limits).
    Older than a second, so the opening checks the file at once rather than first pausing for a
    companion about to mark its commit (trackers/store.py `integrity`, a file written under a second
    ago: a pause every trial would pay twice; tests/test_damage_found_at_open.py opens such a file)."""
    before = db.stat().st_mtime_ns
    db.write_bytes(raw)
    os.utime(db, ns=(before - 2_000_000_000, before - 2_000_000_000))


UNDO_LOGS = {  # after 30 changes: the undo/redo steps, what the redo stack then holds, and the redo tried
    "one undone": ([(1, False), (1, True), (1, False)], [30], 1),
    "several undone": ([(4, False), (1, True), (1, False), (1, False)], [26, 27, 28, 29, 30], 2),
}


def _undo_log(base: Path, steps: list, stack: list, redo: int) -> tuple[dict, dict, int]:
    """A log of 30 changes and undo/redo `steps`, whose snapshot at its last event keeps a redo
    stack of events under it: the table now, after `redo` (read back from under the snapshot),
    and the log's length."""
    with Sessions(base) as store:
        store.new(GAME, PLAYERS, "flip")
        for n in range(30):
            store.record(["coins", "ann" if n % 3 else "ben", f"+{n % 7 + 1}"], "flip")
        for count, again in steps:
            store.undo(count, "flip", redo=again)
        truth = store.show("flip").summary
        redone = store.undo(redo, "flip", redo=True).summary
    length = 30 + len(steps)
    con = sqlite3.connect(base / "sessions.sqlite3")
    con.execute("DELETE FROM events WHERE seq > ?", (length,))  # the redo taken back: the log as it was
    con.execute("UPDATE sessions SET head = (SELECT digest FROM events WHERE seq = ?), length = ?", (length, length))
    con.execute("DELETE FROM snapshots")
    con.commit()
    with Sessions(base) as store:
        assert store.show("flip").summary == truth  # a full replay, which writes the snapshot at the end
    (seq, runs), = con.execute("SELECT seq, redo FROM snapshots").fetchall()
    con.close()
    assert seq == length and sorted(q for a, b in json.loads(runs) for q in range(a, b + 1)) == stack
    return truth, redone, length


@pytest.mark.parametrize("log", sorted(UNDO_LOGS))
def test_random_byte_flips_in_the_events_never_change_the_state_silently(tmp_path, log):
    """Issue 19 item 2: every flip the whole chain can detect is reported by the very next command
    that opens the session (here a redo reading rows from under the snapshot, then a show), and
    nothing is written on top of it."""
    base = tmp_path / "base"
    steps, stack, redo = UNDO_LOGS[log]
    truth, redone, length = _undo_log(base, steps, stack, redo)
    db = base / "sessions.sqlite3"
    from trackers import snapshots

    load, used = snapshots.load, []

    def spy(*args, **kw):
        found = load(*args, **kw)
        used.append(found and found[1])
        return found

    snapshots.load = spy
    try:
        with Sessions(base) as store:
            assert store.show("flip").summary == truth
    finally:
        snapshots.load = load
    assert used == [length]  # the snapshot is used (a redo stack of several seqs, too): the rows under it are not re-read
    original = db.read_bytes()
    offsets = _events_region(db, b'["Ann"') + _events_region(db, b'["Ben"')
    assert len(offsets) > 1000
    rng = random.Random(14)
    silent, detected, same, late = 0, 0, 0, 0
    trials = int(os.environ.get("COMPANION_FLIP_TRIALS", "240"))
    for _ in range(trials):
        damaged = bytearray(original)
        at = rng.choice(offsets)
        damaged[at] ^= 1 << rng.randrange(8)
        _write_later(db, bytes(damaged))
        seen, wrong = False, False
        try:
            with Sessions(base) as store:
                wrong = store.undo(redo, "flip", redo=True).summary != redone
        except (StoreError, DamagedLog):
            seen = True
            assert sqlite3.connect(db).execute("SELECT count(*) FROM events").fetchone()[0] == length
        except Exception as exc:  # anything else would be an "internal error"
            pytest.fail(f"offset {at}: {type(exc).__name__}: {exc}")
        if not seen:
            _write_later(db, bytes(damaged))
            try:
                with Sessions(base) as store:
                    wrong = wrong or store.show("flip").summary != truth
                    store.entries(store.get("flip"))  # the whole chain: did the open miss something?
            except (StoreError, DamagedLog):
                late += 1
        detected += seen
        silent += wrong
        same += not seen and not wrong
    db.write_bytes(original)
    print(f"byte flips: {trials} trials, {detected} detected, {same} harmless, {silent} silent, {late} late")
    assert silent == 0 and late == 0, (silent, late, detected, same)
    assert detected > trials // 2


def test_damage_names_the_first_bad_event_and_the_good_prefix_exports_on_purpose(tmp_path, home, cli):
    assert cli("track", "new", GAME, "--players", "Ann,Ben", "--name", "d").exit_code == 0
    for _ in range(5):
        assert cli("track", *BUMP).exit_code == 0
    db = home / "data" / "sessions.sqlite3"
    con = sqlite3.connect(db)
    con.execute("UPDATE events SET args = '[\"Ann\", \"+9\"]' WHERE seq = 4")
    con.commit()
    con.close()
    result = cli("track", "show")
    assert result.exit_code == 2 and "event 4" in result.stderr and result.stderr.count("\n") == 1
    assert cli("track", *BUMP).exit_code == 2
    out = tmp_path / "prefix.json"
    result = cli("track", "export", "d", str(out))  # refused whole: it names what it would leave out
    assert result.exit_code == 1 and "events 4 to 5 (2 events) would be left out" in result.stderr
    assert "--partial" in result.stderr and not out.exists()
    result = cli("track", "export", "d", str(out), "--partial")  # the good part, on purpose
    assert result.exit_code == 0 and "damaged or was edited at event 4" in result.stdout
    assert [e["seq"] for e in json.loads(out.read_text())["events"]] == [1, 2, 3]
    assert cli("track", "import", str(out), "--name", "rescued").exit_code == 0


def test_an_export_with_plays_imports_through_the_engine_and_a_tampered_play_is_refused(tmp_path, home, cli):
    cli("track", "new", "catopomp", "--players", "Ann,Ben,Cy", "--option", "start=ann", "--name", "pomp")
    assert cli("track", "dice", "1", "2", "3", "4", "5", "6").exit_code == 0
    assert cli("play", "heaven 4 5 then hell 2").exit_code == 0
    assert cli("play", "heaven 6 then hell 3", "--by", "cy", "--overrule").exit_code == 0
    out = tmp_path / "pomp.json"
    assert cli("track", "export", "pomp", str(out)).exit_code == 0
    before = cli.json("track", "show", "pomp")["state"]
    assert cli("track", "import", str(out), "--name", "again").exit_code == 0
    assert cli.json("track", "show", "again")["state"] == before
    doc = json.loads(out.read_text())
    doc["events"][-1]["overruled"] = False  # Cy played out of turn: without the marker it is refused
    out.write_text(json.dumps(doc))
    message = _import_refused(cli, home, out)
    assert "event 3" in message and "catopomp.round.turn-order" in message


# -- issue 19: faults named rightly, a replaced file reopened -------------------------------

def test_a_commit_whose_journal_is_deleted_under_it_is_reported_as_recorded(tmp_path, monkeypatch):
    """Issue 19 item 15: the rollback journal deleted while the commit runs (SQLite then says "disk
    I/O error" though the change is in the file): the change is reported as done, once."""
    from trackers import retry

    with Sessions(tmp_path) as store:
        store.new(GAME, PLAYERS, "j")
    commit, deleted = retry.commit, []

    def delete_then_commit(con, limit=None):
        journal = tmp_path / "sessions.sqlite3-journal"
        if journal.exists():
            journal.unlink()
            deleted.append(journal)
        return commit(con, limit)

    monkeypatch.setattr(retry, "commit", delete_then_commit)
    with Sessions(tmp_path) as store:
        for _ in range(3):
            store.record(BUMP, "j")  # no error: each change is recorded
        assert len(store.replay(store.get("j")).applied) == 3
    monkeypatch.setattr(retry, "commit", commit)
    assert len(deleted) == 3 and coins(tmp_path, "j") == 3


def test_a_disk_io_error_is_not_called_damage_of_a_file_left_untouched(tmp_path):
    from trackers.errors import DiskError
    from trackers.retry import explain

    error = explain(sqlite3.OperationalError("disk I/O error"), tmp_path / "sessions.sqlite3")
    assert isinstance(error, DiskError) and not error.bad_input and "left untouched" not in str(error)


@pytest.mark.parametrize("keep", [50, 100, 4096, 0.5])
def test_a_truncated_sessions_file_of_ours_is_called_damaged(tmp_path, home, cli, keep):
    """Issue 19 item 15: cut short, our file is damaged, not "not a companion sessions file"."""
    assert cli("track", "new", GAME, "--players", "Ann,Ben").exit_code == 0
    for _ in range(20):
        assert cli("track", *BUMP).exit_code == 0
    db = home / "data" / "sessions.sqlite3"
    raw = db.read_bytes()
    db.write_bytes(raw[:int(len(raw) * keep) if isinstance(keep, float) else keep])
    result = cli("track", "show")
    assert result.exit_code == 2 and "is damaged" in result.stderr and result.stderr.count("\n") == 1
    assert "not a companion sessions file" not in result.stderr


def test_a_foreign_sqlite_file_is_still_not_ours(tmp_path, home, cli):
    db = home / "data" / "sessions.sqlite3"
    db.parent.mkdir(parents=True)
    con = sqlite3.connect(db)
    con.execute("CREATE TABLE t (x)")
    con.commit()
    con.close()
    raw = db.read_bytes()
    db.write_bytes(raw[:200])
    result = cli("track", "show")
    assert result.exit_code == 2 and "not a companion sessions file" in result.stderr


def test_rules_search_works_when_the_cache_folder_cannot_be_made(tmp_path, home, cli):
    """Issue 19 item 15: a cache folder that cannot be created (here a file in its place) costs a
    slower search, not an internal error. (One game's question: the fallback is the same for one index
    as for five, and the index of one game is a fifth of the build.)"""
    home.mkdir(parents=True)
    (home / "cache").write_text("a file where the cache folder goes")
    result = cli("rules", "search", "reroll", "dice", "--game", "catopomp", "--json")
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["results"]
    assert (home / "cache").read_text() == "a file where the cache folder goes"


def _two_tables(tmp_path: Path, data: Path) -> Path:
    """`data` holds session "t" with one change; a second folder holds "t" with three: its file."""
    other = tmp_path / "other"
    with Sessions(data) as store:
        store.new(GAME, PLAYERS, "t")
        store.record(BUMP, "t")
    with Sessions(other) as store:
        store.new(GAME, PLAYERS, "t")
        for _ in range(3):
            store.record(BUMP, "t")
    return other / "sessions.sqlite3"


def test_a_shell_notices_the_sessions_file_replaced_under_it(tmp_path, home, cli):
    """Issue 19 item 16: with the shell's one kept connection, a file replaced by an atomic rename
    (a restore, a sync tool) is reopened at the next command: its table is shown, changes land in
    it and are seen by other terminals."""
    from companion import stores

    data = home / "data"
    replacement = _two_tables(tmp_path, data)
    stores.keep_open(True)
    try:
        assert json.loads(cli("track", "show", "t", "--json").stdout)["state"]["players"][0]["coins"] == 2
        os.replace(replacement, data / "sessions.sqlite3")
        assert json.loads(cli("track", "show", "t", "--json").stdout)["state"]["players"][0]["coins"] == 4
        result = cli("track", "coins", "ann", "+1", "--session", "t")
        assert result.exit_code == 0, result.output
    finally:
        stores.keep_open(False)
    assert coins(data, "t") == 4


def test_a_kept_sessions_checks_a_file_edited_behind_its_back(tmp_path):
    """Issue 19 item 2 for the shell: an in-place edit by another program is found before the next
    command of a kept (long-lived) Sessions uses or writes the log."""
    with Sessions(tmp_path) as store:
        store.new(GAME, PLAYERS, "k")
        for _ in range(3):
            store.record(BUMP, "k")
    kept = Sessions(tmp_path, kept=True)
    try:
        kept.show("k")
        con = sqlite3.connect(tmp_path / "sessions.sqlite3")
        con.execute("UPDATE events SET args = '[\"Ann\", \"+9\"]' WHERE seq = 2")
        con.commit()
        con.close()
        with pytest.raises(DamagedLog, match="event 2"):
            kept.record(BUMP, "k")
    finally:
        kept.close()
    assert sqlite3.connect(tmp_path / "sessions.sqlite3").execute("SELECT count(*) FROM events").fetchone()[0] == 3


def test_track_watch_notices_the_sessions_file_replaced_under_it(tmp_path):
    """Issue 19 item 16 for `track watch`: its change detector follows a replaced file too."""
    from trackers.peek import Changes

    data = tmp_path / "data"
    replacement = _two_tables(tmp_path, data)
    changes = Changes(data)
    try:
        assert changes.changed() and not changes.changed()
        os.replace(replacement, data / "sessions.sqlite3")
        assert changes.changed()
        with Sessions(data) as store:
            store.record(BUMP, "t")
        assert changes.changed()
    finally:
        changes.close()
