"""Retrieval figures of the question set in tests/retrieval: per game, with and without --game.

    python benchmarks/retrieval_figures.py [--misses]

hit@3 searches one game (as `--game` does); hit@5 searches all five. Targets (issue 11):
hit@3 >= 0.95 with --game, hit@5 >= 0.90 without, for every game. Questions the rulebooks
do not answer (tests/retrieval/uncovered.toml) are counted for the coverage verdict.
"""
from __future__ import annotations

import argparse
import os
import sys
import tempfile
import tomllib
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def load_questions() -> tuple[dict[str, list[dict]], list[dict]]:
    answered: dict[str, list[dict]] = defaultdict(list)
    uncovered: list[dict] = []
    for path in sorted((ROOT / "tests" / "retrieval").glob("*.toml")):
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
        for q in doc.get("questions", []):
            answered[doc["game"]].append(q)
        for q in doc.get("uncovered", []):
            uncovered.append(q)
    return answered, uncovered


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--misses", action="store_true", help="list the questions that miss")
    args = ap.parse_args()
    home = Path(tempfile.mkdtemp(prefix="companion-figures-"))
    os.environ["COMPANION_HOME"] = str(home)
    from rulesdb.search import RulesSearch

    answered, uncovered = load_questions()
    engine = RulesSearch(home / "cache", home / "data" / "sources")
    total = [0, 0, 0]
    print(f"{'game':18} {'n':>4} {'hit@3 --game':>13} {'hit@5 all':>10}")
    for game, qs in answered.items():
        h3 = h5 = 0
        for q in qs:
            want = set(q["expect"])
            one = engine.search(q["ask"], game=game, limit=3)
            every = engine.search(q["ask"], game=None, limit=5)
            ok3 = bool({h.id for h in one.results} & want)
            ok5 = bool({h.id for h in every.results} & want)
            h3 += ok3
            h5 += ok5
            if args.misses and not (ok3 and ok5):
                print(f"  MISS{'' if ok3 else ' @3'}{'' if ok5 else ' @5'} {q['ask']!r}\n"
                      f"    want {sorted(want)}\n    got  {[h.id for h in one.results]}"
                      f"\n    all  {[h.id for h in every.results]}")
        total[0] += len(qs)
        total[1] += h3
        total[2] += h5
        print(f"{game:18} {len(qs):4} {h3 / len(qs):13.3f} {h5 / len(qs):10.3f}")
    print(f"{'all':18} {total[0]:4} {total[1] / total[0]:13.3f} {total[2] / total[0]:10.3f}")
    if uncovered and hasattr(engine.search("x y"), "coverage"):
        said = sum(engine.search(q["ask"], game=q.get("game")).coverage != "covered" for q in uncovered)
        covered_qs = [(g, q) for g, qs in answered.items() for q in qs]
        wrongly = sum(engine.search(q["ask"], game=g).coverage != "covered" for g, q in covered_qs)
        print(f"uncovered questions flagged: {said}/{len(uncovered)}; answered questions flagged: {wrongly}/{len(covered_qs)}")
    engine.close()


if __name__ == "__main__":
    main()
