"""The open index's memo (rulesdb/memo.py) answers as the index does: every retrieval question's
query, ranked from remembered clauses, gives the same documents with the same scores in the same
order as whoosh's search, asked once (memo empty) and again (memo full); and a search with a memo
that has seen other questions gives the same answer as a fresh engine."""
from __future__ import annotations

from pathlib import Path

import pytest

from rulesdb.memo import Memo
from rulesdb.search import CANDIDATES, Lexicon, RulesSearch, build_query
from tests.conftest import GAMES
from tests.test_retrieval import questions


def opened(home: Path) -> RulesSearch:
    return RulesSearch(home / "cache", home / "data" / "sources")


@pytest.fixture(scope="module")
def engine(shared_home):
    """Named folders: a module fixture is set up before the autouse one that sets COMPANION_HOME."""
    with opened(shared_home) as engine:
        yield engine


def ranked(searcher, q):
    return [(h.docnum, h.score) for h in searcher.search(q, limit=CANDIDATES)]


def test_one_and_two_clauses_rank_as_whoosh_does(engine):
    """Whoosh combines one, two and more clauses with different matchers; the ranking is the same."""
    from whoosh.query import Or, Term

    searcher = engine.searchers["catopomp"]
    memo = Memo(searcher)
    for words in (["dice"], ["dice", "heaven"], ["dice", "heaven", "hell"]):
        for boost in (1.0, 0.5):
            q = Or([Term("text", w, boost=boost) for w in words])
            assert memo.rank(q, CANDIDATES) == ranked(searcher, q), words
            assert memo.rank(q, 3) == ranked(searcher, q)[:3], words


@pytest.mark.parametrize("game", GAMES)
def test_remembered_clauses_rank_as_whoosh_does(engine, game):
    searcher = engine.searchers[game]
    memo = Memo(searcher)  # a fresh memo: the first question reads the index, later ones reuse words
    asked = 0
    for question in questions(game):
        q = build_query(Lexicon([memo]), engine.stems, question["ask"]).query
        if q is None:
            continue
        plain = ranked(searcher, q)
        assert memo.rank(q, CANDIDATES) == plain, question["ask"]
        assert memo.rank(q, CANDIDATES) == plain, question["ask"]  # all from the memo now
        asked += 1
    assert asked >= 30 and memo.scored  # the questions did go through the memo


def test_kept_rankings_answer_as_whoosh_and_stay_bounded(engine):
    """A repeated question is answered from the kept rankings: the same as whoosh's search, however
    the caller changes the list it got, and never more than RANKED questions are kept."""
    from rulesdb.memo import RANKED

    searcher = engine.searchers["catopomp"]
    memo = Memo(searcher)
    built = [build_query(Lexicon([memo]), engine.stems, q["ask"]).query for g in GAMES for q in questions(g)]
    built = [q for q in built if q is not None]
    assert len(set(built)) > RANKED
    for q in built:
        got = memo.rank(q, CANDIDATES)
        got.clear()  # the caller's copy
        assert memo.rank(q, CANDIDATES) == ranked(searcher, q)
        assert len(memo._ranked) <= RANKED
    assert memo.rank(built[0], CANDIDATES) == ranked(searcher, built[0])  # long since dropped: ranked again


def test_a_warm_engine_answers_as_a_fresh_one(engine, shared_home):
    asked = [q["ask"] for g in GAMES for q in questions(g)[:8]]
    for text in asked:  # warm: every word of these questions is remembered
        engine.search(text, limit=5)
    with opened(shared_home) as fresh:
        for text in asked[::3]:
            for game in (None, "catharsis"):
                warm, cold = engine.search(text, game, 5), fresh.search(text, game, 5)
                assert (warm.as_json(), warm.matched) == (cold.as_json(), cold.matched), text


def test_the_shell_engine_is_reopened_when_a_source_changes(tmp_path):
    """The kept engine's stamp moves with every data file and imported source: one added, one
    rewritten (same size, new time), one removed."""
    import os

    from rulesdb.search import _stamp

    sources = tmp_path / "sources"
    before = _stamp(sources)  # no folder yet
    assert len(before) >= 5 and all(path.endswith((".toml", ".py")) for path, *_ in before)
    sources.mkdir()
    book = sources / "house.json"
    book.write_text("{}", encoding="utf-8")
    added = _stamp(sources)
    assert added[:len(before)] == before and added[-1][0] == str(book)
    book.write_text("[]", encoding="utf-8")
    os.utime(book, ns=(1, 1))  # a time surely not the first write's
    assert _stamp(sources) != added
    book.unlink()
    assert _stamp(sources) == before
