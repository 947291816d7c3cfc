"""Catopomp's table of the generated games (tests/playouts.py, tests/playouts_tables.py): its dealer
and its title, this game's own test helper."""
from __future__ import annotations

from tests.playouts_tables import Dealer, Title


class CatopompDealer(Dealer):
    """Deals with the game's deck (engine.catopomp.table): who starts, the centre dice, each hand as
    its player records it, a one-gem player's reserve die; a new deal after every round."""

    def _hands(self, n: int):
        from engine.catopomp.model import Opts, c_list, fc
        from engine.catopomp.table import _deal

        hands, _aside = _deal(n, Opts(), self.rng)
        return [" ".join(fc(c) for c in c_list(h)) for h in hands]

    def setup(self, state):
        from tests.playouts import Command

        n = len(self.names)
        out = [Command("track", f"first {self.rng.choice(self.names)}"),
               Command("track", "dice " + " ".join(str(self.rng.randint(1, 6)) for _ in range(2 * n)))]
        return out + [Command("track", f"hand {p} {h}") for p, h in zip(self.names, self._hands(n))]

    def between(self, state):
        from tests.playouts import Command

        if state.phase != "setup" or state.round == 1:
            return []
        names = [p.name for p in state.players]
        one_gem = [p.name for p in state.players if p.gems == 1]
        out = [Command("track", "dice " + " ".join(str(self.rng.randint(1, 6)) for _ in range(2 * len(names) - len(one_gem))))]
        out += [Command("track", f"reserve {p} {self.rng.randint(1, 6)}") for p in one_gem]
        return out + [Command("track", f"hand {p} {h}") for p, h in zip(names, self._hands(len(names)))]

    def choose(self, state, options, rng):
        passes = [c for c in options if c.text.startswith("pass")]
        sets = [c for c in options if not c.text.startswith("pass")]
        if passes and (not sets or rng.random() < 0.3):
            return rng.choice(passes)
        return rng.choice(sets)


class Catopomp(Title):
    GAME = "catopomp"
    MOST_STEPS = 400
    WORDS = ["1", "2", "3", "5", "8", "9", "heaven", "hell", "then", "dice", "pass", "transfer"]

    NAMES, COUNTS = ["Ann", "Ben", "Cy", "Di"], [2, 3, 4]

    dealer = CatopompDealer

    @staticmethod
    def over(state):
        return state.phase == "game-over"
