"""Which effects the table must hear about at once (a game's end, a player out, a threshold, a
round or level ending), most pressing first: shared by the one-line summaries of the CLI and the
log's narration, so both rank a step's triggers alike."""
from __future__ import annotations

import re

#: effect kinds the table must hear about at once, most pressing first: the game's end, a player
#: (or Enemy) out or back, a threshold, a round or level ending; other effects are notes
#: (`--verbose` shows them); a change that cost something and did nothing (`nothing-refreshed`) and
#: a start-of-round ability that fires by itself (`combo-fires`) are said with the thresholds
#: (the first names the game's end, never a set that wins a trick: Catopomp's `winning-set`)
TIERS = [re.compile(p) for p in (r"game|^won$|^winners?$|reapurr-wins|^lost$",
                                  r"elim|dead|^out$|destroy|defeat|revive|back-in|alive",
                                  r"threshold|^nothing-|^combo-fires$", r"round-over|level-over|last|new-round|^round$|^level$|turn-over")]
#: at most this many triggers in the line
MOST = 2
#: effect kinds that ask the table to do something now (heal after a kill, take Durhak's damage, owe a
#: share or a discard, say whom held damage hits, name a dealt Power Cat): always in the line, beside
#: the MOST triggers, since the table cannot act on a note it does not see
ACT = re.compile(r"^(reward|durhak-damage|damage-due|discard-due|damage-to-deal|damage-unknown|another-enemy|"
                 r"power-cat-named|power-cat|kpt|demon-power|may-unflip|combo-unknown|drunk-roll)$")


def tier(effect) -> int | None:
    return next((n for n, pattern in enumerate(TIERS) if pattern.search(effect.kind)), None)


def major(effect) -> bool:
    return tier(effect) is not None


def asks(effect) -> bool:
    """Whether the effect asks the table to act now."""
    return bool(ACT.search(effect.kind))


def pressing(effects) -> list:
    """The MOST most pressing triggers among the effects, and every effect that asks the table to act,
    in the order they happened."""
    ranked = sorted((tier(e), n) for n, e in enumerate(effects) if major(e))[:MOST]
    chosen = {n for _, n in ranked} | {n for n, e in enumerate(effects) if asks(e)}
    return [effects[n] for n in sorted(chosen)]
