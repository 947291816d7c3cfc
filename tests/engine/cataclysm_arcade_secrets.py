"""Cataclysm Arcade's named hands for the hidden-information oracle (tests/hidden_oracle.py): how
its table names the cards of a hand on the positions of its generated games; this game's own test
helper, named by its test data (tests/games/cataclysm-arcade.toml `secrets`)."""
from __future__ import annotations

import random

from engine import get_game
from engine.base import step
from tests.hidden_oracle import NamedHands


class ArcadeHands(NamedHands):
    """The generated game names the opening hands and leaves a card drawn at a new level unnamed.
    Here, on each position, about half of the players name their unnamed cards (`track hand`, as
    docs/track-cataclysm-arcade.md has it), and about one in five is known by the size of their hand
    alone (a table that never said `hand` for them)."""

    def told(self, state, rng: random.Random):
        game = get_game(self.game)
        names = game.engine.views.card_names(state)
        for p in state.players:
            draw = rng.random()
            if draw < 0.2 and p.hand:
                state = state.model_copy(update={"players": tuple(
                    q.model_copy(update={"hand": (), "hand_unknown": q.hand_size}) if q.name == p.name else q
                    for q in state.players)})
            elif draw < 0.7 and p.hand_unknown and names and not p.out:
                cards = ", ".join(rng.choice(names) for _ in range(p.hand_unknown))
                done = step(game, state, f"hand {p.name} {cards}", kind="track")
                state = state if done.refused else done.state
        return state

    def naming(self, state, viewer: str, rng: random.Random) -> list[str]:
        """The one play that names its maker is a trigger (`trigger PLAYER: TEXT`): one for each other
        player still in, typed by the viewer; dealt again, that player's hand must not change its answer."""
        return [f"trigger {p.name}: the table carries it out" for p in state.players if p.name != viewer and not p.out]
