"""Catopomp's golden session: the commands of one whole game, with plays and counter changes
and a slip undone and redone, as tests/golden/make_golden.py plays them once."""
from __future__ import annotations


def steps():
    from tests.engine.catopomp_players import table_game
    from tests.test_play_catopomp import _seed_with_everything

    yield ("track", "new", "catopomp", "--players", "P1,P2,P3")
    for n, (kind, what, _t) in enumerate(table_game(_seed_with_everything())):
        yield ("track", *what) if kind == "track" else ("play", what)
        if n == 12:  # a slip and its correction, as a table makes them
            yield ("track", "undo")
            yield ("track", "redo")
