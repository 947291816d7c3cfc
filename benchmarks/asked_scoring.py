"""Ways of scoring the `asked` field (issue 46, round fourteen), for benchmarks/retrieval_asked.py
--scorings: each a BM25F variant set for a run (the index is the same, so one build serves them all),
chosen per fold among its family by the other folds, as the field's boost is.

Families (docs/performance.md, "Round fourteen"):
- "bk": the asked field's own BM25F B and K1 (whoosh's BM25F takes a per-field B; K1 per field
  through a scorer of its own, the public WeightingModel.scorer);
- "unit": one question is one unit (FAQ retrieval's query-question similarity): each game's
  questions a small index of their own (a document per question, the same analyzer, BM25F), an
  entry's share the score of its best-matching question times a weight, added to its own fields'
  score (the joined field scoring nothing: "unit"; or kept beside it: "unit+field"). The joined field
  still finds the candidates and counts the words matched, as before;
- "plus": BM25+ (Lv and Zhai 2011, lower-bounding term frequency normalisation): each asked term
  matched adds delta x idf however long the field, so an entry with many questions is not diluted;
  and the term frequency capped at one (a word said in five questions counts as in one).
"""
from __future__ import annotations

SHIPPED = "plain"  # round thirteen's scoring: BM25F at B 0.75, K1 1.2 in every field, no floor
# a small grid (a run is minutes on a loaded 2-core machine): B at K1 1.2, K1 at two B
_BK = {f"B{b:g} K1 {k:g}": {"asked_B": b, "asked_K1": k}
       for b, k in ((0.0, 1.2), (0.25, 1.2), (0.5, 1.2), (0.75, 2.0), (0.25, 2.0))}
# name -> (family, settings); round thirteen's scoring (SHIPPED) is in every family
SCORINGS: dict[str, tuple[str, dict]] = {SHIPPED: ("", {})} | {n: ("bk", s) for n, s in _BK.items()} | {
    "unit w0.5": ("unit", {"unit": 0.5, "scale": 0.0}),
    "unit w1": ("unit", {"unit": 1.0, "scale": 0.0}),
    "unit w2": ("unit", {"unit": 2.0, "scale": 0.0}),
    "unit+field w0.5": ("unit", {"unit": 0.5}),
    "BM25+ d0.5": ("plus", {"delta": 0.5}),
    "BM25+ d1": ("plus", {"delta": 1.0}),
    "tf 1": ("plus", {"cap": 1.0}),
}
FAMILIES = ("bk", "unit", "plus")


def weighting(name: str, b: float, k1: float):
    """The BM25F of a scoring: every field at (b, k1), the asked field as the scoring says."""
    from whoosh.scoring import BM25F, BM25FScorer, bm25

    s = SCORINGS[name][1]
    if not s.keys() & {"asked_B", "asked_K1", "delta", "cap", "scale"}:
        return BM25F(B=b, K1=k1)

    class Asked(BM25FScorer):
        def _score(self, weight: float, length: int) -> float:
            tf = min(weight, s["cap"]) if "cap" in s else weight
            return s.get("scale", 1.0) * (bm25(self.idf, tf, length, self.avgfl, self.B, self.K1) + self.idf * s.get("delta", 0.0))

    class Scoring(BM25F):
        def scorer(self, searcher, fieldname, text, qf=1):
            if fieldname != "asked":
                return super().scorer(searcher, fieldname, text, qf)
            return Asked(searcher, fieldname, text, s.get("asked_B", b), s.get("asked_K1", k1), qf=qf)

    return Scoring(B=b, K1=k1)


class Units:
    """Each game's asked questions, a document each (entry id stored), in memory: an entry's best
    question for a query's asked terms."""

    def __init__(self, asked: dict[str, list[str]]):
        from whoosh.fields import ID, TEXT, Schema
        from whoosh.filedb.filestore import RamStorage
        from whoosh.scoring import BM25F

        from rulesdb.analyzer import make_analyzer

        schema = Schema(entry=ID(stored=True), q=TEXT(analyzer=make_analyzer(), phrase=False))
        self.searchers = {}
        for game in sorted({rid.split(".")[0] for rid in asked}):
            ix = RamStorage().create_index(schema)
            with ix.writer() as w:
                for rid, questions in asked.items():
                    if rid.split(".")[0] == game:
                        for q in questions:
                            w.add_document(entry=rid, q=q)
            self.searchers[game] = ix.searcher(weighting=BM25F())

    def best(self, game: str, terms) -> dict[str, float]:
        from whoosh.query import Or, Term

        searcher = self.searchers.get(game)
        if searcher is None or not terms:
            return {}
        out: dict[str, float] = {}
        for hit in searcher.search(Or([Term("q", t.text, boost=t.boost) for t in terms]), limit=None):
            out[hit["entry"]] = max(out.get(hit["entry"], 0.0), hit.score)
        return out


class _Fused:
    """A game's searcher whose search adds `weight` x each hit's best question (Units) to its score."""

    def __init__(self, searcher, game: str, units: Units, weight: float):
        self._searcher, self._game, self._units, self._weight = searcher, game, units, weight

    def __getattr__(self, name):
        return getattr(self._searcher, name)

    def search(self, q, limit=10, **kw):
        kids = q.children() if hasattr(q, "subqueries") else [q]
        terms = [c for c in kids if getattr(c, "fieldname", None) == "asked"]
        best = self._units.best(self._game, terms)
        hits = list(self._searcher.search(q, limit=None, **kw))
        for h in hits:
            h.score = h.score + self._weight * best.get(h["id"], 0.0)
        hits.sort(key=lambda h: -h.score)
        return hits[:limit]


def prepare(engine, name: str, asked: dict[str, list[str]]) -> None:
    """Set a scoring's question units on an open rulesdb.search.RulesSearch (its weighting is set
    before it opens: `weighting`)."""
    s = SCORINGS[name][1]
    if "unit" in s:
        units = Units(asked)
        engine.searchers = {g: _Fused(sr, g, units, s["unit"]) for g, sr in engine.searchers.items()}


def family(name: str) -> list[str]:
    """The scorings a fold chooses among: round thirteen's and the family's."""
    return [SHIPPED] + [n for n, (f, _) in SCORINGS.items() if f == name]
