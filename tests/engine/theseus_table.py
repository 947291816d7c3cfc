"""A real Party of the Theseus table for tests: the dealer knows every card (a seeded game on the
engine with every Rank Deck a list of names and every icon known), the companion is told only what
the table says aloud: the players and who starts, the Board as laid out, how many cards each Rank
Deck holds, and each play with the cards a Board Refill turns up (`reveal ...`). The other players'
Hands are counts for the companion (option hidden=...).

`table_game(seed)` yields what the table would type (`("track", words)` or `("play", text)`) with
the dealer's full table after it, so a test can check that the session follows on everything public.
"""
from __future__ import annotations

import random

from engine.theseus import Engine, State
from engine.theseus.model import ICONS
from tests.engine.test_theseus_properties import choose  # the engine tests' explore-often policy

ENGINE = Engine()
NAMES = ("P1", "P2", "P3")


def deal(seed: int, players: int = 3, sizes: tuple[int, int] = (2, 4)) -> tuple[State, random.Random]:
    """The dealer's starting table: a catalogue of 2-3 cards per Rank, decks of 2-4 cards each
    (`sizes`), the Rank 1 deck 4 more for the Board."""
    rng = random.Random(seed)
    cards, decks = [], {}
    for rank in range(1, 7):
        kinds = [f"R{rank}{chr(97 + i)}" for i in range(rng.randint(2, 3))]
        cards += [{"name": n, "rank": rank, "icon": rng.choice(ICONS), "effect": "none"} for n in kinds]
        size = rng.randint(*sizes) + (4 if rank == 1 else 0)
        decks[str(rank)] = [rng.choice(kinds) for _ in range(size)]
    cards += [{"name": "Knight", "icon": "explore", "effect": "none"},
              {"name": "Mage", "icon": "recruit", "effect": "none"},
              {"name": "Rogue", "icon": "subjugate", "effect": "none"}]
    board, decks["1"] = decks["1"][:4], decks["1"][4:]
    names = NAMES[:players]
    state = ENGINE.load_state({
        "players": [{"name": n, "party": ["Knight", "Mage", "Rogue"]} for n in names],
        "active": rng.choice(names),
        "board": board,
        "decks": decks,
        "cards": cards,
    })
    return state, rng


def card_facts(seed: int, vp=None) -> list[dict]:
    """Every card of the dealer's game as the table reads it off the cards: name, Rank, icon, no
    effect, and printed VP (`vp(rank)`; None: not given). The starting Party's Rank is the deal's
    ("unknown") and carries no VP."""
    out = []
    for c in deal(seed)[0].cards:
        fact = {"name": c.name, "rank": c.rank, "icon": c.icon, "effect": "none"}
        if vp is not None and isinstance(c.rank, int):
            fact["vp"] = vp(c.rank)
        out.append(fact)
    return out


def revealed(before: State, after: State) -> tuple[str, ...]:
    """The cards the move turned up from the Rank Decks, in order."""
    out: list[str] = []
    for rank in range(1, 7):
        was, now = before.decks.get(rank, ()), after.decks.get(rank, ())
        out += list(was[: len(was) - len(now)])
    return tuple(out)


def setup_words(state: State, hidden: tuple[str, ...]) -> list[list[str]]:
    players = ",".join(p.name for p in state.players)
    words = [["new", "theseus", "--players", players, "--option", f"first={state.active}"]]
    if hidden:
        words[0] += ["--option", "hidden=" + ",".join(hidden)]
    words.append(["board", *(c.name for c in state.board)])
    words += [["deck", str(r), str(len(state.decks[r]))] for r in range(1, 7)]
    return words


def table_game(seed: int, players: int = 3, max_moves: int = 3000, sizes: tuple[int, int] = (2, 4)):
    """(kind, what, dealer state) for a whole game: set-up words, then every play as typed."""
    state, rng = deal(seed, players, sizes)
    hidden = tuple(p.name for p in state.players[1:])
    for words in setup_words(state, hidden):
        yield "track", words, state
    for _ in range(max_moves):
        if state.game_over:
            return
        move = choose(rng, state, ENGINE.plays.legal_moves(state))
        after = ENGINE.plays.apply(state, move)
        told = move.model_copy(update={"reveal": revealed(state, after)})
        yield "play", ENGINE.plays.format_move(told), after
        state = after
    raise RuntimeError("the game did not end")


def public(state: State) -> dict:
    """What everyone at the table sees (Hands only by size)."""
    return {
        "active": state.active,
        "rank": state.active_rank,
        "board": [(c.name, c.bonus) for c in state.board],
        "decks": {r: (d if isinstance(d, int) else len(d)) for r, d in state.decks.items() if r >= state.active_rank},
        "party": [p.party for p in state.players],
        "hand_sizes": [p.hand_size for p in state.players],
        "rewards": [p.reward_area for p in state.players],
        "bonuses": [p.bonuses for p in state.players],
        "exiled": sorted(state.exiled),
        "used": state.used,
        "game_over": state.game_over,
    }
