"""A Catharsis table for the engine tests: a new session's state (Morale 18 unless said) with plays
applied, each checked legal first (the failure names the play and why it was refused)."""
from __future__ import annotations

from engine import get_engine, get_tracker

E = get_engine("catharsis")
TRACKER = get_tracker("catharsis")


def table(*plays, players=("Ann", "Ben"), **options):
    options.setdefault("morale", "18")
    state = TRACKER.declaration.verbs.new_state(list(players), options)
    for text in plays:
        state = play(state, text)
    return state


def play(state, text):
    move = E.plays.parse_move(text, state)
    verdict = E.check(state, move)
    assert verdict.legal, (text, [r.message for r in verdict.reasons])
    return E.plays.apply(state, move)
