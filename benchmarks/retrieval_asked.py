"""Questions as document expansion (issue 46, round thirteen): each entry's `asked` field (the
questions players ask that it answers, rulesdb/asked.py) measured on the blind tuning sets before it
is built in, never touching a held-out set.

    python benchmarks/retrieval_asked.py [--written DIR] [--mixes W,O,W+O,T,W+T,W+O+T,T1,W+T1]
        [--boosts 0.5,1,2] [--no-spell] [--runs FOLDER] [--older-check BOOST] [--report [--markdown]]

Sources of questions (each keyed by the entry ids it answers):
- W, written: the d2q writers' files (--written DIR, by default the built-in rulesdb/data/<game>/asked.toml
  asked-voice2.toml and asked-voice4.toml: `game = ...` and `[[asked]] id, questions`; six writers wrote
  3,092 questions for all 1,073 entries, 2,992 kept once those that are or hold a held-out question's
  words were left out; three more a second voice, 2,177 questions, 2,135 kept: W2, asked-voice2.toml;
  a fourth voice, 2,295 written, 1,418 built in for three games: W4, asked-voice4.toml),
  written per entry without seeing a question file or the search: independent of every question
  set, so scored on every tuning question directly;
- O, older: the older question files of tests/retrieval (never a blind set; less asked_data.py's
  LEFT_OUT), under every id they expect: scored on every tuning question directly;
- T, tuning: the blind tuning sets' own questions with their labels (every label, or only the
  first: T1), used only inside cross-validation: for each of retrieval_cv.py's folds (K=5, seed 46)
  the field holds the other folds' questions (with W and O when the mix says) and the fold left
  out is scored.
Every mix is searched at each field boost (--boosts) on every fold; a fold's boost is the one the
other four folds score best at (hit@1 + hit@3, both modes), so no fold picks its own. The figures
are hit@1 and hit@3 over the held-out folds pooled, with the question's game and with none, per
set and per game, and the bar fixed before measuring (+0.02 hit@1 with a game, no other figure
lower). --older-check: the older files' hit@1 (389 questions x 2 modes) with W and with W+T (every
tuning question), the older files not in the field. --no-spell: the asked words kept out of the
`spell` field (the lexicon a typo is corrected towards; rulesdb.index.ASKED_IN_SPELL). Each run is
kept in --runs FOLDER (one JSON per mix, boost and setting; a fresh index each) and --report prints
the table from what is kept. docs/performance.md, "Round thirteen", has the figures.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import tomllib
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from asked_scoring import FAMILIES, SCORINGS, SHIPPED, family, prepare, weighting  # noqa: E402
from retrieval_cv import K, SEED, SETS, folds, line  # noqa: E402

MIXES = ("base", "W", "O", "W+O", "T", "W+T", "W+O+T", "T1", "W+T1")
BOOSTS = (0.25, 0.5, 1.0, 2.0, 4.0)


def written_questions(folder: Path | None) -> dict[str, list[str]]:
    """Entry id -> the questions the d2q writers wrote for it (every *.toml in the folder; by
    default the built-in written files, every voice, held-out filtered)."""
    out: dict[str, list[str]] = defaultdict(list)
    data = ROOT / "rulesdb" / "data"
    voices = ("asked.toml", "asked-voice2.toml", "asked-voice4.toml")
    paths = sorted(folder.glob("*.toml")) if folder is not None else sorted(p for v in voices for p in data.glob(f"*/{v}"))
    for path in paths:
        for row in tomllib.loads(path.read_text(encoding="utf-8")).get("asked", []):
            out[row["id"]].extend(row["questions"])
    return dict(out)


def tuning_questions() -> list[dict]:
    """The blind tuning sets' questions: {"key", "set", "game", "question", "expect" (in label order)}."""
    from retrieval_figures import blind_questions

    out = []
    for name in SETS:
        for q in blind_questions(name):
            key = f"tuning:{q['n']}" if name == "tuning" else f"{name}:{q['game']}:{q['n']}"
            out.append({"key": key, "set": name, "game": q["game"], "question": q["question"], "expect": list(q["expect"])})
    return out


def older_questions() -> list[dict]:
    from retrieval_figures import load_questions

    answered, _ = load_questions()
    return [{"key": f"older:{game}:{n}", "set": "older", "game": game, "question": q["ask"], "expect": list(q["expect"])}
            for game, qs in answered.items() for n, q in enumerate(qs)]


def expansion(qs: list[dict], first_only: bool = False) -> dict[str, list[str]]:
    """Entry id -> the questions labelled with it (only a question's first label with first_only)."""
    out: dict[str, list[str]] = defaultdict(list)
    for q in qs:
        for rid in q["expect"][:1] if first_only else q["expect"]:
            out[rid].append(q["question"])
    return dict(out)


def merged(*parts: dict[str, list[str]]) -> dict[str, list[str]]:
    out: dict[str, list[str]] = defaultdict(list)
    for part in parts:
        for rid, qs in part.items():
            out[rid].extend(qs)
    return dict(out)


class Runner:
    """Builds an index with a given asked field and boost (a fresh cache each), and searches."""

    def __init__(self):
        self.home = Path(tempfile.mkdtemp(prefix="companion-asked-"))
        os.environ["COMPANION_HOME"] = str(self.home)
        self.builds = 0
        from rulesdb.reference import reference

        ref = reference()
        self.entries = set(ref.rules) | set(ref.glossary)

    def search(self, asked: dict[str, list[str]], boost: float, spells: bool, qs: list[dict]) -> dict[str, list]:
        """{key: [[mode, hit@1, hit@3, first three ids], ...]} for these questions, each asked with its
        game and with none, over an index whose asked field holds `asked`."""
        return self.search_each(asked, boost, spells, qs, [SHIPPED])[SHIPPED]

    def search_each(self, asked: dict[str, list[str]], boost: float, spells: bool, qs: list[dict],
                    scorings: list[str], done=None) -> dict[str, dict[str, list]]:
        """{scoring: search's answer} for each way of scoring the asked field (asked_scoring.py),
        over one index built once; each scoring's answer given to `done(name, rows)` once searched."""
        import rulesdb.asked
        import rulesdb.index
        import rulesdb.search as search

        known = {rid: q for rid, q in asked.items() if rid in self.entries}
        old = rulesdb.asked.load_asked, rulesdb.index.FIELD_BOOSTS["asked"], rulesdb.index.ASKED_IN_SPELL, search._weighting
        rulesdb.asked.load_asked = lambda games, *_: {r: q for r, q in known.items() if r.split(".")[0] in set(games)}
        rulesdb.index.FIELD_BOOSTS["asked"], rulesdb.index.ASKED_IN_SPELL = boost, spells
        self.builds += 1
        out: dict[str, dict[str, list]] = {}
        try:
            for name in scorings:
                search._weighting = lambda: weighting(name, search.BM25_B, search.BM25_K1)
                rows = out[name] = {}
                with search.RulesSearch(self.home / f"cache-{self.builds}", self.home / "data" / "sources") as engine:
                    prepare(engine, name, known)
                    for q in qs:
                        want = set(q["expect"])
                        for mode, game in (("game", q["game"]), ("none", None)):
                            ids = [h.id for h in engine.search(q["question"], game=game, limit=3).results]
                            rows.setdefault(q["key"], []).append([mode, bool(ids) and ids[0] in want, bool(set(ids) & want), ids])
                if done is not None:
                    done(name, rows)
        finally:
            rulesdb.asked.load_asked, rulesdb.index.FIELD_BOOSTS["asked"], rulesdb.index.ASKED_IN_SPELL, search._weighting = old
            import shutil

            shutil.rmtree(self.home / f"cache-{self.builds}", ignore_errors=True)
        return out


def run_mix(runner: Runner, mix: str, boost: float, spells: bool, qs: list[dict], cut: list[set[str]],
            written: dict, older: list[dict], scorings: tuple[str, ...] = (SHIPPED,), done=None) -> dict[str, dict[str, list]]:
    """{scoring: every tuning question's result} under one mix and boost: with T in the mix, each
    fold searched over an index holding the other folds' questions; without, one index for every
    question, each scoring given to `done(name, rows)` as soon as searched."""
    parts = mix.split("+")
    from asked_data import left_out  # the older questions that are or hold a held-out question's words

    fixed = merged(written if "W" in parts else {},
                   expansion([q for q in older if not left_out(q["question"])]) if "O" in parts else {})
    tuned = next((p for p in parts if p.startswith("T")), None)
    if mix == "base":
        return runner.search_each({}, boost, spells, qs, list(scorings), done)
    if tuned is None:
        return runner.search_each(fixed, boost, spells, qs, list(scorings), done)
    out: dict[str, dict[str, list]] = {name: {} for name in scorings}
    for fold in cut:
        train = [q for q in qs if q["key"] not in fold]
        asked = merged(fixed, expansion(train, first_only=tuned == "T1"))
        for name, rows in runner.search_each(asked, boost, spells, [q for q in qs if q["key"] in fold], list(scorings)).items():
            out[name] |= rows
    for name, rows in out.items():
        if done is not None:
            done(name, rows)
    return out


def tally(rows: dict[str, list], keys) -> dict:
    """{mode: [n, hits at 1, hits at 3]} over these questions."""
    out = {"game": [0, 0, 0], "none": [0, 0, 0]}
    for key in keys:
        for mode, at1, at3, _ in rows[key]:
            out[mode][0] += 1
            out[mode][1] += at1
            out[mode][2] += at3
    return out


def chosen(runs: dict[float, dict], cut: list[set[str]]) -> tuple[dict[str, list], list[float]]:
    """Each fold's results at the boost the other folds score best at (ties: the smaller boost)."""
    out, picks = {}, []
    for i, fold in enumerate(cut):
        others = [k for j, f in enumerate(cut) if j != i for k in f]

        def worth(b: float) -> tuple:
            t = tally(runs[b], others)
            return sum(t[m][1] + t[m][2] for m in t), -b

        pick = max(runs, key=worth)
        picks.append(pick)
        out |= {k: runs[pick][k] for k in fold}
    return out, picks


def run_name(mix: str, boost: float, spells: bool, scoring: str = SHIPPED) -> str:
    """The run's file: round thirteen's scoring's (SHIPPED) as before round fourteen, another's with "@" its name."""
    return f"{mix}-{boost:g}{'' if spells else '-nospell'}{'' if scoring == SHIPPED else '@' + scoring.replace(' ', '_')}.json"


def report(runs_dir: Path, qs: list[dict], cut: list[set[str]], spells: bool, markdown: bool,
           grid: tuple[float, ...]) -> None:
    """The held-out table of every mix kept in runs_dir, each fold's boost picked from `grid`:
    pooled, per set, per game; each boost kept on every fold (the curve); the bar."""
    by_set = {name: [q["key"] for q in qs if q["set"] == name] for name in SETS}
    by_game = defaultdict(list)
    for q in qs:
        by_game[q["game"]].append(q["key"])
    every = [q["key"] for q in qs]
    table = {}
    for mix in MIXES:
        kept = {}
        for boost in BOOSTS:
            path = runs_dir / run_name(mix, boost, spells)
            if path.exists():
                kept[boost] = json.loads(path.read_text())
        runs = {b: r for b, r in kept.items() if b in grid}
        if not runs or any(set(r) != set(every) for r in runs.values()):
            continue
        rows, picks = chosen(runs, cut)
        table[mix] = rows
        print(line(f"{mix} (boosts per fold {','.join(f'{b:g}' for b in picks)})", tally(rows, every)))
        for b in sorted(kept):
            print(line(f"    at boost {b:g} on every fold", tally(kept[b], every)))
        for name, keys in by_set.items():
            print(line(f"    {name}", tally(rows, keys)))
        for game, keys in sorted(by_game.items()):
            print(line(f"    {game}", tally(rows, keys)))
    if "base" in table:
        base = tally(table["base"], every)
        print("the bar: hit@1 with a game +0.02 over the baseline, no other figure lower")
        for mix, rows in table.items():
            got = tally(rows, every)
            d = {m: [(got[m][i] - base[m][i]) / base[m][0] for i in (1, 2)] for m in got}
            ok = d["game"][0] >= 0.02 and min(d["game"][1], *d["none"]) >= 0
            print(f"  {mix:8} game @1 {d['game'][0]:+.3f} @3 {d['game'][1]:+.3f}  none @1 {d['none'][0]:+.3f} "
                  f"@3 {d['none'][1]:+.3f}  {'clears' if ok else 'does not clear'}")
    if markdown:
        print("\n| source mix | game @1 | game @3 | none @1 | none @3 | " + " | ".join(
            f"{s} game @1 | {s} none @1" for s in SETS) + " |")
        print("| --- " * (5 + 2 * len(SETS)) + "|")
        for mix, rows in table.items():
            t = tally(rows, every)
            cells = [f"{t[m][i] / t[m][0]:.3f}" for m in ("game", "none") for i in (1, 2)]
            for name, keys in by_set.items():
                s = tally(rows, keys)
                cells += [f"{s['game'][1] / s['game'][0]:.3f}", f"{s['none'][1] / s['none'][0]:.3f}"]
            print(f"| {mix} | " + " | ".join(cells[:2] + cells[2:4] + cells[4:]) + " |")


def report_scorings(runs_dir: Path, qs: list[dict], cut: list[set[str]], spells: bool, mix: str, boost: float,
                    markdown: bool) -> None:
    """Round fourteen's table: each family of ways to score the asked field (asked_scoring.py), a
    fold's scoring the one the other folds score best at (ties: round thirteen's, then the first
    listed); each scoring on every fold; the bar against round thirteen's scoring."""
    every = [q["key"] for q in qs]
    by_set = {name: [q["key"] for q in qs if q["set"] == name] for name in SETS}
    kept = {}
    for name in SCORINGS:
        path = runs_dir / run_name(mix, boost, spells, name)
        if path.exists():
            kept[name] = json.loads(path.read_text())
    if SHIPPED not in kept:
        print(f"no run of the {SHIPPED} scoring for {mix} at {boost:g}: run it first")
        return
    order = list(SCORINGS)

    def worth(rows: dict, keys) -> int:
        t = tally(rows, keys)
        return sum(t[m][1] + t[m][2] for m in t)

    table = {SHIPPED: kept[SHIPPED]}
    for fam in FAMILIES:
        members = [n for n in family(fam) if n in kept]
        if len(members) < 2:
            continue
        rows, picks = {}, []
        for i, fold in enumerate(cut):
            others = [k for j, f in enumerate(cut) if j != i for k in f]
            pick = max(members, key=lambda n: (worth(kept[n], others), n == SHIPPED, -order.index(n)))
            picks.append(pick)
            rows |= {k: kept[pick][k] for k in fold}
        table[f"{fam} ({'; '.join(picks)})"] = rows
    for name in kept:
        table[f"  {name} on every fold"] = kept[name]
    base = tally(kept[SHIPPED], every)
    base_sets = {s: tally(kept[SHIPPED], keys) for s, keys in by_set.items()}
    print(f"the bar: the pooled sum of the four figures +.010 over {SHIPPED} (round thirteen's scoring), none lower, "
          "no set's game @1 down > .005")
    rows_md = []
    for label, rows in table.items():
        got = tally(rows, every)
        rates = [got[m][i] / got[m][0] for m in ("game", "none") for i in (1, 2)]
        d = [rates[n] - [base[m][i] / base[m][0] for m in ("game", "none") for i in (1, 2)][n] for n in range(4)]
        sets = {s: tally(rows, keys) for s, keys in by_set.items()}
        fall = max(base_sets[s]["game"][1] / base_sets[s]["game"][0] - sets[s]["game"][1] / sets[s]["game"][0] for s in SETS)
        ok = sum(d) >= 0.010 - 1e-9 and min(d) >= 0 and fall <= 0.005 + 1e-9
        print(line(label[:34], got) + f"  sum {sum(rates):.3f} ({sum(d):+.3f}), worst set fall {fall:+.3f}: "
              f"{'clears' if ok else 'no'}")
        cells = [f"{r:.3f}" for r in rates] + [f"{sum(rates):.3f}"] + [
            f"{sets[s]['game'][1] / sets[s]['game'][0]:.3f} / {sets[s]['none'][1] / sets[s]['none'][0]:.3f}" for s in SETS]
        rows_md.append(f"| {label.strip()} | " + " | ".join(cells) + f" | {sum(d):+.3f}: {'clears' if ok else 'no'} |")
    if markdown:
        print("\n| scoring (per fold) | game @1 | game @3 | none @1 | none @3 | sum | "
              + " | ".join(f"{s} game @1 / none @1" for s in SETS) + " | the bar |")
        print("| --- " * (7 + len(SETS)) + "|")
        print("\n".join(rows_md))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--written", type=Path,
                    help="a folder of the d2q writers' files (source W; by default rulesdb/data/<game>/asked.toml, asked-voice2.toml, asked-voice4.toml)")
    ap.add_argument("--mixes", default="", help="the source mixes to search, of: " + ",".join(MIXES))
    ap.add_argument("--boosts", default="0.5,1,2",
                    help="the asked field's boosts to search, and (--report) each fold's choice among")
    ap.add_argument("--no-spell", action="store_true", help="the asked words do not join the lexicon (the spell field) typos are corrected towards")
    ap.add_argument("--runs", type=Path, default=Path(tempfile.gettempdir()) / "retrieval-asked-runs",
                    help="the folder keeping each run's results")
    ap.add_argument("--older-check", default="", help="boost: the older files' hit@1 with W and W+T at this boost")
    ap.add_argument("--scorings", default=SHIPPED,
                    help="ways to score the asked field (asked_scoring.py): names or families, of: "
                         + ", ".join([*FAMILIES, *SCORINGS]) + "; with --report, the round-fourteen table")
    ap.add_argument("--report", action="store_true", help="print the table of the runs kept")
    ap.add_argument("--markdown", action="store_true", help="with --report: the table in markdown")
    args = ap.parse_args()
    mixes = [m for m in args.mixes.split(",") if m]
    said = [n.strip() for n in args.scorings.split(",") if n.strip()]
    if set(said) - set(SCORINGS) - set(FAMILIES):
        sys.exit(f"--scorings: unknown {sorted(set(said) - set(SCORINGS) - set(FAMILIES))}; choose from "
                 + ", ".join([*FAMILIES, *SCORINGS]))
    scorings = list(dict.fromkeys(n for x in said for n in (family(x) if x in FAMILIES else [x])))
    if set(mixes) - set(MIXES):
        sys.exit(f"--mixes: unknown {sorted(set(mixes) - set(MIXES))}; choose from {', '.join(MIXES)}")
    if args.written is not None and not args.written.is_dir():
        sys.exit(f"--written: {args.written} is not a folder")
    args.runs.mkdir(parents=True, exist_ok=True)
    qs = tuning_questions()
    cut = folds(sorted(q["key"] for q in qs), K, SEED)
    spells = not args.no_spell
    written = written_questions(args.written)
    older = older_questions()
    runner = Runner() if mixes or args.older_check else None
    if written:
        unknown = sorted(rid for rid in written if runner and rid not in runner.entries)
        print(f"W: {sum(map(len, written.values()))} questions for {len(written)} ids ({len(unknown)} not entries: "
              f"{', '.join(unknown[:5])})")
    for mix in mixes:
        for boost in (float(b) for b in args.boosts.split(",")):
            todo = [n for n in scorings if not (args.runs / run_name(mix, boost, spells, n)).exists()]
            if not todo:
                continue

            def keep(name: str, rows: dict, mix=mix, boost=boost) -> None:
                (args.runs / run_name(mix, boost, spells, name)).write_text(json.dumps(rows))
                print(f"  {name} searched", flush=True)

            run_mix(runner, mix, boost, spells, qs, cut, written, older, tuple(todo), keep)
            print(f"ran {mix} at {boost:g}, {len(todo)} scorings ({runner.builds} builds)", flush=True)
    if args.older_check:
        boost = float(args.older_check)
        keys = [q["key"] for q in older]
        for name, asked in (("base", {}), ("W", written), ("W+T", merged(written, expansion(qs)))):
            path = args.runs / f"older-{name}-{boost:g}{'' if spells else '-nospell'}.json"
            if not path.exists():
                path.write_text(json.dumps(runner.search(asked, boost, spells, older)))
            rows = json.loads(path.read_text())
            t = tally(rows, keys)
            print(line(f"older files, {name} at {boost:g}", t) + f"   hit@1 total {t['game'][1] + t['none'][1]}")
    if args.report and scorings != [SHIPPED]:
        for mix in mixes:
            for boost in (float(b) for b in args.boosts.split(",")):
                print(f"{mix} at boost {boost:g}:")
                report_scorings(args.runs, qs, cut, spells, mix, boost, args.markdown)
    elif args.report:
        report(args.runs, qs, cut, spells, args.markdown, tuple(float(b) for b in args.boosts.split(",")))


if __name__ == "__main__":
    main()
