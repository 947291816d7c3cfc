"""Whether the reference covers a question, judged from the entries' own fields (issue 46, round
thirteen): the asked field re-ranks, but an asked question was written for an entry, so sharing its
words is no evidence that the reference covers a new question."""
from __future__ import annotations


def own_words(searcher, gid: str, found: list, built, hits: int, unknown_weight: float) -> tuple[int, float, float] | None:
    """The coverage verdict's figures, the asked field left out: the telling words the best of the
    game's first `hits` matches in its own words, the question's telling words (one only an asked
    question says counts as unknown, weighing `unknown_weight`), and the first hit's share of its
    score that is not the asked field's. None when the game has no asked data (an imported
    rulebook): the verdict as it was. `built` is rulesdb.search.build_query's answer."""
    reader = searcher.reader()
    if built is None or built.query is None or not reader.field_length("asked"):
        return None
    from whoosh.query import Or

    def known(t: str) -> bool:  # `spell`: the own fields' words (index.ASKED_IN_SPELL False)
        return reader.doc_frequency("spell", t) > 0

    own = [g for g in built.key if any(known(t) for t in g)]
    telling = len(own) + unknown_weight * (built.unknown + len(built.key) - len(own))
    holding = {t: set(reader.postings("spell", t).all_ids()) for g in own for t in g if known(t)}
    firsts = [f["_doc"] for _, f in found[:hits] if f["game"] == gid and "_doc" in f]
    best = max((sum(1 for g in own if any(doc in holding.get(t, ()) for t in g)) for doc in firsts), default=0)
    top = found[0][1]
    asked = [c for c in built.query.children() if getattr(c, "fieldname", None) == "asked"]
    if top["game"] != gid or "_doc" not in top or not top.get("_raw") or not asked:
        return best, telling, 1.0
    matcher = Or(asked).matcher(searcher, searcher.context())
    if matcher.is_active():
        matcher.skip_to(top["_doc"])
    share = matcher.score() if matcher.is_active() and matcher.id() == top["_doc"] else 0.0
    return best, telling, max(0.0, 1.0 - share / top["_raw"])
