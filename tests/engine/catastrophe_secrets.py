"""CATastrophe's named hands for the hidden-information oracle (tests/hidden_oracle.py): how its table
names the cards of a hand on the positions of its generated games; this game's own test helper,
named by its test data (tests/games/catastrophe.toml `secrets`)."""
from __future__ import annotations

import json
import random

from engine import get_game
from tests.hidden_oracle import NamedHands


class CatastropheHands(NamedHands):
    """The generated game keeps every hand a count. A table names a hand in a situation file
    (`hand_cards`, docs/moves-catastrophe.md "A situation file"): here, on each position, about half of
    the cats still in the game with cards in hand have theirs named (the cards the table saw go in
    among them), the file loaded as `check --situation` loads it. The names: the cards of the table's
    catalogue a hand keeps (a Power Cat lies face up, an Event and a Grim Reapurr are revealed when
    drawn), and the Attacks the generated game plays."""

    KEPT_OUT = ("power-cat", "event", "reapurr")  # card types that never stay in a hand
    ATTACKS = ("Attack 4", "Attack 6")

    def told(self, state, rng: random.Random):
        from engine.catastrophe.model import catalogue

        engine = get_game(self.game).engine
        names = [c.name for c in catalogue(state).values() if c.type not in self.KEPT_OUT] + list(self.ATTACKS)
        data = json.loads(json.dumps(state.model_dump(mode="json")))
        for p in data["players"]:
            if p["eliminated"] or not p["hand"] or p["hand_cards"] is not None or rng.random() < 0.5:
                continue
            seen = list(p["seen_cards"])
            p["hand_cards"] = seen + [rng.choice(names) for _ in range(p["hand"] - len(seen))]
            p["seen_cards"] = []
        return engine.load_state(data, "named hands")

    def naming(self, state, viewer: str, rng: random.Random) -> list[str]:
        """For each other cat with a named hand, one card of it said as that cat's play (`Betty play
        Take`, typed by the viewer): dealt again, that hand changes, the verdict the viewer sees must not."""
        return [f"{p.name} play {rng.choice(p.hand_cards)}" for p in state.players
                if p.name != viewer and p.hand_cards and not p.eliminated]
