"""CATastrophe: exact chances at the table (one six-sided die per roll)."""
from __future__ import annotations

from fractions import Fraction

from .model import DIE_FACES, State
from .rules import waiting_roller


def defend(number: int, yarn: int = 0) -> Fraction:
    """The chance to roll `number` or higher on one die, when up to `yarn` Yarn Balls may each buy a
    re-roll after a failed roll: 1 - (chance to fail) ** (yarn + 1)."""
    if yarn < 0:
        raise ValueError("yarn: a number of Yarn Balls, 0 or more")
    hit = Fraction(max(0, min(DIE_FACES, DIE_FACES + 1 - number)), DIE_FACES)
    return 1 - (1 - hit) ** (yarn + 1)


def attack_table(number: int, yarn: int) -> list[dict]:
    """The chance to defend with 0..yarn Yarn Balls, exact and as a percentage."""
    return [{"yarn": k, "chance": str(defend(number, k)), "percent": round(float(defend(number, k)) * 100, 2)}
            for k in range(yarn + 1)]


def tracked_attack(state: State) -> dict | None:
    """The Attack on top of the chain in a tracked game: who rolls, its number, their Yarn Balls."""
    roller = waiting_roller(state)
    if roller is None:
        return None
    top = state.chain[-1]
    yarn = state.player(roller).yarn_balls
    return {"card": top.label(), "roller": roller, "number": top.number or 1, "yarn": yarn,
            "chance": str(defend(top.number or 1, yarn)), "percent": round(float(defend(top.number or 1, yarn)) * 100, 2)}
