"""The "add a game" recipe (docs/architecture.md) proven: Nim, a toy game declared only under
tests/games/nim/ (its game.toml, model and rules) and added by `rulesdb.games.add_game`, goes through
every shared layer a player reaches, with no file of the product naming it: a play, a refusal, the
legal plays, a counter change and its undo, history, stats, an export read back, the BG Stats play
and the phone page's table."""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from rulesdb.games import add_game, drop_game

ROOT = Path(__file__).resolve().parent.parent
NIM = Path(__file__).resolve().parent / "games" / "nim"


@pytest.fixture
def nim(home):
    """Nim added for one test (taken back after it, so no other test's list of the games sees it)."""
    game = add_game(NIM)
    yield game
    drop_game(game.id)


def started(cli, stones: int = 5):
    done = cli("track", "new", "heap", "--players", "Ann,Ben", "--option", f"stones={stones}", "--json")
    assert done.exit_code == 0, done.output
    return json.loads(done.stdout)


def test_the_toy_game_is_listed_resolved_and_registered_from_its_own_folder(nim, cli):
    from engine import GAMES, get_game

    assert GAMES["nim"] == "tests.games.nim" and get_game("nim").engine is not None
    assert [g["id"] for g in cli.json("games")][-1] == "nim"
    assert started(cli)["game"] == "nim"  # `heap`: an alias from its game.toml
    drop_game("nim")
    assert "nim" not in __import__("engine").GAMES
    add_game(NIM)


def test_no_file_of_the_product_names_the_toy_game(nim):
    """Added without touching anything outside its folder: no product file names it, and the
    product keeps no list of the games (benchmarks/code_shape.py)."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import code_shape

    named = [str(p.relative_to(ROOT)) for top in code_shape.PACKAGES for p in (ROOT / top).rglob("*")
             if p.is_file() and p.suffix in (".py", ".js", ".toml", ".html")
             and re.search(r"\bnim\b", p.read_text(encoding="utf-8", errors="replace"), re.I)]
    assert named == []
    # no list of the games is left (the phone page's words are each game's Views.phone; the plain view else)
    assert code_shape.game_lists(ROOT, kinds=("product",))["product"] == []


def test_check_help_shows_its_example_plays_from_its_own_folder(nim, cli):
    """`companion check --help`'s notation table is read from each game's plays.toml when the help is
    shown: the toy game's example play comes under its id (and goes with it)."""
    shown = cli("check", "--help").stdout
    assert re.search(r"^ +nim *$", shown, re.M) and re.search(r"^ +take 2 +take two stones", shown, re.M), shown
    drop_game("nim")
    assert "take two stones" not in cli("check", "--help").stdout
    add_game(NIM)


def test_play_refuse_moves_change_and_undo(nim, cli):
    started(cli)
    assert cli.json("moves")["moves"] == ["take 1", "take 2", "take 3"]
    played = cli("play", "take 2", "--json")
    assert played.exit_code == 0 and json.loads(played.stdout)["legal"], played.output
    before = cli.json("track", "show")
    refused = cli("play", "take 4")
    assert refused.exit_code == 1 and "nim.take" in refused.stderr and "take 1" in refused.stdout  # refused: exit 1
    assert cli.json("track", "show") == before  # nothing recorded
    assert before["state"]["heap"] == 3 and before["state"]["to_act"] == "Ben"
    assert cli.json("track", "heap", "4")["state"]["heap"] == 4
    assert cli("undo").exit_code == 0
    assert cli.json("track", "show") == before


def test_a_finished_game_in_history_stats_export_and_bg_stats(nim, cli, tmp_path):
    started(cli, stones=4)
    for move in ("take 1", "take 3"):
        assert cli("play", move).exit_code == 0
    [record] = cli.json("history")["sessions"] if isinstance(cli.json("history"), dict) else cli.json("history")
    assert record["status"] == "finished" and record["winners"] == ["Ben"] and record["length"] == {"unit": "turns",
                                                                                                    "count": 2}
    stats = cli.json("stats")
    assert {"player": "Ben", "game": "nim", "played": 1, "wins": 1, "streak": 1, "best_streak": 1} in stats["streaks"]
    file = tmp_path / "nim.json"
    assert cli("track", "export", "nim-1", str(file)).exit_code == 0
    assert cli("track", "import", str(file), "--name", "again").exit_code == 0
    assert cli.json("track", "show", "again")["state"] == cli.json("track", "show", "nim-1")["state"]
    played = cli.json("track", "export-play", "nim-1")
    play = played[0] if isinstance(played, list) else played
    assert play["game"] == "nim" and play["link"].startswith("bgstats://") and "Nim" in json.dumps(play)


def test_the_phone_page_shows_its_table_and_links_its_rule_ids(nim, cli, home):
    from companion.serve import assets
    from companion.serve.live import Live

    started(cli, stones=1)
    assert cli("play", "take 1").exit_code == 0
    live = Live(home / "data", "nim-1")
    try:
        table = live.table(None)
    finally:
        live.close()
    assert table["game"] == "nim" and table["finished"] and table["summary"]["winners"] == ["Ann"]
    assert table["bgstats"].startswith("bgstats://")
    assets.files.cache_clear()  # the page as sent now, with the games added since it was first read
    try:
        assert re.search(r'<meta name="games" content="[^"]*\bnim\b', assets.files()["index.html"][0].decode())
    finally:
        assets.files.cache_clear()


def test_the_toy_game_sets_what_the_contract_requires_and_nothing_more():
    """Issue 47 item 4: a hook the shared layers need has no empty default (a declaration without its
    turn rule or how a play out of turn is recorded is refused when built), and Nim sets only those
    and what differs (engine.game.set_by)."""
    from engine.game import Turns, members, set_by
    from tests.games.nim import GAME

    with pytest.raises(TypeError):
        Turns(rule=GAME.turns.rule)  # no with_turn
    with pytest.raises(TypeError):
        Turns(with_turn=GAME.turns.with_turn)  # no turn rule
    assert set(set_by(GAME)) <= set(members())
    assert "outcome.figures" not in set_by(GAME) and "secrets.hides_hand" not in members()
