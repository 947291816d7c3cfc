"""Whoosh3's on-disk postings and field lengths read a whole block or column at a time.

Whoosh's matcher hands out a posting at a time (`id()`, `weight()`, `value()`, `next()`: four
calls per posting) and the searcher a field length at a time; a rulebook 100 times the reference
has words in tens of thousands of documents, so that walk was most of a new question's cost
(docs/architecture.md). Whoosh3's leaf matcher keeps each block's document numbers (as gaps),
weights and values in arrays, and its length column is one byte per document: read here at once.
These are whoosh3's own attributes, not its public API; wherever the matcher or reader is of
another kind, or lacks one of them, the public calls give the same values one by one
(tests/test_search_scale.py compares the two)."""
from __future__ import annotations

from itertools import accumulate

_BLOCK_PARTS = ("_data", "_read_data", "_byteids", "_read_weights", "_weights", "_read_values", "_values",
                "_next_block")


def _blocks(m) -> bool:
    """Whether `m` is whoosh3's leaf matcher with the block attributes read here."""
    from whoosh.codec.whoosh3 import W3LeafMatcher

    return type(m) is W3LeafMatcher and all(hasattr(m, a) for a in _BLOCK_PARTS)


def _block_ids(m):
    """The current block's document numbers (stored as gaps unless the ids are bytes)."""
    if m._data is None:
        m._read_data()
    raw = m._data[0]
    return raw if m._byteids else accumulate(raw)


def read_postings(m, values: bool = False) -> tuple[list, list] | tuple[list, list, list]:
    """A fresh matcher's document numbers and weights, in document order; with `values`, each
    posting's encoded value too (positions, for a phrase field), from the same blocks read once."""
    ids, weights, kept = [], [], []
    if _blocks(m):
        while m.is_active():  # a fresh matcher stands at the start of its first block
            ids.extend(_block_ids(m))
            m._read_weights()
            weights.extend(m._weights)
            if values:
                m._read_values()
                kept.extend(m._values)
            m._next_block()
    else:
        while m.is_active():
            ids.append(m.id())
            weights.append(m.weight())
            if values:
                kept.append(m.value())
            m.next()
    return (ids, weights, kept) if values else (ids, weights)


def length_table(reader, field: str) -> list | None:
    """Every document's length in `field` as `doc_field_length(docnum, field, 1)` gives it (None for
    a zero byte, as there), from the length column's bytes read at once; None where the reader is
    not whoosh3's one-segment reader without deletions, so the caller reads document by document."""
    from whoosh.codec.whoosh3 import LENGTHS_COLUMN, W3PerDocReader
    from whoosh.util.numeric import byte_to_length

    perdoc = getattr(reader, "_perdoc", None)
    if type(perdoc) is not W3PerDocReader or getattr(reader, "deleted_docs_set", None):
        return None
    column = perdoc._cached_reader(f"_{field}_len", LENGTHS_COLUMN)
    if column is None or not all(hasattr(column, a) for a in ("_dbfile", "_basepos", "_count", "_fixedlen")):
        return None
    count = perdoc._doccount
    if column._fixedlen != 1:
        return None
    stored = min(column._count, count)
    raw = column._dbfile.get(column._basepos, stored) + bytes(count - stored)  # past the end: the default 0
    decode = [None] + [byte_to_length(b) for b in range(1, 256)]
    return list(map(decode.__getitem__, raw))
