"""Who may act after a play, on a served page: the page's "To act:" / "You may act:" line is the table's
`acting` in page words (Turns.acting(state, page=True)); a play's answer carries no `acting` of its own,
so the terminal's notation of it (`NAME yarn`, `resolve`) never reaches a phone or the shared screen.
A guard (it passed before this file: nothing was wrong), through the app."""
from __future__ import annotations

import pytest

pytest.importorskip("starlette")
from starlette.testclient import TestClient  # noqa: E402


def test_after_a_failed_roll_a_page_is_told_who_may_act_in_words(home):
    from companion.serve.app import create_app
    from companion.serve.guard import Limits
    from companion.serve.live import Live
    from companion.serve.tokens import token
    from trackers import keys
    from trackers.sessions import Sessions

    with Sessions(home / "data", create=True) as store:
        store.new("catastrophe", ["Abi", "Betty", "Chris"], name="g")
        store.play("Abi play Attack 4 at Betty", "g")
    live = Live(home / "data", "g", allow_plays=True)
    key = keys.key(home / "data", create=True)
    app = create_app(live, key, Limits(rate=1e4, burst=10_000, write_rate=1e4, write_burst=10_000),
                     stream_seconds=0.6, cache_dir=home / "cache", sources_dir=home / "data" / "sources")
    with TestClient(app) as client:
        betty = f"/api/p/{token(key, live.session, 'Betty')}"
        answer = client.post(f"{betty}/play", json={"move": "roll 2"})
        assert answer.status_code == 200 and answer.json()["recorded"], answer.text
        assert "acting" not in answer.json() and "NAME yarn" not in answer.text, answer.text
        for table in (client.get("/api/table").json(), client.get(f"{betty}/table").json()):
            acting = table["acting"]
            assert "Yarn Ball spent makes Betty roll again" in acting and "Attack 4 resolved" in acting, acting
            assert "`" not in acting and "NAME" not in acting, acting
