"""Which effects the table must hear about at once (a game's end, a player out, a threshold, a
round or level ending), most pressing first: shared by the one-line summaries of the CLI and the
log's narration, so both rank a step's triggers alike. Each game declares how pressing each kind of
its effects is (engine.game.Declaration.pressing, one vocabulary: engine.game.RANKS)."""
from __future__ import annotations

from engine.game import ASKS, RANKS

#: at most this many triggers in the line (beside every effect that asks the table to act)
MOST = 2


def tier(effect) -> int | None:
    """How pressing the effect is (engine.game GAME_END 0 ... ROUND_END 3); None for a note."""
    rank = RANKS.get(effect.kind)
    return None if rank == ASKS else rank


def asks(effect) -> bool:
    """Whether the effect asks the table to act now (heal after a kill, take damage, owe a share or a
    discard, name a dealt Power Cat): always in the line, since the table cannot act on a note it does not see."""
    return RANKS.get(effect.kind) == ASKS


def pressing(effects) -> list:
    """The MOST most pressing triggers among the effects, and every effect that asks the table to act,
    in the order they happened."""
    ranked = sorted((tier(e), n) for n, e in enumerate(effects) if tier(e) is not None)[:MOST]
    chosen = {n for _, n in ranked} | {n for n, e in enumerate(effects) if asks(e)}
    return [effects[n] for n in sorted(chosen)]
