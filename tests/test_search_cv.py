"""The cross-validation yardstick of issue 46 (benchmarks/retrieval_cv.py): fixed folds over the
blind set's tuning half, a re-ranking fitted on training folds only, and a probe that reads the
search's own pool without changing its answers."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

from rulesdb.search import RulesSearch

_PATH = list(sys.path)
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import retrieval_cv as cv  # noqa: E402
import retrieval_figures  # noqa: E402,F401  (retrieval_cv reads the blind set through it)
from retrieval_rerank import FEATURES  # noqa: E402

sys.path[:] = _PATH  # the benchmarks' folder only for these modules (now imported)

BASE = (1.0,) + (0.0,) * (len(FEATURES) - 1)
EXCEPTION = FEATURES.index("exception")


def test_the_folds_cut_the_tuning_half_once_and_the_same_way_each_run():
    numbers = sorted({key for key, *_ in cv.questions(older=False)[0]})
    cut = cv.folds(numbers)
    assert len(cut) == cv.K and set().union(*cut) == set(numbers)
    assert sum(len(f) for f in cut) == len(numbers)  # no question in two folds
    assert max(map(len, cut)) - min(map(len, cut)) <= 1
    assert cut == cv.folds(list(reversed(numbers)))


def pooled(want_at: int, exception_at: int, mode: str = "game") -> dict:
    """A question whose answer is `want_at` in a pool of four, one hit of which is an exception."""
    rows = [[-0.1 * i] + [0.0] * (len(FEATURES) - 1) for i in range(4)]
    rows[exception_at][EXCEPTION] = 1.0
    return {"key": 1, "mode": mode, "want": ["a"], "fixed": [], "ids": ["b", "c", "d", "e"][:want_at] + ["a"] +
            ["b", "c", "d", "e"][want_at:3], "rows": rows}


def test_the_score_counts_first_and_top_three_hits_per_mode():
    recs = [pooled(0, 3), pooled(2, 3, "none"), pooled(3, 0, "none"), {"key": 2, "mode": "game", "want": ["x"],
                                                                         "fixed": ["y", "x"], "ids": [], "rows": []}]
    assert cv.score(recs, BASE) == {"game": [2, 1, 2], "none": [2, 0, 1]}


def test_ascent_keeps_the_search_order_when_no_weight_helps():
    assert cv.fit([pooled(0, 3), pooled(0, 2)], len(FEATURES)) == BASE


def test_ascent_learns_a_weight_the_training_questions_support():
    """Answers that are exceptions ranked second: a positive exception weight puts them first."""
    recs = [pooled(1, 1), pooled(2, 2), pooled(0, 3)]
    w = cv.fit(recs, len(FEATURES))
    assert w[EXCEPTION] > 0
    assert cv.score(recs, w)["game"][1] > cv.score(recs, BASE)["game"][1]


def test_the_hinge_fit_moves_the_same_weight_the_same_way():
    w = cv.fit_hinge([pooled(1, 1), pooled(2, 2), pooled(1, 1)], len(FEATURES), epochs=10)
    assert w[EXCEPTION] > 0


@pytest.fixture(scope="module")
def engine(shared_home):
    with RulesSearch(shared_home / "cache", shared_home / "data" / "sources") as opened:
        yield opened


def test_the_probe_reads_the_pool_without_changing_an_answer(engine):
    """A plain question has a pool whose first three are the answer; a definition question, whose
    order is meant, has none. The search answers the same with the probe off again."""
    asks = [(1, "can I attack with 2 coins when it costs 3", "cataclysm-arcade", {"x"}),
            (2, "what is morale?", "catharsis", {"x"})]
    got = cv.collect(engine, asks)
    plain, defined = got
    assert len(plain["rows"]) == len(plain["ids"]) >= 3 and not plain["fixed"]
    assert plain["ids"][:3] == [h.id for h in engine.search(asks[0][1], game=asks[0][2], limit=3).results]
    text = FEATURES.index("in-text")
    assert all(0.0 <= row[text] <= 1.0 for row in plain["rows"]) and plain["rows"][0][text] > 0
    assert defined["rows"] == [] and defined["fixed"][0] == "catharsis.glossary.morale"
