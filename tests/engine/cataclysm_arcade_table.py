"""Cataclysm Arcade test helper: a table built the way a session builds it."""
from __future__ import annotations

from engine.cataclysm_arcade import Engine, Tracker

E = Engine()
T = Tracker()


def arcade_table(*steps: str, players=("Ann", "Ben")):
    """A new table for `players`, then tracker words (`track ...`) and plays (`play ...`), each checked
    legal; a tracker step ending `--overrule` is one the rules refuse, recorded as the table says (a
    Fighter a card effect puts into play)."""
    state = T.declaration.verbs.new_state(list(players), {})
    for command in steps:
        kind, _, words = command.partition(" ")
        if kind == "track":
            overrule = words.endswith(" --overrule")
            change = T.parse(state, words.removesuffix(" --overrule").split())
            assert T.check(state, change).legal is not overrule, command
            state, _ = T.apply(state, change)
        else:
            move = E.plays.parse_move(words, state)
            assert E.check(state, move).legal, (command, E.check(state, move).as_json())
            state = E.plays.apply(state, move)
    return state
