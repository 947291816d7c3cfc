"""Property tests for the Party of the Theseus engine: whole random games on generated catalogues.

Every state reached passes status(); cards are conserved; every move legal_moves lists passes
check (and round-trips through the notation); random moves it does not list fail check; the game
ends exactly at the end of the turn in which the last Rank 6 card leaves the Board; final scoring
matches the formula (printed or general-rule VP + effect points in their area + Bonuses).
"""
from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.base import MoveSyntaxError
from engine.theseus.table import end_triggered
from engine.theseus import Engine, State
from engine.theseus.model import ICONS, LIMIT, Move
from engine.theseus.rules_scoring import general_vp, final_scores
from tests.conftest import examples

ENGINE = Engine()
MAX_MOVES = 600


@st.composite
def games(draw):
    """A generated catalogue (known icons, ranks 1-6) and a starting table for 1-4 players."""
    cards = []
    per_rank = {}
    for rank in range(1, 7):
        names = [f"R{rank}{chr(97 + i)}" for i in range(draw(st.integers(1, 3)))]
        per_rank[rank] = names
        for name in names:
            entry = {
                "name": name,
                "rank": rank,
                "icon": draw(st.sampled_from(ICONS)),
                "effect": "none",
            }
            if draw(st.integers(0, 5)) == 0:
                entry["icon_count"] = 2
            if draw(st.booleans()):
                entry["vp"] = draw(st.integers(0, 3))
            if draw(st.integers(0, 4)) == 0:
                entry["effect_points"] = draw(st.integers(1, 3))
                entry["effect_points_area"] = draw(st.sampled_from(["party", "hand", "reward"]))
            cards.append(entry)
    # the starting three get known icons (Knight always explores, so a game can progress)
    cards.append({"name": "Knight", "rank": 1, "icon": "explore", "effect": "none"})
    cards.append({"name": "Mage", "rank": 1, "icon": draw(st.sampled_from(ICONS)), "effect": "none"})
    cards.append({"name": "Rogue", "rank": 1, "icon": draw(st.sampled_from(ICONS)), "effect": "none"})
    decks = {}
    for rank in range(1, 7):
        size = draw(st.integers(1, 5))
        decks[rank] = [draw(st.sampled_from(per_rank[rank])) for _ in range(size)]
    board = [draw(st.sampled_from(per_rank[1])) for _ in range(4)]
    n_players = draw(st.integers(1, 4))
    players = [{"name": f"P{i}", "party": ["Knight", "Mage", "Rogue"]} for i in range(n_players)]
    situation = {
        "players": players,
        "board": board,
        "decks": {str(r): d for r, d in decks.items()},
        "cards": cards,
    }
    seed = draw(st.integers(0, 2**32 - 1))
    return situation, seed


def card_count(state: State) -> int:
    n = len(state.board) + len(state.exiled)
    n += sum(d if isinstance(d, int) else len(d) for d in state.decks.values())
    for p in state.players:
        n += len(p.party) + len(p.hand) + len(p.reward_area)
    return n


def random_move(rng: random.Random, names: list[str]) -> Move:
    action = rng.choice(["use", "use", "basic", "exile", "end"])
    if action == "end":
        return Move(action="end")
    if action == "exile":
        return Move(action="exile", zone=rng.choice(["party", "hand"]), targets=(rng.choice(names),))
    targets = tuple(sorted(rng.choice(names) for _ in range(rng.choice([0, 1, 1, 1, 2]))))
    icon = rng.choice(ICONS)
    if action == "basic":
        return Move(action="basic", icon=icon, targets=targets)
    return Move(action="use", card=rng.choice(names), icon=icon, targets=targets)


def choose(rng: random.Random, state: State, legal: list[Move]) -> Move:
    """A policy that explores often, so games reach their end quickly."""
    explores = [m for m in legal if m.icon == "explore" and m.targets]
    if explores and rng.random() < 0.75:
        return rng.choice(explores)
    others = [m for m in legal if m.action != "end"]
    if others and rng.random() < 0.5:
        return rng.choice(others)
    return rng.choice(legal)


def expected_total(state: State, player) -> int:
    cat = {c.name: c for c in state.cards}
    total = player.bonuses
    for name in player.reward_area:
        spec = cat[name]
        total += spec.vp if isinstance(spec.vp, int) else general_vp(spec.rank)
    for area, cards in (("party", player.party), ("hand", player.hand), ("reward", player.reward_area)):
        for name in cards:
            spec = cat[name]
            if spec.effect_points is not None and spec.effect_points_area == area:
                total += spec.effect_points
    return total


@settings(
    max_examples=examples(125),  # halved: tests/test_playouts.py plays whole games too
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(games())
def test_random_whole_games(game):
    situation, seed = game
    rng = random.Random(seed)
    state = ENGINE.load_state(situation)
    names = sorted({c.name for c in state.cards})
    total = card_count(state)
    for _ in range(MAX_MOVES):
        problems = ENGINE.declaration.status(state)
        assert problems == [], [p.model_dump() for p in problems]
        assert card_count(state) == total
        legal = ENGINE.plays.legal_moves(state)
        if state.game_over:
            assert legal == []
            break
        assert len(set(legal)) == len(legal), "duplicate legal moves"
        player = next(p for p in state.players if p.name == state.active)
        if len(player.party) > LIMIT or len(player.hand) > LIMIT:
            assert all(m.action == "exile" for m in legal)
        # a sample of the listed moves passes check and round-trips through the notation
        for move in rng.sample(legal, min(3, len(legal))):
            verdict = ENGINE.check(state, move)
            assert verdict.legal, (ENGINE.plays.format_move(move), verdict.as_json())
            assert ENGINE.plays.parse_move(ENGINE.plays.format_move(move), state) == move
        # random moves it does not list fail check
        listed = set(legal)
        for _ in range(3):
            move = random_move(rng, names)
            if move in listed:
                continue
            verdict = ENGINE.check(state, move)
            assert not verdict.legal, (ENGINE.plays.format_move(move), verdict.as_json())
            assert verdict.reasons
        move = choose(rng, state, legal)
        verdict = ENGINE.check(state, move)
        assert verdict.legal, (ENGINE.plays.format_move(move), verdict.as_json())
        triggered = end_triggered(state)
        before = state.model_dump()
        new = ENGINE.plays.apply(state, move)
        assert state.model_dump() == before, "apply mutated its input"
        if new.game_over:
            assert move.action == "end" and triggered
            assert "game-over" in {e.kind for e in verdict.effects}
        elif move.action == "end":
            assert not triggered
        if triggered:
            assert end_triggered(new) or new.game_over
        state = new
    else:
        raise AssertionError("the game did not end")
    assert state.game_over
    assert end_triggered(state)
    assert state.active_rank == 6
    assert not any(c.name.startswith("R6") for c in state.board)
    scores = final_scores(state)
    by_name = {row["player"]: row for row in scores["players"]}
    for p in state.players:
        assert by_name[p.name]["total"] == expected_total(state, p)
    best = max(r["total"] for r in scores["players"])
    assert all(by_name[w]["total"] == best for w in scores["winners"])
    key = lambda r: (r["total"], r["party_rank"], r["hand_rank"])  # noqa: E731
    top = max(key(r) for r in scores["players"])
    assert sorted(scores["winners"]) == sorted(r["player"] for r in scores["players"] if key(r) == top)


def test_unparseable_random_words_raise_syntax_errors():
    state = ENGINE.load_state(
        {
            "players": [{"name": "Ann", "party": ["Knight", "Mage", "Rogue"]}],
            "board": ["Paladin", "Witch", "Buster", "Kunoichi"],
            "decks": {"1": 3, "2": 3, "3": 3, "4": 3, "5": 3, "6": 3},
        }
    )
    for text in ["", "fly", "use", "use Zorro explore Paladin", "basic", "basic fly Paladin",
                 "exile", "exile deck Mage", "end now", "use Knight explore Paladin reveal",
                 "use Knight explore Paladin zap"]:
        try:
            ENGINE.plays.parse_move(text, state)
        except MoveSyntaxError:
            continue
        raise AssertionError(f"{text!r} parsed")
