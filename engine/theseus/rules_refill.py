"""A play whose Board Refill turns up cards (Theseus): which cards the refill reveals unnamed, and the
cards the deck can still hold, so a page can offer `... reveal NAME` by taps (or "unknown card"): Views.tap_reveals.
The engine judges each listed play once (nothing applied); a reveal it can only name by Rank
("Rank 1 card") is one the table can name. Pure: the game, the table and the plays in."""
from __future__ import annotations

import re

from engine.base import step

from .model import catalogue

UNNAMED = re.compile(r"Rank (\d) card")
MAX_NAMED = 2  # reveals named by taps in one play (the rest stay unknown, or are typed)


def tap_reveals(game, state, moves: list[str], player: str) -> tuple[dict[str, dict], list[str]]:
    """What a page offers by taps beside `moves`: the plays whose refill turns up unnamed cards
    (`refills`) and those plays with `reveal NAME` for each card it could be (`with_reveals`)."""
    found = refills(game, state, moves, player) if moves else {}
    return found, with_reveals(state, found)


def refills(game, state, moves: list[str], player: str) -> dict[str, dict]:
    """{play: {"ranks": [the Rank of each card its refill turns up unnamed], "cards": [names the first
    could be]}} for each listed play whose refill turns up a card it does not name."""
    out = {}
    for move in moves:
        if " reveal " in f" {move} ":
            continue
        try:
            judged = step(game, state, move, by=player, apply=False)
        except Exception:  # noqa: BLE001 - a play the engine cannot judge here: no reveal offered
            continue
        ranks = [int(m.group(1)) for e in judged.verdict.effects
                 if e.kind == "reveal" and e.card and (m := UNNAMED.fullmatch(e.card))]
        if ranks:
            out[move] = {"ranks": ranks, "cards": candidates(state, ranks[0])}
    return out


def candidates(state, rank: int, left_out: tuple[str, ...] = ()) -> list[str]:
    """The catalogue's cards of this Rank that are nowhere on the table yet (Board, Hands, Parties,
    Reward Areas), by name."""
    seen = set(left_out)
    seen.update(card.name for card in state.board)
    for p in state.players:
        seen.update((*p.hand_cards, *p.party, *p.reward_area))
    return sorted(n for n, spec in catalogue(state).items()
                  if spec.rank == rank and n not in seen and not UNNAMED.fullmatch(n))


def with_reveals(state, found: dict[str, dict]) -> list[str]:
    """The plays `... reveal A` (and `... reveal A B` for a second unnamed card) a page may tap."""
    out = []
    for move, said in found.items():
        for first in said["cards"]:
            out.append(f"{move} reveal {first}")
            if len(said["ranks"]) > 1 and MAX_NAMED > 1:
                out += [f"{move} reveal {first} {second}" for second in candidates(state, said["ranks"][1], (first,))]
    return out
