"""The cross-validation yardstick of issue 46 (benchmarks/retrieval_cv.py): fixed folds over the
blind tuning sets, a re-ranking fitted on training folds only, and a probe that reads the
search's own pool without changing its answers."""
from __future__ import annotations

import sys
from pathlib import Path

_PATH = list(sys.path)
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "benchmarks"))
import retrieval_cv as cv  # noqa: E402
import retrieval_figures  # noqa: E402,F401  (retrieval_cv reads the blind set through it)
from retrieval_rerank import FEATURES  # noqa: E402

sys.path[:] = _PATH  # the benchmarks' folder only for these modules (now imported)

BASE = (1.0,) + (0.0,) * (len(FEATURES) - 1)
EXCEPTION = FEATURES.index("exception")


def test_the_folds_cut_every_tuning_question_once_and_the_same_way_each_run():
    blind, _ = cv.questions(cv.SETS)
    keys = sorted({key for qs in blind.values() for key, *_ in qs})
    cut = cv.folds(keys)
    assert len(cut) == cv.K and set().union(*cut) == set(keys)
    assert sum(len(f) for f in cut) == len(keys)  # no question in two folds
    assert cut == cv.folds(list(reversed(keys)))
    tuning = [[k for k in f if k.startswith("tuning:")] for f in cut]
    assert max(map(len, tuning)) - min(map(len, tuning)) <= 1  # the tuning half dealt one by one


def test_a_writers_batch_is_held_out_whole_and_apart_from_its_games_other_batch():
    """blind3 and blind4 by (set, game): each such batch in one fold, and a game's two batches
    never in the same fold (so its other batch is always in the training folds)."""
    blind, _ = cv.questions(("third", "fourth"))
    keys = [key for qs in blind.values() for key, *_ in qs]
    cut = cv.folds(keys)
    batches = {tuple(k.split(":")[:2]) for k in keys}
    assert len(batches) == 10
    for batch in batches:
        holding = [i for i, f in enumerate(cut) if any(tuple(k.split(":")[:2]) == batch for k in f)]
        assert len(holding) == 1
    for game in {g for _, g in batches}:
        third = [i for i, f in enumerate(cut) if any(k.startswith(f"third:{game}:") for k in f)]
        fourth = [i for i, f in enumerate(cut) if any(k.startswith(f"fourth:{game}:") for k in f)]
        assert third != fourth


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


def test_round_twelves_features_read_the_pool_as_described():
    """Rank within a section, the question's verb in a title, rare and common words, and the words
    the first hit lacks, on a made-up pool of three hits."""
    from retrieval_rerank import features

    def hit(rule_id: str, title: str, kind: str = "rule") -> dict:
        return {"id": rule_id, "game": "g", "title": title, "text": "some text", "kind": kind, "_key": 1}

    found = [(2.0, hit("g.combat.a", "Damage")), (1.5, hit("g.combat.b", "Attack costs")), (1.0, hit("g.glossary.c", "Coin", "term"))]
    held = {"g.combat.a": [(True, False), (False, True)], "g.combat.b": [(True, False), (True, True)],
            "g.glossary.c": [(False, False), (True, True)]}
    rows = features("how do I attack with a coin", found, lambda g: {"attack", "coin"}, lambda g: 2, lambda t: t.lower().split(),
                    lambda f: [0.0] * 5, lambda f: held[f["id"]])
    got = {name: [row[FEATURES.index(name)] for row in rows] for name in
           ("section-rank", "verb-in-title", "rare-share", "common-share", "term-for-how", "beyond-first")}
    assert got == {"section-rank": [0.0, 1 / 3, 0.0], "verb-in-title": [0.0, 1.0, 0.0], "rare-share": [0.0, 1.0, 1.0],
                   "common-share": [1.0, 1.0, 0.0], "term-for-how": [0.0, 0.0, 1.0], "beyond-first": [0.0, 1.0, 1.0]}
