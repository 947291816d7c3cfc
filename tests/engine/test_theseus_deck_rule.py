"""Theseus tracker: `deck R N` records what a Rank Deck holds. The rule behind that record is the one on
the Rank Deck (areas.rank-deck: the deck that feeds the Board), not the order the decks come in
(advance.rank-order), which decides nothing about a count."""
from __future__ import annotations

import pytest

from tests.engine.test_theseus_tracker import T, new


@pytest.mark.parametrize("rank, left", [(1, "12"), (3, "5"), (6, "8")])
def test_a_deck_count_cites_the_rank_deck(rank, left):
    state = new()
    verdict = T.check(state, T.parse(state, ["deck", str(rank), left]))
    assert verdict.legal, verdict
    _, effects = T.apply(state, T.parse(state, ["deck", str(rank), left]))
    said = next(e for e in effects if e.kind == "deck")
    assert said.rule == "theseus.areas.rank-deck", said
    assert f"the Rank {rank} deck holds {left} cards" in said.message, said
