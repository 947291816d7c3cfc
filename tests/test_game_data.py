"""Each game's own test data (tests/games/<game>.toml) is read through one closed schema, and every
game has its file: a new game adds its own data instead of a row in each test's table."""
from __future__ import annotations

import pytest

from rulesdb.games import GAME_IDS
from tests.games import HERE, KEYS, OPTIONAL, game_data


def test_every_game_has_its_test_data_and_every_file_is_a_game():
    assert sorted(p.stem for p in HERE.glob("*.toml")) == sorted(GAME_IDS)
    for game in GAME_IDS:
        assert set(game_data(game)) >= set(KEYS) - OPTIONAL, game  # every key the generic tests read of every game


@pytest.mark.parametrize("planted, named", [("nmae = 1\n", "nmae: unknown key"), ("noted = \"two\"\n", "noted: a int"),
                                            ("[step]\nplayer = []\n", "step.player: unknown key"),
                                            ("[[outcomes]]\nsaid = \"\"\n[[outcomes]]\nsay = \"\"\n", "outcomes.say: unknown key")])
def test_an_unknown_or_mistyped_key_fails_naming_the_file_and_the_key(tmp_path, monkeypatch, planted, named):
    import tests.games as games

    (tmp_path / "toy.toml").write_text(planted, encoding="utf-8")
    monkeypatch.setattr(games, "HERE", tmp_path)
    games.game_data.cache_clear()
    try:
        with pytest.raises(ValueError, match=f"toy.toml: {named}"):
            games.game_data("toy")
    finally:
        games.game_data.cache_clear()


def test_a_games_own_cases_leave_out_a_game_whose_file_is_not_written_yet(tmp_path, monkeypatch):
    """cases(): a game without its file has no cases (test_every_game_has_its_test_data... names it),
    so no test module stops at collection for want of it; only the keys of SAMPLES are read this way."""
    import tests.games as games

    (tmp_path / f"{GAME_IDS[0]}.toml").write_text('definition = {ask = "what is X?", first = "x"}\n', encoding="utf-8")
    monkeypatch.setattr(games, "HERE", tmp_path)
    games.game_data.cache_clear()
    try:
        assert games.cases("definition") == {GAME_IDS[0]: {"ask": "what is X?", "first": "x"}}
        with pytest.raises(KeyError, match="question: not one of a game's own cases"):
            games.cases("question")
    finally:
        games.game_data.cache_clear()
