"""Issue 32 item 1: a play is judged against the table as it stood when its maker sent it.

The same play sent several times at once is recorded once (each copy, read after another's commit,
was taken as the next player's play); a play sent on a table that has moved on since is refused with
what changed and how to send it again; the next player's identical play, sent after the first was
shown, is recorded. A phone page's POST carries the last event it showed, and a stale one is a 409.
"""
from __future__ import annotations

import json
import multiprocessing
from pathlib import Path

import pytest

from companion import sent
from trackers.errors import Moved
from trackers.sessions import Sessions


def _arcade(home: Path, name: str = "t") -> Path:
    data = home / "data"
    with Sessions(data) as store:
        store.new("cataclysm-arcade", ["Ann", "Ben", "Cy"], name)
    return data


def _plays(data: Path, name: str = "t") -> list[tuple]:
    with Sessions(data) as store:
        return [e.args for e in store.entries(store.get(name)) if e.verb == "play"]


def _copy(data: str, barrier, answers) -> None:
    """One terminal: the mark taken as a one-shot takes it, then (all at once) `play pass`."""
    sent.take_now(Path(data))
    mark = sent.taken()
    barrier.wait(timeout=60)
    try:
        with Sessions(Path(data)) as store:
            store.play("pass", "t", sent=mark)
        answers.put("recorded")
    except Moved as exc:
        answers.put(str(exc))


def test_eight_copies_of_one_play_sent_at_once_are_recorded_once(home):
    data = _arcade(home)
    ctx = multiprocessing.get_context("fork")
    barrier, answers = ctx.Barrier(8), ctx.Queue()
    procs = [ctx.Process(target=_copy, args=(str(data), barrier, answers)) for _ in range(8)]
    for p in procs:
        p.start()
    got = [answers.get(timeout=120) for _ in procs]
    for p in procs:
        p.join(60)
    assert got.count("recorded") == 1, got
    assert _plays(data) == [("pass", "Ann")]
    assert all("Ann played `pass`" in g for g in got if g != "recorded")


def test_a_play_sent_before_another_was_recorded_is_refused_naming_it(home, cli):
    data = _arcade(home)
    sent.take_now(data)  # Ben's terminal: `companion play pass` sent now ...
    with Sessions(data) as store:  # ... and Ann's pass lands first
        store.play("pass", "t")
    result = cli("play", "pass")
    assert result.exit_code == 1
    line = result.stderr.strip()
    assert "table moved on" in line and "Ann played `pass`" in line and "companion play pass" in line, line
    assert "Traceback" not in result.output
    assert _plays(data) == [("pass", "Ann")]
    # sent again after the table showed Ann's pass: the next player's identical play is recorded
    sent.take_now(data)
    again = cli("play", "pass")
    assert again.exit_code == 0, again.output
    assert _plays(data) == [("pass", "Ann"), ("pass", "Ben")]


def test_a_by_play_carries_its_mark_too_and_json_shows_the_table_now(home, cli):
    data = _arcade(home)
    sent.take_now(data)
    with Sessions(data) as store:
        store.record(["coins", "ann", "+1"], "t")
    result = cli("play", "pass", "--by", "ann", "--json")
    assert result.exit_code == 1
    assert "`coins Ann +1`" in result.stderr and "--by ann" in result.stderr
    shown = json.loads(result.stdout)  # the play's shape: not recorded, the table as it stands now
    assert shown["recorded"] is False and shown["to_act"] == "Ann"
    assert _plays(data) == []


def test_the_mark_is_taken_at_a_play_command_only(tmp_path, monkeypatch):
    data = _arcade(tmp_path)
    with Sessions(data) as store:
        store.play("pass", "t")
    monkeypatch.delenv("COMPANION_HOME", raising=False)
    sent.take(["--data-dir", str(tmp_path), "play", "pass"])
    assert sent.taken() == 1 and sent.taken() is None  # the newest event: Ann's pass, read once
    sent.take([f"--data-dir={tmp_path}", "track", "show"])
    assert sent.taken() is None


def test_a_stale_page_post_records_nothing_and_answers_409(home):
    from starlette.testclient import TestClient

    from companion.serve.tokens import token
    from tests.serve_helpers import arcade_table
    from tests.test_serve_http import make

    arcade_table(home)
    live, key, app = make(home, True)
    ann, ben = (f"/api/p/{token(key, live.session, p)}" for p in ("Ann", "Ben"))
    with TestClient(app) as client:
        shown = client.get(f"{ann}/table").json()["seq"]
        first = client.post(f"{ann}/play", json={"move": "pass", "seen": shown})
        assert first.status_code == 200 and first.json()["recorded"], first.text
        stale = client.post(f"{ann}/play", json={"move": "pass", "seen": shown})  # a resend, same page
        assert stale.status_code == 409 and stale.json()["recorded"] is False
        assert stale.json()["changed"] == ["Ann played `pass`"] and stale.json()["table"]["seq"] == shown + 1
        assert client.post(f"{ben}/change", json={"change": "coins ben +1", "seen": shown}).status_code == 409
        assert client.post(f"{ben}/play", json={"move": "pass", "seen": "x"}).status_code == 400
        fresh = client.post(f"{ben}/play", json={"move": "pass", "seen": shown + 1})
        assert fresh.status_code == 200 and fresh.json()["recorded"], fresh.text
    live.close()
    assert [a for a in _plays(home / "data", "arcade")] == [("pass", "Ann"), ("pass", "Ben")]


@pytest.fixture(autouse=True)
def _no_mark_left():
    yield
    sent.taken()


def test_a_shell_line_carries_the_table_as_it_stood_when_entered(home, monkeypatch, capsys):
    from companion.cli import whole_group
    from companion.shell import Shell

    data = _arcade(home)
    taken = sent.take_now

    def entered(where):  # the line is entered; then another terminal's pass lands first
        taken(where)
        with Sessions(data) as store:
            store.play("pass", "t")

    monkeypatch.setattr(sent, "take_now", entered)
    shell = Shell(whole_group())
    try:
        assert shell.run("play pass") == 1
        assert "Ann played `pass`" in capsys.readouterr().err
        assert _plays(data) == [("pass", "Ann")]
        monkeypatch.setattr(sent, "take_now", taken)
        assert shell.run("play pass") == 0  # entered after the table showed it: Ben's own pass
    finally:
        shell.close()
    assert _plays(data) == [("pass", "Ann"), ("pass", "Ben")]
