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
    lex = built.lexicon  # the game's words as the question read them (the searcher's reader)

    def known(t: str) -> bool:  # `spell`: the own fields' words (index.ASKED_IN_SPELL False)
        return lex.df("spell", t) > 0

    own = [g for g in built.key if any(known(t) for t in g)]
    telling = len(own) + unknown_weight * (built.unknown + len(built.key) - len(own))
    holding = {t: lex.docs("spell", t)[0] for g in own for t in g if known(t)}
    firsts = [f["_doc"] for _, f in found[:hits] if f["game"] == gid and "_doc" in f]
    best = max((sum(1 for g in own if any(doc in holding.get(t, ()) for t in g)) for doc in firsts), default=0)
    top = found[0][1]
    asked = [c for c in built.query.children() if getattr(c, "fieldname", None) == "asked"]
    if top["game"] != gid or "_doc" not in top or not top.get("_raw") or not asked:
        return best, telling, 1.0
    return best, telling, max(0.0, 1.0 - asked_score(searcher, asked, top["_doc"]) / top["_raw"])


def asked_score(searcher, asked: list, doc: int) -> float:
    """The document's score from the asked field's clauses, added up in their order as whoosh's Or
    adds them (its array of every document's sums, or its union of two, gives the same figure):
    each clause read up to that one document instead of whole."""
    context, score = searcher.context(), 0.0
    for clause in asked:
        matcher = clause.matcher(searcher, context)
        if matcher.is_active():
            matcher.skip_to(doc)
            if matcher.is_active() and matcher.id() == doc:
                score += matcher.score()
    return score
