"""What a table sees on its phones, checked from outside (a three-player Catopomp table, competitive,
every hand recorded): a phone's answers never show a terminal command or another player's play, and
a link that is not this table's says so in words. In-process (Starlette's TestClient)."""
from __future__ import annotations

import time

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from tests.test_serve_http import GENEROUS, JSON  # noqa: E402

HANDS = {"Ann": "1 1 2 3 4 5 6 7 9 9", "Ben": "2 2 3 3 4 4 5 6 7 8", "Cid": "1 3 5 6 6 7 7 8 8 9"}


@pytest.fixture
def pomp(home):
    """(client, {player: private API path}, live) for the Catopomp table `pomp`, Ann to lead, plays allowed."""
    from companion.serve.app import create_app
    from companion.serve.guard import Limits
    from companion.serve.live import Live
    from companion.serve.tokens import token
    from trackers import keys
    from trackers.sessions import Sessions

    with Sessions(home / "data") as store:
        store.new("catopomp", ["Ann", "Ben", "Cid"], "pomp", {"competitive": "yes", "start": "ann"})
        store.record(["dice", "1", "2", "3", "4", "5", "6"], "pomp")
        for player, hand in HANDS.items():
            store.record(["hand", player, *hand.split()], "pomp")
    live = Live(home / "data", "pomp", True)
    key = keys.key(home / "data", create=True)
    app = create_app(live, key, Limits(**GENEROUS), stream_seconds=0.6,
                     cache_dir=home / "cache", sources_dir=home / "data" / "sources")
    with TestClient(app) as client:
        yield client, {p: f"/api/p/{token(key, live.session, p)}" for p in live.session.players}, live
    live.close()


def test_a_play_that_does_not_read_suggests_only_what_this_page_can_send(pomp):
    client, api, _ = pomp
    # Cid names Ann first on Ann's turn: a terminal would suggest `companion play --by Ann "pass"`;
    # Cid's page plays only as Cid, and never shows a terminal command
    r = client.post(f"{api['Cid']}/play", json={"move": "Ann pass"}, headers=JSON)
    assert r.status_code == 400 and r.json()["error"]
    assert r.json()["did_you_mean"] == []
    # Cid names himself out of turn: the play his page would send, as he would tap it
    r = client.post(f"{api['Cid']}/play", json={"move": "Cid pass"}, headers=JSON)
    assert r.status_code == 400 and r.json()["did_you_mean"] == ["pass"]
    # on Ann's turn, Ann naming herself: the play, as before
    r = client.post(f"{api['Ann']}/play", json={"move": "Ann heaven 7 then hell 9"}, headers=JSON)
    assert r.status_code == 400 and r.json()["did_you_mean"] == ["heaven 7 then hell 9"]
    for who in api:
        for move in ("Ann pass", "Ben pass", "gems cid -1", "heven 7 then hell 9"):
            r = client.post(f"{api[who]}/play", json={"move": move}, headers=JSON)
            assert "companion" not in r.text, (who, move, r.text)


def test_a_link_that_is_not_this_tables_says_so_in_words_and_nothing_of_the_table(pomp, home):
    from companion.serve.tokens import token
    from trackers import keys
    from trackers.sessions import Sessions

    client, api, _ = pomp
    with Sessions(home / "data") as store:  # yesterday's game: its links are not this table's
        store.new("catopomp", ["Ann", "Ben"], "old")
        old = token(keys.key(home / "data", create=True), store.get("old"), "Ann")
    for path in (f"/p/{old}", "/p/" + "0" * 32, f"/p/{old}/rules", "/h/" + "0" * 32):
        r = client.get(path, headers={"accept": "text/html"})
        assert r.status_code == 404 and r.headers["content-type"].startswith("text/html"), path
        assert "not one of this table's pages" in r.text and "Ask the host for your link" in r.text
        assert not any(secret in r.text for secret in ("pomp", "Ann", "Ben", "Cid", *HANDS.values())), path
    assert client.get(f"/api/p/{old}/table").json() == {"error": "no such page"}  # the API stays JSON


def test_any_unknown_path_a_browser_asks_for_is_answered_in_words_and_the_apis_stays_json(pomp):
    client, _, _ = pomp
    for path in ("/nowhere", "/p", "/static/nothing.css", "/api"):
        r = client.get(path, headers={"accept": "text/html,application/xhtml+xml,*/*;q=0.8"})
        assert r.status_code == 404 and r.headers["content-type"].startswith("text/html"), path
        assert "not one of this table's pages" in r.text, path
    for path in ("/api/nowhere", "/nowhere"):  # a script's ask (no html accepted) and the API stay JSON
        r = client.get(path, headers={"accept": "application/json"})
        assert r.status_code == 404 and "error" in r.json(), path


def test_once_the_session_has_ended_every_page_is_told_and_none_says_it_is_anyones_turn(pomp, home):
    from trackers.sessions import Sessions

    client, api, live = pomp
    assert client.get(f"{api['Ann']}/table").json()["your_turn"] is True
    with Sessions(home / "data") as store:  # another game made current, then this one ended at the laptop
        store.new("catopomp", ["Ann", "Ben"], "next")
    live.run(live.view.look)
    seq, epoch = live.run(live.table, "Ann")["seq"], live.epoch
    with Sessions(home / "data") as store:
        store.end("pomp")
    # the server's next look (its poll, every 0.1 s) moves the epoch on, which wakes the streams, and an
    # open page's stream (no event is logged) gets the table afresh
    deadline = time.monotonic() + 10
    while live.epoch == epoch and time.monotonic() < deadline:
        time.sleep(0.05)
    told = live.run(live.messages, "Ann", seq, epoch)
    assert [m["type"] for m in told] == ["table"] and told[0]["ended"]
    for who in api:
        t = client.get(f"{api[who]}/table").json()
        assert t["ended"] and not t["your_turn"] and not t["plays"] and "steppers" not in t, who
        assert not any(p["turn"] for p in t["view"]["players"]), who
    assert not any(p["turn"] for p in client.get("/api/table").json()["view"]["players"])


def test_another_players_secret_is_refused_in_words_and_not_recorded(pomp):
    client, api, _ = pomp
    seq = client.get("/api/table").json()["seq"]
    for change, owner in (("predict ben 2", "Ben"), ("hand ann 1 2 3", "Ann")):
        r = client.post(f"{api['Cid']}/change", json={"change": change}, headers=JSON)
        assert r.status_code == 403 and r.json()["error"].startswith(f"only {owner} can record that: it is {owner}'s secret")
    assert client.get("/api/table").json()["seq"] == seq
