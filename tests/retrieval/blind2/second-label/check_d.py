"""Check second labeller d's lists: every id named in d.md and would-remove-d.toml is a reference entry
of the question's game, every question is a blind2 question of d's three games, every added id is in
labels.toml and every would-remove id is still there, and every labelled id of those questions is a
reference entry of its game. Reads only; scores nothing."""

import re
import sys
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
BLIND2 = HERE.parent
sys.path.insert(0, str(BLIND2.parents[2]))

from rulesdb.reference import load_reference  # noqa: E402

GAMES = ("cataclysm-arcade", "catopomp", "catastrophe")


def main() -> int:
    ref = load_reference()
    ids = set(ref.rules) | set(ref.glossary)
    questions = {q["n"]: q for q in tomllib.loads((BLIND2 / "questions.toml").read_text())["q"]}
    labels = tomllib.loads((BLIND2 / "labels.toml").read_text())["expect"]
    removes = tomllib.loads((HERE / "would-remove-d.toml").read_text())["remove"]
    problems: list[str] = []
    named: list[tuple[int, str, str]] = []  # (n, "add" | "would remove", id)
    n = None
    for line in (HERE / "d.md").read_text().splitlines():
        head = re.match(r"- (\d+) \(", line)
        if head:
            n = int(head.group(1))
            continue
        item = re.match(r"  - (add|would remove) `([^`]+)`", line)
        if item:
            named.append((n, item.group(1), item.group(2)))
    for key, rid_list in removes.items():
        for rid in rid_list:
            if (int(key), "would remove", rid) not in named:
                problems.append(f"{key}: {rid} is in would-remove-d.toml but not in d.md")
    for n, what, rid in named:
        q = questions.get(n)
        if q is None or q["game"] not in GAMES:
            problems.append(f"{n}: not a blind2 question of {', '.join(GAMES)}")
            continue
        if rid not in ids:
            problems.append(f"{n}: {rid} is not in the reference")
        elif not rid.startswith(q["game"] + "."):
            problems.append(f"{n}: {rid} is not an entry of {q['game']}")
        if rid not in labels.get(str(n), []):
            problems.append(f"{n}: {rid} is not in labels.toml")
        if what == "would remove" and rid not in removes.get(str(n), []):
            problems.append(f"{n}: {rid} is in d.md but not in would-remove-d.toml")
    mine = [q for q in questions.values() if q["game"] in GAMES]
    for q in mine:
        for rid in labels.get(str(q["n"]), []):
            if rid not in ids or not rid.startswith(q["game"] + "."):
                problems.append(f"{q['n']}: labelled {rid} is not a reference entry of {q['game']}")
    for line in problems:
        print(line)
    adds = sum(1 for _, w, _ in named if w == "add")
    print(f"{len(mine)} questions, {len(named)} ids named ({adds} added, {len(named) - adds} would-remove) in "
          f"{len({k for k, _, _ in named})} questions: {'ok' if not problems else str(len(problems)) + ' problems'}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
