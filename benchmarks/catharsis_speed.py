"""Speed of the Catharsis validator and odds.

- `moves` for a player with 6 unused dice and 8 powers whose costs are all known (two abilities
  each, several `||` choices): target <= 5 ms in-process;
- `odds` of a 6-die cost (AAA BBB) with 2 rerolls, from a fresh roll and from given dice:
  target <= 200 ms in-process (a new table each time, nothing cached between runs);
- the whole `companion odds` process against `python -c "import typer"` (ratio reported).

    python benchmarks/catharsis_speed.py            # medians of 7 runs each
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.timing import median_ms, process_median  # noqa: E402
from engine.catharsis import Engine  # noqa: E402
from engine.catharsis.rules_costs import parse_cost  # noqa: E402
from engine.catharsis import odds as odds_module  # noqa: E402

COSTS = [("AA ?", "BBB"), ("3 ? ?", "AA BB"), ("2 || 4", "AAA"), ("1 1", "6 || AA"),
         ("? ? ?", "AA BB CC"), ("5 AA", "4 || 3 ?"), ("AAAA", "BB ? ?"), ("6 6 ?", "1 2 3")]
SITUATION = {
    "characters_started": 1, "morale": 10, "morale_start": 10, "phase": "combat",
    "combat_step": "player-attack", "round": 1,
    "cards": [{"name": f"P{i}", "top": {"cost": t}, "bottom": {"cost": b}} for i, (t, b) in enumerate(COSTS)],
    "players": [{"name": "Ann", "powers": [{"name": f"P{i}"} for i in range(8)],
                 "dice": [{"value": v} for v in (1, 2, 2, 3, 6, 6)]}],
}


def main() -> int:
    engine = Engine()
    state = engine.load_state(SITUATION)
    moves = engine.plays.legal_moves(state)
    assert moves and all(engine.check(state, m).legal for m in moves)
    states = [engine.load_state(SITUATION) for _ in range(50)]
    it = iter(states * 1000)
    lm = median_ms(lambda: engine.plays.legal_moves(next(it)), inner=20)
    cost = parse_cost("AAA BBB")

    def fresh_odds(dice=None):
        odds_module.multisets.cache_clear()
        return odds_module.odds(cost, 2, dice)

    od = median_ms(fresh_odds)
    od_dice = median_ms(lambda: fresh_odds([1, 1, 2, 3, 4, 6]))
    env = dict(os.environ, COMPANION_HOME=str(Path("/tmp") / "catharsis-bench-home"))
    py = sys.executable
    whole = process_median([py, "-m", "companion", "odds", "catharsis", "AAA BBB", "--dice", "1,1,2,3,4,6"], env, 5)
    typer_only = process_median([py, "-c", "import typer"], env, 5)
    print(f"moves: {len(moves)} plays for 8 powers, 6 dice: {lm:.2f} ms (target <= 5)")
    print(f"odds AAA BBB, 2 rerolls, fresh roll: {od:.1f} ms; from dice: {od_dice:.1f} ms (target <= 200)")
    print(f"`companion odds` process: {whole * 1000:.0f} ms; `import typer`: {typer_only * 1000:.0f} ms; "
          f"ratio {whole / typer_only:.2f}")
    return 0 if lm <= 5 and max(od, od_dice) <= 200 else 1


if __name__ == "__main__":
    raise SystemExit(main())
