"""The accuracy figures the README publishes: how often the rules search finds the right rule, how
often its "not covered" label is right, and how often the validator's verdicts match the rulebook.

    python benchmarks/retrieval_figures.py [--misses] [--no-scenarios] [--markdown]

- hit@1 and hit@3 per game, searching that game (as `--game` does), and hit@5 across all five,
  on the question sets in tests/retrieval (each question lists the rule ids that answer it).
  Targets (issue 11): hit@3 >= 0.95 with --game, hit@5 >= 0.90 without, for every game.
- The "not covered" label: false labels (an answered question said to be uncovered) and missed
  labels (a question none of the rulebooks answers, tests/retrieval/uncovered.toml, not said so).
- Definitions: "what is X?", "what's X for", "how does X work" for every glossary term: the
  share whose first hit is that term (issue 35).
- Scenarios: the share of the case files in tests/scenarios whose expected verdict the validator
  gives (tests/test_scenarios.py run in-process; --no-scenarios skips it).
- The blind set (tests/retrieval/blind, issue 46: written from the rulebooks alone by someone who had
  not seen the reference; split once into a tuning half and a test half): --blind test|tuning gives
  hit@1 and hit@3 searching the question's game (as `--game` does) and searching all five (no game),
  overall, per game and per kind. Only the test half's figures are published as blind figures; the
  tuning half was used to tune, like the files above.
- The fresh blind set (tests/retrieval/blind2: written later the same way, frozen before its writer read
  the reference, labelled by hand, never tuned on): --blind fresh scores all of it; --blind unseen leaves
  out the questions whose wording was found afterwards in an older question file (shared-wording.toml).
- The third blind set (tests/retrieval/blind3/a and b: written the same way in the round that tried
  word vectors, frozen, labelled by hand; held out until round nine, tuning data from round ten):
  --blind third scores all of it; --blind third-unseen leaves out the questions sharing wording with
  an older file (blind3/shared-wording.toml).
- The fourth blind set (tests/retrieval/blind4/a and b: written the same way in round ten; held out in
  round eleven, tuning data from round twelve): --blind fourth and --blind fourth-unseen, in the same way.
- The fifth blind set (tests/retrieval/blind5/a and b: written the same way in round twelve, held out):
  --blind fifth and --blind fifth-unseen.
--misses lists the questions that miss; --markdown prints the README's table.
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
FORMS = ("what is {}?", "what's {} for", "how does {} work")


def load_questions() -> tuple[dict[str, list[dict]], list[dict]]:
    answered: dict[str, list[dict]] = defaultdict(list)
    uncovered: list[dict] = []
    for path in sorted((ROOT / "tests" / "retrieval").glob("*.toml")):
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
        for q in doc.get("questions", []):
            answered[doc["game"]].append(q | {"set": path.stem})
        for q in doc.get("uncovered", []):
            uncovered.append(q)
    return answered, uncovered


WRITTEN = {"players": "in players' words, written from the rulebooks without the index's keywords (issue 35)",
           "earlier": "in the rulebooks' and the table's words (issue 11: rulebook wording, table talk, characters)"}


def written(set_name: str) -> str:
    return "players" if set_name.endswith("-players") else "earlier"


def retrieval(engine, answered: dict, show_misses: bool) -> dict:
    """Per (game, how the questions were written) and per game: n, hits at 1 and 3 (one game),
    hits at 5 (all games), false "not covered" labels."""
    out: dict = {}
    for game, qs in answered.items():
        for q in qs:
            want = set(q["expect"])
            one = engine.search(q["ask"], game=game, limit=3)
            every = engine.search(q["ask"], game=None, limit=5)
            ids = [h.id for h in one.results]
            flagged = one.coverage != "covered"
            got = {"n": 1, "at1": bool(ids[:1] and ids[0] in want), "at3": bool(set(ids) & want),
                   "at5": bool({h.id for h in every.results} & want), "false_label": flagged}
            for key in (game, (game, written(q["set"]))):
                row = out.setdefault(key, dict.fromkeys(got, 0))
                for k, v in got.items():
                    row[k] += v
            if show_misses and (not set(ids) & want or flagged):
                print(f"  {'MISS' if not set(ids) & want else 'hit '}{' FLAGGED' if flagged else ''} {q['ask']!r} ({q['set']})"
                      f"\n    want {sorted(want)}\n    got  {ids}")
    return out


def definitions(engine) -> tuple[int, int]:
    """(questions, first hit is the term) over every glossary term in every FORMS wording."""
    from rulesdb.reference import reference

    n = ok = 0
    for entry in reference().glossary.values():
        for form in FORMS:
            hits = engine.search(form.format(entry.term.term), game=entry.game, limit=1).results
            n += 1
            ok += bool(hits) and hits[0].id == entry.id
    return n, ok


def scenarios() -> tuple[int, int]:
    """(case files judged, the validator gave the expected verdict), from tests/test_scenarios.py."""
    import pytest

    class Count:
        def __init__(self):
            self.passed = self.total = 0

        def pytest_runtest_logreport(self, report):
            if report.when == "call" or (report.when == "setup" and report.outcome != "passed"):
                self.total += 1
                self.passed += report.outcome == "passed"

    count = Count()
    pytest.main(["-p", "no:cacheprovider", "-p", "no:terminal", "-o", "addopts=",
                 f"{ROOT / 'tests' / 'test_scenarios.py'}::test_scenario"], plugins=[count])
    return count.total, count.passed


BLIND = ROOT / "tests" / "retrieval" / "blind"
FRESH = ROOT / "tests" / "retrieval" / "blind2"
THIRD = ROOT / "tests" / "retrieval" / "blind3"
FOURTH = ROOT / "tests" / "retrieval" / "blind4"
FIFTH = ROOT / "tests" / "retrieval" / "blind5"
SPLIT_SETS = {"third": THIRD, "fourth": FOURTH, "fifth": FIFTH}


def _toml(path: Path) -> dict:
    return tomllib.loads(path.read_text(encoding="utf-8"))


def blind_questions(half: str) -> list[dict]:
    """One half of the blind set ("tuning", "test"), or the fresh set ("fresh": all of it, "unseen":
    without the questions whose wording an older file already had), each question with the ids that
    answer it (labels.toml)."""
    if half.split("-")[0] in SPLIT_SETS:
        folder = SPLIT_SETS[half.split("-")[0]]
        parts = [folder / "a", folder / "b"]
        qs = [q for part in parts for q in _toml(part / "questions.toml")["q"]]
        labels = {n: ids for part in parts for n, ids in _toml(part / "labels.toml")["expect"].items()}
        left_out = set(_toml(folder / "shared-wording.toml")["shared"]) if half.endswith("-unseen") else set()
        return [q | {"expect": labels[str(q["n"])]} for q in qs if q["n"] not in left_out and str(q["n"]) in labels]
    folder = FRESH if half in ("fresh", "unseen") else BLIND
    qs, labels = _toml(folder / "questions.toml")["q"], _toml(folder / "labels.toml")["expect"]
    if folder is FRESH:
        left_out = set(_toml(FRESH / "shared-wording.toml")["shared"]) if half == "unseen" else set()
        keep = {q["n"] for q in qs} - left_out
    else:
        keep = set(_toml(BLIND / "split.toml")[half])
    return [q | {"expect": labels[str(q["n"])]} for q in qs if q["n"] in keep]


def blind_figures(engine, half: str, show_misses: bool = False, modes=("game", "none")) -> dict:
    """{(mode, group): {"n", "at1", "at3"}} for one half; mode "game" (the question's game) or
    "none" (all five); group "all", a game id, or "kind:<kind>"."""
    rows: dict = {}
    for q in blind_questions(half):
        want = set(q["expect"])
        for mode, game in (("game", q["game"]), ("none", None)):
            if mode not in modes:
                continue
            ids = [h.id for h in engine.search(q["question"], game=game, limit=3).results]
            got = {"n": 1, "at1": bool(ids and ids[0] in want), "at3": bool(set(ids) & want)}
            for group in ("all", q["game"], f"kind:{q['kind']}"):
                row = rows.setdefault((mode, group), dict.fromkeys(got, 0))
                for k, v in got.items():
                    row[k] += v
            if show_misses and not got["at3"]:
                print(f"  MISS ({mode}) #{q['n']} {q['kind']} {q['question']!r}\n    want {sorted(want)}\n    got  {ids}")
    return rows


def print_blind(rows: dict, half: str, markdown: bool) -> None:
    groups = sorted({g for _, g in rows}, key=lambda g: (g != "all", g.startswith("kind:"), g))
    named = {"fresh": "fresh blind set (blind2)", "unseen": "fresh blind set, unseen wording only",
             "third": "third blind set (blind3)", "third-unseen": "third blind set, unseen wording only",
             "fourth": "fourth blind set (blind4)", "fourth-unseen": "fourth blind set, unseen wording only",
             "fifth": "fifth blind set (blind5)", "fifth-unseen": "fifth blind set, unseen wording only"}
    title = named.get(half, f"blind set, {half} half")
    print(f"{title}: hit@1 / hit@3 with the question's game and with no game")
    print(f"{'':22} {'n':>4} {'game @1':>8} {'game @3':>8} {'none @1':>8} {'none @3':>8}")
    for g in groups:
        a, b = rows[("game", g)], rows[("none", g)]
        n = a["n"]
        print(f"{g:22} {n:4} {a['at1'] / n:8.3f} {a['at3'] / n:8.3f} {b['at1'] / n:8.3f} {b['at3'] / n:8.3f}")
    if markdown:
        print(f"\n| {title} | questions | first, with a game | top 3, with a game | first, no game | top 3, no game |"
              "\n| --- | ---: | ---: | ---: | ---: | ---: |")
        for g in groups:
            a, b = rows[("game", g)], rows[("none", g)]
            n = a["n"]
            name = "all five" if g == "all" else g.replace("kind:", "kind: ")
            print(f"| {name} | {n} | {a['at1'] / n:.0%} | {a['at3'] / n:.0%} | {b['at1'] / n:.0%} | {b['at3'] / n:.0%} |")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--misses", action="store_true", help="list the questions that miss or are flagged")
    ap.add_argument("--no-scenarios", action="store_true", help="skip the scenario files")
    ap.add_argument("--markdown", action="store_true", help="print the README's table")
    ap.add_argument("--blind", choices=("test", "tuning", "fresh", "unseen", "third", "third-unseen", "fourth",
                                        "fourth-unseen", "fifth", "fifth-unseen"),
                    help="only the blind set's half (tests/retrieval/blind), the fresh set (blind2), the third (blind3), "
                         "the fourth (blind4) or the fifth (blind5)")
    args = ap.parse_args()
    home = Path(tempfile.mkdtemp(prefix="companion-figures-"))
    os.environ["COMPANION_HOME"] = str(home)
    from rulesdb.search import RulesSearch

    if args.blind:
        with RulesSearch(home / "cache", home / "data" / "sources") as engine:
            print_blind(blind_figures(engine, args.blind, args.misses), args.blind, args.markdown)
        return
    answered, uncovered = load_questions()
    with RulesSearch(home / "cache", home / "data" / "sources") as engine:
        rows = retrieval(engine, answered, args.misses)
        missed = [q["ask"] for q in uncovered if engine.search(q["ask"], game=q.get("game")).coverage == "covered"]
        defs = definitions(engine)
    games = [g for g in rows if isinstance(g, str)]
    total = {k: sum(rows[g][k] for g in games) for k in ("n", "at1", "at3", "at5", "false_label")}
    print(f"{'game':18} {'n':>4} {'hit@1':>6} {'hit@3':>6} {'hit@5 all':>10} {'false not-covered':>18}")
    for game, r in [*((g, rows[g]) for g in games), ("all", total)]:
        n = r["n"]
        print(f"{game:18} {n:4} {r['at1'] / n:6.3f} {r['at3'] / n:6.3f} {r['at5'] / n:10.3f} {r['false_label']:>12}/{n}")
    for how, said in WRITTEN.items():
        print(f"questions {said}:")
        for game in games:
            r = rows.get((game, how))
            if r:
                print(f"  {game:16} {r['n']:4} {r['at1'] / r['n']:6.3f} {r['at3'] / r['n']:6.3f} {r['at5'] / r['n']:10.3f}")
    print(f'"not covered" label: false on {total["false_label"]}/{total["n"]} answered questions; '
          f"missed on {len(missed)}/{len(uncovered)} questions no rulebook answers")
    if args.misses and missed:
        print("  missed labels: " + "; ".join(missed))
    print(f'definitions ("what is X?" and two other wordings, every glossary term): term first on {defs[1]}/{defs[0]}')
    cases = None if args.no_scenarios else scenarios()
    if cases:
        print(f"scenario files: the validator gives the expected verdict on {cases[1]}/{cases[0]}")
    if args.markdown:
        print("\n| game | questions | right rule first | in the top 3 |\n| --- | ---: | ---: | ---: |")
        for game, r in [*((g, rows[g]) for g in games), ("all five", total)]:
            print(f"| {game} | {r['n']} | {r['at1'] / r['n']:.0%} | {r['at3'] / r['n']:.0%} |")


if __name__ == "__main__":
    main()
