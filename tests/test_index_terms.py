"""The index build hands whoosh the terms of its position-free fields (text, section, spell), each
word analysed once per build (rulesdb/index.py `_analysed`), instead of the text: whoosh writes the
same postings, weights and field lengths from either, and the surface spellings are the same pairs
(issue 25: the index build's cost)."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from rulesdb import index
from rulesdb.analyzer import make_analyzer

# words as rulebooks write them: hyphens, apostrophes, digits, stop words, accents, punctuation
WORDS = st.sampled_from(["re-roll", "Re-Roll,", "don't", "the", "a", "1", "d6", "(dice)", "player's", "—", "...",
                         "Éclair", "naïve-ish", "x-", "-y", "rolls.", "ROLL", "it's", "hp", "10", "fights", "can't"])
TEXTS = st.lists(st.one_of(WORDS, st.text(max_size=8)), max_size=25).map(
    lambda ws: "".join(w + s for w, s in zip(ws, [" ", "\n", "  ", "\t"] * len(ws))))


@settings(max_examples=200, deadline=None, derandomize=True)
@given(TEXTS)
def test_a_fields_terms_index_as_its_text_does(text):
    ana, schema = make_analyzer(), index.schema()
    pairs = index._analysed(ana, {}, text.split())
    assert pairs == [(t.text, t.original) for t in ana(text, mode="index", keeporiginal=True)]
    for name in (*index.TERMS_ONLY, "spell"):
        field = schema[name]
        assert field.format.__class__.__name__ == "Frequency"  # no positions: a list of terms is exact
        assert list(field.index([term for term, _ in pairs])) == list(field.index(text))


def test_a_memo_shared_across_documents_gives_each_its_own_terms():
    ana, memo = make_analyzer(), {}
    for text in ("Re-roll the dice", "the dice re-roll", "Re-roll the dice"):
        pairs = index._analysed(ana, memo, text.split())
        assert pairs == [(t.text, t.original) for t in ana(text, mode="index", keeporiginal=True)]
    assert sorted(memo) == ["Re-roll", "dice", "re-roll", "the"] and memo["the"] == []  # a stop word
