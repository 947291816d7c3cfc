"""Every answer of the retrieval question sets (tests/retrieval), saved and compared: to prove that a
change of the search code, or of the Whoosh distribution, leaves every ranking as it was.

    python benchmarks/retrieval_answers.py --save answers.json [--against before.json]
    python benchmarks/retrieval_answers.py --python /work/venv-wr/bin/python [--save wr.json]

Per question set (each tests/retrieval/*.toml): hit@3 with --game and hit@5 across all games (the
targets of tests/test_retrieval.py), and for the uncovered set how many are said to be uncovered.
Each answer saved is the ids in order (limit 10, with --game and across all games), each hit's score
(repr of the float), the coverage verdict and the suggestions.

--against compares with a saved file: how many answers have the same ids in the same order, how
many are identical in every saved part, and the first few that differ (--changed: every question
whose first three hits with --game changed, before and after).
--python runs the same sets with another interpreter (a throwaway venv holding another Whoosh
distribution, e.g. whoosh-reloaded, and this checkout's dependencies; this checkout's code is put
on its PYTHONPATH) and compares its answers with this interpreter's: whether the distribution could
be swapped without changing an answer. Such a venv (not a project dependency; rulesdb needs only
pydantic and Whoosh there): python3 -m venv /work/venv-wr && /work/venv-wr/bin/pip install pydantic whoosh-reloaded
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LIMIT = 10


def question_sets() -> dict[str, tuple[str | None, list[dict]]]:
    """Set name (the file's stem) -> (its game, its questions); the uncovered set's game is per question."""
    out = {}
    for path in sorted((ROOT / "tests" / "retrieval").glob("*.toml")):
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
        out[path.stem] = (doc.get("game"), doc.get("questions") or doc.get("uncovered") or [])
    return out


def answer(result) -> dict:
    return {"ids": [h.id for h in result.results], "scores": [repr(h.score) for h in result.results],
            "coverage": result.coverage, "did_you_mean": result.did_you_mean}


def run_sets() -> dict:
    """{"whoosh": distribution and version, "sets": {name: [{"ask", "game": answer, "all": answer}]}}."""
    from importlib.metadata import PackageNotFoundError, version

    home = Path(tempfile.mkdtemp(prefix="companion-answers-"))
    os.environ["COMPANION_HOME"] = str(home)
    sys.path.insert(0, str(ROOT))
    from rulesdb.search import RulesSearch

    which = []
    for dist in ("whoosh3", "whoosh-reloaded", "whoosh"):
        try:
            which.append(f"{dist} {version(dist)}")
        except PackageNotFoundError:
            pass
    sets = {}
    with RulesSearch(home / "cache", home / "data" / "sources") as engine:
        for name, (game, qs) in question_sets().items():
            sets[name] = [{"ask": q["ask"], "expect": q.get("expect", []),
                           "game": answer(engine.search(q["ask"], game=game or q.get("game"), limit=LIMIT)),
                           "all": answer(engine.search(q["ask"], game=None, limit=LIMIT))} for q in qs]
    return {"whoosh": ", ".join(which), "sets": sets}


def figures(got: dict) -> None:
    print(f"{got['whoosh']}")
    print(f"{'set':32} {'n':>4} {'hit@3 --game':>13} {'hit@5 all':>10} {'uncovered said':>15}")
    for name, answers in got["sets"].items():
        n = len(answers)
        if name == "uncovered":
            said = sum(a["game"]["coverage"] == "uncovered" for a in answers)
            print(f"{name:32} {n:4} {'':>13} {'':>10} {said:9}/{n} {said / n:.2f}")
            continue
        h3 = sum(bool(set(a["game"]["ids"][:3]) & set(a["expect"])) for a in answers)
        h5 = sum(bool(set(a["all"]["ids"][:5]) & set(a["expect"])) for a in answers)
        print(f"{name:32} {n:4} {h3 / n:13.3f} {h5 / n:10.3f}")


def changed(got: dict, other: dict) -> None:
    """Every question whose first three hits with --game differ from the saved answers'."""
    for name, answers in got["sets"].items():
        theirs = {a["ask"]: a for a in other["sets"].get(name, [])}
        for mine in answers:
            before = theirs.get(mine["ask"])
            if before and before["game"]["ids"][:3] != mine["game"]["ids"][:3]:
                want = set(mine["expect"])
                mark = lambda ids: f"{ids[:3]}{' (answers)' if want & set(ids[:3]) else ''}"  # noqa: E731
                print(f"  {name}: {mine['ask']!r}\n    before {mark(before['game']['ids'])}\n    after  {mark(mine['game']['ids'])}")


def compare(got: dict, other: dict, label: str) -> bool:
    """Print how many answers are the same as `other`'s; True when every ranking (ids, order) is."""
    same_order = same_all = total = 0
    differ = []
    for name, answers in got["sets"].items():
        theirs = other["sets"].get(name, [])
        for mine, yours in zip(answers, theirs, strict=False):
            for side in ("game", "all"):
                total += 1
                a, b = mine[side], yours[side]
                same_order += a["ids"] == b["ids"] and mine["ask"] == yours["ask"]
                same_all += a == b and mine["ask"] == yours["ask"]
                if a != b and len(differ) < 5:
                    differ.append(f"  {name} {mine['ask']!r} ({side}): {a} != {b}")
        if len(answers) != len(theirs):
            differ.append(f"  {name}: {len(answers)} questions here, {len(theirs)} there")
            total += abs(len(answers) - len(theirs))
    print(f"against {label} ({other['whoosh']}): {same_order}/{total} answers the same ids in the same order; "
          f"{same_all}/{total} identical (scores, coverage, suggestions too)")
    print("\n".join(differ))
    return same_order == total


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--save", help="write every answer to this JSON file")
    ap.add_argument("--against", help="compare with answers saved before")
    ap.add_argument("--python", help="also run the sets with this interpreter and compare")
    ap.add_argument("--changed", action="store_true", help="with --against: list every question whose top 3 changed")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:  # run by --python: the answers as JSON on stdout
        print(json.dumps(run_sets()))
        return
    got = run_sets()
    figures(got)
    ok = True
    if args.against:
        saved = json.loads(Path(args.against).read_text(encoding="utf-8"))
        ok &= compare(got, saved, args.against)
        if args.changed:
            changed(got, saved)
    if args.python:
        env = {**os.environ, "PYTHONPATH": str(ROOT)}
        done = subprocess.run([args.python, str(Path(__file__).resolve()), "--child"], env=env, check=True,
                              capture_output=True, text=True, cwd=tempfile.gettempdir())
        theirs = json.loads(done.stdout)
        print()
        figures(theirs)
        ok &= compare(theirs, got, sys.executable)
        if args.save:
            Path(args.save).with_suffix(".other.json").write_text(json.dumps(theirs, indent=1), encoding="utf-8")
    if args.save:
        Path(args.save).write_text(json.dumps(got, indent=1), encoding="utf-8")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
