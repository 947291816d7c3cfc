"""Party of the Theseus's golden session: the commands of one whole game, with plays and counter changes
and a slip undone and redone, as tests/golden/make_golden.py plays them once."""
from __future__ import annotations


def steps():
    from tests.engine.theseus_table import table_game
    from tests.test_play_theseus import _seed_with_everything

    for n, (kind, what, _t) in enumerate(table_game(_seed_with_everything())):
        yield ("track", *what) if kind == "track" else ("play", what)
        if n == 9:
            yield ("track", "undo")
            yield ("track", "redo")
