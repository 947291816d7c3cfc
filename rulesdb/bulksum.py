"""A big question's per-document sums and top-N cut with numpy arrays, for the kept-open engine only.

Adding up tens of thousands of postings one dict update at a time was the interpreter's floor for
a question over a rulebook 100 times the reference (docs/architecture.md, "Costs as the work
grows"); numpy does the same float64 additions in compiled code. The answer is bit for bit the one
`rulesdb.memo.summed` gives: each document's sum starts at 0.0 and takes its clauses' scores in
clause order (numpy's elementwise float64 + is the same IEEE addition), and the ranking keeps the
same rule (score descending, ties by document number, the first `limit`, no zero sum when
`positive`). Only a long-lived engine (the shell, serve) imports this module, and only for a
question touching many postings: a one-shot command never pays numpy's import
(tests/test_search_bulk.py)."""
from __future__ import annotations

import numpy as np


def as_arrays(ids: list, scores: list) -> tuple:
    """A clause's (document numbers, scores) as arrays, and whether each document comes once in
    ascending order (then one fancy-indexed add is the per-posting loop; else `np.add.at`, which
    adds repeats one after another as the loop does)."""
    docs = np.array(ids, dtype=np.intp)
    return docs, np.array(scores, dtype=np.float64), bool(np.all(docs[1:] > docs[:-1]))


def summed(arrays: list, size: int, limit: int, positive: bool) -> tuple:
    """(document number, score) best first from the clauses' arrays (as_arrays), for documents
    numbered below `size`: the same tuple `rulesdb.memo.summed` makes from the same clauses."""
    total = np.zeros(size, dtype=np.float64)
    seen = np.zeros(size, dtype=bool)
    for docs, scores, once in arrays:
        if once:
            total[docs] += scores  # gathers, adds elementwise, scatters back: one add per document
        else:
            np.add.at(total, docs, scores)
        seen[docs] = True
    docs = np.flatnonzero(seen)
    sums = total[docs]
    if limit < len(docs):  # only documents scoring at least the limit-th best can be ranked
        cut = len(sums) - limit
        keep = sums >= np.partition(sums, cut)[cut]
        docs, sums = docs[keep], sums[keep]
    order = np.lexsort((docs, -sums))[:limit]  # score descending, then document number
    docs, sums = docs[order], sums[order]
    if positive:  # the non-positive sums sort last: dropping them after the cut drops the same ones
        keep = sums > 0
        docs, sums = docs[keep], sums[keep]
    return tuple(zip(docs.tolist(), sums.tolist()))

