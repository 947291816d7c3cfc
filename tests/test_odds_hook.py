"""`companion odds` through the `Engine.odds` hook (issue 22): the CLI imports no game's internals and
names no game in its code; a game's options are its hook's keyword-only parameters; a game without
dice odds says so and names the games with them."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from companion.odds_cmd import games_with_odds, options_of
from engine import get_engine
from engine.base import EngineUnavailable
from rulesdb.games import GAME_IDS
from tests.games import per_game

#: the games with dice odds and their options, each game's own test data (tests/games/<game>.toml)
WITH_ODDS = per_game("odds_options")
WITHOUT_ODDS = [game for game in GAME_IDS if game not in WITH_ODDS]
ODDS_CMD = Path(__file__).resolve().parent.parent / "companion" / "odds_cmd.py"


def test_the_odds_command_imports_no_game_and_branches_on_none():
    tree = ast.parse(ODDS_CMD.read_text(encoding="utf-8"))
    imported = [n.module for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    imported += [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    assert not [m for m in imported if m and m.startswith("engine.") and m != "engine.base"], imported
    compared = [c for n in ast.walk(tree) if isinstance(n, ast.Compare)
                for c in [n.left, *n.comparators] if isinstance(c, ast.Constant)]
    games = set(GAME_IDS)
    assert not [c.value for c in compared if c.value in games]


def test_each_game_with_odds_takes_its_own_options():
    for game, options in WITH_ODDS.items():
        assert options_of(get_engine(game)) == tuple(options), game
    assert sorted(games_with_odds()) == sorted(WITH_ODDS) and len(WITH_ODDS) >= 2


@pytest.mark.parametrize("game", WITHOUT_ODDS)
def test_a_game_without_dice_odds_says_so(game):
    engine = get_engine(game)
    assert options_of(engine) == ()
    with pytest.raises(EngineUnavailable, match=f"^{game} has no dice odds$"):
        engine.odds(["attack", "4"], lambda needed: None)


def test_the_hook_reads_the_table_only_when_the_question_needs_it():
    asked = []

    def table(needed):
        asked.append(needed)
        return None

    out, text = get_engine("catastrophe").odds(["attack", "4"], table, yarn=1)
    assert asked == [] and out["game"] == "catastrophe" and out["chance"] == "3/4" and "75.00%" in text
    out, text = get_engine("catharsis").odds(["6", "6"], table, dice="6,1", rerolls=1)
    assert asked == [] and out["fraction"] == "1/6"
    with pytest.raises(Exception, match="not a Catharsis game"):
        get_engine("catharsis").odds(["AA"], table, player="ann")
    assert asked == [True]


def test_the_cli_refuses_another_games_option_and_names_games_with_odds(cli):
    bad = cli("odds", "catastrophe", "attack", "4", "--dice", "1,2")
    assert bad.exit_code == 2 and "--dice: not an odds option of catastrophe" in bad.stderr
    assert "--yarn" in bad.stderr and len(bad.stderr.strip().splitlines()) == 1
    for game in WITHOUT_ODDS:
        none = cli("odds", game, "attack")
        assert none.exit_code == 2
        assert f"{game} has no dice odds; games with odds: {', '.join(sorted(WITH_ODDS))}" in none.stderr
