"""A real Catopomp table for tests: the dealer knows every card (a seeded simulation on the core Table),
the companion is told only what the table says aloud (who starts, the dice, reserve dice, each play).

`table_game(seed, ...)` yields, step by step, what the table would type (`("track", words)` for a set-up
entry, `("play", text)` for a play) and the full-information table after it, so a test can check that
the session follows the game on everything public."""
from __future__ import annotations

import random

from engine.catopomp import core
from engine.catopomp.deal import deal_first, deal_next
from engine.catopomp.notation import format_move
from engine.catopomp.simulate import random_move


def _setup_words(t: core.Table, first_round: bool):
    if first_round:
        yield ["first", t.names[t.turn]]
    reserve = [(t.names[i], t.reserve[i]) for i in range(t.n) if t.reserve[i] is not None]
    centre = list(t.centre)
    yield ["dice", *map(str, centre)]
    for name, face in reserve:
        yield ["reserve", name, str(face)]


def table_game(seed: int, players: int = 3, opts: core.Opts = core.Opts(), pass_bias: float = 0.3,
               max_moves: int = 5000):
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
        t, _ = core.step(t, mv)
        moves += 1
        yield "play", format_move(mv), t
        if moves > max_moves:
            raise RuntimeError("the game did not end")


def public(t: core.Table) -> dict:
    """What every player at the table can see."""
    return {
        "gems": list(t.gems),
        "hand_sizes": [sum(h) for h in t.hands],
        "hell": [list(core.c_list(h)) for h in t.hells],
        "used": [sorted(u) for u in t.used],
        "centre": sorted(t.centre),
        "turn": t.names[t.turn] if t.phase == "play" else None,
        "points": list(t.points),
    }


def public_of_state(state) -> dict:
    from engine.catopomp.model import _code

    return {
        "gems": [p.gems for p in state.players],
        "hand_sizes": [p.hand_size for p in state.players],
        "hell": [sorted(_code(c) for c in p.hell_domain) for p in state.players],
        "used": [sorted(p.used_dice) for p in state.players],
        "centre": sorted(state.centre_dice),
        "turn": state.turn if state.phase == "play" else None,
        "points": [p.points for p in state.players],
    }
