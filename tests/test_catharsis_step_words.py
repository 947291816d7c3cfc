"""Catharsis says where a combat round is in the rulebook's words (the Start of Round, the Enemy Attack
Phase ...), never as the table's own key for the step (`start-of-round`): a dice play refused outside
the Player Attack Phase, on the terminal and on a phone, and a `status` of damage still owed."""
from __future__ import annotations

import re

import pytest

STEP_KEYS = re.compile(r"start-of-round|player-attack|enemy-attack|end-of-round|\brefresh\)")


def _keys(text: str):
    """The table's step keys in a text, its rule ids (`[catharsis.combat.player-attack...]`) aside."""
    return STEP_KEYS.search(re.sub(r"\[?catharsis\.[a-z0-9.-]+\]?", "", text))
AT_START = ["next-card monster", "enemy Rat 3/4/5/6/7", "combat start"]


def _session(cli, *changes: str) -> None:
    assert cli("track", "new", "catharsis", "--players", "Ann,Ben", "--option", "morale=18").exit_code == 0
    for change in changes:
        done = cli("track", *change.split())
        assert done.exit_code == 0, (change, done.stderr)


@pytest.mark.parametrize("changes, where", [
    (AT_START, "round 1 is at the Start of Round"),
    ([*AT_START, "combat attack", "combat enemy"], "round 1 is at the Enemy Attack Phase"),
    (["next-card monster"], "no combat is on now"),
], ids=["start-of-round", "enemy-attack", "no-combat"])
def test_a_dice_play_refused_outside_the_player_attack_phase_says_the_step_in_the_rulebooks_words(
        cli, home, changes, where):
    _session(cli, *changes)
    done = cli("play", "roll Ann 1 2 3 4 5 6")
    assert done.exit_code != 0 and "Player Attack Phase" in done.stderr, done.stderr
    assert where in done.stderr and not _keys(done.stderr), done.stderr


def test_the_phone_refusing_a_roll_at_the_start_of_round_says_it_in_the_rulebooks_words(cli, home):
    pytest.importorskip("starlette")
    from starlette.testclient import TestClient

    from companion.serve.app import create_app
    from companion.serve.guard import Limits
    from companion.serve.live import Live
    from companion.serve.tokens import token
    from tests.test_serve_http import GENEROUS, JSON
    from trackers import keys

    _session(cli, *AT_START)
    live = Live(home / "data", None, True)
    key = keys.key(home / "data", create=True)
    app = create_app(live, key, Limits(**GENEROUS), stream_seconds=0.6,
                     cache_dir=home / "cache", sources_dir=home / "data" / "sources")
    try:
        with TestClient(app) as client:
            answer = client.post(f"/api/p/{token(key, live.session, 'Ann')}/play",
                                 json={"move": "roll Ann 1 2 3 4 5 6"}, headers=JSON).json()
    finally:
        live.close()
    said = [answer["error"], *(r["message"] for r in answer["reasons"])]
    assert answer["recorded"] is False and all("round 1 is at the Start of Round" in s for s in said), said
    assert not [s for s in said if _keys(s)], said


def test_status_of_damage_still_owed_past_the_attack_names_the_step_in_the_rulebooks_words(tmp_path):
    from engine import get_tracker
    from trackers.sessions import Sessions

    with Sessions(tmp_path, create=True) as store:
        store.new("catharsis", ["Ann", "Ben"], "g", {"morale": "18"})
        for change in [*AT_START, "combat attack", "combat enemy"]:
            store.record(change.split(), "g")
        store.play("attack party 3", "g", False)
        store.play("assign ann 2 ben 1", "g", False)  # owed until each takes it with `damage`
        state = store.situation("g")[2]
    for step, words in (("refresh", "the Refresh Phase"), ("end-of-round", "the End of Round")):
        moved = state.model_copy(update={"combat_step": step})
        said = [r.message for r in get_tracker("catharsis").declaration.status(moved) if "still owes" in r.message]
        assert said and all(f"round 1 is at {words}" in s and not _keys(s) for s in said), said
