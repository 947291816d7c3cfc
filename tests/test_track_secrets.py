"""Issue 21: secrets stay secret. Named hands and unrevealed Catopomp predictions are hidden on
`track show`, `track watch`, `track log` and `track situation` unless a player is revealed by name;
`track hand NAME` shows one's own; an export keeps everything and the verdicts still use them."""
from __future__ import annotations

import json

import pytest

from tests.conftest import run_companion
from tests.table_cli import ok, table_env

ANN = ["1", "3", "5", "8", "8", "9", "9", "2", "2", "4"]


def _env(home) -> dict:
    return table_env(home, 100)


def _catopomp(env) -> None:
    ok(env, "track", "new", "catopomp", "--players", "Ann,Ben,Cy", "--option", "competitive=yes",
        "--option", "start=ann")
    ok(env, "track", "dice", "1", "1", "1", "1", "1", "1")
    ok(env, "track", "predict", "ann", "3")
    ok(env, "track", "predict", "ben", "4")
    ok(env, "track", "hand", "ann", *ANN)


def _no_secret(text: str) -> None:
    assert "1, 3, 5, 8" not in text and "1 3 5 8 8" not in text
    assert '"prediction": 3' not in text and '"prediction": 4' not in text
    assert "predict Ann 3" not in text and "predict Ben 4" not in text


@pytest.mark.installed
def test_catopomp_predictions_and_hand_hidden_unless_revealed(home, tmp_path):
    env = _env(home)
    _catopomp(env)
    log = ok(env, "track", "log")
    _no_secret(log)
    assert "Ann: predict Ann (hidden)" in log and "Ann: hand Ann (10 cards, hidden)" in log
    log_json = json.loads(ok(env, "track", "log", "--json"))
    _no_secret(json.dumps(log_json))
    assert all(set(e["args"]) <= {"1", "Ann", "Ben", "(hidden)", "(10 cards, hidden)"} for e in log_json["entries"])
    for args in (("track", "show"), ("track", "show", "--json"), ("track", "situation"),
                 ("track", "watch", "--ticks", "1")):
        _no_secret(ok(env, *args).replace("\n", " ").replace('",      "', '", "'))
    shown = json.loads(ok(env, "track", "show", "--json"))["state"]["players"]
    assert [p["hand"] for p in shown] == [10, 10, 10] and shown[0]["prediction"] == "secret"
    situation = json.loads(ok(env, "track", "situation"))
    assert [p["prediction"] for p in situation["players"]] == [None, None, None]
    # asked for by name: Ann's own, nobody else's
    assert "predict Ann 3" in ok(env, "track", "log", "--reveal", "ann")
    revealed = json.loads(ok(env, "track", "situation", "--reveal", "Ann"))["players"]
    assert revealed[0]["prediction"] == 3 and revealed[0]["hand"] == [int(c) for c in ANN]
    assert revealed[1]["prediction"] is None
    assert ok(env, "track", "hand", "ann").strip() == "Ann's hand (10 cards): " + ", ".join(ANN)
    assert "none is named" in ok(env, "track", "hand", "ben")
    # the verdicts still use Ann's hand: a card she does not hold is refused
    r = run_companion("play", "heaven 7 then hell 1", env=env)
    assert r.returncode == 1 and "catopomp.heaven.play-from-hand" in r.stdout + r.stderr
    # an export keeps everything
    ok(env, "track", "export", "catopomp-1", str(tmp_path / "all.json"))
    events = json.loads((tmp_path / "all.json").read_text())["events"]
    assert ["predict", ["Ann", "3"]] in [[e["verb"], e["args"]] for e in events]
    # an unknown player asked for: one line, exit 2
    r = run_companion("track", "show", "--reveal", "zed", env=env)
    assert r.returncode == 2 and "players: Ann, Ben, Cy" in r.stderr


def test_cataclysm_arcade_named_hand_hidden_on_show_watch_and_undo(home):
    env = _env(home)
    ok(env, "track", "new", "cataclysm-arcade", "--players", "Ann,Ben")
    ok(env, "track", "hand", "ann", "Grunt,", "Zap")
    for args in (("track", "show"), ("track", "watch", "--ticks", "1"), ("track", "log"),
                 ("track", "situation"), ("track", "undo")):
        out = ok(env, *args)
        assert "Grunt" not in out and "Zap" not in out, args
    ok(env, "track", "redo")
    assert "Grunt, Zap" in ok(env, "track", "show", "--reveal", "ann")
    assert "Grunt" in ok(env, "track", "watch", "--ticks", "1", "--reveal", "ann")
    assert ok(env, "track", "hand", "ann").strip() == "Ann's hand (5 cards): Grunt, Zap, 3 unnamed"


def test_catastrophe_named_hand_left_out_of_the_shared_table():
    from engine import get_engine
    from trackers.secrets import hidden

    engine = get_engine("catastrophe")
    state = engine.load_state({"players": [{"name": "Ann", "hand_cards": ["Scratch", "Hiss"]},
                                           {"name": "Ben"}]})
    assert hidden("catastrophe", state).players[0].hand_cards is None
    assert hidden("catastrophe", state).players[0].hand == 2
    assert hidden("catastrophe", state, {"Ann"}).players[0].hand_cards == ("Scratch", "Hiss")
