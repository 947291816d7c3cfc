"""A Catharsis table marked over while its end cannot have come (a situation file): what `status`
finds, as every other game's finds its own end marked too soon (CATastrophe's game_over with two cats
in, Theseus's with Rank 6 cards left), so `moves` on it is a finding (exit 1) in every game."""
from __future__ import annotations

from tests.engine.catharsis_table import E, table

ATTACK = ["next-card monster", "enemy Crab 8/10/12/14/16", "combat start"]


def _rules(state):
    return [r.rule for r in E.declaration.status(state)]


def test_marked_lost_with_morale_left_and_a_character_alive_is_impossible():
    state = table().model_copy(update={"outcome": "lost"})
    assert _rules(state) == ["catharsis.winning.losing"], E.declaration.status(state)
    assert "Morale is 18" in E.declaration.status(state)[0].message


def test_a_loss_the_rules_reached_is_not():
    state = table("morale -18")
    assert state.outcome == "lost" and _rules(state) == []


def test_lost_with_morale_not_tracked_is_the_tables_word():
    state = table(morale="none").model_copy(update={"outcome": "lost"})
    assert _rules(state) == []


def test_marked_won_with_an_enemy_standing_is_impossible():
    state = table(*ATTACK)
    assert [e.name for e in state.enemies if not e.defeated] == ["Crab"]
    state = state.model_copy(update={"outcome": "won"})
    assert _rules(state) == ["catharsis.winning.conditions"]
    assert "Crab still stands" in E.declaration.status(state)[0].message


def test_moves_on_a_file_marked_lost_too_soon_is_a_finding(cli, home, tmp_path):
    import json

    assert cli("track", "new", "catharsis", "--players", "Ann,Ben", "--option", "morale=18").exit_code == 0
    doc = json.loads(cli("track", "situation").stdout)
    path = tmp_path / "lost.json"
    path.write_text(json.dumps({**doc, "outcome": "lost"}))
    shown = cli("moves", "catharsis", "--situation", str(path))
    assert shown.exit_code == 1 and "the game is over" in shown.stdout, shown.output
    assert cli("status", "catharsis", "--situation", str(path)).exit_code == 1
