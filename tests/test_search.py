"""Search behaviour: numbers, synonyms, typos, OR groups, the game filter, the derived index."""
from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from companion import paths
from rulesdb.analysis import synonyms, words
from rulesdb.errors import BadQuery
from rulesdb.games import GAME_IDS
from rulesdb.index import fingerprint
from rulesdb.search import search
from tests.games import per_game


def ids(query: str, game: str | None = None, limit: int = 5) -> list[str]:
    return [h.id for h in search(query, paths.cache_dir(), paths.sources_dir(), game=game, limit=limit).results]


def test_single_digits_are_kept():
    from rulesdb.analyzer import make_analyzer

    tokens = [t.text for t in make_analyzer()("roll a 1 or 9 lives")]
    assert "1" in tokens and "9" in tokens and "live" in tokens


def test_hyphenated_words_match_every_spelling():
    from rulesdb.analyzer import make_analyzer

    ana = make_analyzer()
    tokens = {t.text for t in ana("re-roll")}
    joined = [t.text for t in ana("reroll")]
    assert set(joined) <= tokens and {"re", "roll"} <= tokens


def test_player_words_map_to_rulebook_words():
    assert "reapurr" in synonyms("reaper")
    assert "dice" in synonyms("die")
    assert "0" in synonyms("zero")
    assert "health" in synonyms("hp")
    assert "lives" in synonyms("life")


def test_synonym_finds_the_rulebook_word():
    assert any("reapurr" in i for i in ids("where does the reaper start", game="catastrophe"))


def test_typo_tolerance_for_words_the_index_lacks():
    result = search("grim reapr", paths.cache_dir(), paths.sources_dir(), game="catastrophe")
    assert any("reapurr" in h.id for h in result.results)
    assert result.did_you_mean


def test_or_grouping_tolerates_a_word_no_rule_has():
    for game, question in per_game("question").items():  # a question each game's search answers (tests/games/)
        assert ids(f"{question} zxqvw", game=game), game


def test_game_filter_keeps_to_one_game():
    for hit in search("armor", paths.cache_dir(), paths.sources_dir(), game="cataclysm-arcade").results:
        assert hit.game == "cataclysm-arcade"


def test_a_term_two_games_share_is_found_in_both():
    from rulesdb.reference import reference

    sharing = {e.game for e in reference().glossary.values() if e.term.term.lower() == "armor"}  # the games' rules data
    games = {h.game for h in search("armor", paths.cache_dir(), paths.sources_dir(), limit=20).results}
    assert len(sharing) >= 2 and sharing <= games


def test_snippets_mark_the_matched_words():
    hit = search("hand limit", paths.cache_dir(), paths.sources_dir(), game="catastrophe").results[0]
    assert "**" in hit.snippet


def test_an_empty_query_is_refused():
    with pytest.raises(BadQuery):
        search("   ?? the a ", paths.cache_dir(), paths.sources_dir())


def test_a_misspelt_word_gets_did_you_mean():
    from rulesdb.games import DATA_DIR

    typo = "morrale"
    assert not any(typo in p.read_text(encoding="utf-8").lower() for p in DATA_DIR.rglob("*.toml"))
    result = search(f"{typo} thresholds", paths.cache_dir(), paths.sources_dir(), game="catharsis")
    assert any("morale" in s.lower() for s in result.did_you_mean)
    assert any("morale" in h.id for h in result.results)


def test_index_is_rebuilt_when_the_data_changes(tmp_path):
    sources = tmp_path / "sources"
    before = fingerprint(sources)
    sources.mkdir()
    (sources / "x.json").write_text(f'{{"name": "x", "game": "{GAME_IDS[0]}", "sections": []}}')
    assert fingerprint(sources) != before


def test_index_is_swapped_in_and_old_ones_removed(tmp_path):
    from rulesdb.index import open_index

    cache, sources = tmp_path / "cache", tmp_path / "sources"
    open_index(cache, sources, games=GAME_IDS[:1])  # one game's index shows the swap as well as five
    first = sorted(p.name for p in cache.iterdir())
    sources.mkdir()
    (sources / "x.json").write_text(f'{{"name": "x", "game": "{GAME_IDS[0]}", "sections": [{{"id": "x:1", "title": "T", "text": "zebra"}}]}}')
    open_index(cache, sources, games=GAME_IDS[:1])
    second = sorted(p.name for p in cache.iterdir())
    assert len(first) == len(second) == 1 and first != second
    assert not any(p.name.startswith(".building") for p in cache.iterdir())


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(max_size=60))
def test_any_query_gives_results_or_a_clear_refusal(query):
    try:
        result = search(query, paths.cache_dir(), paths.sources_dir(), limit=3)
    except BadQuery:
        assert not words(query)
    else:
        assert len(result.results) <= 3
        assert all(h.score > 0 for h in result.results)


def test_a_question_the_rulebooks_do_not_answer_says_so(cli):
    done = cli("rules", "search", "are card sleeves allowed in tournaments", "--game", "cataclysm-arcade", "--json")
    assert done.exit_code == 1  # no rule found: a finding (issue 48)
    data = json.loads(done.stdout)
    assert data["coverage"] == "uncovered" and data["results"]  # the closest entries, shown as such
    text = cli("rules", "search", "are card sleeves allowed in tournaments", "--game", "cataclysm-arcade").stdout
    assert "do not seem to cover" in text
    answered = cli.json("rules", "search", "can I reroll just one die?", "--game", "catharsis")
    assert answered["coverage"] == "covered"
    assert "do not seem to cover" not in cli("rules", "search", "can I reroll just one die?", "--game", "catharsis").stdout


def test_the_search_view_prints_rule_text_as_written_and_styles_the_words_asked(monkeypatch):
    """The view is built of styled pieces, not markup: brackets and colon words in a rule (or an
    imported rulebook) print as written; the snippet's ** ** words are bold yellow."""
    import io
    import sys
    from types import SimpleNamespace

    from companion import render_rules

    class Terminal(io.StringIO):
        def isatty(self):
            return True

    buf = Terminal()
    monkeypatch.setattr(sys, "stdout", buf)
    for name, value in {"COLUMNS": "80", "TERM": "xterm"}.items():
        monkeypatch.setenv(name, value)
    for name in ("NO_COLOR", "FORCE_COLOR", "TTY_COMPATIBLE"):
        monkeypatch.delenv(name, raising=False)
    hit = SimpleNamespace(title="Costs [AA] and :smile: marks", id="catharsis.x", game="catharsis",
                          source="my copy [2nd]", snippet="pay **AA** with two [equal] dice :x:",
                          exceptions=[{"when": "you [must]", "title": "T", "id": "catharsis.y"}], exception_to=[])
    result = SimpleNamespace(query="q", game="catharsis", results=[hit], coverage="covered", did_you_mean=["[a]"])
    render_rules.search_view(result, as_json=False)
    out = buf.getvalue()
    plain = __import__("re").sub(r"\x1b\[[0-9;]*m", "", out)
    for text in ("1. Costs [AA] and :smile: marks", "source: my copy [2nd]", "pay AA with two [equal] dice :x:",
                 "Except when you [must]: T  catharsis.y", "Did you mean: [a]",
                 "Show one in full: companion rules show catharsis.x"):
        assert text in plain, plain
    assert "\x1b[1;33mAA\x1b[0m" in out, out  # the word asked, bold yellow


@pytest.mark.parametrize("game", [None, *GAME_IDS])
def test_a_stems_documents_read_from_the_spell_field_are_its_fields_documents(game):
    """Which of the question's stems a hit holds (its coverage) is read from the "spell" field where
    the query asks for the stem in every field that has it: the same documents as the query's own
    (field, stem) postings, read one by one."""
    from whoosh.reading import TermNotFound

    from rulesdb.index import TEXT_FIELDS
    from rulesdb.search import Lexicon, RulesSearch, _holding, build_query

    with RulesSearch(paths.cache_dir(), paths.sources_dir(), game) as engine:
        for question in ("reroll one die", "can I attack twice", "what happens when the deck runs out",
                         "hand limit", "who goes first", "bouns damage", "one die"):
            readers = [sr.reader() for sr in engine.searchers.values()]
            lex = Lexicon(readers)
            said = build_query(lex, engine.stems, question).said
            for reader in readers:
                want: dict[str, set[int]] = {}
                for field, text in set(said):
                    if field in TEXT_FIELDS:
                        try:
                            want.setdefault(text, set()).update(reader.postings(field, text).all_ids())
                        except TermNotFound:
                            continue
                assert _holding(reader, said, lex) == {t: d for t, d in want.items() if d}, question
