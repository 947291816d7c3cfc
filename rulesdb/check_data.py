"""Check the rules data from the command line: `python -m rulesdb.check_data`."""
import sys
from collections import Counter

from rulesdb.asked import load_asked
from rulesdb.errors import DataError
from rulesdb.reference import load_reference

from rulesdb.games import GAME_IDS

try:
    ref = load_reference(games=tuple(sys.argv[1:]) or GAME_IDS)
    asked = load_asked(tuple(sys.argv[1:]) or GAME_IDS, set(ref.rules) | set(ref.glossary))
except DataError as exc:
    print(f"error: {exc}", file=sys.stderr)
    sys.exit(1)
games = Counter(r.id.split(".", 1)[0] for r in ref.rules.values())
terms = Counter(g.game for g in ref.glossary.values())
for game in sorted(set(games) | set(terms)):
    said = sum(len(qs) for rid, qs in asked.items() if rid.split(".", 1)[0] == game)
    print(f"{game}: {games[game]} rules, {terms[game]} glossary terms, {said} asked questions")
