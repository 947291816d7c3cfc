"""Party of the Theseus's secrets for the hidden-information oracle (tests/hidden_oracle.py): its seeded walks,
the plays tried on each table and how what a viewer cannot see is dealt again; this game's own
test helper, named by its test data (tests/games/theseus.toml `secrets`)."""
from __future__ import annotations

import random
from typing import Any

from engine import get_game
from engine.base import step
from tests.hidden_oracle import Secrets


class Theseus(Secrets):
    game = "theseus"
    KEPT = 4  # the top cards of each Rank Deck a play may turn up (a Board Refill): not dealt again

    def walk(self, seed: int, steps: int) -> list[tuple[str, Any]]:
        from tests.engine.theseus_table import deal

        truth, rng = deal(seed, players=2 + seed % 3)
        game = get_game(self.game)
        out = [(f"seed {seed} step 0", self.told(truth, rng))]
        for k in range(1, steps + 1):
            moves = game.engine.plays.legal_moves(truth)
            if not moves:
                break
            done = step(game, truth, game.engine.plays.format_move(rng.choice(moves)))
            if not done.applied:
                break
            truth = done.state
            out.append((f"seed {seed} step {k}", self.told(truth, rng)))
        return out

    @staticmethod
    def told(truth, rng: random.Random):
        players = tuple(p.model_copy(update={"hand": len(p.hand)}) if p.hand_known and rng.random() < 0.5 else p
                        for p in truth.players)
        return truth.model_copy(update={"players": players})

    def plays(self, state, rng: random.Random) -> dict[str, list[str]]:
        engine = get_game(self.game).engine
        listed = [engine.plays.format_move(m) for m in engine.plays.legal_moves(state)]
        out: dict[str, list[str]] = {}
        for p in state.players:
            texts = rng.sample(listed, min(4, len(listed))) + ["end"]
            if state.board:
                texts.append(f"basic explore {rng.choice(state.board).name}")
            out[p.name] = list(dict.fromkeys(texts))
        return out

    def redeal(self, state, viewer: str | None, rng: random.Random):
        """Each Rank Deck recorded as names: the cards below its top four shuffled (no one at the table
        has seen them). Hands: a recorded Hand is public, an unrecorded one holds no names."""
        decks = {}
        for rank, deck in state.decks.items():
            if isinstance(deck, tuple) and len(deck) > self.KEPT + 1:
                rest = list(deck[self.KEPT:])
                rng.shuffle(rest)
                deck = (*deck[:self.KEPT], *rest)
            decks[rank] = deck
        return state.model_copy(update={"decks": decks})
