"""CATastrophe's golden session: the commands of one whole game, with plays and counter changes
and a slip undone and redone, as tests/golden/make_golden.py plays them once."""
from __future__ import annotations


def steps():
    from tests.engine.catastrophe_table import find_seed, table_game

    steps, _direct = table_game(find_seed("winner"))
    yield ("track", "new", "catastrophe", "--players", "Abi,Betty,Chris,Dan")
    for n, (kind, what) in enumerate(steps):
        yield ("play", what) if kind == "play" else ("track", *what)
        if n == 5:
            yield ("track", "undo")
            yield ("track", "redo")
