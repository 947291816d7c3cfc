"""Cross-validation over the blind tuning sets (issue 46): how well a fitted ranking knob does on
questions it was not fitted on, measured without ever touching a held-out set.

    python benchmarks/retrieval_cv.py [--sets tuning,third,fourth] [--older] [--method ascent|hinge]
        [--features old|all] [--every-fit] [--pool N] [--variants] [--cache FILE]

The blind tuning sets (--sets: the blind set's tuning half, split.toml's `tuning`; the third set,
blind3; the fourth, blind4) are cut into K=5 folds by a fixed seed (every question whole in one
fold, asked with its game and without; the third and fourth sets by writer's batch: see `folds`).
For each fold a knob is fitted on the other four (with --older, on the older question files too,
which are never held out) and scored on the fold left out; the figures are hit@1 and hit@3 over the
held-out folds pooled (each question held out once), searching the question's game and searching
all five, and per set. The search as it is has no fitted knob and scores the same on every fold:
the baseline. --every-fit runs both methods, with and without the older files, with round eleven's
22 features and with all, and each fit's in-sample ceiling (fitted and scored on every question).

Knobs measured:
- the re-ranking of the first hits (benchmarks/retrieval_rerank.py): a linear scorer over features
  the search already computes, fitted in plain Python from the search's own order (weights 1, 0, 0,
  ...), by coordinate ascent on hit@1 + hit@3 (a change kept only when it raises the training score)
  or by a pairwise hinge loss; --older fits on the older question files of tests/retrieval too;
- --variants: a choice among whole-search variants (BM25F's B and K1, per-field B, pseudo-relevance
  feedback: the first hits' key terms added faintly), picked per fold by the training folds' score.
The searches' results are kept in --cache FILE to refit without searching again.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

K, SEED = 5, 46
GRID = (-4.0, -2.0, -1.0, -0.5, -0.25, 0.0, 0.25, 0.5, 1.0, 2.0, 4.0)
PASSES = 3


def folds(keys, k: int = K, seed: int = SEED) -> list[set[str]]:
    """The questions' keys cut into k folds. The tuning half ("tuning:N") is dealt one question at a
    time (sorted, shuffled by the seed, dealt in turn: round eleven's folds); the third and fourth
    sets ("third:GAME:N", "fourth:GAME:N") are dealt by writer's batch, a set's game whole in one
    fold: the games shuffled by the seed, game i of the third set in fold i and of the fourth set in
    fold i + 2, so a game's two batches are never held out together."""
    cut: list[set[str]] = [set() for _ in range(k)]
    order = sorted(int(x.split(":")[1]) for x in keys if x.startswith("tuning:"))
    random.Random(seed).shuffle(order)
    for i in range(k):
        cut[i] |= {f"tuning:{n}" for n in order[i::k]}
    groups: dict[tuple[str, str], set[str]] = {}
    for x in keys:
        if not x.startswith("tuning:"):
            name, game, _ = x.split(":")
            groups.setdefault((name, game), set()).add(x)
    games = sorted({g for _, g in groups})
    random.Random(seed).shuffle(games)
    for (name, game), members in groups.items():
        cut[(games.index(game) + SHIFT[name]) % k] |= members
    return cut


SHIFT = {"third": 0, "fourth": 2}


def collect(engine, questions: list[tuple]) -> list[dict]:
    """For each (key, question, game or None, wanted ids): the first three ids, and the search's pool
    (the first hits' ids and features, in its own order) when no order was meant (no definition put
    first, no two-part question rearranged): what a re-ranking could reorder. The pool is read by
    wrapping three of the search's steps for the run (a benchmark's probe, not the product's API)."""
    import rulesdb.search as search
    from retrieval_rerank import features, field_shares, rarity_shares

    state: dict = {}
    ranked, first, halves = search.RulesSearch.ranked, search.definition_first, search.both_halves

    def ranked_probe(self, query, gid, limit, faint=()):
        hits, built = ranked(self, query, gid, limit, faint)
        if state["open"]:
            state["built"][gid] = built
        return hits, built

    def first_probe(query, found, *args, **kw):
        state["open"] = False
        out = first(query, found, *args, **kw)
        state["settled"] = out is not found
        return out

    def halves_probe(query, found, best):
        out = halves(query, found, best)
        if not state["settled"] and out is found:
            built, postings = state["built"], {}

            def fields(f: dict) -> list[float]:
                searcher = engine.searchers[f["game"]]
                return field_shares(searcher, built[f["game"]].key, searcher.document_number(id=f["id"]),
                                    postings.setdefault(f["game"], {}))

            def rarity(f: dict) -> list[float]:
                searcher = engine.searchers[f["game"]]
                return rarity_shares(searcher, built[f["game"]].key, searcher.document_number(id=f["id"]),
                                     postings.setdefault(f["game"], {}))

            state["pool"] = ([f["id"] for _, f in found[:10]],
                             features(query, found, lambda g: built[g].typed, lambda g: len(built[g].key), engine.stems,
                                      fields, rarity))
        return out

    search.RulesSearch.ranked, search.definition_first, search.both_halves = ranked_probe, first_probe, halves_probe
    out = []
    try:
        for key, text, game, want in questions:
            state.update(open=True, built={}, settled=False, pool=([], []))
            res = engine.search(text, game=game, limit=3)
            ids, rows = state["pool"]
            fixed = [h.id for h in res.results]
            assert not rows or ids[:3] == fixed, (text, ids, fixed)
            out.append({"key": key, "mode": "game" if game else "none", "want": sorted(want),
                        "fixed": [] if rows else fixed, "ids": ids, "rows": rows})
    finally:
        search.RulesSearch.ranked, search.definition_first, search.both_halves = ranked, first, halves
    return out


def top3(rec: dict, weights) -> list[str]:
    from retrieval_rerank import order

    if not rec["rows"]:
        return rec["fixed"]
    return [rec["ids"][i] for i in order(rec["rows"], weights)[:3]]


def score(recs: list[dict], weights) -> dict:
    """{mode: [n, hits at 1, hits at 3]}."""
    out = {"game": [0, 0, 0], "none": [0, 0, 0]}
    for rec in recs:
        ids, want = top3(rec, weights), set(rec["want"])
        row = out[rec["mode"]]
        row[0] += 1
        row[1] += bool(ids) and ids[0] in want
        row[2] += bool(set(ids) & want)
    return out


def objective(recs: list[dict], weights) -> int:
    return sum(r[1] + r[2] for r in score(recs, weights).values())


def shrink(recs: list[dict], n: int) -> list[dict]:
    """The records with only their first n hits re-rankable: the others' rows pinned far below."""
    out = []
    for rec in recs:
        rows = [row if i < n else [row[0] - 100.0] + [0.0] * (len(row) - 1) for i, row in enumerate(rec["rows"])]
        out.append(rec | {"rows": rows})
    return out


def fit(recs: list[dict], n_features: int) -> tuple[float, ...]:
    """Coordinate ascent from the search's own order; a change is kept only if it raises the score
    (hit@1 + hit@3 over the records whose pool holds an answer: the others cannot change)."""
    live = []
    for rec in recs:
        want = set(rec["want"])
        good = [x in want for x in rec["ids"]]
        if rec["rows"] and any(good):
            live.append(([row[:n_features] for row in rec["rows"]], good))
    w = [1.0] + [0.0] * (n_features - 1)
    z = [[sum(a * b for a, b in zip(w, row)) for row in rows] for rows, _ in live]

    def total(zs) -> int:
        got = 0
        for zi, (_, good) in zip(zs, live):
            top = sorted(range(len(zi)), key=lambda i: (-zi[i], i))[:3]
            got += good[top[0]] + any(good[i] for i in top)
        return got

    best = total(z)
    for _ in range(PASSES):
        moved = False
        for j in range(1, n_features):
            if not any(row[j] for rows, _ in live for row in rows):
                continue
            for value in sorted(GRID, key=abs):
                if value == w[j]:
                    continue
                d = value - w[j]
                trial = [[zi + d * row[j] for zi, row in zip(zr, rows)] for zr, (rows, _) in zip(z, live)]
                got = total(trial)
                if got > best:
                    best, z, moved = got, trial, True
                    w[j] = value
        if not moved:
            break
    return tuple(w)


def fit_hinge(recs: list[dict], n_features: int, epochs: int = 30, rate: float = 0.02, pull: float = 0.02) -> tuple[float, ...]:
    """Pairwise hinge: each answer in the pool should outscore each other hit of the first five (and
    any above it) by a margin of 1; stochastic steps in a seeded order, each weight pulled towards
    the search's own order (1, 0, 0, ...) by `pull`."""
    base = [1.0] + [0.0] * (n_features - 1)
    pairs = []
    for rec in recs:
        want = set(rec["want"])
        pos = [i for i, x in enumerate(rec["ids"]) if x in want]
        if not pos or not rec["rows"]:
            continue
        neg = [j for j, x in enumerate(rec["ids"]) if x not in want and (j < 5 or j < pos[0])]
        for j in neg:
            pairs.append((rec["rows"][pos[0]], rec["rows"][j], 1.0 / len(neg)))
    w = list(base)
    rng = random.Random(SEED)
    for _ in range(epochs):
        rng.shuffle(pairs)
        for a, b, weight in pairs:
            d = [x - y for x, y in zip(a, b)]
            if sum(wi * di for wi, di in zip(w, d)) < 1.0:
                w = [wi + rate * weight * di for wi, di in zip(w, d)]
            w = [wi - rate * pull * (wi - bi) for wi, bi in zip(w, base)]
    return tuple(round(x, 4) for x in w)


SETS = ("tuning", "third", "fourth")  # --sets: the blind tuning sets (retrieval_figures' --blind names)


def questions(sets: tuple[str, ...]) -> tuple[dict[str, list[tuple]], list[tuple]]:
    """({set: questions}, older files) as (key, question, game or None, wanted ids), each asked with
    its game and without. Keys: "tuning:N", "third:GAME:N", "fourth:GAME:N"; the older files' "older"."""
    from retrieval_figures import blind_questions, load_questions

    def key(name: str, q: dict) -> str:
        return f"tuning:{q['n']}" if name == "tuning" else f"{name}:{q['game']}:{q['n']}"

    blind = {name: [(key(name, q), q["question"], g, set(q["expect"])) for q in blind_questions(name)
                    for g in (q["game"], None)] for name in sets}
    answered, _ = load_questions()
    rest = [("older", q["ask"], g, set(q["expect"])) for game, qs in answered.items() for q in qs for g in (game, None)]
    return blind, rest


def line(name: str, got: dict) -> str:
    a, b = got["game"], got["none"]
    if not a[0]:
        return f"{name:34} (none)"
    return (f"{name:34} game @1 {a[1] / a[0]:.3f} @3 {a[2] / a[0]:.3f}   none @1 {b[1] / b[0]:.3f} @3 {b[2] / b[0]:.3f}"
            f"   (n {a[0]} + {b[0]})")


def mean(rows: list[dict]) -> dict:
    """Pooled over the folds (each question held out once): the held-out figures."""
    return {m: [sum(r[m][i] for r in rows) for i in range(3)] for m in ("game", "none")}


# whole-search variants: name -> (BM25F's arguments, pseudo-relevance feedback: (documents, terms) or
# None, constants set for the run: {(module, name or name.key): value}; a field boost builds a new index)
VARIANTS = {
    "as it is": ({}, None, {}),
    "B 0.5": ({"B": 0.5}, None, {}),
    "B 0.9": ({"B": 0.9}, None, {}),
    "K1 0.9": ({"K1": 0.9}, None, {}),
    "K1 1.6": ({"K1": 1.6}, None, {}),
    "title B 0": ({"title_B": 0.0}, None, {}),
    "text B 0.9": ({"text_B": 0.9}, None, {}),
    "feedback 2 docs 5 terms": ({}, (2, 5), {}),
    "feedback 3 docs 8 terms": ({}, (3, 8), {}),
    "coverage power 0.5": ({}, None, {("rulesdb.search", "COVERAGE_POWER"): 0.5}),
    "coverage power 1.0": ({}, None, {("rulesdb.search", "COVERAGE_POWER"): 1.0}),
    "synonym weight 0.5": ({}, None, {("rulesdb.search", "SYNONYM_WEIGHT"): 0.5}),
    "synonym weight 0.85": ({}, None, {("rulesdb.search", "SYNONYM_WEIGHT"): 0.85}),
    "title boost 1.0": ({}, None, {("rulesdb.index", "FIELD_BOOSTS.title"): 1.0}),
    "title boost 2.2": ({}, None, {("rulesdb.index", "FIELD_BOOSTS.title"): 2.2}),
    "aliases, keywords boost 1.0": ({}, None, {("rulesdb.index", "FIELD_BOOSTS.aliases"): 1.0,
                                               ("rulesdb.index", "FIELD_BOOSTS.keywords"): 1.0}),
}


def _set(patches: dict) -> dict:
    """Set each constant; the old values, to set back."""
    import importlib

    old = {}
    for (module, name), value in patches.items():
        mod = importlib.import_module(module)
        if "." in name:
            table, key = name.split(".")
            old[module, name] = getattr(mod, table)[key]
            getattr(mod, table)[key] = value
        else:
            old[module, name] = getattr(mod, name)
            setattr(mod, name, value)
    return old


def collect_variant(home: Path, name: str, qs: list[tuple]) -> dict:
    """{key: [[mode, hit@1, hit@3], ...]} for the questions searched by one variant. Feedback (RM3's
    idea with whoosh's public Searcher.key_terms): each game's first hits' key terms of the rules'
    text, added to the question as faint words (rulesdb.search.FAINT_WEIGHT), and the game asked again."""
    import rulesdb.search as search
    from whoosh.scoring import BM25F

    bm25, feedback, patches = VARIANTS[name]
    weighting, ranked = search._weighting, search.RulesSearch.ranked

    def fed(self, query, gid, limit, faint=()):
        hits, built = ranked(self, query, gid, limit, faint)
        if not hits:
            return hits, built
        searcher = self.searchers[gid]
        docs = [searcher.document_number(id=f["id"]) for _, f in hits[:feedback[0]]]
        more = tuple(t for t, _ in searcher.key_terms(docs, "text", numterms=feedback[1]))
        return ranked(self, query, gid, limit, tuple(faint) + more)

    search._weighting = lambda: BM25F(**({"B": search.BM25_B, "K1": search.BM25_K1} | bm25))
    if feedback:
        search.RulesSearch.ranked = fed
    old = _set(patches)
    cache = home / ("cache-" + "-".join(name.split()) if any(m == "rulesdb.index" for m, _ in patches) else "cache")
    out: dict = {}
    try:
        with search.RulesSearch(cache, home / "data" / "sources") as engine:
            for key, text, game, want in qs:
                ids = [h.id for h in engine.search(text, game=game, limit=3).results]
                out.setdefault(str(key), []).append(["game" if game else "none", bool(ids) and ids[0] in want,
                                                     bool(set(ids) & want)])
    finally:
        search._weighting, search.RulesSearch.ranked = weighting, ranked
        _set(old)
    return out


def variant_score(rows: dict, keys) -> dict:
    out = {"game": [0, 0, 0], "none": [0, 0, 0]}
    for key in keys:
        for mode, at1, at3 in rows[str(key)]:
            out[mode][0] += 1
            out[mode][1] += at1
            out[mode][2] += at3
    return out


def cross_validate_variants(runs: dict, cut: list[set[int]]) -> None:
    """Each variant alone over the tuning half, then the choice among them fitted per fold."""
    every = [k for fold in cut for k in fold]
    for name, rows in runs.items():
        print(line(f"variant {name}", variant_score(rows, every)))
    held = []
    for i, fold in enumerate(cut):
        train = [k for k in every if k not in fold]
        pick = max(runs, key=lambda n: (sum(r[1] + r[2] for r in variant_score(runs[n], train).values()), n == "as it is"))
        held.append(variant_score(runs[pick], fold))
        print(f"  fold {i + 1}: the training folds pick {pick!r}")
    print(line("variant picked per fold, held out", mean(held)))


def fit_once(recs: list[dict], older: list[dict], cut: list[set[str]], method: str, with_older: bool,
             n_features: int, verbose: bool = False) -> tuple[list[dict], dict[str, dict]]:
    """Fit on each fold's training folds and score its held-out fold: (per fold held-out figures,
    {set: held-out figures pooled over the folds})."""
    fitter = fit_hinge if method == "hinge" else fit
    held, by_set = [], {}
    for i, fold in enumerate(cut):
        train = [r for r in recs if r["key"] not in fold] + (older if with_older else [])
        w = fitter(train, n_features)
        test = [r for r in recs if r["key"] in fold]
        held.append(score(test, w))
        for name in SETS:
            got = score([r for r in test if r["key"].startswith(name + ":")], w)
            by_set[name] = mean([by_set[name], got]) if name in by_set else got
        if verbose:
            print(line(f"fold {i + 1} held out", held[-1]) + "  w " + " ".join(f"{x:g}" for x in w))
    return held, by_set


def room(recs: list[dict]) -> str:
    """Per mode: the questions whose order the search means (a definition first, a two-part
    question's halves), then where the first answer stands in the others' pool: first, 2nd-3rd,
    4th-10th, outside the first ten: what a re-ranking could act on."""
    out = []
    for mode in ("game", "none"):
        rows = [r for r in recs if r["mode"] == mode]
        meant = sum(1 for r in rows if not r["rows"])
        at = [next((i for i, x in enumerate(r["ids"]) if x in set(r["want"])), 99) for r in rows if r["rows"]]
        out.append(f"{mode}: {meant} meant; of {len(at)} others first {sum(i == 0 for i in at)}, 2nd-3rd "
                   f"{sum(1 <= i <= 2 for i in at)}, 4th-10th {sum(3 <= i <= 9 for i in at)}, outside {sum(i > 9 for i in at)}")
    return "; ".join(out)


def contrast(recs: list[dict], names: tuple[str, ...]) -> None:
    """Per feature, the mean of (the first answer in the pool minus the wrong first hit above it)
    and of (a right first hit minus the first wrong hit below it): a feature that could lift the
    answers below has the same sign in both."""
    below, kept = [], []
    for rec in recs:
        good = [x in set(rec["want"]) for x in rec["ids"]]
        if not rec["rows"] or not any(good):
            continue
        i = good.index(True)
        if i:
            below.append([a - b for a, b in zip(rec["rows"][i], rec["rows"][0])])
        elif not all(good):
            j = good.index(False)
            kept.append([a - b for a, b in zip(rec["rows"][0], rec["rows"][j])])
    print(f"contrast: {len(below)} answers below a wrong first hit, {len(kept)} right first hits")
    for f, name in enumerate(names):
        print(f"  {name:18} answer below minus the first {sum(d[f] for d in below) / len(below):+.3f}"
              f"   right first minus the wrong below {sum(d[f] for d in kept) / len(kept):+.3f}")


def spread(held: list[dict], base: list[dict]) -> str:
    """Per fold, the fit's hit@1 minus the search's, in points, with a game / with none."""
    def d(m: str, h: dict, b: dict) -> str:
        return f"{100 * (h[m][1] - b[m][1]) / h[m][0]:+.1f}" if h[m][0] else "n/a"
    return " ".join(f"{d('game', h, b)}/{d('none', h, b)}" for h, b in zip(held, base))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sets", default="tuning", help="the blind tuning sets to cut into folds, of: " + ",".join(SETS))
    ap.add_argument("--older", action="store_true", help="fit the re-ranking on the older question files too")
    ap.add_argument("--method", choices=("ascent", "hinge"), default="ascent", help="how the re-ranking is fitted")
    ap.add_argument("--features", choices=("old", "all", "new"), default="all",
                    help="round eleven's 22 features, all of them, or the score and round twelve's only")
    ap.add_argument("--every-fit", action="store_true", help="every method x older files x features, in one table")
    ap.add_argument("--contrast", action="store_true", help="how each feature tells the answers below from the first")
    ap.add_argument("--pool", type=int, default=10, help="re-rank only the first this many hits (at most 10)")
    ap.add_argument("--variants", action="store_true", help="cross-validate the choice among whole-search variants")
    ap.add_argument("--cache", type=Path, help="keep the searches' results in this file (refit without searching)")
    args = ap.parse_args()
    from retrieval_rerank import FEATURES, OLD_FEATURES

    sets = tuple(args.sets.split(","))
    if not set(sets) <= set(SETS):
        sys.exit(f"--sets: unknown {sorted(set(sets) - set(SETS))}; choose from {', '.join(SETS)}")
    data = json.loads(args.cache.read_text()) if args.cache and args.cache.exists() else {}
    home = Path(tempfile.mkdtemp(prefix="companion-cv-"))
    os.environ["COMPANION_HOME"] = str(home)
    blind_qs, older_qs = questions(sets)
    missing = [name for name in sets if name not in data] + (["older"] if "older" not in data else [])
    if missing:
        from rulesdb.search import RulesSearch

        with RulesSearch(home / "cache", home / "data" / "sources") as engine:
            for name in missing:
                data[name] = collect(engine, blind_qs[name] if name != "older" else older_qs)
                if args.cache:
                    args.cache.write_text(json.dumps(data))
    tuning_qs = [q for name in sets for q in blind_qs[name]]
    if args.variants:
        for name in VARIANTS:
            if name not in data.setdefault("variants", {}):
                data["variants"][name] = collect_variant(home, name, tuning_qs)
                if args.cache:
                    args.cache.write_text(json.dumps(data))
    recs = shrink([r for name in sets for r in data[name]], args.pool)
    older = shrink(data["older"], args.pool)
    base = (1.0,) + (0.0,) * (len(FEATURES) - 1)
    cut = folds(sorted({r["key"] for r in recs}))
    print("folds (questions): " + ", ".join(str(len(f)) for f in cut))
    print(line("baseline, pooled (every fold)", score(recs, base)))
    for name in sets:
        print(line(f"baseline, {name}", score([r for r in recs if r["key"].startswith(name + ":")], base)))
    print(line("baseline, older files", score(older, base)))
    print("room: " + room(recs))
    if args.contrast:
        contrast(recs, FEATURES)
    base_held = [score([r for r in recs if r["key"] in fold], base) for fold in cut]
    fits = ([(m, o, f) for f in ("old", "all") for m in ("ascent", "hinge") for o in (False, True)] if args.every_fit
            else [(args.method, args.older, args.features)])
    for method, with_older, feats in fits:
        n = OLD_FEATURES if feats == "old" else len(FEATURES)
        fitted, fitted_older = recs, older
        if feats == "new":  # the search's score and round twelve's features: fewer weights to fit
            fitted, fitted_older = ([r | {"rows": [row[:1] + row[OLD_FEATURES:] for row in r["rows"]]} for r in rs]
                                    for rs in (recs, older))
            n = 1 + len(FEATURES) - OLD_FEATURES
        held, by_set = fit_once(fitted, fitted_older, cut, method, with_older, n, verbose=not args.every_fit)
        name = f"{method}{' +older' if with_older else ''}, {n} features"
        print(line(f"{name}, held out", mean(held)))
        for set_name in sets:
            print(line(f"  {set_name}", by_set[set_name]))
        print(f"  per fold, hit@1 minus the search's (game/none): {spread(held, base_held)}")
        if args.every_fit:  # the ceiling: fitted on every fold and scored on the same questions
            w = (fit_hinge if method == "hinge" else fit)(fitted + (fitted_older if with_older else []), n)
            print(line("  in-sample (fitted on all)", score(fitted, w)))
    if args.variants:
        cross_validate_variants(data["variants"], cut)


if __name__ == "__main__":
    main()
