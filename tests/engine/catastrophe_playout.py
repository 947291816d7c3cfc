"""CATastrophe's table of the generated games (tests/playouts.py, tests/playouts_tables.py): its dealer
and its title, this game's own test helper."""
from __future__ import annotations

from tests.playouts_tables import Dealer, Title, command


class CatastropheDealer(Dealer):
    """Hands are never told (the companion keeps counts): the card plays a cat may make from them are
    offered here; the dice are rolled here; an Event's result is a `lives` change."""

    def extras(self, state, rng):
        cur = state.players[state.current].name
        alive = [state.players[i].name for i in state.turn_order()]
        others = [n for n in alive if n != cur] or alive
        out = [command("play", f"{cur} play Attack {rng.choice([4, 5, 6])} at {rng.choice(others)}"),
               command("play", f"{cur} play Curiosity Killed the Cat at {rng.choice(others)}"),
               command("play", f"{cur} play Mice Mischief"),
               command("play", f"{cur} reveal Grim Reapurr +{rng.choice([1, 2])}"),
               command("play", f"{cur} reveal CATastrophic Event")]
        for name in alive:
            out.append(command("play", f"{name} play Cucumber"))
            out.append(command("play", f"{name} play Pass to {rng.choice([n for n in alive if n != name] or alive)}"))
        if rng.random() < 0.1:
            out.append(command("track", f"lives {rng.choice(alive)} -1"))
        return out

    def choose(self, state, options, rng):
        ends = [o for o in options if o.text.endswith(" end")]
        rest = [o for o in options if not o.text.endswith(" end")]
        return rng.choice(ends if ends and (not rest or rng.random() < 0.3) else rest)


class Catastrophe(Title):
    GAME = "catastrophe"
    MOST_STEPS = 600
    WORDS = ["Abi", "Attack", "4", "6", "Cucumber", "draw", "end", "roll", "yarn", "resolve", "play", "at"]

    NAMES, COUNTS = ["Abi", "Betty", "Chris", "Dan"], [2, 3, 4]

    dealer = CatastropheDealer

    @staticmethod
    def over(state):
        return state.game_over
