"""Check the second labeller's (label5a) work on the blind set's test half: every id named in a.md,
in would-remove-a.toml and in labels.toml for the test-half questions of Catharsis and Party of the
Theseus exists in the built-in reference and belongs to the question's game; every would-remove id is
still in labels.toml (ids are only added). Run from the repository root:
python3 tests/retrieval/blind/second-label/check_a.py"""
import re
import sys
import tomllib
from pathlib import Path

sys.path.insert(0, str(Path.cwd()))
from rulesdb.reference import load_reference  # noqa: E402

BLIND = Path("tests/retrieval/blind")
GAMES = ("catharsis", "theseus")
ref = load_reference()
known = set(ref.rules) | set(ref.glossary)
questions = {q["n"]: q for q in tomllib.loads((BLIND / "questions.toml").read_text())["q"]}
test = tomllib.loads((BLIND / "split.toml").read_text())["test"]
labels = tomllib.loads((BLIND / "labels.toml").read_text())["expect"]
remove = tomllib.loads((BLIND / "second-label/would-remove-a.toml").read_text())["remove"]
bad = []
mine = [n for n in test if questions[n]["game"] in GAMES]
for n in mine:
    for rid in labels[str(n)]:
        if rid not in known or not rid.startswith(questions[n]["game"] + "."):
            bad.append(f"labels {n}: {rid}")
for n, ids in remove.items():
    if int(n) not in mine:
        bad.append(f"would-remove {n}: not a test-half question of {GAMES}")
    for rid in ids:
        if rid not in labels[n]:
            bad.append(f"would-remove {n}: {rid} is not in its label")
for line in (BLIND / "second-label/a.md").read_text().splitlines():
    m = re.match(r"- (\d+) \((\w+)\):", line)
    if m:
        n = int(m.group(1))
        if n not in mine or questions[n]["game"] != m.group(2):
            bad.append(f"a.md {n}: not a test-half question of {m.group(2)}")
        for rid in re.findall(r"`([a-z0-9.-]+)`", line):
            if rid not in known or not rid.startswith(questions[n]["game"] + "."):
                bad.append(f"a.md {n}: {rid}")
print(f"{len(mine)} questions, {sum(len(labels[str(n)]) for n in mine)} label ids, "
      f"{sum(map(len, remove.values()))} would-remove ids checked: {len(bad)} bad")
print("\n".join(bad))
sys.exit(1 if bad else 0)
