"""Party of the Theseus tracker changes for the table as it is laid out: the Board, how many cards
each Rank Deck holds, a Hand the table knows only by its size, and what an advance the table
announces (`next-rank`, `rank R`) does to a tracked Board. Worked out on the _Desk of
track_changes.py."""
from __future__ import annotations

from engine.base import MoveSyntaxError, card_count

from .model import BOARD_SIZE, LAST_RANK, LIMIT, UNKNOWN
from .rule_ids import R
from .wording import _names, _plural


def board(desk, args: tuple[str, ...]) -> None:
    """The Board as the table lays it out (at set-up) or sees it (a correction). A card the
    catalogue does not know is taken to come from the active Rank Deck, so it gets that Rank."""
    from .track_changes import _read_item, _resolve

    if len(args) > BOARD_SIZE:
        desk.forbid(R.BOARD_SIZE, f"the Board holds at most {BOARD_SIZE} cards, not {len(args)}")
    had = {}
    for name, bonus in desk.board:
        had.setdefault(name, []).append(bonus)
    laid = []
    for text in args:
        item = _read_item(text)
        if item.name is not None and item.rank is None and desk.spec(item.name) is None:
            item = item.model_copy(update={"rank": desk.rank})
        name = _resolve(desk, item, where="the Board")
        bonuses = had.get(name)
        laid.append([name, bonuses.pop(0) if bonuses else 0])
    desk.board = laid
    desk.say("board", f"the Board: {_names([n for n, _ in laid])}", R.BOARD_SIZE)


def deck(desk, args: tuple[str, ...]) -> None:
    """How many cards a Rank Deck holds, as the table counts them."""
    rank, count = int(args[0]), int(args[1])
    if not 1 <= rank <= LAST_RANK:
        desk.forbid(R.RANK_RANGE, f"the Rank Decks are Rank 1 to 6; there is no Rank {rank} deck")
        return
    if rank < desk.rank and count:
        desk.forbid(R.WHEN_EMPTY, f"the Rank {rank} deck ran out before Rank {desk.rank} began: it holds no card")
    desk.decks[rank] = count
    desk.say("deck", f"the Rank {rank} deck holds {_plural(count, 'card')}", R.RANK_ORDER)


def hand_count(desk, who: str, count: int) -> None:
    """A Hand the table knows only by its size (its cards are then not followed)."""
    if count > LIMIT:
        desk.forbid(R.MAX_FOUR, f"a Hand holds at most {LIMIT} cards once all effects have resolved, not {count}")
    desk.hand[who] = count
    desk.hand_ranks.pop(who, None)
    desk.say("hand", f"{who}'s Hand: {_plural(count, 'card')}, not known to the table", R.TIE_HAND)


def advance_board(desk, old: int, target: int) -> None:
    """What the advances from Rank `old` to `target` do to a tracked Board: at each, the cards still
    carrying a Bonus are Exiled with it, then the cards below the new Rank get one; the decks passed
    are empty."""
    for rank in range(old, target):
        if desk.decks.get(rank, UNKNOWN) != 0:
            desk.decks[rank] = 0
    if not desk.board:
        return
    for new in range(old + 1, target + 1):
        gone = [c for c in desk.board if c[1]]
        if gone:
            desk.board = [c for c in desk.board if not c[1]]
            desk.exiled += [c[0] for c in gone]
            desk.exiled_bonuses += sum(c[1] for c in gone)
            desk.say("expire", f"{_names([c[0] for c in gone])} Exiled with {'its' if len(gone) == 1 else 'their'} "
                     "Bonus", R.EXPIRED)
        got = []
        for c in desk.board:
            spec = desk.spec(c[0])
            rank = spec.rank if spec is not None and isinstance(spec.rank, int) else None
            if rank is not None and rank < new and rank < LAST_RANK:
                c[1] = 1
                got.append(c[0])
        if got:
            desk.say("bonus-on", f"{_names(got)} {'gets' if len(got) == 1 else 'get'} a Bonus at Rank {new}",
                     R.ON_ADVANCE)


def parse_board(words: list[str], pool: dict[str, str]) -> tuple[str, ...]:
    """`board Paladin Witch Squire:1 ...`: names as the catalogue spells them; a name it lacks is
    kept as typed (it is then a card of the active Rank)."""
    if not words:
        raise MoveSyntaxError("board: list the cards on the Board, e.g. `board Paladin Witch Buster Kunoichi`")
    out = []
    for word in words:
        name, _, rank = word.partition(":")
        known = pool.get(name.casefold(), name)
        out.append(f"{known}:{rank}" if rank else known)
    return tuple(out)


def parse_deck(words: list[str]) -> tuple[str, ...]:
    """`deck RANK COUNT`."""
    if len(words) != 2 or not all(w.isdigit() for w in words):
        raise MoveSyntaxError("deck: give the Rank and how many cards its deck holds, e.g. `deck 1 12`")
    return (str(int(words[0])), str(card_count(words[1], "deck")))
