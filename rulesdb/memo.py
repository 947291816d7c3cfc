"""What an open per-game index answers, remembered for as long as it stays open.

An open whoosh index never changes (a data change builds a new one, and `companion shell` reopens
it), so what it says about one word or one document is the same at every question: a word's
document frequency, the documents holding it, a query clause's scored documents, a document's
stored fields, a word's stems. A long-lived engine (the shell's) reads each of them from the
index once; a one-shot search fills the memo and drops it.

A new question with known words costs the combining, ranking and rendering, never an index read
for a word already looked up; of whole questions only the last RANKED rankings are kept (a table
asks the same thing again). The scores are whoosh's own: a word's clause is BM25F by whoosh's own
`bm25` function on the idf, weights, field lengths and boost its scorer uses, computed over the
postings in bulk (read a block at a time, rulesdb/postings.py) instead of through a matcher and
scorer call per posting; a two-word phrase is matched from its words' positions and scored as
whoosh's phrase matcher scores it; any other clause is read with whoosh's matcher. The clauses'
scores are added up in clause order and ranked as whoosh's Or and top-N collector do for an index
of up to 5,000 documents (tests/test_search_memo.py compares the two on every retrieval question:
the same documents, the same scores, the same order); past that whoosh adds them up in a tree of
unions, which can differ in the last bit, and the memo keeps the clause order
(tests/test_search_scale.py: a 10x rulebook ranks exactly as clause by clause, posting by posting).
"""
from __future__ import annotations

import heapq
from bisect import bisect_left
import math
from collections import OrderedDict

from rulesdb.postings import length_table, read_postings

RANKED = 64  # whole questions' rankings kept (a repeated question costs a look-up)
# A kept-open engine adds up a question touching this many postings with numpy (rulesdb/bulksum.py).
# Measured (docs/architecture.md): from about 3,000 postings numpy's sums beat the dict's even with
# each clause's arrays made for the occasion; a question over the built-in reference touches at most
# about 800 in one game, so the shell never imports numpy for it.
BULK_POSTINGS = 5_000


class Memo:
    """One open searcher's answers, each read from the index at most once."""

    def __init__(self, searcher, bulk_from: int | None = None):
        self.searcher = searcher
        self.bulk_from = bulk_from  # numpy's sums from this many postings on (rulesdb/bulksum.py); None: never
        self.reader = searcher.reader()
        self._df: dict = {}
        self._ids: dict = {}
        self._near: dict = {}
        self._fields: dict = {}
        self._postings: dict = {}  # (field, word) -> (document numbers, weights)
        self._lengths: dict = {}  # field -> the field's length in each document (or None: read one by one)
        self.scored: dict = {}  # clause -> (document numbers, scores)
        self._arrays: dict = {}  # clause -> its scored documents as numpy arrays (bulksum.as_arrays)
        self._values: dict = {}  # (field, word) of a phrase field -> encoded positions, as its postings
        self._follows: dict = {}  # (encoded positions, encoded positions) -> the second follows the first
        self._ranked: OrderedDict = OrderedDict()  # (question, limit) -> ranking, the newest last

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
            ids = self._ids[key] = frozenset(self.postings(field, text)[0])
        return ids

    def postings(self, field: str, text: str) -> tuple[list, list]:
        """A word's postings in a field: the documents holding it and its weight in each, in
        document order (read once, a block at a time where the matcher is whoosh3's own)."""
        key = (field, text)
        got = self._postings.get(key)
        if got is None:
            got, values = ([], []), []
            if self.doc_frequency(field, text):
                if self._positional(field):  # a phrase field: its positions kept from the same blocks
                    *got, values = read_postings(self.reader.postings(field, text), values=True)
                    got = tuple(got)
                else:
                    got = read_postings(self.reader.postings(field, text))
            if self._positional(field):
                self._values[key] = values
            self._postings[key] = got
        return got

    def _positional(self, field: str) -> bool:
        """Whether the field's postings hold each word's positions (a phrase can be matched there)."""
        fmt = self.searcher.schema[field].format if field in self.searcher.schema else None
        return fmt is not None and fmt.supports("positions")

    def lengths(self, field: str, ids: list) -> list:
        """The field's length in each of these documents, as the scorer reads it: from the
        field's length column read whole once (one byte per document), else document by document."""
        table = self._lengths.get(field)
        if table is None:
            table = self._lengths[field] = length_table(self.reader, field)
        if table is not None:
            return list(map(table.__getitem__, ids))
        read = self.searcher.doc_field_length
        return [read(d, field, 1) for d in ids]

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
        """A query clause's matching documents and their scores (whoosh's weighting, boost
        included), worked out once: in bulk for a word, else with whoosh's matcher."""
        got = self.scored.get(clause)
        if got is None:
            got = self.scored[clause] = (self._bm25(clause) or self._apart(clause) or self._phrase(clause)
                                         or matched(clause, self.searcher))
        return got

    def _bm25(self, clause) -> tuple[list, list] | None:
        """A word's clause scored in bulk: whoosh's BM25F formula (its own `bm25` function, on the
        same idf, weights, lengths and boost) over the remembered postings, without a matcher and
        scorer call per posting. None for any other clause (a phrase, another weighting)."""
        from whoosh.query import Term
        from whoosh.scoring import BM25FScorer, bm25

        if type(clause) is not Term or clause.minquality or not isinstance(clause.text, str):
            return None
        field, text = clause.fieldname, clause.text
        if field not in self.searcher.schema:
            return None
        if not self.doc_frequency(field, text):
            return [], []  # whoosh's matcher for a word the index lacks matches nothing
        scorer = self.searcher.weighting.scorer(self.searcher, field, self.searcher.schema[field].to_bytes(text))
        if type(scorer) is not BM25FScorer:
            return None
        ids, weights = self.postings(field, text)
        idf, avgfl, b, k1, boost = scorer.idf, scorer.avgfl, scorer.B, scorer.K1, clause.boost
        lengths = self.lengths(field, ids)
        # a score depends only on the weight and the (byte-coded) length: each pair scored once,
        # every pair of a distinct weight and a distinct length where that is fewer than the postings
        ws, fls = set(weights), set(lengths)
        if len(ws) * len(fls) <= len(ids):
            rows = {w: {fl: bm25(idf, w, fl, avgfl, b, k1) for fl in fls} for w in ws}
            if boost != 1.0:  # whoosh wraps the matcher to multiply by the boost only then
                rows = {w: {fl: s * boost for fl, s in row.items()} for w, row in rows.items()}
            return ids, list(map(dict.__getitem__, map(rows.__getitem__, weights), lengths))
        pairs = list(zip(weights, lengths))
        table = {(w, fl): bm25(idf, w, fl, avgfl, b, k1) for w, fl in set(pairs)}
        if boost != 1.0:
            table = {pair: s * boost for pair, s in table.items()}
        return ids, list(map(table.__getitem__, pairs))

    def _apart(self, clause) -> tuple[list, list] | None:
        """Nothing, for a phrase whose words no document's field holds together (whoosh's phrase
        matcher would walk both words' postings to find that out); None otherwise."""
        from whoosh.query import Phrase

        if type(clause) is not Phrase or not all(isinstance(w, str) for w in clause.words):
            return None
        if frozenset.intersection(*(self.holding(clause.fieldname, w) for w in clause.words)):
            return None
        return [], []

    def _phrase(self, clause) -> tuple[list, list] | None:
        """A two-word phrase as whoosh's phrase matcher scores it, without walking both words'
        postings: the documents whose field holds both words, kept where a position of the first
        word is followed by one of the second (the matcher's ordered span, slop 1), each scored as
        the sum of the two words' own scores there (its intersection matcher), times the boost.
        None for any other clause."""
        from whoosh.query import Phrase, Term

        if (type(clause) is not Phrase or len(clause.words) != 2 or clause.slop != 1
                or not all(isinstance(w, str) for w in clause.words)):
            return None
        field, (first, second) = clause.fieldname, clause.words
        if not self._positional(field):
            return None
        both = sorted(self.holding(field, first) & self.holding(field, second))
        if not both:
            return [], []
        a, b = (self.clause(Term(field, w)) for w in (first, second))
        decode = self.searcher.schema[field].format.decoder("positions")
        at_a, at_b = self._positions(field, first), self._positions(field, second)
        follows = self._follows

        def adjacent(pair: tuple) -> bool:
            """Whether a position of the first word is followed by one of the second: decided once
            per pair of encoded positions (short fields repeat the same few)."""
            got = follows.get(pair)
            if got is None:
                got = follows[pair] = not set(decode(pair[1])).isdisjoint(p + 1 for p in decode(pair[0]))
            return got

        # positions looked at for the documents holding both words only
        ids = [d for d in both if adjacent((at_a(d), at_b(d)))]
        # each word's score looked up in its sorted postings for the kept documents only
        scores = [(_score_at(a, d) + _score_at(b, d)) * 1.0 for d in ids]  # the span wrapper's own boost, 1
        if clause.boost != 1.0:
            scores = [s * clause.boost for s in scores]
        return ids, scores

    def _positions(self, field: str, text: str):
        """The word's encoded positions in the field for one document holding it: kept when its
        postings were read (rulesdb/postings.py), so its blocks are never read a second time."""
        ids = self.postings(field, text)[0]
        values = self._values[field, text]
        return lambda docnum: values[bisect_left(ids, docnum)]

    def rank(self, q, limit: int) -> list[tuple[int, float]]:
        """(document number, score) best first for a whoosh Or of clauses (boost 1, as build_query
        makes it), as whoosh's search ranks it: a document's score is the sum of its clauses'
        scores added in clause order (whoosh's array union; with one or two clauses its union
        matcher, which keeps a zero sum too), ties by document number, the first `limit`."""
        if q.boost != 1.0:  # whoosh would scale the sum, not each clause: not the same float
            raise ValueError("Memo.rank takes an Or of boost 1")
        key = (q, limit)
        got = self._ranked.get(key)
        if got is None:
            got = self._ranked[key] = self._rank(q.subqueries, limit)
            if len(self._ranked) > RANKED:
                self._ranked.popitem(last=False)
        else:
            self._ranked.move_to_end(key)
        return list(got)

    def _rank(self, clauses, limit: int) -> tuple:
        """The ranking itself, from the clauses' remembered scores: added up with numpy for a big
        question where the engine stays open (the same floats, rulesdb/bulksum.py), else here."""
        scored = [self.clause(c) for c in clauses]
        positive = len(clauses) > 2
        if self.bulk_from is None or limit <= 0 or sum(len(ids) for ids, _ in scored) < self.bulk_from:
            return summed(scored, limit, positive)
        from rulesdb import bulksum

        arrays = []
        for clause, got in zip(clauses, scored):
            array = self._arrays.get(clause)
            if array is None:
                array = self._arrays[clause] = bulksum.as_arrays(*got)
            arrays.append(array)
        return bulksum.summed(arrays, self.reader.doc_count_all(), limit, positive)


def summed(scored: list, limit: int, positive: bool) -> tuple:
    """(document number, score) best first from the clauses' (document numbers, scores): every
    document's scores added in clause order, ties by document number, the first `limit`; without
    a zero sum when `positive`."""
    total: dict[int, float] = {}
    add = total.get
    for ids, scores in scored:
        for docnum, score in zip(ids, scores):
            total[docnum] = add(docnum, 0.0) + score
    # only documents scoring at least the limit-th best of all can be ranked: the rest are never sorted
    floor = heapq.nlargest(limit, total.values())[-1] if 0 < limit < len(total) else -math.inf
    found = [(d, s) for d, s in total.items() if s >= floor and (s > 0 or not positive)]
    return tuple(sorted(found, key=lambda pair: (-pair[1], pair[0]))[:limit])


def _score_at(scored: tuple[list, list], docnum: int) -> float:
    """A clause's score in one document it matches (its document numbers are sorted)."""
    ids, scores = scored
    return scores[bisect_left(ids, docnum)]


def matched(clause, searcher) -> tuple[list, list]:
    """A clause's matching documents and scores read with whoosh's own matcher, posting by posting."""
    m = clause.matcher(searcher, searcher.context())
    ids, scores = [], []
    while m.is_active():
        ids.append(m.id())
        scores.append(m.score())
        m.next()
    return ids, scores


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
