"""Issue 47 item 5, faces that only render: a misspelt play gets its nearest plays from the step that
read it (no replay, one "did you mean"), and the table a page shows names who acts in one place."""
from __future__ import annotations

import json

import pytest

from tests.conftest import GAMES
from tests.games import game_data


def test_the_step_that_reads_a_misspelt_play_carries_its_nearest_plays():
    from engine.base import MoveSyntaxError, step
    from engine.library import start_state
    from trackers.log import game_for

    game = game_for("catastrophe")
    state = start_state(game.tracker, ["Ann", "Ben", "Cid"], {})
    with pytest.raises(MoveSyntaxError) as raised:
        step(game, state, "Ann plya Attack 4 at Ben")
    assert raised.value.nearest == ("Ann play Attack 4 at Ben",) and raised.value.unread == "plya"
    with pytest.raises(MoveSyntaxError) as raised:  # two words wrong: no play is made up
        step(game, state, "Ann plya Atack 4 at Ben")
    assert raised.value.nearest == ()


def test_a_misspelt_play_is_put_right_as_the_plays_spell_it_in_one_did_you_mean():
    """Cataclysm Arcade: the word put right is spelt as a play is typed (`fighter`, not the notation's
    capitalised `Fighter`), and the notation's own word list gives way to the nearest play, so the line
    holds one "did you mean"."""
    from engine.base import MoveSyntaxError, step
    from engine.library import start_state
    from trackers.log import game_for

    game = game_for("cataclysm-arcade")
    state = start_state(game.tracker, ["Ann", "Ben", "Cy"], {})
    with pytest.raises(MoveSyntaxError) as raised:
        step(game, state, "fightr Grunt")
    assert raised.value.nearest == ("fighter Grunt",), raised.value.nearest
    with pytest.raises(MoveSyntaxError) as raised:
        step(game, state, "ann fighter Grunt")
    line = raised.value.hinted()
    assert line.count("did you mean") == 1 and line.endswith("did you mean: fighter Grunt"), line


def test_a_word_no_play_opens_with_is_never_offered_from_the_notation_s_prose():
    """Catopomp: the notation's help says a 0 "works" when one card fits; `zork` is not offered
    `works` (no play opens with it), while `hevaen` is still put right as `heaven`."""
    from engine.base import MoveSyntaxError, step
    from engine.library import start_state
    from trackers.log import game_for

    game = game_for("catopomp")
    state = start_state(game.tracker, ["Ann", "Ben", "Cy"], {})
    for said, offered in (("zork", ()), ("hevaen", ("heaven",))):
        with pytest.raises(MoveSyntaxError) as raised:
            step(game, state, said)
        assert raised.value.nearest == offered, (said, raised.value.nearest)


def test_a_misspelt_play_prints_one_did_you_mean_without_replaying_the_session(cli, home, monkeypatch):
    """CATastrophe: `play "Ann plya Attack 4 at Ben"` says the whole play it means in one line, exit 2,
    nothing recorded; the CLI never goes back to the session's table to guess (docs/cli.md)."""
    from trackers.sessions import Sessions

    assert cli("track", "new", "catastrophe", "--players", "Ann,Ben,Cid").exit_code == 0

    def no_replay(*args, **kwargs):
        raise AssertionError("the CLI replayed the session to guess")

    with monkeypatch.context() as patched:
        patched.setattr(Sessions, "situation", no_replay)
        done = cli("play", "Ann plya Attack 4 at Ben")
    assert done.exit_code == 2 and done.stdout == "", done.output
    line = done.stderr.strip()
    assert line.count("\n") == 0 and line.count("did you mean") == 1, line
    assert line.endswith("did you mean: Ann play Attack 4 at Ben") and "'plya'" in line, line
    assert json.loads(cli("track", "log", "--json").stdout)["entries"] == []


@pytest.mark.parametrize("game", GAMES)
def test_a_player_named_in_two_words_is_marked_to_act_on_the_page(home, game):
    """Who acts is named once (trackers/phone.py who_acts): the page's `your_turn` and the player's row
    in the phone view agree, for a name of two words too, in every game."""
    from rulesdb.games import all_games
    from trackers.sessions import Sessions

    from companion.paths import data_dir
    from companion.serve.live import Live

    players = ["Mary Ann", "Bo", "Cy"][:max(2, next(g for g in all_games() if g.id == game).min_players or 2)]
    with Sessions(data_dir(), create=True) as store:
        store.new(game, players, "two", dict(game_data(game)["required_options"]))
    live = Live(data_dir(), "two")
    try:
        for viewer in (*players, None):
            table = live.run(live.table, viewer)
            turn = {p["name"]: p["turn"] for p in table["view"]["players"]}
            assert turn == {name: table["to_act"] == name for name in players}, turn
            assert table["your_turn"] == (viewer is not None and viewer == table["to_act"])
    finally:
        live.close()


def test_a_play_s_result_carries_the_names_its_lines_keep_and_the_renderer_asks_no_engine(home, monkeypatch, capsys):
    """PlayResult carries the players' and cards' names (a card name is never broken across lines), so
    companion/render.py renders it without calling back into engine/."""
    import engine
    from trackers.sessions import Sessions

    from companion.paths import data_dir
    from companion.render import play_view

    with Sessions(data_dir(), create=True) as store:
        store.new("catastrophe", ["Ann", "Ben", "Cid"], "cats")
        result = store.play("Ann play Attack 4 at Ben", "cats")
    assert {"Ann", "Ben", "Cid", "Attack", "Power Cat"} <= set(result.names)
    asked = []
    monkeypatch.setattr(engine, "get_engine", lambda *a, **k: asked.append(a))
    play_view(result, False)
    assert "Ann play Attack 4 at Ben" in capsys.readouterr().out and asked == []


def test_a_phone_s_misspelt_play_gets_the_same_nearest_play(home):
    """The private page's 400 for a play that does not read names the play the CLI names (the step's)."""
    from trackers.sessions import Sessions

    from companion.paths import data_dir
    from companion.serve.live import Live

    with Sessions(data_dir(), create=True) as store:
        store.new("catastrophe", ["Ann", "Ben", "Cid"], "cats")
    live = Live(data_dir(), "cats", allow_plays=True)
    try:
        status, doc = live.run(live.play, "Ann", "Ann plya Attack 4 at Ben")
    finally:
        live.close()
    assert status == 400 and doc["did_you_mean"] == ["Ann play Attack 4 at Ben"], doc
