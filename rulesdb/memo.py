"""What an open per-game index answers, remembered for as long as it stays open.

An open whoosh index never changes (a data change builds a new one, and `companion shell` reopens
it), so what it says about one word or one document is the same at every question: a word's
document frequency, the documents holding it, a query clause's scored documents, a document's
stored fields, a word's stems. A long-lived engine (the shell's) reads each of them from the
index once; a one-shot search fills the memo and drops it.

Nothing about a whole question is remembered: a new question with known words costs the
combining, ranking and rendering, never an index read for a word already looked up. The scores
are whoosh's own: each clause's matcher is read once; the clauses' scores are added up and ranked
as whoosh's Or and top-N collector do (tests/test_search_memo.py compares the two on every
retrieval question: the same documents, the same scores, the same order).
"""
from __future__ import annotations


class Memo:
    """One open searcher's answers, each read from the index at most once."""

    def __init__(self, searcher):
        self.searcher = searcher
        self.reader = searcher.reader()
        self._df: dict = {}
        self._ids: dict = {}
        self._near: dict = {}
        self._fields: dict = {}
        self.scored: dict = {}  # clause -> (document numbers, scores)

    def doc_frequency(self, field: str, text: str) -> int:
        key = (field, text)
        n = self._df.get(key)
        if n is None:
            n = self._df[key] = self.reader.doc_frequency(field, text)
        return n

    def holding(self, field: str, text: str) -> frozenset:
        """The documents whose `field` holds the word."""
        key = (field, text)
        ids = self._ids.get(key)
        if ids is None:
            ids = frozenset(self.reader.postings(field, text).all_ids()) if self.doc_frequency(field, text) else frozenset()
            self._ids[key] = ids
        return ids

    def near(self, token: str, maxdist: int) -> frozenset:
        key = (token, maxdist)
        got = self._near.get(key)
        if got is None:
            got = self._near[key] = frozenset(self.reader.terms_within("spell", token, maxdist, prefix=1))
        return got

    def fields(self, docnum: int) -> dict:
        got = self._fields.get(docnum)
        if got is None:
            got = self._fields[docnum] = self.searcher.stored_fields(docnum)
        return got

    def clause(self, clause) -> tuple[list, list]:
        """A query clause's matching documents and their scores, read once with whoosh's matcher
        (its weighting, boost included)."""
        got = self.scored.get(clause)
        if got is None:
            m = clause.matcher(self.searcher, self.searcher.context())
            ids, scores = [], []
            while m.is_active():
                ids.append(m.id())
                scores.append(m.score())
                m.next()
            got = self.scored[clause] = (ids, scores)
        return got

    def rank(self, q, limit: int) -> list[tuple[int, float]]:
        """(document number, score) best first for a whoosh Or of clauses (boost 1, as build_query
        makes it), as whoosh's search ranks it: a document's score is the sum of its clauses'
        scores added in clause order (whoosh's array union; with one or two clauses its union
        matcher, which keeps a zero sum too), ties by document number, the first `limit`."""
        if q.boost != 1.0:  # whoosh would scale the sum, not each clause: not the same float
            raise ValueError("Memo.rank takes an Or of boost 1")
        clauses = q.subqueries
        total: dict[int, float] = {}
        for clause in clauses:
            for docnum, score in zip(*self.clause(clause)):
                total[docnum] = total.get(docnum, 0.0) + score
        found = total.items() if len(clauses) <= 2 else [(d, s) for d, s in total.items() if s > 0]
        return sorted(found, key=lambda pair: (-pair[1], pair[0]))[:limit]


class Tokens:
    """The analyzer, with each text's tokens made once: a snippet of a document shown before reuses
    them (whoosh's highlight only reads the tokens, marks each one matched or not, and copies the
    matched ones)."""

    def __init__(self, analyzer):
        self.analyzer = analyzer
        self._made: dict = {}

    def __call__(self, text: str, **options):
        key = (text, tuple(sorted(options.items())))
        tokens = self._made.get(key)
        if tokens is None:
            tokens = self._made[key] = [t.copy() for t in self.analyzer(text, **options)]
        return iter(tokens)
