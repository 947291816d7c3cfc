"""Catopomp's secrets for the hidden-information oracle (tests/hidden_oracle.py): its seeded walks,
the plays tried on each table and how what a viewer cannot see is dealt again; this game's own
test helper, named by its test data (tests/games/catopomp.toml `secrets`)."""
from __future__ import annotations

import random
from typing import Any

from engine import get_game
from engine.base import step
from tests.hidden_oracle import Secrets


class Catopomp(Secrets):
    game = "catopomp"
    CONFIGS = ((2, {}), (3, {}), (4, {}), (3, {"competitive": True}), (4, {"competitive": True}),
               (3, {"hell_power": True}), (3, {"passing": "casual"}), (4, {"catleton": True, "mitch": True}))

    def walk(self, seed: int, steps: int) -> list[tuple[str, Any]]:
        """A dealt table walked through the step; a round's end is also kept as the engine leaves it
        (round over), then the next round is dealt by the dealer (every hand known again)."""
        from engine.catopomp.rules_state import next_round, setup

        rng = random.Random(seed)
        n, options = self.CONFIGS[seed % len(self.CONFIGS)]
        game = get_game(self.game)
        truth = setup(["Ann", "Ben", "Cy", "Di"][:n], options, rng)
        out = [(f"seed {seed} step 0", self.told(truth, rng))]
        for k in range(1, steps + 1):
            moves = game.engine.plays.legal_moves(truth)
            if not moves:
                break
            move = rng.choice(moves)
            done = step(game, truth, game.engine.plays.format_move(move))
            if done.state.phase == "setup":  # the session sets the next round up: the dealer deals it
                over = game.engine.plays.apply(truth, move)
                out.append((f"seed {seed} step {k} (round over)", self.told(over, rng)))
                out.append((f"seed {seed} step {k} (set up)", done.state))
                if over.phase != "round-over":
                    break
                truth = next_round(over, rng)
            else:
                truth = done.state
            out.append((f"seed {seed} step {k}", self.told(truth, rng)))
        return out

    @staticmethod
    def told(truth, rng: random.Random):
        """The dealer's table as a session may hold it: each hand recorded (the player's secret) or,
        about half the time, known only by its size."""
        players = tuple(p.model_copy(update={"hand": len(p.hand)}) if p.hand_known and rng.random() < 0.5 else p
                        for p in truth.players)
        return truth.model_copy(update={"players": players})

    def plays(self, state, rng: random.Random) -> dict[str, list[str]]:
        """For each player: a few plays `moves` lists (theirs when they are to act), each mutated (another
        card, one more), and plain guesses from their hand or any number; out of turn for the others."""
        engine = get_game(self.game).engine
        out: dict[str, list[str]] = {}
        listed = [engine.plays.format_move(m) for m in engine.plays.legal_moves(state)]
        partly = engine.views.partly_listed(state)
        listed += [engine.plays.format_move(m) for m in partly[0]] if partly else []
        for p in state.players:
            texts = rng.sample(listed, min(3, len(listed)))
            cards = [str(c) for c in p.hand] if p.hand_known and p.hand else [str(rng.randint(1, 10))]
            a, b = rng.choice(cards), rng.randint(1, 10)
            texts += ["pass", f"heaven {a} then hell {b}", f"heaven {b} then hell {a}", f"heaven {a} {a} then hell {b}",
                      f"heaven {b} {b} {b}", f"hell {b} {b}"]
            texts += [t.replace(" then hell ", f" {b} then hell ", 1) for t in texts[:2] if t.startswith("heaven")]
            if state.phase in ("setup", "play") and p.hand_size:  # the player records their own hand
                own = [str(c) for c in p.hand] if p.hand_known else [str(rng.randint(1, 9)) for _ in range(p.hand)]
                texts += [f"track hand {p.name} {' '.join(own)}",
                          f"track hand {p.name} {' '.join([str(b)] * len(own))}"]
            other = rng.choice([q.name for q in state.players])  # what anyone may say of the table
            texts += [f"track lost {other}", f"track gems {other} -1", f"track predict {p.name} {rng.randint(1, 4)}"]
            out[p.name] = list(dict.fromkeys(texts))
        return out

    def redeal(self, state, viewer: str | None, rng: random.Random):
        """Every recorded hand but the viewer's dealt again from the cards the viewer cannot see (the
        deck less the cards in sight and the viewer's own hand), sizes kept; each prediction not yet
        revealed and not the viewer's drawn again where no single play can reveal it (its player
        holds two or more cards, and the play cannot end the game)."""
        from engine.catopomp.model import NCODES, code_of, deck_counts, opts_of, token_of

        left = list(deck_counts(len(state.players), opts_of(state.options)))
        gone = [c for p in state.players for c in p.hell_domain]
        if state.winning_set is not None:
            gone += [*state.winning_set.heaven, *state.winning_set.hell]
        gone += list(state.discard_pile or ()) + list(state.set_aside or ())
        gone += [c for p in state.players if p.name == viewer and p.hand_known for c in p.hand]
        for card in gone:
            code = code_of(card)
            if 0 <= code < NCODES:
                left[code] = max(0, left[code] - 1)
        pool = [code for code in range(NCODES) for _ in range(left[code])]
        rng.shuffle(pool)
        others = [p for p in state.players if p.name != viewer and p.hand_known and p.hand]
        if sum(len(p.hand) for p in others) > len(pool):
            return None
        # a prediction is revealed when its player clears or the game ends: one play clears at most
        # its maker and the winning set's owner, and ends the game only at a round's end that takes
        # someone's last gem
        holders = sum(p.hand_size + len(p.hell_domain) > 0 for p in state.players)
        lasting = holders >= 4 or min(p.gems for p in state.players) >= 2
        players = []
        for p in state.players:
            update: dict[str, Any] = {}
            if p in others:
                dealt, pool = pool[:len(p.hand)], pool[len(p.hand):]
                update["hand"] = tuple(token_of(c) for c in sorted(dealt))
            revealed = state.cleared_record(p.name) is not None or state.game_over
            if (p.prediction is not None and p.name != viewer and not revealed and lasting
                    and p.hand_size + len(p.hell_domain) >= 2):
                update["prediction"] = rng.randint(1, 4)
            players.append(p.model_copy(update=update) if update else p)
        return state.model_copy(update={"players": tuple(players)})
