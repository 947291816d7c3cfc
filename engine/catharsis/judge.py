"""Catharsis: check() and apply(): a change goes to its verb's _check_VERB / _apply_VERB (in the
topic modules), then the game's end is settled; with the pieces every topic shares."""
from __future__ import annotations

from engine.base import EngineError, Effect, Reason, Verdict
from engine.tracking import Change

from .rule_ids import R
from .model import State
from .reading import is_pattern
from .readings import AFTER_WIN, readings_of


class Refusals:
    """What a verb's _check_VERB collects: called as `no(R.RULE, message, *advice)` for a refusal;
    `no.unchecked(Reason)` names what the verdict cannot judge, or which reading of the rulebook it took,
    and the rule that leaves it open."""

    def __init__(self) -> None:
        self.reasons: list[Reason] = []
        self.alternatives: list[str] = []
        self.notes: list[Reason] = []

    def __call__(self, rule: str, message: str, *alts: str) -> None:
        self.reasons.append(Reason(rule=rule, message=message))
        self.alternatives.extend(alts)

    def unchecked(self, note: Reason) -> None:
        self.notes.append(note)


class Judge:
    """The entry points check() and apply(), and the shared pieces of apply (on the dumped dict `d`)."""

    def check(self, state: State, change: Change) -> Verdict:
        no = Refusals()
        self._route_check(state, change, no)
        if no.reasons:
            advice = tuple(a for a in dict.fromkeys(no.alternatives) if self._works(state, a))
            return Verdict(legal=False, reasons=tuple(no.reasons), alternatives=advice,
                           unchecked=tuple(dict.fromkeys(no.notes)))
        _, effects = self.apply(state, change)
        notes = [*no.notes, *readings_of(change, effects)]
        return Verdict(legal=True, effects=tuple(effects), unchecked=tuple(dict.fromkeys(notes)))

    def _works(self, state: State, advice: str) -> bool:
        """Advice is offered only if it is a command the table can type now and the rules allow
        (advice with placeholders such as NAME or N is a pattern and is kept)."""
        words = advice.split()
        if is_pattern(advice):
            return True
        try:
            change = self.parse(state, words)
        except EngineError:
            return False
        no = Refusals()
        self._route_check(state, change, no)
        return not no.reasons

    def _route_check(self, state: State, change: Change, no) -> None:
        if state.outcome == "lost":
            no(R.LOSING, "the party has lost; the game is over")
        elif state.outcome == "won" and not self._on_defeat_change(change):
            no(R.WIN, "the party has won; the game is over (only the Boss's On Defeat effects may still "
                      "cost Morale or deal damage)", "morale -1")
            no.unchecked(AFTER_WIN)
        else:
            getattr(self, "_check_" + change.verb.replace("-", "_"), lambda s, c, n: None)(state, change, no)

    @staticmethod
    def _on_defeat_change(change: Change) -> bool:
        """After the Boss falls, its On Defeat abilities may still drop Morale or deal damage (and so
        lose the game after all); nothing else changes the table any more."""
        if change.verb == "morale":
            return int(change.args[0]) < 0
        return change.verb == "damage"

    def apply(self, state: State, change: Change) -> tuple[State, list[Effect]]:
        d = state.model_dump(mode="json")
        effects: list[Effect] = []
        getattr(self, "_apply_" + change.verb.replace("-", "_"))(d, change, effects)
        self._settle(d, effects)
        return State(**d), effects

    # -- shared pieces (operate on the dumped dict `d`) ------------------------

    @staticmethod
    def _p(d: dict, name: str) -> dict:
        return next(p for p in d["players"] if p["name"] == name)

    @staticmethod
    def _eff(effects: list[Effect], kind: str, message: str, rule: str | None, who: str | None = None,
             amount: int | None = None, card: str | None = None) -> None:
        """An effect: its message for people, and for code the player (`who`), the number and the card
        (a power or an Enemy) it concerns."""
        effects.append(Effect(kind=kind, message=message, rule=rule, who=who, amount=amount, card=card))

    def _settle(self, d: dict, effects: list[Effect]) -> None:
        """Game-end consequences: Morale at 0, everyone dead."""
        if d["outcome"] == "lost":
            return
        lost_rule = None
        if d["morale"] is not None and d["morale"] <= 0:
            lost_rule = R.ATTACK_MORALE_ZERO if d["combat_step"] == "enemy-attack" else R.MORALE_ZERO
            why = "Morale has reached 0"
        elif d["players"] and all(p["dead"] for p in d["players"]):
            lost_rule = R.ALL_DEAD
            why = "every character is dead"
        if lost_rule:
            if d["outcome"] == "won":
                self._eff(effects, "lost", f"{why} while resolving the Boss's defeat: the party loses after "
                                           f"all", R.WIN_LOST)
            else:
                self._eff(effects, "lost", f"{why}: the party loses", lost_rule)
            d["outcome"] = "lost"
