"""Catopomp random players for tests and benchmarks: a fast seeded random player for whole games, a
seeded table that says aloud only what a real table would (for play-along tests), and the card count
of a whole table (for conservation checks).

It plays on the compact Table with the engine's own move generator and transition, so every move it
makes is one that legal_moves() lists."""
from __future__ import annotations

import random
from collections.abc import Callable

from engine.catopomp.model import NCODES, Opts, Table
from engine.catopomp.notation import format_move
from engine.catopomp.rules_moves import expand, pass_moves, play_cores
from engine.catopomp.table import deal_first, deal_next, resolve, step


def random_move(t: Table, rng: random.Random, pass_bias: float = 0.3):
    """A random legal move of the player to act: pass with probability `pass_bias` when passing is
    allowed, otherwise a random set (then a random placement / Hell power choice)."""
    r, _ = resolve(t)
    passes = pass_moves(r)
    cores = play_cores(r)
    if passes and (not cores or rng.random() < pass_bias):
        return rng.choice(passes)
    core = rng.choice(cores)
    return rng.choice(expand(r, core))


def random_game(seed: int, players: int, opts: Opts, *, on_table: Callable[[Table], None] | None = None,
                pass_bias: float = 0.3, max_moves: int = 20000) -> tuple[Table, int]:
    """Play one whole game at random; calls on_table(t) on every table reached (deals included).
    Returns the final table and the number of moves made."""
    rng = random.Random(seed)
    names = tuple(f"P{i + 1}" for i in range(players))
    t = deal_first(names, opts, rng)
    moves = 0
    while True:
        if on_table is not None:
            on_table(t)
        if t.phase == "game-over":
            return t, moves
        if t.phase == "round-over":
            t = deal_next(t, rng)
            continue
        mv = random_move(t, rng, pass_bias)
        t, _ = step(t, mv)
        moves += 1
        if moves > max_moves:
            raise RuntimeError(f"game {seed} did not end after {max_moves} moves")


def _setup_words(t: Table, first_round: bool):
    if first_round:
        yield ["first", t.names[t.turn]]
    reserve = [(t.names[i], t.reserve[i]) for i in range(t.n) if t.reserve[i] is not None]
    centre = list(t.centre)
    yield ["dice", *map(str, centre)]
    for name, face in reserve:
        yield ["reserve", name, str(face)]


def table_game(seed: int, players: int = 3, opts: Opts = Opts(), pass_bias: float = 0.3,
               max_moves: int = 5000):
    """A whole game as a table plays it: yields ("track", words, table) for what the table enters
    (who starts, the dice, reserve dice, revealed predictions) and ("play", move text, table) for each
    play, with the dealer's full table after it."""
    rng = random.Random(seed)
    names = tuple(f"P{i + 1}" for i in range(players))
    t = deal_first(names, opts, rng)
    for words in _setup_words(t, True):
        yield "track", words, t
    moves = 0
    while t.phase != "game-over":
        if t.phase == "round-over":
            t = deal_next(t, rng)
            for words in _setup_words(t, False):
                yield "track", words, t
            continue
        mv = random_move(t, rng, pass_bias)
        before = t
        t, _ = step(t, mv)
        moves += 1
        yield "play", format_move(mv), t
        if t.opts.competitive:
            # a player who clears reveals their secret prediction, and the table enters it
            for i in range(t.n):
                if before.has_cards(i) and not t.has_cards(i) and (t.phase == "play" or i != t.loser):
                    yield "track", ["predict", t.names[i], str(before.pred[i])], t
        if moves > max_moves:
            raise RuntimeError("the game did not end")


def all_cards(t: Table) -> tuple[int, ...]:
    """Every card of the table by code (for conservation checks); None zones count as empty."""
    tot = [0] * NCODES
    zones = list(t.hands) + list(t.hells)
    if t.discard is not None:
        zones.append(t.discard)
    if t.aside is not None:
        zones.append(t.aside)
    for z in zones:
        for c in range(NCODES):
            tot[c] += z[c]
    if t.ws is not None:
        for c in t.ws.codes:
            tot[c] += 1
    return tuple(tot)
