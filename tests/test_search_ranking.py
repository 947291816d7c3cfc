"""Ranking that generalises (issue 46): each game ranked the same with or without --game, the
players' vocabulary in one shared map, an exception found from the player's numbers, a definition
kept first behind extra words, both halves of a two-part question answered, and a line saying how
sure the answer is."""
from __future__ import annotations

import pytest

from rulesdb.analysis import synonyms
from tests.games import cases


@pytest.mark.parametrize("game, ask", [(g, a) for g, r in cases("ranking").items() for a in r.get("same_order", [])])
def test_naming_the_game_never_changes_that_games_own_order(engine, ask, game):
    alone = [h.id for h in engine.search(ask, game=game, limit=30).results]
    merged = [h.id for h in engine.search(ask, game=None, limit=30).results if h.game == game]
    assert merged and merged == alone[:len(merged)]


def test_player_words_live_in_one_shared_map():
    assert "players" in synonyms("ppl") and "exhausted" in synonyms("flipped")


def test_a_player_word_finds_a_rule_with_no_alias_for_it(engine):
    ids = [h.id for h in engine.search("how many ppl is it for", game="theseus", limit=3).results]
    assert "theseus.overview.player-count" in ids


@pytest.mark.parametrize("game", [None, "cataclysm-arcade"])
def test_the_players_numbers_name_the_exception(engine, game):
    """2 coins against a cost of 3: the rule that you cannot attack comes in the first two."""
    ids = [h.id for h in engine.search("I have 2 coins and the attack costs 3, can I attack", game=game, limit=5).results]
    assert "cataclysm-arcade.combat.cannot-attack-unpaid" in ids[:2], ids


@pytest.mark.parametrize("game", [None, "catharsis"])
def test_what_does_x_mean_with_extra_words_keeps_the_definition_first(engine, game):
    ids = [h.id for h in engine.search("what does on defeat mean for the boss", game=game, limit=3).results]
    assert ids[0] == "catharsis.glossary.on-defeat", ids


@pytest.mark.parametrize("game, ask", [(g, a) for g, r in cases("ranking").items() for a in r.get("two_part", [])])
def test_each_half_of_a_two_part_question_keeps_its_best_answer_in_the_top_five(engine, ask, game):
    from rulesdb.intent import question_parts

    parts = question_parts(ask)
    assert len(parts) == 2
    ids = [h.id for h in engine.search(ask, game=game, limit=5).results]
    for part in parts:
        assert engine.search(part, game=game, limit=1).results[0].id in ids, (part, ids)


def test_close_answers_from_another_game_are_named_in_one_line(cli):
    from rulesdb.search import search
    from companion import paths

    result = search("what happens when my deck runs out", paths.cache_dir(), paths.sources_dir(), limit=5)
    assert result.also and all(h.game != result.results[0].game for h in result.also)
    out = cli("rules", "search", "what happens when my deck runs out").stdout
    assert "also in " in out and result.also[0].id in out.replace("\n", " ").replace("  ", " ")


@pytest.mark.parametrize("ask, game", [("Cataclysm Arcade: how many players?", "cataclysm-arcade"),
                                       ("how do you win party of the theseus", "theseus")])
def test_a_question_naming_its_game_answers_from_that_game(engine, ask, game):
    hits = engine.search(ask, game=None, limit=3).results
    assert hits[0].game == game, [h.id for h in hits]
