"""The words of a question's indexes as one question reads them: counts, documents, close spellings."""
from __future__ import annotations


class Lexicon:
    """The words of one or more per-game indexes (their readers), counted together: each word's
    counts, documents and close terms read once, for as long as the readers are open (an engine
    keeps one per game)."""

    def __init__(self, readers):
        self.readers = list(readers)
        self._near: dict[tuple[str, int], set[str]] = {}  # (token, edits) -> close terms
        self.doc_count = sum(r.doc_count() for r in self.readers)
        self._df: dict[tuple[str, str], int] = {}  # a question asks for a word's counts several times
        self._docs: dict[tuple[str, str], list[frozenset[int]]] = {}
        self._at: dict[tuple[str, str], list[dict[int, frozenset[int]]]] = {}  # document -> the word's positions

    def df(self, field: str, token: str) -> int:
        got = self._df.get((field, token))
        if got is None:
            got = self._df[field, token] = sum(r.doc_frequency(field, token) for r in self.readers)
        return got

    def known(self, token: str) -> bool:
        # an asked question's word is searched even where the lexicon leaves it out (rulesdb.index.ASKED_IN_SPELL)
        return self.df("spell", token) > 0 or self.df("asked", token) > 0

    def near(self, token: str, maxdist: int) -> set[str]:
        """The lexicon's words within `maxdist` edits of the token, first letter the same."""
        got = self._near.get((token, maxdist))
        if got is None:
            got = self._near[token, maxdist] = {t for r in self.readers for t in _within(r, token, maxdist)}
        return got

    def docs(self, field: str, token: str) -> list[frozenset[int]]:
        """The documents holding the word in the field, one set per reader (empty where it lacks it)."""
        got = self._docs.get((field, token))
        if got is None:
            got = self._docs[field, token] = [_postings(r, field, token) for r in self.readers]
        return got

    def side_by_side(self, field: str, first: str, second: str) -> bool:
        """Whether some document holds the second word right after the first in the field: where
        whoosh's Phrase of the two (slop 1, in order) matches."""
        if not (self.df(field, first) and self.df(field, second)):
            return False
        return any(any(p + 1 in after[doc] for doc in before.keys() & after.keys() for p in before[doc])
                   for before, after in zip(self._places(field, first), self._places(field, second)))

    def _places(self, field: str, token: str) -> list[dict[int, frozenset[int]]]:
        got = self._at.get((field, token))
        if got is None:
            got = self._at[field, token] = [_positions(r, field, token) for r in self.readers]
        return got


def _postings(reader, field: str, token: str) -> frozenset[int]:
    from whoosh.reading import TermNotFound

    try:
        return frozenset(reader.postings(field, token).all_ids())
    except TermNotFound:
        return frozenset()


def _within(reader, token: str, maxdist: int):
    """The words of the "spell" field starting with the token's first letter whose rest is at most
    `maxdist` edits (insert, delete, replace) from the token's: what whoosh's
    `terms_within("spell", token, maxdist, prefix=1)` finds, without building its automaton (which
    took a new question 1.5 ms of its 3 ms, over a lexicon of some 700 words)."""
    field, rest = reader.schema["spell"], token[1:]
    for raw in reader.expand_prefix("spell", token[:1]):
        word = field.from_bytes(raw)
        if abs(len(word) - len(token)) <= maxdist and edits_within(rest, word[1:], maxdist):
            yield word


def edits_within(a: str, b: str, most: int) -> bool:
    """Whether a is at most `most` edits (insert, delete, replace: Levenshtein) from b."""
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        if min(cur) > most:
            return False
        prev = cur
    return prev[-1] <= most


def _positions(reader, field: str, token: str) -> dict[int, frozenset[int]]:
    from whoosh.reading import TermNotFound

    try:
        postings = reader.postings(field, token)
    except TermNotFound:
        return {}
    out = {}
    while postings.is_active():
        out[postings.id()] = frozenset(postings.value_as("positions"))
        postings.next()
    return out
