"""Check the second labeller's (label5c) work on blind2: every id named in c.md, in would-remove-c.toml
and in labels.toml for the blind2 questions of Catharsis and Party of the Theseus exists in the built-in
reference and belongs to the question's game; every would-remove id is still in labels.toml (ids are
only added); every question of those games still has a label. Run from the repository root:
python3 tests/retrieval/blind2/second-label/check_c.py"""
import re
import sys
import tomllib
from pathlib import Path

sys.path.insert(0, str(Path.cwd()))
from rulesdb.reference import load_reference  # noqa: E402

BLIND = Path("tests/retrieval/blind2")
GAMES = ("catharsis", "theseus")
ref = load_reference()
known = set(ref.rules) | set(ref.glossary)
questions = {q["n"]: q for q in tomllib.loads((BLIND / "questions.toml").read_text())["q"]}
labels = tomllib.loads((BLIND / "labels.toml").read_text())["expect"]
remove = tomllib.loads((BLIND / "second-label/would-remove-c.toml").read_text())["remove"]
mine = [n for n, q in questions.items() if q["game"] in GAMES]
bad = []


def check_id(where, n, rid):
    if rid not in known or not rid.startswith(questions[n]["game"] + "."):
        bad.append(f"{where} {n}: {rid}")


for n in mine:
    if not labels.get(str(n)):
        bad.append(f"labels {n}: no label")
    for rid in labels.get(str(n), []):
        check_id("labels", n, rid)
for n, ids in remove.items():
    if int(n) not in mine:
        bad.append(f"would-remove {n}: not a blind2 question of {GAMES}")
        continue
    for rid in ids:
        check_id("would-remove", int(n), rid)
        if rid not in labels[n]:
            bad.append(f"would-remove {n}: {rid} is not in its label")
named = 0
for line in (BLIND / "second-label/c.md").read_text().splitlines():
    ids = re.findall(r"`((?:catharsis|theseus)\.[a-z0-9.-]+)`", line)
    named += len(ids)
    m = re.match(r"- (\d+) \((\w+)\):", line)
    if m:
        n = int(m.group(1))
        if n not in mine or questions[n]["game"] != m.group(2):
            bad.append(f"c.md {n}: not a blind2 question of {m.group(2)}")
            continue
        for rid in ids:
            check_id("c.md", n, rid)
    else:
        bad += [f"c.md: {rid}" for rid in ids if rid not in known]
print(f"{len(mine)} questions, {sum(len(labels[str(n)]) for n in mine)} label ids, "
      f"{sum(map(len, remove.values()))} would-remove ids, {named} ids named in c.md checked: {len(bad)} bad")
print("\n".join(bad))
sys.exit(1 if bad else 0)
