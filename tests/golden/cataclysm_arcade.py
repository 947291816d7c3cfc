"""Cataclysm Arcade's golden session: the commands of one whole game, with plays and counter changes
and a slip undone and redone, as tests/golden/make_golden.py plays them once."""
from __future__ import annotations


def steps():
    from tests.engine.test_cataclysm_arcade_engine import GAME, SETUP

    yield ("track", "new", "cataclysm-arcade", "--players", "Ann,Ben,Cy")
    for command in SETUP:
        yield ("track", *command.split())
    for n, step in enumerate(GAME):
        yield ("play", step.partition(": ")[2])
        if n == 3:
            yield ("track", "undo")
            yield ("track", "redo")
