"""Count the `unchecked` lines per play over the Cataclysm Arcade scenario games, as the tables
describe their cards and again with a filled catalogue (issue 23).

    python benchmarks/arcade_unchecked.py [--by-note]

Every play of every scenario under tests/scenarios/cataclysm-arcade/ (its setup plays, its `before`
plays and its move) goes through the one checked step. "filled": before each play, every card the
table names (Bosses, Fighters, Weapons, hands, the table's own entries, the play's card) gets a
catalogue entry with each field the table left out filled in, as a table that taught the library
every card would have it. The filler values are arbitrary but legal; only the count matters here.
"""
from __future__ import annotations

import argparse
import sys
import tomllib
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import get_game  # noqa: E402
from engine.base import EngineError, step  # noqa: E402

FILLER = {"faction": "Synth", "level": 1, "cost": 0, "health": 5, "attack": 1, "attack_cost": 0, "wield_cost": 0,
          "attack_modifier": 1}
KIND_TYPE = {"fighter": "fighter", "tactic": "tactic", "weapon": "weapon", "respond": "response", "fortify": "fighter"}


def filled(state, move=None):
    """The State with a full catalogue entry for every card it names (and the play's card)."""
    from engine.cataclysm_arcade.model import CardSpec, catalogue

    known = catalogue(state)
    named: dict[str, str] = {}
    for p in state.players:
        if p.boss.name:
            named[p.boss.name] = "boss"
        named.update({f.name: "fighter" for f in p.fighters})
        named.update({w.name: "weapon" for w in p.weapons})
    if move is not None and move.card and move.kind in KIND_TYPE:
        named.setdefault(move.card, KIND_TYPE[move.kind])
    cards = {c.name.lower(): c for c in state.cards}
    for name, kind in named.items():
        old = known.get(name.lower())
        data = old.model_dump() if old else {"name": name, "type": kind}
        for key, value in FILLER.items():
            if data.get(key) is None:
                data[key] = value
        if data["type"] in ("tactic", "response") and not data.get("effect") and not data.get("text"):
            data["effect"] = "coins 0"
        cards[name.lower()] = CardSpec(**data)
    return state.model_copy(update={"cards": tuple(cards.values())})


def plays(path: Path):
    """(the State before, the play) for each play of one scenario, or nothing for a deck/status/error."""
    case = tomllib.loads(path.read_text(encoding="utf-8"))
    if "deck" in case or "status" in case or "error" in case or "track" in case:
        return
    game = get_game("cataclysm-arcade")
    if "table" in case:
        state = game.tracker.new_state(case["table"]["players"], case["table"].get("options", {}))
        setup = case["table"].get("setup", [])
    else:
        state = game.engine.load_state(case["situation"], str(path))
        setup = []
    for said in setup:
        kind, _, rest = said.partition(" ")
        overrule = rest.endswith(" --overrule")
        text = rest.removesuffix(" --overrule")
        if kind == "play":
            yield state, text
        state = step(game, state, text, kind=kind, overruled=overrule).state
    for text in case.get("before", []):
        yield state, text
        state = step(game, state, text).state
    if "move" in case:
        yield state, case["move"]


def count(fill: bool) -> tuple[int, int, Counter]:
    game = get_game("cataclysm-arcade")
    n_plays = n_lines = 0
    notes: Counter = Counter()
    for path in sorted((ROOT / "tests" / "scenarios" / "cataclysm-arcade").glob("*.toml")):
        for state, text in plays(path):
            if fill:
                state = filled(state, game.engine.parse_move(text, state))
            try:
                verdict = step(game, state, text, apply=False).verdict
            except EngineError:
                continue
            n_plays += 1
            n_lines += len(verdict.unchecked)
            notes.update(n.message.split(":")[0] for n in verdict.notes)
    return n_plays, n_lines, notes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--by-note", action="store_true", help="list the unchecked notes and how often")
    args = parser.parse_args()
    for label, fill in (("as described", False), ("filled catalogue", True)):
        n_plays, n_lines, notes = count(fill)
        print(f"{label}: {n_lines} unchecked lines over {n_plays} plays = {n_lines / max(n_plays, 1):.2f} per play")
        if args.by_note:
            for note, n in notes.most_common():
                print(f"  {n:4d}  {note}")


if __name__ == "__main__":
    main()
