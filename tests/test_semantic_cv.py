"""The word-vector measurement of issue 46 (benchmarks/retrieval_semantic.py): the fusion of a
similarity with the search's score, its weight fitted from the grid on training records only, and a
probe that reads the merged pool without changing an answer. (The vectors themselves live in a tool
venv, not here: these tests need no numpy.)"""
from __future__ import annotations

import sys
from pathlib import Path

_PATH = list(sys.path)
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import retrieval_figures  # noqa: E402,F401  (retrieval_cv reads the blind set through it)
import retrieval_semantic as sem  # noqa: E402

sys.path[:] = _PATH  # the benchmarks' folder only for these modules (now imported)


def pooled(want_at: int, mode: str = "game") -> tuple[dict, list[float]]:
    """A pool of four falling scores whose answer "a" is `want_at`, and a similarity that puts "a" closest."""
    ids = ["b", "c", "d"][:want_at] + ["a"] + ["b", "c", "d"][want_at:]
    scores = [10.0, 9.0, 8.0, 7.0]
    return ({"key": 1, "mode": mode, "want": ["a"], "fixed": [], "ids": ids, "scores": scores},
            [0.9 if x == "a" else 0.5 for x in ids])


def test_no_weight_keeps_the_search_order_and_a_weight_lifts_the_closest_entry():
    rec, sim = pooled(2)
    assert sem.top3(rec, sim, 0.0) == ["b", "c", "a"]
    assert sem.top3(rec, sim, 1.0)[0] == "a"  # 0.8 + 0.9 beats 1.0 + 0.5
    assert sem.top3(rec, sim, 0.3)[0] == "b"  # 0.8 + 0.27 does not beat 1.0 + 0.15


def test_a_meant_order_is_kept_and_the_score_counts_per_mode():
    fixed = {"key": 2, "mode": "none", "want": ["x"], "fixed": ["y", "x"], "ids": [], "scores": []}
    recs, sims = [pooled(0)[0], pooled(1, "none")[0], fixed], [pooled(0)[1], pooled(1, "none")[1], []]
    assert sem.score(recs, sims, 0.0) == {"game": [1, 1, 1], "none": [2, 0, 2]}
    assert sem.score(recs, sims, 5.0) == {"game": [1, 1, 1], "none": [2, 1, 2]}


def test_the_fit_keeps_no_weight_unless_the_training_records_gain():
    right = [pooled(0), pooled(0)]
    assert sem.fit([r for r, _ in right], [s for _, s in right]) == 0.0
    lifted = [pooled(1), pooled(2), pooled(0)]
    w = sem.fit([r for r, _ in lifted], [s for _, s in lifted])
    assert w > 0 and sem.score([r for r, _ in lifted], [s for _, s in lifted], w)["game"][1] == 3


def test_the_similarity_words_leave_out_stop_words_and_split_on_punctuation():
    assert [w for w in sem.tokens("Can't I re-roll the Grim Reapurr's dice?") if w not in sem.STOP] == \
        ["roll", "grim", "reapurr", "dice"]  # "re" is a stop word ("we're")


def test_the_probe_reads_the_merged_pool_without_changing_an_answer(engine):
    """A plain question across all games has a pool of up to `pool` hits whose first three are the
    answer; a definition question, whose order is meant, keeps its first three as they are."""
    asks = [(1, "can I attack with 2 coins when it costs 3", None, {"x"}), (2, "what is morale?", "catharsis", {"x"})]
    plain, defined = sem.collect(engine, asks, pool=25)
    assert 3 < len(plain["ids"]) <= 25 and len(plain["scores"]) == len(plain["ids"]) and not plain["fixed"]
    assert plain["scores"] == sorted(plain["scores"], reverse=True)
    assert plain["ids"][:3] == [h.id for h in engine.search(asks[0][1], limit=3).results]
    assert defined["ids"] == [] and defined["fixed"][0] == "catharsis.glossary.morale"
