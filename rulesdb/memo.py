"""What an open per-game index answers, remembered for as long as it stays open.

An open whoosh index never changes (a data change builds a new one, and `companion shell` reopens
it), so what it says about one word or one document is the same at every question: a word's
document frequency, the documents holding it, a query clause's scored documents, a document's
stored fields, a word's stems. A long-lived engine (the shell's) reads each of them from the
index once; a one-shot search fills the memo and drops it.

Nothing about a whole question is remembered: a new question with known words costs the
combining, ranking and rendering, never an index read for a word already looked up. The scores
are whoosh's own: each clause's matcher is read once and replayed to whoosh's own `Or`, so the
ranking is the one whoosh gives (tests/test_search_memo.py compares them on every retrieval question).
"""
from __future__ import annotations

from functools import lru_cache


class Memo:
    """One open searcher's answers, each read from the index at most once."""

    def __init__(self, searcher):
        self.searcher = searcher
        self.reader = searcher.reader()
        self._df: dict = {}
        self._ids: dict = {}
        self._near: dict = {}
        self._fields: dict = {}
        self.scored: dict = {}  # (clause, scored?) -> (document numbers, scores)

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

    def query(self, q):
        """The query with each clause of a top-level Or answered from the memo."""
        from whoosh.query import Or

        if not isinstance(q, Or):
            return q
        return Or([_clause_class()(sub, self.scored) for sub in q.subqueries], boost=q.boost,
                  minmatch=q.minmatch, scale=q.scale)


@lru_cache(maxsize=1)
def _clause_class():
    """A whoosh query standing for one clause; its matcher replays the clause's scored documents."""
    from whoosh.matching import ListMatcher, NullMatcher
    from whoosh.query import Query

    class Remembered(Query):
        def __init__(self, clause, table: dict):
            self.clause, self.table = clause, table

        def __eq__(self, other):
            return type(other) is type(self) and other.clause == self.clause

        def __hash__(self):
            return hash(("remembered", self.clause))

        def __repr__(self):
            return f"Remembered({self.clause!r})"

        def is_leaf(self):
            return True

        def estimate_size(self, reader):
            return self.clause.estimate_size(reader)

        def matcher(self, searcher, context=None):
            key = (self.clause, context is not None and context.weighting is not None)
            got = self.table.get(key)
            if got is None:
                m = self.clause.matcher(searcher, context)
                ids, scores = [], []
                while m.is_active():
                    ids.append(m.id())
                    scores.append(m.score())
                    m.next()
                got = self.table[key] = (ids, scores)
            # no scorer: the matcher's score is the remembered one (whoosh's, boost included)
            return ListMatcher(*got) if got[0] else NullMatcher()

    return Remembered



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
