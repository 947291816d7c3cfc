"""How many `unchecked` lines a Catharsis verdict carries, per play, over the scenario games
(tests/scenarios/catharsis/*.toml), with the shipped catalogue and then with a filled one.

The filled catalogue describes every power on each scenario's table with every field the engine
reads (costs, Level costs, attacks, prevention, adjustment size and count, Combo values, a side).
The rulebook prints no such cards, so the fill is synthetic: fields the scenario's table already
describes stay as they are; a half the scenario's play pays with named dice and no cost costs
exactly those dice (the play keeps its meaning), every other half costs `?`.
What stays unchecked after it is what no card can tell (a rule the rulebook leaves open, an
adjustment that does not name its ability, an unrecorded side).

    python benchmarks/catharsis_unchecked.py          # the figures; --verbose lists each scenario
"""
from __future__ import annotations

import sys
import tomllib
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import get_game  # noqa: E402
from engine.base import EngineError, step  # noqa: E402

SCENARIOS = sorted((ROOT / "tests" / "scenarios" / "catharsis").glob("*.toml"))
GAME = get_game("catharsis")


def _table(case: dict, path: Path):
    """A scenario's State, built as tests/test_scenarios.py builds it."""
    if "situation" in case:
        state = GAME.engine.load_state(case["situation"], str(path))
    else:
        t = case["table"]
        state = GAME.tracker.new_state(t["players"], t.get("options", {}))
        for said in t.get("setup", []):
            kind, _, rest = said.partition(" ")
            state = step(GAME, state, rest, kind=kind).state
    for text in case.get("before", []):
        state = step(GAME, state, text).state
    return state


def _filled(state, move: str):
    """The State with every power on the table described in full."""
    from engine.catharsis.model import Ability, PowerCard, card_of, merge_card

    words = move.split()
    paid = {}
    if words[:1] == ["use"] and "with" in words:
        paid = {(words[1].lower(), words[2].lower(), (words[3] if words[3] in ("top", "bottom") else "top")):
                " ".join(words[words.index("with") + 1:])}

    def ability(p, slot, pw, half):
        cost = paid.get((p.name.lower(), str(slot), half)) or paid.get((p.name.lower(), pw.name.lower(), half)) or "?"
        return Ability(cost=cost, effect="(filled)", attacks=(2,), prevent=1, adjust=1, adjust_dice=6,
                       levels={"2": cost, "3": cost}, combo={str(n): "(filled)" for n in range(7)})

    cards = {}
    for p in state.players:
        for slot, pw in enumerate(p.powers, 1):
            fill = PowerCard(name=pw.name, side="ground" if pw.side is None else None,
                             top=ability(p, slot, pw, "top"), bottom=ability(p, slot, pw, "bottom"))
            known = card_of(state, pw.name)  # what the scenario's table describes stays as it is
            cards[pw.name.lower()] = merge_card(fill, known) if known is not None else fill
    return state.model_copy(update={"cards": tuple(cards.values())})


def measure(fill: bool, verbose: bool = False) -> tuple[int, int, Counter, dict, list[int]]:
    plays = lines = 0
    reasons: Counter = Counter()
    legal = {}
    uses = [0, 0]
    for path in SCENARIOS:
        case = tomllib.loads(path.read_text(encoding="utf-8"))
        move = case.get("move")
        if not move or case.get("error"):
            continue
        try:
            state = _table(case, path)
            if fill:
                state = _filled(state, move)
            verdict = step(GAME, state, move, apply=False).verdict
        except EngineError:
            continue
        plays += 1
        lines += len(verdict.unchecked)
        if move.split()[0] == "use":
            uses[0] += 1
            uses[1] += len(verdict.unchecked)
        legal[path.stem] = verdict.legal
        for u in verdict.unchecked:
            reasons[u.rule] += 1
        if verbose and verdict.unchecked:
            print(f"  {path.stem}: " + " | ".join(u.message for u in verdict.unchecked))
    return plays, lines, reasons, legal, uses


def main() -> int:
    verbose = "--verbose" in sys.argv
    before = measure(False, verbose)
    after = measure(True, verbose)
    for label, (plays, lines, reasons, _, uses) in (("shipped catalogue", before), ("filled catalogue", after)):
        print(f"{label}: {plays} plays, {lines} unchecked lines, {lines / plays:.2f} per play; "
              f"`use` plays: {uses[0]}, {uses[1]} lines, {uses[1] / uses[0]:.2f} per activation")
        for rule, n in reasons.most_common(6):
            print(f"    {n:3d}  {rule}")
    changed = sorted(k for k in before[3] if k in after[3] and before[3][k] != after[3][k])
    print(f"verdicts whose legality the fill changed: {len(changed)}" + (f" ({', '.join(changed)})" if changed else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
