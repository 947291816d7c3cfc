"""A page is told no file path of the host's machine: a refusal a phone shows (a card the card library
set aside, a sessions file kept locked) says the same thing with the file named by what it is (the
card library, the sessions file), never where it lies on the host's disk. The terminal keeps the path."""
from __future__ import annotations

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402

from tests.test_cards_set_aside import FIX, OLD_LIBRARY  # noqa: E402


def _served(home):
    """A Catharsis session (Ann, Ben) in its Player Attack Phase, Ann's power 1 named Fire Bolt (as an
    older version took it), and then a card library an older version wrote, Fire Bolt set aside in it:
    (app, Ann's page's API path, the library file)."""
    from companion.serve.app import create_app
    from companion.serve.guard import Limits
    from companion.serve.live import Live
    from companion.serve.tokens import token
    from trackers import keys
    from trackers.sessions import Sessions

    with Sessions(home / "data") as store:
        store.new("catharsis", ["Ann", "Ben"], name="fight", options={"morale": "18"})
        for change in ("next-card monster", "enemy Rat 3/4/5/6/7", "combat start", "combat attack",
                       "rename Ann 1 fire bolt"):
            store.record(change.split(), "fight")
        store.play("roll Ann 1 2 4 5 6 6", "fight")
    library = home / "data" / "cards" / "catharsis.toml"
    library.parent.mkdir(parents=True, exist_ok=True)
    library.write_text(OLD_LIBRARY, encoding="utf-8")
    live = Live(home / "data", "fight", allow_plays=True)
    key = keys.key(home / "data", create=True)
    app = create_app(live, key, Limits(rate=1e4, burst=10_000, write_rate=1e4, write_burst=10_000),
                     stream_seconds=0.6, cache_dir=home / "cache", sources_dir=home / "data" / "sources")
    return app, f"/api/p/{token(key, live.session, 'Ann')}", library


@pytest.mark.parametrize("path, body", [("play", {"move": "use Ann 1 bottom with 4 6 6"}),
                                        ("change", {"change": "rename ann 2 'Fire Bolt'"})], ids=["play", "change"])
def test_a_set_aside_card_refused_on_a_phone_names_no_host_path(home, path, body):
    app, ann, library = _served(home)
    with TestClient(app) as client:
        before = client.get("/api/table").json()["seq"]
        r = client.post(f"{ann}/{path}", json=body)
        error = r.json()["error"]
        assert r.status_code == 400 and "'Fire Bolt' is set aside" in error and FIX["Fire Bolt"] in error, error
        assert str(home) not in r.text and str(home.resolve()) not in r.text and "catharsis.toml" not in r.text, error
        assert "card library has set aside: card 'Fire Bolt' is set aside (field character" in error, error
        assert client.get("/api/table").json()["seq"] == before


def test_the_terminal_keeps_the_path(home, cli):
    """The same refusal on the terminal still names the library's file (the host fixes it there)."""
    _served(home)
    done = cli("play", "use Ann 1 bottom with 4 6 6", "--session", "fight")
    assert done.exit_code == 2 and f"{home / 'data' / 'cards' / 'catharsis.toml'}: card 'Fire Bolt'" in done.stderr


def test_a_locked_sessions_file_is_named_on_a_phone_without_its_path(home, monkeypatch):
    from trackers.errors import Busy

    app, ann, _ = _served(home)
    held = home / "data" / "sessions.sqlite3"

    def busy(*args, **kwargs):
        raise Busy(f"the session is busy: another companion kept {held} locked for 5 s; nothing was recorded")

    with TestClient(app) as client:
        from companion.serve.live import Live

        monkeypatch.setattr(Live, "play", lambda self, *a, **k: busy())
        r = client.post(f"{ann}/play", json={"move": "roll Ben 1 2 3 4 5 6"})
        assert r.status_code == 503, r.text
        assert r.json()["error"] == ("the session is busy: another companion kept the sessions file locked for 5 s; "
                                     "nothing was recorded"), r.text
