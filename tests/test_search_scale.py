"""With a big imported rulebook (the built-in reference ten times over, as benchmarks/scale_speed.py
makes it), the memo's bulk scoring and its cut of the ranking (rulesdb/memo.py) answer exactly as the
path they replace: every clause the same documents and scores as whoosh's matcher read posting by
posting, every retrieval question the same documents, scores and order as those scores added up and
fully sorted (at several limits, through the many exact ties the copies make), and every whole
search the same answer as an engine scoring posting by posting.

(Whoosh's own search is not the yardstick here: past 5,000 documents its Or adds the clauses up in a
binary tree of unions, so its sums can differ from the clause-order sums in the last bit; with the
built-in reference, tests/test_search_memo.py compares the memo with whoosh's search itself.)"""
from __future__ import annotations

import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from rulesdb.memo import Memo, matched
from rulesdb.search import CANDIDATES, Lexicon, RulesSearch, build_query
from tests.test_retrieval import questions

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from scale_speed import GAME, reference_markdown  # noqa: E402

COPIES = 10


@pytest.fixture(scope="module")
def tenfold(tmp_path_factory) -> Path:
    from rulesdb.sources import import_rulebook

    home = tmp_path_factory.mktemp("tenfold")
    text = reference_markdown()
    book = home / "rulebook.md"
    book.write_text("\n".join(text.replace("\n# ", f"\n# {n}. ") for n in range(1, COPIES + 1)), encoding="utf-8")
    import_rulebook(GAME, book, home / "data" / "sources", "tenfold")
    return home


def opened(home: Path) -> RulesSearch:
    return RulesSearch(home / "cache", home / "data" / "sources", GAME)


@pytest.fixture(scope="module")
def engine(tenfold):
    with opened(tenfold) as engine:
        yield engine


def asked() -> list[str]:
    return [q["ask"] for q in questions(GAME)]


def test_the_rulebook_is_big(engine):
    memo = engine.memos[GAME]
    assert memo.reader.doc_count() > COPIES * 100


def test_bulk_scores_are_whooshs_scores(engine):
    """Each word clause scored in bulk gives the very floats whoosh's matcher gives, posting by
    posting; a phrase whose words no document holds together matches nothing there either."""
    from whoosh.query import Phrase, Term

    searcher = engine.searchers[GAME]
    memo = Memo(searcher)
    clauses = set()
    for text in asked():
        q = build_query(Lexicon([memo]), engine.stems, text).query
        clauses |= set(q.subqueries) if q is not None else set()
    terms = [c for c in clauses if type(c) is Term]
    assert len(terms) > 200 and any(c.boost != 1.0 for c in terms)
    for clause in terms:
        assert memo._bm25(clause) == matched(clause, searcher), clause
    phrases = [c for c in clauses if type(c) is Phrase]
    apart = [c for c in phrases if memo._apart(c) is not None]
    assert phrases and apart and len(apart) < len(phrases)
    for clause in apart:
        assert matched(clause, searcher) == ([], []), clause
    for clause in clauses:
        assert memo.clause(clause) == matched(clause, searcher), clause


def ranked(searcher, q, limit):
    """The ranking as the memo made it before its bulk path: each clause read posting by posting
    with whoosh's matcher, the scores added in clause order, every document sorted."""
    total: dict[int, float] = {}
    for clause in q.subqueries:
        for docnum, score in zip(*matched(clause, searcher)):
            total[docnum] = total.get(docnum, 0.0) + score
    found = total.items() if len(q.subqueries) <= 2 else [(d, s) for d, s in total.items() if s > 0]
    return sorted(found, key=lambda pair: (-pair[1], pair[0]))[:limit]


def test_every_question_ranks_as_before(engine):
    searcher = engine.searchers[GAME]
    memo = Memo(searcher)
    for text in asked():
        q = build_query(Lexicon([memo]), engine.stems, text).query
        if q is None:
            continue
        for limit in (CANDIDATES, 1, 7):
            assert memo.rank(q, limit) == ranked(searcher, q, limit), (text, limit)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(words=st.lists(st.sampled_from(["die", "roll", "card", "hand", "heaven", "hell", "limit", "discard",
                                       "turn", "reaper", "combo", "score", "zzz"]), min_size=1, max_size=5),
       boosts=st.lists(st.sampled_from([1.0, 0.7, 0.5, 0.75]), min_size=5, max_size=5),
       fields=st.lists(st.sampled_from(["text", "title", "section", "spell"]), min_size=5, max_size=5),
       limit=st.integers(min_value=1, max_value=60))
def test_any_or_of_words_ranks_as_before(engine, words, boosts, fields, limit):
    """One, two or more clauses, any fields, boosts and limits: the same documents, scores and
    order, ties included."""
    from whoosh.query import Or, Term

    searcher = engine.searchers[GAME]
    q = Or([Term(field, w, boost=b) for w, b, field in zip(words, boosts, fields)])
    assert engine.memos[GAME].rank(q, limit) == ranked(searcher, q, limit)


def per_posting(patched) -> None:
    """Every clause scored by whoosh's own matcher, posting by posting (the path the memo's bulk
    reading and scoring replace)."""
    for name in ("_bm25", "_apart", "_phrase"):
        patched.setattr(Memo, name, lambda self, clause: None)


def test_searches_answer_as_the_per_posting_path(engine, tenfold, monkeypatch):
    """Whole answers (hits, snippets, scores, coverage) from the bulk path and from an engine that
    scores every clause with whoosh's matcher."""
    with monkeypatch.context() as patched:
        per_posting(patched)
        with opened(tenfold) as slow:
            for text in asked():
                fast, plain = engine.search(text, GAME, 5), slow.search(text, GAME, 5)
                assert (fast.as_json(), fast.matched) == (plain.as_json(), plain.matched), text
            assert slow.memos[GAME].scored and not slow.memos[GAME]._lengths  # it did score posting by posting


def words_of(engine) -> list[str]:
    """The reference's own words (as the rulebook spells them), a few hundred of them."""
    return sorted(w for w in set(engine.surface().values()) if w.isalpha())[::3]


def typo(word: str, at: int) -> str:
    """The word with two neighbouring letters swapped (a slip of the fingers)."""
    i = at % max(1, len(word) - 1)
    return word[:i] + word[i + 1:i + 2] + word[i:i + 1] + word[i + 2:]


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_generated_questions_answer_as_the_per_posting_path(engine, tenfold, data):
    """Questions made of the rulebook's own words (neighbours make phrases), some misspelt: the
    whole answer from the bulk path is the one whoosh's matchers give, posting by posting."""
    vocabulary = words_of(engine)
    said = data.draw(st.lists(st.sampled_from(vocabulary), min_size=1, max_size=5))
    slips = data.draw(st.lists(st.integers(min_value=0, max_value=20), min_size=len(said), max_size=len(said)))
    question = " ".join(typo(w, n) if n % 4 == 0 else w for w, n in zip(said, slips))
    with pytest.MonkeyPatch.context() as patched:
        per_posting(patched)
        with opened(tenfold) as slow:
            plain = slow.search(question, GAME, 7)
    fast = engine.search(question, GAME, 7)
    assert (fast.as_json(), fast.matched) == (plain.as_json(), plain.matched), question


def test_postings_are_read_a_block_at_a_time(engine):
    """The memo reads a long word's postings from whoosh3's blocks, without the matcher's call per
    posting, and gets what those calls give."""
    from whoosh.codec.whoosh3 import W3LeafMatcher

    from rulesdb.postings import read_postings

    searcher = engine.searchers[GAME]
    reader = searcher.reader()
    words = [("text", "die"), ("text", "card"), ("title", "hand"), ("keywords", "roll"), ("spell", "turn")]
    assert all(reader.doc_frequency(f, w) > 128 for f, w in words[:2])  # more than one block
    public = {}
    for field, word in words:
        m = reader.postings(field, word)
        ids, weights, values = [], [], {}
        while m.is_active():
            ids.append(m.id())
            weights.append(m.weight())
            values[m.id()] = m.value()
            m.next()
        public[field, word] = (ids, weights, values)
    with pytest.MonkeyPatch.context() as patched:
        for call in ("id", "weight", "value", "next"):
            patched.setattr(W3LeafMatcher, call, lambda self: pytest.fail("a call per posting"))
        memo = Memo(searcher)
        for (field, word), (ids, weights, values) in public.items():
            assert memo.postings(field, word) == (ids, weights), word
            assert read_postings(reader.postings(field, word)) == (ids, weights)
            assert read_postings(reader.postings(field, word), values=True) == (ids, weights, list(values.values()))


def test_field_lengths_are_read_a_column_at_a_time(engine):
    """The scorer's field lengths come from each length column read whole, the very lengths the
    searcher gives document by document (which bulk scoring no longer asks for)."""
    from rulesdb.index import TEXT_FIELDS
    from rulesdb.postings import length_table

    searcher = engine.searchers[GAME]
    count = searcher.reader().doc_count_all()
    for field in TEXT_FIELDS:
        assert length_table(searcher.reader(), field) == [searcher.doc_field_length(d, field, 1) for d in range(count)]
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(searcher, "doc_field_length", lambda *a: pytest.fail("a length read per document"))
        memo = Memo(searcher)
        from whoosh.query import Term

        ids, scores = memo.clause(Term("text", "die", boost=0.7))
        assert len(ids) > 128 and ids == sorted(ids)
    assert (ids, scores) == matched(Term("text", "die", boost=0.7), searcher)


def test_phrases_are_scored_without_whooshs_phrase_matcher(engine):
    """Phrases whose words share titles: matched from the words' positions, scored as whoosh's
    phrase matcher scores them, without building that matcher."""
    from whoosh.query import Phrase

    searcher = engine.searchers[GAME]
    phrases = [Phrase(field, pair, boost=boost) for field in ("title", "keywords", "aliases")
               for pair in (["hand", "limit"], ["hit", "back"], ["grim", "reaper"], ["die", "roll"], ["roll", "die"])
               for boost in (1.0, 0.5)]
    expected = {p: matched(p, searcher) for p in phrases}
    assert sum(1 for ids, _ in expected.values() if ids) >= 4  # some phrases do match
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(Phrase, "matcher", lambda *a, **k: pytest.fail("whoosh's phrase matcher"))
        memo = Memo(searcher)
        for phrase, want in expected.items():
            assert memo.clause(phrase) == want, phrase


def _phrase_words(engine) -> dict[str, list[str]]:
    """Each phrase field's words, and neighbours from the titles (so that many phrases match)."""
    reader = engine.searchers[GAME].reader()
    out = {field: sorted(t.decode() if isinstance(t, bytes) else t for t in reader.lexicon(field))
           for field in ("title", "keywords", "aliases")}
    titles = [engine.stems(f["title"]) for f in engine.searchers[GAME].all_stored_fields()]
    out["neighbours"] = sorted({(a, b) for t in titles for a, b in zip(t, t[1:])})
    return out


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_generated_phrases_match_as_whooshs_phrase_matcher(engine, data):
    """Two-word phrases over the 10x rulebook, of title neighbours (either order) and of any two
    words of the field, one memo answering them all (its kept positions and its cache of which
    encoded positions follow which): the same documents and scores as whoosh's phrase matcher."""
    from whoosh.query import Phrase

    searcher = engine.searchers[GAME]
    kept = engine.__dict__.setdefault("_test_phrases", {})
    if not kept:
        kept.update(words=_phrase_words(engine), memo=Memo(searcher))
    words = kept["words"]
    field = data.draw(st.sampled_from(["title", "keywords", "aliases"]))
    pair = data.draw(st.one_of(st.sampled_from(words["neighbours"]).map(list),
                               st.sampled_from(words["neighbours"]).map(lambda p: [p[1], p[0]]),
                               st.lists(st.sampled_from(words[field]), min_size=2, max_size=2)))
    phrase = Phrase(field, pair, boost=data.draw(st.sampled_from([1.0, 0.5, 0.7])))
    assert kept["memo"].clause(phrase) == matched(phrase, searcher), phrase


@pytest.fixture(scope="module")
def summed_by_numpy(tenfold):
    """The 10x rulebook opened with numpy's sums for every question (the threshold forced to 0)."""
    with RulesSearch(tenfold / "cache", tenfold / "data" / "sources", GAME, bulk_from=0) as engine:
        yield engine


def test_numpys_sums_rank_every_question_as_the_dict(engine, summed_by_numpy):
    """Every retrieval question: the same documents, scores (bit for bit) and order, ties included,
    from numpy's sums and from the dict's, at several limits."""
    plain, bulk = Memo(engine.searchers[GAME]), summed_by_numpy.memos[GAME]
    for text in asked():
        q = build_query(Lexicon([plain]), engine.stems, text).query
        if q is None:
            continue
        for limit in (CANDIDATES, 1, 7):
            assert bulk.rank(q, limit) == plain.rank(q, limit), (text, limit)
    assert bulk._arrays and not plain._arrays  # numpy's path did run, the dict's did not use it


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_generated_questions_answer_alike_with_numpys_sums(engine, summed_by_numpy, data):
    """Questions made of the rulebook's own words, some misspelt: the whole answer (hits, scores,
    snippets, coverage) with numpy's sums is the one the dict's sums give."""
    said = data.draw(st.lists(st.sampled_from(words_of(engine)), min_size=1, max_size=6))
    slips = data.draw(st.lists(st.integers(min_value=0, max_value=20), min_size=len(said), max_size=len(said)))
    question = " ".join(typo(w, n) if n % 4 == 0 else w for w, n in zip(said, slips))
    fast, plain = summed_by_numpy.search(question, GAME, 7), engine.search(question, GAME, 7)
    assert (fast.as_json(), fast.matched) == (plain.as_json(), plain.matched), question


def test_the_shells_engine_adds_big_questions_up_with_numpy(tenfold):
    """The kept-open engine (the shell's, serve's) sums a question touching many postings with numpy
    and a small one with the dict, and answers both as a one-shot search does."""
    from rulesdb import search
    from rulesdb.memo import BULK_POSTINGS

    cache, sources = tenfold / "cache", tenfold / "data" / "sources"
    search.keep_open(True)
    try:
        memo = search._kept_engine(cache, sources).memos[GAME]
        touched = {}
        for text in asked():
            q = build_query(Lexicon([memo]), search._kept_engine(cache, sources).stems, text).query
            if q is not None:
                touched[text] = (q, sum(len(memo.clause(c)[0]) for c in q.subqueries))
        big = max(touched, key=lambda t: touched[t][1])
        small = min(touched, key=lambda t: touched[t][1])
        assert touched[small][1] < BULK_POSTINGS <= touched[big][1]
        answers = {t: search.search(t, cache, sources, GAME, 5) for t in (small, big)}
        assert set(memo._arrays) == set(touched[big][0].subqueries)  # the big question's clauses only
    finally:
        search.keep_open(False)
    for text, kept in answers.items():
        once = search.search(text, cache, sources, GAME, 5)
        assert (kept.as_json(), kept.matched) == (once.as_json(), once.matched), text
