"""CATastrophe: exact chances at the table (one six-sided die per roll)."""
from __future__ import annotations

from fractions import Fraction

from engine.base import EngineError

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


class OddsQuestion(EngineError):
    """An odds question that cannot be answered as asked (names the word and the valid forms)."""


USAGE = "catastrophe attack N [--yarn K]  (or `catastrophe attack` for the Attack in play in the current session)"


def answer(args: list[str], state: State | None, yarn: int | None = None) -> dict:
    """`attack N` (with up to `yarn` re-rolls): the chance to defend; `attack` alone: the tracked
    Attack's roller, with the Yarn Balls in their basket unless `yarn` is given."""
    words = list(args)
    if yarn is not None and yarn < 0:
        raise OddsQuestion(f"--yarn {yarn}: a number of Yarn Balls, 0 or more; usage: {USAGE}")
    if not words or words[0].lower() != "attack":
        raise OddsQuestion(f"unknown odds question {' '.join(words) or '(none)'!r}; usage: {USAGE}")
    if len(words) == 1:
        if state is None:
            raise OddsQuestion(f"no Attack given and no session to take it from; usage: {USAGE}")
        tracked = tracked_attack(state)
        if tracked is None:
            raise OddsQuestion("no Attack in play waits for a roll in this session; ask `odds catastrophe attack N`")
        if yarn is not None:
            tracked.update(yarn=yarn, chance=str(defend(tracked["number"], yarn)),
                           percent=round(float(defend(tracked["number"], yarn)) * 100, 2))
        tracked["by_yarn"] = attack_table(tracked["number"], tracked["yarn"])
        return tracked
    if len(words) != 2 or not words[1].isdigit() or not 1 <= int(words[1]) <= DIE_FACES + 1:
        raise OddsQuestion(f"attack: give the Attack's number, 1 to {DIE_FACES}; usage: {USAGE}")
    number, yarn = int(words[1]), yarn or 0
    chance = defend(number, yarn)
    return {"number": number, "yarn": yarn, "chance": str(chance), "percent": round(float(chance) * 100, 2),
            "by_yarn": attack_table(number, yarn)}


def describe(result: dict) -> str:
    who = f"{result['roller']} against {result['card']}: " if "roller" in result else ""
    lines = [f"{who}defend on {result['number']} or higher: {result['chance']} = {result['percent']:.2f}% "
             f"with up to {result['yarn']} Yarn Ball re-roll{'s' if result['yarn'] != 1 else ''}"]
    for row in result["by_yarn"]:
        lines.append(f"  {row['yarn']} Yarn Ball{'s' if row['yarn'] != 1 else ' '}  {row['chance']:>9}  {row['percent']:6.2f}%")
    return "\n".join(lines)
