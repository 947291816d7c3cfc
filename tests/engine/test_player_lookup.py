"""Every game reads a player's name one way (engine.words.player): the same answer for a misspelt
name, naming the closest player and every player, and the same case-blind lookup in the State."""
from __future__ import annotations

import importlib

import pytest

from engine import GAMES
from engine.base import MoveSyntaxError
from tests.games import per_game

OPTIONS = per_game("required_options")
# a tracker command that names a player, with the player's word first after the verb (tests/games/<game>.toml)
NAMING = per_game("naming")


def _table(game):
    tracker = importlib.import_module(GAMES[game]).Tracker()
    return tracker, tracker.declaration.verbs.new_state(["Ann", "Ben", "Cy"], OPTIONS.get(game, {}))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_misspelt_player_is_answered_alike_in_every_game(game):
    tracker, state = _table(game)
    with pytest.raises(MoveSyntaxError) as err:
        tracker.parse(state, [w.format("Bne") for w in NAMING[game]])
    assert str(err.value) == "unknown player 'Bne'; did you mean Ben? players: Ann, Ben, Cy"
    parsed = tracker.parse(state, [w.format("bE") for w in NAMING[game]])
    assert "Ben" in parsed.args and "bE" not in parsed.args


def _lookup(game, state, word):
    """A player of the State by a typed word, through the game's own model helper."""
    if game == "catharsis":
        from engine.catharsis.model import player_of

        return player_of(state, word)
    if game == "catopomp":
        return state.players[state.seat(word)]
    return state.player(word)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_state_finds_a_player_named_in_any_case(game):
    _, state = _table(game)
    assert _lookup(game, state, "cY").name == "Cy"
    with pytest.raises(MoveSyntaxError, match="players: Ann, Ben, Cy$"):
        _lookup(game, state, "Zed")
