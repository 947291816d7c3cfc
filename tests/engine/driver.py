"""Driving a game's Tracker in tests: parse, check and apply as the storage does."""
from __future__ import annotations


class Driver:
    """`do` applies a change the rules allow (and checks that a legal verdict already named its
    effects), `refused` returns the verdict of a change they forbid, `overrule` applies anyway."""

    def __init__(self, tracker, effects_in_verdict: bool = True):
        self.tracker = tracker
        self.effects_in_verdict = effects_in_verdict

    def do(self, state, *words):
        change = self.tracker.parse(state, list(words))
        verdict = self.tracker.check(state, change)
        assert verdict.legal, [f"{r.rule}: {r.message}" for r in verdict.reasons]
        new_state, effects = self.tracker.apply(state, change)
        if self.effects_in_verdict:
            assert tuple(effects) == verdict.effects  # a legal verdict says what happens
        return new_state, effects

    def refused(self, state, *words):
        verdict = self.tracker.check(state, self.tracker.parse(state, list(words)))
        assert not verdict.legal
        return verdict

    def overrule(self, state, *words):
        return self.tracker.apply(state, self.tracker.parse(state, list(words)))

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
