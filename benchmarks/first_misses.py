"""Every question of the named blind sets whose first answer is wrong, with its game and with none:
the input of a ranking round (docs/performance.md, rounds fourteen on). Name TUNING sets only
(tuning, third, fourth): the held-out sets' misses are for the figures, never for tuning.

    python benchmarks/first_misses.py tuning third fourth > misses.tsv

One line a miss, tab-separated: set, mode (game / none), question number, kind, the rank of the first
right answer in the top 10 (0: none there), the question, the wrong first id, the right ids. The
search runs on a fresh data and cache folder, so the user's own files play no part.
"""
from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]
HELD_OUT = {"test", "fresh", "unseen", "fifth", "fifth-unseen"}


def main(sets: list[str]) -> None:
    home = Path(tempfile.mkdtemp(prefix="first-misses-"))
    os.environ["COMPANION_HOME"] = str(home)
    from retrieval_figures import blind_questions

    from rulesdb.search import RulesSearch

    with RulesSearch(home / "cache", home / "data" / "sources") as engine:
        for name in sets:
            for q in blind_questions(name):
                want = set(q["expect"])
                for mode, game in (("game", q["game"]), ("none", None)):
                    ids = [h.id for h in engine.search(q["question"], game=game, limit=10).results]
                    if ids and ids[0] in want:
                        continue
                    rank = next((i + 1 for i, x in enumerate(ids) if x in want), 0)
                    print("\t".join([name, mode, str(q["n"]), q["kind"], str(rank), q["question"],
                                     ids[0] if ids else "-", " ".join(sorted(want))]))


if __name__ == "__main__":
    chosen = sys.argv[1:] or ["tuning", "third", "fourth"]
    held = [s for s in chosen if s in HELD_OUT]
    if held:
        print(f"first_misses.py: {', '.join(held)} is held out; name tuning sets (tuning, third, fourth)", file=sys.stderr)
        sys.exit(2)
    main(chosen)
