"""Speed of the Catopomp engine on its largest position.

Two players (the only count with 11-card hands), both expansions and the Hell power in use; the
player to act leads with 11 Heaven cards, a full Hell Domain, a full centre of dice and a reserve
die (so every kind of set, boost, swap, placement and Hell-power return is on offer).

    python benchmarks/catopomp_speed.py            # medians of 7 runs each
Targets: legal_moves < 20 ms, check < 1 ms.
"""
from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.catopomp import Engine  # noqa: E402

SITUATION = {
    "turn": "Ann",
    "centre_dice": [1, 3, 5],
    "options": {"hell_power": True, "catleton": True, "mitch": True},
    "players": [
        {"name": "Ann", "gems": 1, "reserve_die": 6,
         "hand": [1, 2, 3, 4, 4, 5, 6, 7, 8, "C", "M"],
         "hell_domain": [1, 2, 3, 5, 6, 7, 8, "M"]},
        {"name": "Ben", "hand": [8], "hell_domain": [7, "C"]},
    ],
}


def median_ms(fn, runs: int = 7, inner: int = 1) -> float:
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        for _ in range(inner):
            fn()
        times.append((time.perf_counter() - t0) / inner * 1000)
    return statistics.median(times)


def main() -> int:
    engine = Engine()
    state = engine.load_state(SITUATION)
    assert engine.declaration.status(state) == [], engine.declaration.status(state)
    moves = engine.plays.legal_moves(state)
    legal = engine.plays.parse_move("heaven 4 M dice 1+3 then hell 8", state)
    illegal = engine.plays.parse_move("heaven 4 5", state)  # a missing placement: alternatives are listed
    assert engine.check(state, legal).legal and not engine.check(state, illegal).legal

    def fresh():  # a new State object each time, so nothing is cached between calls
        return engine.load_state(SITUATION)

    states = [fresh() for _ in range(200)]
    it = iter(states * 1000)
    lm = median_ms(lambda: engine.plays.legal_moves(next(it)), runs=7, inner=20)
    load = median_ms(fresh, runs=7, inner=50)
    ck = median_ms(lambda: engine.check(next(it), legal), runs=7, inner=200)
    ck_warm = median_ms(lambda: engine.check(state, legal), runs=7, inner=500)
    ck_bad = median_ms(lambda: engine.check(next(it), illegal), runs=7, inner=20)
    parse = median_ms(lambda: engine.plays.parse_move("heaven 4 M dice 1+3 then hell 8", state), runs=7, inner=500)
    print(f"position: {len(moves)} legal moves (Ann leads: 11 Heaven cards, 8 Hell cards, 3 centre dice + reserve die)")
    print(f"legal_moves                       {lm:7.3f} ms   (target < 20 ms)")
    print(f"check, legal move                 {ck:7.3f} ms   (target < 1 ms; new State each call)")
    print(f"check, legal move, same State     {ck_warm:7.3f} ms")
    print(f"check, illegal move + alternatives{ck_bad:7.3f} ms")
    print(f"parse_move                        {parse:7.3f} ms")
    print(f"load_state (pydantic validation)  {load:7.3f} ms")
    st = median_ms(lambda: engine.declaration.status(next(it)), runs=7, inner=200)
    print(f"status                            {st:7.3f} ms")
    # stress: one more centre die than a real table allows (status objects), for the worst case
    stress = engine.load_state({**SITUATION, "centre_dice": [1, 3, 5, 6]})
    stress_states = [engine.load_state({**SITUATION, "centre_dice": [1, 3, 5, 6]}) for _ in range(50)]
    it2 = iter(stress_states * 1000)
    lm2 = median_ms(lambda: engine.plays.legal_moves(next(it2)), runs=7, inner=20)
    print(f"legal_moves, 4 centre dice + reserve ({len(engine.plays.legal_moves(stress))} moves; not a possible table) "
          f"{lm2:.3f} ms")
    ok = lm < 20 and ck < 1
    print("targets met" if ok else "TARGETS MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
