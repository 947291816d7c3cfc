"""CATastrophe: the readings the referee takes where the rulebook is silent or speaks two ways, each an
`unchecked` note (never a silent "legal", issue 20) said once per game (engine/readings.py); rules.py
adds those a play's form decides, `from_effects` those its effects rest on. docs/moves-catastrophe.md lists them."""
from __future__ import annotations

from engine.base import Reason
from engine.readings import MARK

from .rule_ids import R


def _reading(rule: str, text: str) -> Reason:
    """A reading as an `unchecked` note: the rule that leaves the point open, and what is read."""
    return Reason(rule=rule, message=MARK + text)


POWER_CAT_WHEN = _reading(R.POWER_WHEN, (
    "while a card is in play, any cat still in may answer it with a Power Cat, on any turn (Taking Your "
    "Turn names Power Cats in the Claw Phase; only the Reaction Cards Example hints at one mid-argument)"))
PASS_TARGET = _reading(R.PASS, (
    "a Pass acts on the most recent card in play that is not a Reaction, which must be an Attack or "
    "Curiosity aimed at the passer (Reaction Cards, Pass: 'instead of you')"))
PASS_ONTO_TARGET = _reading(R.PASS, (
    "an Attack on several cats passed to another cat it aims at aims at that cat once: one roll, one loss "
    "(Reaction Cards, Pass: 'now the target of the card instead of you')"))
PASS_TO_OUT = _reading(R.PASS, (
    "a Pass that takes effect after the cat it names went out of the game still hands the card on, and the "
    "card then costs nobody (Reaction Cards, Pass; Eliminated!: out of the game; neither says which way)"))
MICE_MISCHIEF = _reading(R.RGD_EXAMPLE, (
    "MICE MISCHIEF is an Attack 3 on every other cat that costs 2 lives, with the Red Glowy Dot (Red "
    "Glowy Dot Symbol Example; its card and type are not printed)"))
LOSS_AT_RESOLVE = _reading(R.ATTACK_LOSE, (
    "a failed roll costs its lives when the Attack takes effect (`resolve`), after any Yarn Ball re-rolls "
    "(the Red Glowy Dot Symbol Example tells the loss with the roll)"))
YARN_OWN_DIE = _reading(R.YARN_REROLL, (
    "a Yarn Ball spent without naming a die re-rolls the spender's own failed roll, else the die rolled "
    "last (Yarn Balls: any player's die may be re-rolled)"))
YARN_NEW_ROLL = _reading(R.YARN_REROLL, (
    "the re-rolled die replaces the old roll, which no longer counts (Yarn Balls: does not say which roll "
    "is kept)"))
TOGETHER = _reading(R.REAPURR_WINS, (
    "cats put out by one card or one command go out together, so when they are all the cats left the Grim "
    "Reapurr wins (End of Game: 'simultaneously' is not defined)"))
OUT_ON_OWN_TURN = _reading(R.OUT, (
    "a cat eliminated during its own turn has no turn left; the next cat still in plays next "
    "(Eliminated!: out of the game; Taking Your Turn)"))
MEOWTAIN_NO_SPACE = _reading(R.KING_LOSE, (
    "in King of the Meowtain a cat with every space below taken goes below the 1 space and is eliminated "
    "(King of the Meowtain: does not say)"))
NINE_SPACE_ALWAYS = _reading(R.KING_NINE, (
    "in King of the Meowtain a gain with no open space above always takes the cat onto the 9 space others "
    "hold, however far up (King of the Meowtain: the cat may move there; whether it may stay put is not said)"))
HAND_LIMIT_PICKS = _reading(R.HAND_LIMIT, (
    "a cat over 7 cards picks its own discards (A Few More Things: the hand is cut to 7 at once; who picks "
    "is not said)"))
POWER_CAT_LIMIT_PICKS = _reading(R.POWER_CAT_LIMIT, (
    "a cat over 3 Power Cats picks which of them to discard, so the ones named in front of it are no longer "
    "known (A Few More Things: cut to 3 at once; which ones, and who picks, is not said)"))
ATTACK_ABOVE_DIE = _reading(R.ATTACK_ROLL, (
    "an Attack numbered above 6 stands as printed and cannot be defended by a roll, since one die shows at "
    "most 6 (Attack: the number is on the card; the rulebook gives it no range)"))
SELF_TARGET = _reading(R.ATTACK_CHOOSE, (
    "a cat may aim its own Attack or Curiosity at itself (Attack, Curiosity: 'choose a player'; only the "
    "Yarn Ball says 'including you')"))
PASS_WAITING = _reading(R.PASS, (
    "while a Pass is waiting to take effect the card stays aimed at its old target, so its new target may "
    "not pass it on yet (Reaction Cards, Pass: does not say when the new target may answer)"))
PASS_NOT_SELF = _reading(R.PASS, (
    "a Pass goes to another cat, not back to the passer (Reaction Cards, Pass: 'any player', yet "
    "'instead of you')"))

#: (effect kind, rule or None for any) -> the reading that effect rests on
BY_EFFECT = {
    ("not-defended", None): LOSS_AT_RESOLVE,
    ("re-roll", R.YARN_REROLL): YARN_NEW_ROLL,
    ("pass-void", None): PASS_TARGET,
    ("grim-reapurr-wins", None): TOGETHER,
    ("turn-over", None): OUT_ON_OWN_TURN,
    ("meowtain-no-space", None): MEOWTAIN_NO_SPACE,
    ("meowtain-move", R.KING_NINE): NINE_SPACE_ALWAYS,
    ("hand-limit", None): HAND_LIMIT_PICKS,
    ("power-cat-limit", None): POWER_CAT_LIMIT_PICKS,
}

ALL = (POWER_CAT_WHEN, PASS_TARGET, PASS_ONTO_TARGET, PASS_TO_OUT, MICE_MISCHIEF, LOSS_AT_RESOLVE, YARN_OWN_DIE, YARN_NEW_ROLL, TOGETHER,
       OUT_ON_OWN_TURN, MEOWTAIN_NO_SPACE, NINE_SPACE_ALWAYS, HAND_LIMIT_PICKS, POWER_CAT_LIMIT_PICKS,
       ATTACK_ABOVE_DIE, SELF_TARGET, PASS_WAITING, PASS_NOT_SELF)


def from_effects(effects) -> list[Reason]:
    """The readings the effects rest on, each once, in the order they first apply."""
    found = [BY_EFFECT.get((e.kind, e.rule)) or BY_EFFECT.get((e.kind, None)) for e in effects]
    return list(dict.fromkeys(r for r in found if r))

