"""Party of the Theseus tracker verbs of the Rank and the turn: `rank`, `next-rank`, `last-rank6` and
`next`. Their checks, then the Table's own Rank advance and end of turn (the ones plays use)."""
from __future__ import annotations

from engine.words import count, listing

from .model import LAST_RANK, UNKNOWN, State, deck_size
from .rule_ids import R
from .table import Table
from .track_score import standings


def rank(table: Table, rank: int) -> None:
    """`rank R`: the Rank Deck now active (Ranks only go up; one refill may pass several)."""
    if not 1 <= rank <= LAST_RANK:
        table.forbid(
            R.NO_DECK_AFTER_6 if rank > LAST_RANK else R.RANK_RANGE,
            f"the Rank Decks are Rank 1 to Rank 6; there is no Rank {rank}",
        )
    target = min(max(rank, 1), LAST_RANK)
    if target < table.rank:
        table.forbid(
            R.RANK_ORDER,
            f"the Rank only goes up (1, 2, 3, 4, 5, 6): the game is at Rank {table.rank}, it cannot go back to {target}",
        )
        table.say("rank-back", f"the active Rank goes back to {target} (the table's decision)", R.RANK_ORDER)
        table.rank = target
        if table.last_rank6_left:
            table.last_rank6_left = False
            table.say("end-cancelled", "the last Rank 6 card is no longer recorded as gone", R.END)
    elif target == table.rank:
        table.say("no-change", f"the game is already at Rank {target}", None)
    else:
        advance_to(table, target)


def advance_to(table: Table, target: int) -> None:
    """The table announces Rank `target`: what that means said as reminders (the Board may not be
    laid out), then the Table's own advance, one Rank at a time, on the Board as recorded."""
    old = table.rank
    counted = [(r, deck_size(table.decks[r])) for r in range(old, target) if deck_size(table.decks.get(r, UNKNOWN))]
    for r, left in counted:  # a Rank ends only when its deck runs out (a deck never counted: taken on trust)
        table.forbid(R.WHEN_EMPTY, f"the Rank {r} deck still holds {count(left, 'card')} as counted: a Rank ends "
                     f"only when its deck runs out; if it has, record it first (`deck {r} 0`)", f"deck {r} 0")
    if target == old + 1:
        table.say("advance", f"the Rank {old} deck is empty: Rank {target} begins; its deck now refills the Board", R.WHEN_EMPTY)
    else:
        passed = ", ".join(str(r) for r in range(old + 1, target))
        table.say(
            "advance",
            f"the Rank {old} to Rank {target - 1} decks are empty (passing through Rank {passed}): "
            f"Rank {target} begins; its deck now refills the Board",
            R.WHEN_EMPTY,
        )
    if target >= 3:
        table.say(
            "bonus-expire",
            f"any Board card still carrying a Bonus from the start of Rank {target - 1} is Exiled with it",
            R.EXPIRED,
        )
    table.say("bonus-placed", f"each card left on the Board below Rank {target} gets 1 Bonus", R.ON_ADVANCE)
    before = len(table.board)
    while table.rank < target:
        table.advance()
    if len(table.board) < before and deck_size(table.decks.get(table.rank, UNKNOWN)):
        # cards Exiled with their Bonus left the Board: the counted new deck refills it, as in a play
        table.refill(cause="cards Exiled with their Bonus left it")
    if target == LAST_RANK:
        # counted, the Rank 6 deck and the recorded Board show when its last card has left (plays refill
        # from it, `deck 6 N` counts it): only an uncounted deck needs the table to say so
        table.say(
            "last-rank",
            "Rank 6 is the last Rank Deck: when its last card leaves the Board, type `last-rank6`"
            if table.decks.get(LAST_RANK, UNKNOWN) == UNKNOWN else
            "Rank 6 is the last Rank Deck, and it is counted: once it is out and the Board as recorded holds "
            "no Rank 6 card, the game ends with that turn",
            R.NO_DECK_AFTER_6,
        )


def next_rank(table: Table) -> None:
    """`next-rank`: the next Rank Deck is active (none after Rank 6)."""
    if table.rank >= LAST_RANK:
        table.forbid(R.NO_DECK_AFTER_6, "the game is at Rank 6: there is no Rank Deck after Rank 6")
        table.say("no-change", "there is no Rank 7: the Rank stays 6", R.NO_DECK_AFTER_6)
    else:
        advance_to(table, table.rank + 1)


def last_rank6(table: Table) -> None:
    """`last-rank6`: the last Rank 6 card has left the Board; the game ends with this turn."""
    if table.last_rank6_left:
        table.forbid(R.END, "the last Rank 6 card is already recorded as gone from the Board")
        return
    if table.rank < LAST_RANK:
        table.forbid(
            R.END,
            f"the game is at Rank {table.rank}: Rank 6 cards reach the Board only once the Rank 6 deck "
            "is active, so the last one cannot have left it",
        )
        table.say("rank", f"the game is taken to be at Rank 6 (it was Rank {table.rank}; the table's decision)", R.RANK_ORDER)
        table.rank = LAST_RANK
    still, left = _rank6_to_leave(table)
    if still or left:
        table.forbid(R.END, "the last Rank 6 card has not left the Board as recorded: "
                     + (f"{listing(still)} (Rank 6) {'is' if len(still) == 1 else 'are'} still on it" if still
                        else f"the Rank 6 deck still holds {count(left, 'card')}")
                     + "; record the Board (`board ...`) or the deck (`deck 6 N`) as they are")
    table.last_rank6_left = True
    table.say(
        "game-end-pending",
        f"the last Rank 6 card has left the Board: the game ends at the end of {table.active}'s turn; "
        "type `next` when it is over",
        R.END,
    )


def _rank6_to_leave(table: Table) -> tuple[list[str], int]:
    """The Rank 6 cards the record shows still to leave the Board: those on it, and the deck's count."""
    return [c[0] for c in table.board if c[2] == LAST_RANK], deck_size(table.decks.get(LAST_RANK, 0))


def next_turn(table: Table) -> None:
    """`next`: the turn is over (not with an over-full Party or Hand), as a play's `end` ends it."""
    table.problems += table.over_limit("the turn ends")
    if table.end_turn():
        standings(table, final=True)


def rank_advice(state: State, change, found, refused_last_rank6: bool = False) -> list[str]:
    """What a refused `rank` or `next-rank` could be instead, as far as the game has got (at Rank 6
    `last-rank6` only when the record shows no Rank 6 card still to leave the Board, else `next`, the
    turn's end); refused while a Rank Deck is still counted, its record as run out (`deck R 0`)."""
    if any(r.rule == R.WHEN_EMPTY for r in found.problems):
        return list(dict.fromkeys(found.advice))
    if state.active_rank < LAST_RANK:  # neither past a deck still counted above 0 (advance.when-empty)
        table = Table(state)
        held = [r for r in range(state.active_rank, LAST_RANK) if deck_size(table.decks.get(r, UNKNOWN))]
        return [a for a, stop in (("next-rank", state.active_rank), (f"rank {LAST_RANK}", LAST_RANK - 1))
                if not held or held[0] > stop]
    to_leave = any(_rank6_to_leave(Table(state)))
    return ["last-rank6"] if not (state.last_rank6_left or to_leave or refused_last_rank6) else ["next"]


def last_rank6_advice(state: State, change, found) -> list[str]:
    """A refused `last-rank6` never offers itself again, nor a `next-rank` that stops short of Rank 6."""
    advice = rank_advice(state, change, found, refused_last_rank6=True)
    return [a for a in advice if a != "next-rank" or state.active_rank == LAST_RANK - 1]


def next_advice(state: State, change, found) -> list[str]:
    """A `next` refused for an over-full Party or Hand: list them down to four first."""
    if not {r.rule for r in found.problems} & {R.PARTY_TIMING, R.EXILE_DOWN}:
        return []
    who = state.active.lower()
    return [f"party {who} CARD CARD CARD CARD", f"hand {who} CARD CARD CARD CARD"]
