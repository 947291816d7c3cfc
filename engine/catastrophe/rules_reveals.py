"""CATastrophe: the CATastrophe deck's two kinds of card, as the plays that reveal them. The deck holds
CATastrophic Events and Grim Reapurr cards (catastrophe.catastrophe-deck.two-kinds): the top card may be
either, so a refusal offers both, as `moves` lists both."""
from __future__ import annotations

#: the kinds of card a CATastrophe Phase may turn up, as a reveal names them
REVEALED_KINDS = ("CATastrophic Event", "Grim Reapurr")


def reveal_plays(cat: str) -> list[str]:
    """The reveals open to `cat` in the CATastrophe Phase, in notation: `Abi reveal Grim Reapurr`."""
    return [f"{cat} reveal {kind}" for kind in REVEALED_KINDS]
