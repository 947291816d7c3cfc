"""Hedges, a game's mode and its life counter in players' words (issue 46, round two): the games these
cases are about apart from tests/test_search_slang.py's. Each failed before the shared map had them."""
from __future__ import annotations


from rulesdb.analysis import counter_words, words


def first(engine, ask: str, game: str) -> str | None:
    hits = engine.search(ask, game=game, limit=1).results
    return hits[0].id if hits else None


def test_a_hedge_word_is_filler_not_a_misspelt_rule_word(engine):
    """"mostly" is no word of the rulebooks; read as a typo of "most" it found the rule that the most VP win."""
    assert "mostly" not in words("where do I mostly get vp from")
    assert first(engine, "where do I mostly get vp from", "theseus") == "theseus.card-info.vp.in-reward-area"


def test_co_op_asks_whether_the_game_is_played_together_or_against_each_other(engine):
    """Catastrophe is every cat for itself: the overview saying so answers "can we play it coop"."""
    assert first(engine, "can we play it coop", "catastrophe") == "catastrophe.overview.game"


def test_hp_is_catastrophes_lives(engine):
    assert "lives" in counter_words("catastrophe", "hp")
    ids = [h.id for h in engine.search("my hp went to 0", game="catastrophe", limit=3).results]
    assert "catastrophe.elimination.lost-all-lives" in ids
