"""A typo the reference itself spells, in an alias ("helth", "pas"), is read as the word the rules
write (issue 46, rulesdb/analysis.py, misspelt_alias): the few rules carrying the misspelt alias no longer outrank the
rule whose text answers the question."""
from __future__ import annotations

import pytest

from rulesdb.search import Lexicon, build_query


def ids(engine, ask, game, n=3):
    return [h.id for h in engine.search(ask, game=game, limit=n).results]


def test_a_misspelt_alias_reads_as_the_rules_word(engine):
    # "helth" is an alias of a few health entries; the answer's text says "health"
    assert ids(engine, "does my fighter get its helth back when a new level starts", "cataclysm-arcade", 1) == [
        "cataclysm-arcade.combat.no-healing-between-levels"]


def test_a_short_misspelt_alias_reads_as_the_rules_word(engine):
    # "pas" is stemmed "pa", too short to correct: the word as typed is corrected (pass)
    assert "catastrophe.main-deck.pass" in ids(engine, "who looses a life when i pas the attack", "catastrophe")


@pytest.mark.parametrize("word, game, meant", [("helth", "cataclysm-arcade", "health"), ("levle", "cataclysm-arcade", "level"),
                                               ("pas", "catastrophe", "pass")])
def test_the_correction_counts_as_typed(engine, word, game, meant):
    lex = Lexicon([engine.searchers[game].reader()])
    built = build_query(lex, engine.stems, f"what about {word}", (), game)
    assert built.fixes == {word: meant}
    assert meant in built.typed


@pytest.mark.parametrize("word, game", [("options", "cataclysm-arcade"), ("use", "catopomp")])
def test_a_word_the_rules_or_the_players_map_know_is_no_typo(engine, word, game):
    # "options" two edits from "opponent", "use" in the rules' text ("user" one edit away)
    lex = Lexicon([engine.searchers[game].reader()])
    assert build_query(lex, engine.stems, f"what about {word}", (), game).fixes == {}
