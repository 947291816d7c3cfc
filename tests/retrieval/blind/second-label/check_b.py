"""Check second labeller b's lists: every id named in b.md and would-remove-b.toml is a reference
entry of the question's game, every question is a test-half question of b's three games, every added
id is in labels.toml and every would-remove id is still there. Reads only; scores nothing."""

import re
import sys
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
BLIND = HERE.parent
sys.path.insert(0, str(BLIND.parents[2]))

from rulesdb.reference import load_reference  # noqa: E402

GAMES = ("cataclysm-arcade", "catopomp", "catastrophe")


def main() -> int:
    ref = load_reference()
    ids = set(ref.rules) | set(ref.glossary)
    questions = {q["n"]: q for q in tomllib.loads((BLIND / "questions.toml").read_text())["q"]}
    test = set(tomllib.loads((BLIND / "split.toml").read_text())["test"])
    labels = tomllib.loads((BLIND / "labels.toml").read_text())["expect"]
    removes = tomllib.loads((HERE / "would-remove-b.toml").read_text())["remove"]
    problems: list[str] = []
    named: list[tuple[int, str, str]] = []  # (n, "add" | "remove", id)
    n = None
    for line in (HERE / "b.md").read_text().splitlines():
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
                problems.append(f"{key}: {rid} is in would-remove-b.toml but not in b.md")
    for n, what, rid in named:
        q = questions.get(n)
        if q is None or n not in test or q["game"] not in GAMES:
            problems.append(f"{n}: not a test-half question of {', '.join(GAMES)}")
            continue
        if rid not in ids:
            problems.append(f"{n}: {rid} is not in the reference")
        elif not rid.startswith(q["game"] + "."):
            problems.append(f"{n}: {rid} is not an entry of {q['game']}")
        if rid not in labels.get(str(n), []):
            problems.append(f"{n}: {rid} is not in labels.toml")
        if what == "would remove" and rid not in removes.get(str(n), []):
            problems.append(f"{n}: {rid} is in b.md but not in would-remove-b.toml")
    for line in problems:
        print(line)
    adds = sum(1 for _, w, _ in named if w == "add")
    print(f"{len(named)} ids checked ({adds} added, {len(named) - adds} would-remove): "
          f"{'ok' if not problems else str(len(problems)) + ' problems'}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
