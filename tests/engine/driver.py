"""Driving a game's Tracker in tests through the one checked step (engine.base.step), as a session does."""
from __future__ import annotations

from engine.base import Game, step


class Driver:
    """`do` applies a change the rules allow (and checks that a legal verdict already named its
    effects), `refused` returns the verdict of a change they forbid, `overrule` applies anyway."""

    def __init__(self, tracker, effects_in_verdict: bool = True):
        self.tracker = tracker
        self.game = Game(tracker)  # tracker commands only: no engine needed
        self.effects_in_verdict = effects_in_verdict

    def do(self, state, *words):
        stepped = step(self.game, state, list(words), kind="track")
        verdict = stepped.verdict
        assert verdict.legal, [f"{r.rule}: {r.message}" for r in verdict.reasons]
        if self.effects_in_verdict:
            assert stepped.effects == verdict.effects  # a legal verdict says what happens
        return stepped.state, list(stepped.effects)

    def refused(self, state, *words):
        stepped = step(self.game, state, list(words), kind="track")
        assert stepped.refused and stepped.state is state
        return stepped.verdict

    def overrule(self, state, *words):
        stepped = step(self.game, state, list(words), kind="track", overruled=True)
        return stepped.state, list(stepped.effects)

    def play(self, state, *commands):
        """Several legal commands in a row, each a string of words; returns the last state."""
        for command in commands:
            state, _ = self.do(state, *command.split())
        return state


def rules_of(items) -> list[str]:
    """The rule ids of a verdict's reasons, or of a list of effects."""
    items = items.reasons if hasattr(items, "reasons") else items
    return [x.rule for x in items]


def kinds(effects) -> list[str]:
    return [e.kind for e in effects]
