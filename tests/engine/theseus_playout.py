"""Party of the Theseus's table of the generated games (tests/playouts.py, tests/playouts_tables.py): its dealer
and its title, this game's own test helper."""
from __future__ import annotations

from tests.playouts_tables import Dealer, Title, command


class TheseusDealer(Dealer):
    """The dealer of tests/engine/theseus_table.py: a whole table known to it (every Rank Deck, every
    Hand), the companion told what the table says aloud (the Board, deck sizes, the cards a refill
    turns up; the other players' Hands as counts). Each play is the dealer's, said with its reveal."""

    def __init__(self, rng, players):
        super().__init__(rng, players)
        from tests.engine.theseus_table import deal

        self.full, _ = deal(rng.randrange(10**6), len(players))
        self.full = self.full.model_copy(update={"players": tuple(
            p.model_copy(update={"name": n}) for p, n in zip(self.full.players, players))})
        self.full = self.full.model_copy(update={"active": players[[p.name for p in self.full.players].index(
            players[0])]})

    def setup(self, state):
        from tests.engine.theseus_table import card_facts  # noqa: F401  (the icons come from the deal)

        facts = " ".join(f"{c.name}:{c.rank if isinstance(c.rank, int) else '?'}:{c.icon}:none" for c in self.full.cards)
        out = [command("track", f"card {facts}"), command("track", "board " + " ".join(c.name for c in self.full.board))]
        return out + [command("track", f"deck {r} {len(self.full.decks[r])}") for r in range(1, 7)]

    def extras(self, state, rng):
        from engine.theseus import Engine
        from tests.engine.theseus_table import revealed

        engine = Engine()
        self.said = {}
        for move in engine.plays.legal_moves(self.full):
            after = engine.plays.apply(self.full, move)
            told = move.model_copy(update={"reveal": revealed(self.full, after)})
            self.said[engine.plays.format_move(told)] = (move, after)
        return [command("play", text, state.active) for text in self.said]

    def choose(self, state, options, rng):
        from tests.engine.test_theseus_properties import choose

        offered = {o.text: o for o in options if o.text in self.said}
        by_move = {id(self.said[t][0]): t for t in offered}
        pick = choose(rng, self.full, [self.said[t][0] for t in offered])
        text = by_move[id(pick)]
        self.full = self.said[text][1]
        return offered[text]


class Theseus(Title):
    GAME = "theseus"
    MOST_STEPS = 300
    WORDS = ["Knight", "Mage", "Rogue", "explore", "recruit", "subjugate", "end", "use", "basic", "R1a", "R2b", "party"]

    NAMES, COUNTS = ["Ann", "Ben", "Cy"], [2, 3]

    dealer = TheseusDealer

    @staticmethod
    def over(state):
        return state.game_over
