"""Catharsis's golden session: the commands of one whole game, with plays and counter changes
and a slip undone and redone, as tests/golden/make_golden.py plays them once."""
from __future__ import annotations


def steps():
    """A Monster fought as the guides tell it: Soraten's activation by plays (docs/games/catharsis.md),
    the Monster's attack, the refresh and the kill by counter changes (docs/track-catharsis.md)."""
    yield ("track", "new", "catharsis", "--players", "Dave,Mary", "--option", "morale=18",
           "--option", "characters=Dave=Soraten", "--option", "thresholds=17:everyone takes 2 damage")
    for play in ("next-card monster", "enemy Crab 8/10/12/14/16", "combat start", "combat attack",
                 "rename Dave 1 Sky is the Limit", "roll Dave 3 4 4 4 5 6", "reroll Dave 3 4 4 4 5 6 to 1 1 2 3 3 4",
                 "reroll Dave 3 3 4 to 1 2 5"):
        yield ("play", play)
    yield ("play", "adjust Dave 5 -3", "--by", "Mary")
    yield ("play", "use Dave 1 top")
    for words in ("enemy damage 4", "combat enemy", "damage mary exhaust 2", "combat refresh", "refresh",
                  "combat round", "combat attack"):
        yield ("track", *words.split())
    yield ("track", "undo")
    yield ("track", "redo")
    yield ("play", "roll Mary 6 6 5 4 3 2")
    for words in ("enemy damage 6", "heal dave 1", "heal mary 2", "morale -1"):
        yield ("track", *words.split())
