"""Label the blind set (tests/retrieval/blind/labels.toml): for each question, the reference entries
that answer it, found from the WRITER'S answer and `where` locator (never from the question, and
never through the companion's search), then checked by hand (see tests/retrieval/blind/LABELLING.md).

    python benchmarks/retrieval_blind_label.py [--show N]   # print candidates, write nothing
    python benchmarks/retrieval_blind_label.py --write       # write labels.toml (refuses to overwrite)

It was run on the writer's full questions.toml, whose `where` held short quoted rulebook locators;
the project's copy keeps only their section names (no rulebook sentence in the project), so a run on
it now matches on the answer and the section alone.

The matcher is a plain BM25 of our own over each entry's title, text and rulebook section (not its
keywords or aliases, which were tuned for the search), restricted to the question's game, asked with
the answer and the where text; an entry whose rulebook section the `where` names scores 1.5 times.
The labels are the best entry and every entry within LABEL_SHARE of it (at most LABEL_MAX); for a
question asking what a thing is, the glossary entry naming it too.
"""
from __future__ import annotations

import argparse
import math
import re
import sys
import tomllib
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
BLIND = ROOT / "tests" / "retrieval" / "blind"
LABEL_SHARE, LABEL_MAX = 0.8, 3
STOP = set("""a an and are as at be by can do does for from has have how i if in is it its of on or so that the
their them then there these this to was we what when where which who will with you your not no yes only
each any all one they he she his her my me our us but than into out up also just may must""".split())


def tokens(text: str) -> list[str]:
    out = []
    for w in re.findall(r"[a-z0-9]+", text.lower()):
        if w in STOP:
            continue
        for suf in ("ing", "ed", "es", "s"):
            if len(w) > len(suf) + 3 and w.endswith(suf):
                w = w[: -len(suf)]
                break
        out.append(w)
    return out


def entries(game: str) -> list[dict]:
    from rulesdb.reference import reference

    ref = reference()
    out = [{"id": r.id, "title": r.title, "body": f"{r.title} {r.title} {r.text} {r.source}", "source": r.source,
            "names": []} for r in ref.rules.values() if r.game == game]
    out += [{"id": g.id, "title": g.term.term, "body": f"{g.term.term} {g.term.term} {g.term.definition}",
             "source": "glossary", "names": [g.term.term, *g.term.aliases]} for g in ref.glossary.values() if g.game == game]
    return out


class Matcher:
    def __init__(self, docs: list[dict]):
        self.docs = docs
        self.toks = [Counter(tokens(d["body"])) for d in docs]
        self.len = [sum(t.values()) for t in self.toks]
        self.avg = sum(self.len) / len(self.len)
        df = Counter(t for c in self.toks for t in c)
        n = len(docs)
        self.idf = {t: math.log(1 + (n - f + 0.5) / (f + 0.5)) for t, f in df.items()}

    def rank(self, text: str, where: str) -> list[tuple[float, dict]]:
        q = Counter(tokens(text))
        heads = [h.strip().lower() for part in re.split(r";|/", where) for h in re.split(r">|:", part.split("'")[0]) if h.strip()]
        scored = []
        for d, c, ln in zip(self.docs, self.toks, self.len):
            s = sum(self.idf.get(t, 0) * c[t] * 2.2 / (c[t] + 1.2 * (0.25 + 0.75 * ln / self.avg)) * min(k, 2)
                    for t, k in q.items() if t in c)
            src = d["source"].lower()
            if any(src and (src in h or h in src) for h in heads if len(h) > 3):
                s *= 1.5
            scored.append((s, d))
        return sorted(scored, key=lambda p: -p[0])


def norm(text: str) -> str:
    text = re.sub(r"[^a-z0-9 ]+", " ", text.lower())
    return " " + " ".join(w.rstrip("s") for w in text.split() if w not in {"the", "a", "an"}) + " "


def label(q: dict, m: Matcher) -> list[str]:
    ranked = m.rank(q["answer"] + " " + q["where"].replace("'", " "), q["where"])
    top = ranked[0][0]
    ids = [d["id"] for s, d in ranked[:LABEL_MAX] if s >= top * LABEL_SHARE]
    if q["kind"] == "define":
        asked = norm(q["question"])
        named = [d for d in m.docs if d["source"] == "glossary" and any(norm(n).strip() and norm(n) in asked for n in d["names"])]
        named.sort(key=lambda d: -max(len(norm(n)) for n in d["names"] if norm(n) in asked))
        if named and named[0]["id"] not in ids:
            ids.append(named[0]["id"])
    return ids


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--write", action="store_true")
    ap.add_argument("--show", type=int, default=0)
    args = ap.parse_args()
    qs = tomllib.loads((BLIND / "questions.toml").read_text(encoding="utf-8"))["q"]
    matchers = {}
    labels = {}
    for q in qs:
        m = matchers.get(q["game"]) or matchers.setdefault(q["game"], Matcher(entries(q["game"])))
        labels[q["n"]] = label(q, m)
    for q in qs[: args.show]:
        print(f"{q['n']} {q['question']!r}\n   answer {q['answer']}\n   where {q['where']}\n   -> {labels[q['n']]}")
    if args.write:
        out = BLIND / "labels.toml"
        if out.exists():
            sys.exit(f"{out} exists: labels are made once; add a truly answering id by hand, saying why")
        lines = ["# The reference entries that answer each blind question (benchmarks/retrieval_blind_label.py,",
                 "# then checked by hand: tests/retrieval/blind/LABELLING.md). n -> ids.", "[expect]"]
        lines += [f'{n} = [{", ".join(repr(i).replace(chr(39), chr(34)) for i in ids)}]' for n, ids in sorted(labels.items())]
        out.write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
