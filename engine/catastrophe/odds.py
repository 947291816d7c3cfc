"""CATastrophe: exact chances to defend an Attack (one six-sided die per roll), with the roller's Yarn
Ball re-rolls and those the other cats spend against them; the answer says what it assumes
(docs/moves-catastrophe.md, Odds)."""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from engine.base import EngineError

from .model import DIE_FACES, GAME, State
from .rules import being_played, waiting_roller


#: the highest Attack number asked about (the rulebook prints no range: any number stands, one above
#: DIE_FACES cannot be defended; a bound only keeps the question short)
MOST = 999


def _hit(number: int) -> Fraction:
    return Fraction(max(0, min(DIE_FACES, DIE_FACES + 1 - number)), DIE_FACES)


@lru_cache(maxsize=None)
def _final(hit: Fraction, yarn: int, against: int) -> Fraction:
    """The chance a fresh roll ends defended: a good roll stands unless the others still have a
    Yarn Ball to force a re-roll; a failed one stands unless the roller still has one."""
    good = _final(hit, yarn, against - 1) if against else Fraction(1)
    bad = _final(hit, yarn - 1, against) if yarn else Fraction(0)
    return hit * good + (1 - hit) * bad


def defend(number: int, yarn: int = 0, against: int = 0) -> Fraction:
    """The chance to roll `number` or higher on one die, when up to `yarn` Yarn Balls may each buy
    the roller a re-roll after a failed roll (and up to `against` of the other cats' Yarn Balls
    force a re-roll after a good one). With against=0: 1 - (chance to fail) ** (yarn + 1)."""
    if yarn < 0 or against < 0:
        raise ValueError("yarn: a number of Yarn Balls, 0 or more")
    return _final(_hit(number), yarn, against)


def after_roll(number: int, face: int, yarn: int, against: int = 0) -> Fraction:
    """The chance to end defended once the die shows `face` (the next Yarn Ball decides)."""
    hit = _hit(number)
    if face >= number:
        return _final(hit, yarn, against - 1) if against else Fraction(1)
    return _final(hit, yarn - 1, against) if yarn else Fraction(0)


def attack_table(number: int, yarn: int, against: int = 0, face: int | None = None) -> list[dict]:
    """The chance to defend with 0..yarn Yarn Balls, exact and as a percentage."""
    chances = [defend(number, k, against) if face is None else after_roll(number, face, k, against)
               for k in range(yarn + 1)]
    return [{"yarn": k, "chance": str(chance), "percent": _percent(chance)} for k, chance in enumerate(chances)]


def _percent(chance: Fraction) -> float:
    return round(float(chance) * 100, 2)


class OddsQuestion(EngineError):
    """An odds question that cannot be answered as asked (names the word and the valid forms)."""


USAGE = ("catastrophe attack N [--yarn K] [--against K]  (or `catastrophe attack [--player NAME]` for the "
         "Attack in play in the current session)")


def _assumes(roller: str | None, against: int) -> str:
    who = roller or "the roller"
    if against:
        return (f"{who} spends a Yarn Ball on every failed roll while any is left; the other cats spend "
                f"{against} between them, one on every good roll, to make {who} re-roll")
    return (f"{who} spends a Yarn Ball on every failed roll while any is left; no other cat spends one to make "
            f"{who} re-roll a good roll (any cat may: --against K counts K of theirs)")


def tracked_attack(state: State, player: str | None = None, yarn: int | None = None,
                   against: int = 0) -> dict:
    """The Attack in play in a tracked game, for one of its targets: `player`, else the one who
    rolls now, else the one whose roll failed last. Counts a roll already made."""
    card = being_played(state.chain)
    if card is None or card.type != "attack":
        raise OddsQuestion("no Attack is in play in this session; ask `odds catastrophe attack N`")
    if player is not None:
        player = state.player(player).name
        if player not in card.targets:
            raise OddsQuestion(f"{card.label()} is aimed at {', '.join(card.targets)}, not {player}: "
                               f"--player {' | '.join(card.targets)}")
        roller = player
    else:
        failed = [t for t in card.targets if t in card.rolls and card.rolls[t] < (card.number or 1)]
        roller = (waiting_roller(state) if state.chain[-1] is card else None) \
            or (card.last_roller if card.last_roller in failed else None) or (failed[0] if failed else None) \
            or card.last_roller or card.targets[0]
    number = card.number or 1
    basket = state.player(roller).yarn_balls if yarn is None else yarn
    face = None if card.reroll == roller else card.rolls.get(roller)
    chance = defend(number, basket, against) if face is None else after_roll(number, face, basket, against)
    return {"card": card.label(), "roller": roller, "number": number, "yarn": basket, "against": against,
            "rolled": face, "chance": str(chance), "percent": _percent(chance),
            "by_yarn": attack_table(number, basket, against, face), "assumes": _assumes(roller, against),
            "targets": list(card.targets)}


def answer(args: list[str], state: State | None, yarn: int | None = None, player: str | None = None,
           against: int | None = None) -> dict:
    """`attack N` (with up to `yarn` re-rolls): the chance to defend; `attack` alone: the tracked
    Attack's roller (or `player`), with the Yarn Balls in their basket unless `yarn` is given."""
    words = list(args)
    for name, value in (("--yarn", yarn), ("--against", against)):
        if value is not None and value < 0:
            raise OddsQuestion(f"{name} {value}: a number of Yarn Balls, 0 or more; usage: {USAGE}")
    if not words or words[0].lower() != "attack":
        raise OddsQuestion(f"unknown odds question {' '.join(words) or '(none)'!r}; usage: {USAGE}")
    if len(words) == 1:
        if state is None:
            raise OddsQuestion(f"no Attack given and no session to take it from; usage: {USAGE}")
        return tracked_attack(state, player, yarn, against or 0)
    if player is not None:
        raise OddsQuestion(f"--player names a target of the session's Attack; ask `catastrophe attack --player "
                           f"{player}` (without N)")
    if len(words) != 2 or not words[1].isdigit() or not 1 <= int(words[1]) <= MOST:
        raise OddsQuestion(f"attack: give the Attack's number, 1 to {MOST} (above {DIE_FACES} no roll defends); "
                           f"usage: {USAGE}")
    number, yarn, against = int(words[1]), yarn or 0, against or 0
    chance = defend(number, yarn, against)
    return {"number": number, "yarn": yarn, "against": against, "chance": str(chance),
            "percent": _percent(chance), "by_yarn": attack_table(number, yarn, against),
            "assumes": _assumes(None, against)}


def describe(result: dict) -> str:
    who = f"{result['roller']} against {result['card']}: " if "roller" in result else ""
    rolled = result.get("rolled")
    now = f" (rolled {rolled}, {'defended so far' if rolled >= result['number'] else 'failed so far'})" \
        if rolled is not None else ""
    lines = [f"{who}defend on {result['number']} or higher{now}: {result['chance']} = {result['percent']:.2f}% "
             f"with up to {result['yarn']} Yarn Ball re-roll{'s' if result['yarn'] != 1 else ''}"]
    lines += [f"  {row['yarn']} Yarn Ball{'s' if row['yarn'] != 1 else ' '}  {row['chance']:>9}  {row['percent']:6.2f}%"
              for row in result["by_yarn"]]
    lines.append(f"assumes: {result['assumes']}")
    targets = result.get("targets", [])
    if len(targets) > 1:
        lines.append(f"targets: {', '.join(targets)} (another's chance: --player NAME)")
    return "\n".join(lines)


def question_odds(question: list[str], table, *, yarn: int | None = None, player: str | None = None,
                  against: int | None = None, session: str | None = None) -> tuple[dict, str]:
    """Defending an Attack with Yarn Ball re-rolls: `attack N`, or `attack` for the session's (the
    declaration's odds hook)."""
    state = table(False) if len(question) <= 1 or session is not None else None
    result = answer(question, state, yarn=yarn, player=player, against=against)
    return {"game": GAME, **result}, describe(result)
