"""Split the blind question set (tests/retrieval/blind/questions.toml) ONCE into a tuning half and a
test half, by a fixed seed, and write tests/retrieval/blind/split.toml. Run once (issue 46); it
refuses to overwrite an existing split, so the halves never move after results were seen.

    python benchmarks/retrieval_blind_split.py

Method: the questions grouped by (game, named or not), each group in question-number order and
shuffled with one random.Random(SEED) taken through the groups in sorted order; within a group the
1st, 3rd, 5th ... shuffled question go to the tuning half, the 2nd, 4th ... to the test half. Each
half thus holds half of every game's named and unnamed questions (an odd group gives tuning one more).
"""
from __future__ import annotations

import random
import sys
import tomllib
from collections import defaultdict
from pathlib import Path

SEED = 46
BLIND = Path(__file__).resolve().parent.parent / "tests" / "retrieval" / "blind"


def split(questions: list[dict]) -> tuple[list[int], list[int]]:
    groups: dict[tuple, list[int]] = defaultdict(list)
    for q in sorted(questions, key=lambda q: q["n"]):
        groups[q["game"], q["named"]].append(q["n"])
    rng = random.Random(SEED)
    tuning, test = [], []
    for key in sorted(groups):
        ns = groups[key]
        rng.shuffle(ns)
        tuning += ns[0::2]
        test += ns[1::2]
    return sorted(tuning), sorted(test)


def main() -> None:
    out = BLIND / "split.toml"
    if out.exists():
        sys.exit(f"{out} exists: the split is made once and never redone")
    questions = tomllib.loads((BLIND / "questions.toml").read_text(encoding="utf-8"))["q"]
    tuning, test = split(questions)
    out.write_text(f"# Made once by benchmarks/retrieval_blind_split.py (seed {SEED}); never redone.\n"
                   f"tuning = {tuning}\ntest = {test}\n", encoding="utf-8")
    print(f"tuning {len(tuning)}, test {len(test)}")


if __name__ == "__main__":
    main()
