"""Speed of the CATastrophe validator on a deep chain of cards in play.

Six cats; Abi's Curiosity on Betty, then nine reactions on top (Passes back and forth and
Cucumbers blocking Cucumbers): ten cards in play. Timed: `check` of one more reaction (a Cucumber
on the top card), `check` of `resolve`, and legal_moves with every hand known.

    python benchmarks/catastrophe_speed.py         # medians of 7 runs of 200 calls each
Target: check of a reaction on a chain ten deep <= 1 ms in-process.
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.timing import median_ms  # noqa: E402
from engine.catastrophe import Engine, State  # noqa: E402

NAMES = ["Abi", "Betty", "Chris", "Dan", "Eve", "Fay"]


def chain_ten_deep() -> tuple[Engine, State]:
    engine = Engine()
    state = State.model_validate({"players": [
        {"name": n, "hand_cards": ["Pass", "Cucumber", "Cucumber", "Take", "Attack 4", "Curiosity", "Pass"]}
        for n in NAMES]})
    plays = ["Abi play Curiosity at Betty", "Betty play Pass to Chris", "Chris play Cucumber", "Dan play Cucumber",
             "Eve play Cucumber", "Fay play Cucumber", "Abi play Cucumber", "Betty play Cucumber",
             "Chris play Cucumber", "Dan play Cucumber"]
    for text in plays:
        state = engine.plays.apply(state, engine.plays.parse_move(text, state))
    assert len(state.chain) == 10
    return engine, state


def main() -> None:
    engine, state = chain_ten_deep()
    reaction = engine.plays.parse_move("Eve play Cucumber", state)
    resolve = engine.plays.parse_move("resolve", state)
    assert engine.check(state, reaction).legal
    print(f"check reaction on a chain 10 deep: {median_ms(lambda: engine.check(state, reaction), inner=200):.3f} ms (target <= 1 ms)")
    print(f"check resolve on a chain 10 deep:  {median_ms(lambda: engine.check(state, resolve), inner=200):.3f} ms")
    print(f"parse + check of the reaction:     {median_ms(lambda: engine.check(state, engine.plays.parse_move('Eve play Cucumber', state)), inner=200):.3f} ms")
    print(f"legal_moves, six known hands:      {median_ms(lambda: engine.plays.legal_moves(state), inner=10):.3f} ms")


if __name__ == "__main__":
    main()
