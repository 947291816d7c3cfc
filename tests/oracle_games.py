"""The generated games both oracles walk (tests/phone_oracle.py, the phone page's; tests/hidden_oracle.py,
the hidden-information one): `commands_of`, the players, options and commands of one generated game, and
`session_walk`, a Catopomp round as a table tells it to a session with no hand recorded."""
from __future__ import annotations

import random
from typing import Any

from engine import get_game
from engine.base import step
from engine.catopomp.rules_state import setup
from tests.playouts import Command, Playout
from tests.playouts_tables import TABLES


def _theseus_hidden(seed: int, players: list[str]) -> dict[str, str]:
    """Theseus on odd seeds: every player but the first has a Hand the table knows only as a count."""
    return {"hidden": ",".join(players[1:])} if seed % 2 else {}


def commands_of(game: str, seed: int, most: int) -> tuple[list[str], dict, list[Command]]:
    """The players, options and commands of one generated game (at most `most` steps): the playout's
    own, or for Catopomp on odd seeds a round told with no hand recorded (the plays taken on trust),
    then some players record theirs."""
    if game == "catopomp" and seed % 2:
        words, hands, _unrecorded, _truth = session_walk(seed, most)
        players = words[0][words[0].index("--players") + 1].split(",")
        said = [Command("track", " ".join(w[1:])) if w[0] == "track" else Command("play", w[1])
                for w in [*words[1:], *hands] if len(w) > 3 or w[1] != "hand"]  # an empty hand is not said
        return players, {}, said[:most]
    title = _Title(TABLES[game], seed, most)
    playout = Playout(title, seed, every=10**9, mutations=0, session=False, shrink=False)
    playout.run()
    return playout.players, playout.options, playout.commands


class _Title:
    """A title of the generated games, ended after `most` steps (a short version), with Theseus's
    Hands hidden on odd seeds and Catopomp's competitive variant on every fourth seed (from 2), each
    player's prediction said at each deal."""

    def __init__(self, title, seed: int, most: int):
        self.title, self.seed, self.most, self.steps = title, seed, most, 0
        self.MOST_STEPS = most + 1
        self.competitive = title.GAME == "catopomp" and seed % 4 == 2

    def __getattr__(self, name):
        return getattr(self.title, name)

    def players(self, rng):
        self.names = self.title.NAMES[:rng.choice([3, 4])] if self.competitive else self.title.players(rng)
        return self.names

    def options(self, rng):
        options = self.title.options(rng)
        if self.title.GAME == "theseus":
            options.update(_theseus_hidden(self.seed, self.names))
        if self.competitive:
            options["competitive"] = "yes"
        return options

    def dealer(self, rng, players):
        dealer = self.title.dealer(rng, players)
        return _Predicting(dealer) if self.competitive else dealer

    def over(self, state) -> bool:
        if self.title.over(state) or self.steps >= self.most:
            return True
        self.steps += 1
        return False


class _Predicting:
    """A dealer whose table says each player's prediction (Catopomp's competitive variant) with the deal."""

    def __init__(self, dealer):
        self.dealer = dealer

    def __getattr__(self, name):
        return getattr(self.dealer, name)

    def _predictions(self, names):
        return [Command("track", f"predict {n} {self.dealer.rng.randint(1, 4)}") for n in names]

    def setup(self, state):
        return self.dealer.setup(state) + self._predictions(self.dealer.names)

    def between(self, state):
        dealt = self.dealer.between(state)
        return dealt + self._predictions(p.name for p in state.players) if dealt else dealt


def session_walk(seed: int, steps: int) -> tuple[list[tuple[str, ...]], list[tuple[str, ...]], list[str], Any]:
    """A Catopomp round as a table tells it to a session: (the set-up and plays, the hands recorded at
    the end, the players who recorded none, the dealer's table then). Every hand stays a count while
    the plays are made (each taken on trust, as the table made it), then some players record theirs."""
    rng = random.Random(seed)
    n = 2 + seed % 3
    names = ["Ann", "Ben", "Cy", "Di"][:n]
    game = get_game("catopomp")
    truth = setup(names, {}, rng)
    words = [("track", "new", "catopomp", "--players", ",".join(names)), ("track", "first", truth.turn.lower()),
             ("track", "dice", *map(str, truth.centre_dice))]
    for _ in range(steps):
        moves = game.engine.plays.legal_moves(truth)
        if not moves:
            break
        text = game.engine.plays.format_move(rng.choice(moves))
        after = step(game, truth, text).state
        if after.phase != "play":
            break
        words.append(("play", text))
        truth = after
    keep = [p for p in truth.players if p.hand and rng.random() < 0.6] or [truth.players[0]]
    hands = [("track", "hand", p.name.lower(), *map(str, p.hand)) for p in keep]
    unrecorded = [p.name for p in truth.players if p not in keep]
    return words, hands, unrecorded, truth
