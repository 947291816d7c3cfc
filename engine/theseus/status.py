"""Party of the Theseus: what is impossible about a described table, each finding with a rule id."""
from __future__ import annotations

from collections import Counter
from functools import partial

from engine.base import Reason
from engine.words import count

from .model import BOARD_SIZE, LAST_RANK, LIMIT, STARTING_PARTY, State, deck_empty, deck_size, state_names, catalogue, known_rank
from .rule_ids import R
from .table import Table, end_triggered


def status(state: State) -> list[Reason]:
    cat = catalogue(state)
    out: list[Reason] = []

    def add(rule, message):
        out.append(Reason(rule=rule, message=message))

    rank = partial(known_rank, cat)
    for name in sorted(n for n in state_names(state) if n not in cat):
        add(R.NAME, f"{name} is not in the card catalogue: describe it under [[cards]]")

    active_rank = state.active_rank
    if len(state.board) > BOARD_SIZE:
        add(R.BOARD_SIZE, f"the Board holds {len(state.board)} cards; it never holds more than {BOARD_SIZE}")
    left = sum(deck_size(d) for r, d in state.decks.items() if r >= active_rank)
    if len(state.board) < BOARD_SIZE and left:
        add(R.REFILL, f"the Board holds only {count(len(state.board), 'card')} while the Rank Decks still hold "
            f"{left}: it would have been refilled to {BOARD_SIZE}")
    for c in state.board:
        r = rank(c.name)
        if c.name not in cat:
            continue
        if r is None:
            add(R.RANK_RANGE, f"{c.name} is on the Board but its Rank is unknown: give it a rank in [[cards]]")
            continue
        if r > active_rank:
            add(R.REVEAL, f"{c.name} (Rank {r}) is on the Board but the active Rank Deck is Rank {active_rank}")
        if c.bonus and r == LAST_RANK:
            add(R.RANK6_NONE, f"{c.name} is a Rank 6 card with a Bonus; Rank 6 cards never get one")
        elif c.bonus and r >= active_rank:
            add(R.ON_ADVANCE, f"{c.name} (Rank {r}) carries a Bonus, but only cards below the active Rank ({active_rank}) get one")
        if c.bonus > 1:
            add(R.EXPIRED, f"{c.name} carries {c.bonus} Bonuses; a card with a Bonus is Exiled at the next advance")
        if r <= active_rank - 2:
            add(R.EXPIRED, f"{c.name} (Rank {r}) would have been Exiled with its Bonus when Rank {r + 2} began")
        elif r == active_rank - 1 and not c.bonus:
            add(R.ON_ADVANCE, f"{c.name} (Rank {r}) was on the Board when Rank {active_rank} began and should carry a Bonus")
    for r, deck in sorted(state.decks.items()):
        if r < active_rank and deck_size(deck):
            add(R.WHEN_EMPTY, f"the Rank {r} deck still holds cards, yet Rank {active_rank} is active")
        for name in deck if isinstance(deck, tuple) else ():
            if name in cat and rank(name) is None:
                add(R.RANK_RANGE, f"{name} lies in the Rank {r} deck but its Rank is unknown: give it a rank in [[cards]]")
            elif wrong := misplaced(cat, name, r):
                add(R.RANK_DECK, wrong)
    if active_rank < LAST_RANK and deck_empty(state.decks.get(active_rank, 0)):
        add(R.WHEN_EMPTY, f"the active Rank {active_rank} deck is empty; the game would have advanced to Rank {active_rank + 1}")
    for p in state.players:
        for name in (*p.party, *p.hand_cards, *p.reward_area):
            r = rank(name)
            if r is not None and r > active_rank and name not in STARTING_PARTY:
                add(R.RANK_ORDER, f"{p.name} holds {name} (Rank {r}), but Rank {r} cards have not reached the Board yet (active Rank {active_rank})")
        fresh_turn = not state.used and state.basic_action is None
        for zone, size in (("Party", len(p.party)), ("Hand", p.hand_size)):
            if size <= LIMIT:
                continue
            if p.name != state.active:
                add(R.MAX_FOUR, f"{p.name}'s {zone} holds {size} cards outside their turn; at most {LIMIT}")
            elif fresh_turn or state.game_over:
                add(R.PARTY_TIMING if zone == "Party" else R.EXILE_DOWN, f"{p.name}'s {zone} holds {size} "
                    f"cards before anything was done this turn; it must have been cut to {LIMIT}")
    for name in sorted(n for n, k in Counter(state.used).items() if k > 1):
        add(R.NO_REUSE, f"{name} is recorded as used twice this turn")
    if len(state.used) > 2:
        add(R.UP_TO_TWO, f"{len(state.used)} Party cards recorded as used this turn; at most 2")
    if state.used and state.basic_action is not None:
        add(R.BASIC_LOCKS, "a basic action and Party card uses are both recorded for this turn")
    if state.game_over and not end_triggered(state) and not Table(state).rank6_unknown():
        add(R.END, "the game is marked over, but Rank 6 cards remain on the Board or in the deck")
    return out


def misplaced(cat, name: str, deck: int) -> str | None:
    """Why a card listed in the Rank `deck` deck does not belong there (None: it does, or its Rank is unknown)."""
    k = known_rank(cat, name) if name in cat else None
    return f"{name} is a Rank {k} card but lies in the Rank {deck} deck" if k is not None and k != deck else None


def file_problems(state: State) -> list[str]:
    """A card a situation file lists in the wrong Rank Deck, named at its deck's key: `check` and `moves`
    refuse the file (`status` lists it)."""
    cat = catalogue(state)
    return [f"field decks.{r}: {wrong}" for r, deck in sorted(state.decks.items())
            for name in (deck if isinstance(deck, tuple) else ()) if (wrong := misplaced(cat, name, r))]
