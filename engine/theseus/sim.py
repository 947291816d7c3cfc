"""Party of the Theseus: a mutable copy of the table that a move is played out on.

The Board, the Board Refill (with reveals from the Rank Decks), advancing the Rank with its
Bonuses, and the end of the game's trigger. check() and apply() share it.
"""
from __future__ import annotations

from engine.base import Effect, Reason

from .model import (
    BOARD_SIZE,
    LAST_RANK,
    UNKNOWN,
    BoardCard,
    CardSpec,
    State,
    _deck_empty,
    catalogue,
    rank_only_name,
)
from .rule_ids import R
from .wording import _names


#: a card in a Hand the table does not know (the Hand is a count)
HIDDEN = "?"


class _Sim:
    """A mutable copy of the table that a move is played out on (check and apply share it).

    A Hand the table does not know is a list of HIDDEN cards (plus any it takes in this move), and
    goes back to a count in to_state()."""

    def __init__(self, state: State, cat: dict[str, CardSpec], reveal: tuple[str, ...] = ()):
        self.cat = cat
        self.names = [p.name for p in state.players]
        self.active = self.names.index(state.active)
        self.party = [list(p.party) for p in state.players]
        self.hidden = {i for i, p in enumerate(state.players) if not p.hand_known}
        self.hand = [list(p.hand) if p.hand_known else [HIDDEN] * p.hand for p in state.players]
        self.force = False  # an overruled move: played out as far as it goes
        self.learnt: dict[str, int] = {}  # Ranks of revealed cards the catalogue did not know
        self.last_rank6_left = state.last_rank6_left
        self.turn = state.turn
        self.reward = [list(p.reward_area) for p in state.players]
        self.bonuses = [p.bonuses for p in state.players]
        # board entries: [name or None (unnamed reveal), bonus, rank or None]
        self.board = [[c.name, c.bonus, self.rank_of(c.name)] for c in state.board]
        self.decks = {r: (list(d) if isinstance(d, tuple) else d) for r, d in state.decks.items()}
        self.rank = state.active_rank
        self.used = list(state.used)
        self.basic = state.basic_action
        self.exiled = list(state.exiled)
        self.exiled_bonuses = state.exiled_bonuses
        self.game_over = state.game_over
        self.reveal = list(reveal)
        self.effects: list[Effect] = []
        self.problems: list[Reason] = []
        self.unchecked: list[Reason] = []

    # -- small accessors
    def rank_of(self, name: str | None) -> int | None:
        spec = self.cat.get(name) if name else None
        if spec is not None and isinstance(spec.rank, int):
            return spec.rank
        return self.learnt.get(name) if name else None

    def hand_has(self, who: int, name: str) -> bool:
        return name in self.hand[who] or (who in self.hidden and HIDDEN in self.hand[who])

    def take_from_hand(self, who: int, name: str) -> None:
        """A card leaves a Hand (a hidden Hand gives up one of its unknown cards)."""
        hand = self.hand[who]
        if name in hand:
            hand.remove(name)
        elif HIDDEN in hand:
            hand.remove(HIDDEN)

    def effect(self, kind: str, message: str, rule: str | None, **data) -> None:
        """Something the move does; `data` (who, amount, card) is what code may read of it."""
        self.effects.append(Effect(kind=kind, message=message, rule=rule, **data))

    def note(self, rule: str, message: str) -> None:
        """What the move leaves unchecked, and the rule that leaves it open (each said once)."""
        reason = Reason(rule=rule, message=message)
        if reason not in self.unchecked:
            self.unchecked.append(reason)

    # -- the Board
    def take_from_board(self, names: tuple[str, ...], who: int) -> list[str]:
        taken = []
        for name in names:
            # take the copy with the most Bonuses (copies normally carry the same)
            idx = max(
                (i for i, c in enumerate(self.board) if c[0] == name),
                key=lambda i: self.board[i][1],
                default=None,
            )
            if idx is None:
                continue
            card = self.board.pop(idx)
            taken.append(name)
            if card[1]:
                self.bonuses[who] += card[1]
                self.effect(
                    "bonus-gained",
                    f"{self.names[who]} gains the "
                    f"{'Bonus' if card[1] == 1 else str(card[1]) + ' Bonuses'} on {name} into "
                    "their Reward Area (a Bonus never goes to Hand or Party)",
                    R.GAIN, who=self.names[who], amount=card[1], card=name,
                )
        return taken

    def refill(self, *, cause: str) -> None:
        if len(self.board) >= BOARD_SIZE:
            return
        self.effect(
            "refill",
            f"the Board is down to {len(self.board)} cards ({cause}): Board Refill from the "
            f"Rank {self.rank} deck up to {BOARD_SIZE}",
            R.REFILL,
        )
        while len(self.board) < BOARD_SIZE:
            deck = self.decks.get(self.rank, 0)
            if _deck_empty(deck):
                if self.rank >= LAST_RANK:
                    self.effect(
                        "board-short",
                        f"the Rank 6 deck is empty: there is no deck after it, so the Board stays "
                        f"at {len(self.board)} cards",
                        R.AFTER_6,
                    )
                    break
                self.advance(during_refill=True)
                continue
            if deck == UNKNOWN:
                self.note(
                    R.WHEN_EMPTY, f"the Rank {self.rank} deck was never counted, so whether this "
                    "refill empties it is the table's to say (`companion track next-rank`)"
                )
            self.reveal_one()
            if _deck_empty(self.decks[self.rank]) and self.rank < LAST_RANK:
                self.note(
                    R.DECK_RUNS_OUT, f"the Rank {self.rank} deck is read as advancing the moment its last card "
                    "is revealed (section 10: when it becomes empty), so that card is on the Board for the "
                    "advance and its Bonuses; section 9 (runs out during the refill) could also mean only once "
                    "a further card is wanted"
                )
                self.advance(during_refill=True)
        if self.reveal:
            self.problems.append(
                Reason(
                    rule=R.REVEAL,
                    message=f"the refill turns up fewer cards than named: {_names(self.reveal)} "
                    "would not be revealed",
                )
            )
            self.reveal = []

    def reveal_one(self) -> None:
        rank = self.rank
        deck = self.decks[rank]
        named = self.reveal.pop(0) if self.reveal else None
        if isinstance(deck, list):
            name = deck.pop(0) if deck else None
            if named is not None and named != name:
                self.problems.append(
                    Reason(
                        rule=R.REVEAL,
                        message=f"the next card of the Rank {rank} deck is {name}, not {named}",
                    )
                )
        else:
            if deck != UNKNOWN:
                self.decks[rank] = deck - 1
            name = named
            if name is None:
                name = rank_only_name(rank)
                self.note(
                    R.REVEAL, f"the Rank {rank} deck is not a list of names, so the card it turns "
                    f"up is not named: recorded as \"{name}\" (add `reveal NAME` to the move to name it)"
                )
            else:
                known = self.rank_of(name)
                if known is None:
                    self.learnt[name] = rank
                    self.note(
                        R.REVEAL, f"{name}'s Rank is unknown in the catalogue; taken as a Rank "
                        f"{rank} card because it came from the Rank {rank} deck"
                    )
                elif known != rank:
                    self.problems.append(
                        Reason(
                            rule=R.RANK_DECK,
                            message=f"{name} is a Rank {known} card; it cannot come from the Rank "
                            f"{rank} deck",
                        )
                    )
        if name is None:  # a listed deck with nothing left (an overruled table)
            name = rank_only_name(rank)
        self.effect("reveal", f"reveal {name} from the Rank {rank} deck onto the Board", R.REVEAL, card=name)
        self.board.append([name, 0, self.rank_of(name) or rank])

    def advance(self, *, during_refill: bool) -> None:
        old = self.rank
        self.rank = old + 1
        self.effect(
            "advance",
            f"the Rank {old} deck is empty: the game advances to Rank {self.rank}, whose deck "
            "now refills the Board",
            R.WHEN_EMPTY,
        )
        expired = [c for c in self.board if c[1] > 0]
        if expired:
            self.board = [c for c in self.board if c[1] == 0]
            for c in expired:
                self.exiled.append(c[0])
                self.exiled_bonuses += c[1]
            self.effect(
                "expire",
                f"{_names([c[0] or 'an unnamed card' for c in expired])} still "
                f"{'carries' if len(expired) == 1 else 'carry'} a Bonus at this advance: "
                "card and Bonus are Exiled",
                R.EXPIRED,
            )
        gets = []
        for c in self.board:
            if c[2] is None:
                self.note(
                    R.ON_ADVANCE, f"{c[0]}'s Rank is unknown, so whether it gets a Bonus at the "
                    f"advance to Rank {self.rank} is not checked"
                )
            elif c[2] < self.rank and c[2] < LAST_RANK:
                c[1] = 1
                gets.append(c[0] or f"an unnamed Rank {c[2]} card")
        if gets:
            self.effect(
                "bonus-placed",
                f"each Board card below Rank {self.rank} gets 1 Bonus: {_names(gets)}",
                R.ON_ADVANCE,
            )
        if during_refill and len(self.board) < BOARD_SIZE:
            self.effect(
                "refill-continues",
                f"the Board Refill goes on from the Rank {self.rank} deck",
                R.DECK_RUNS_OUT,
            )

    # -- end of the game
    def end_triggered(self) -> bool:
        """The last Rank 6 card has left the Board: as the table said (`last-rank6`), or as the
        Board and a counted Rank 6 deck show."""
        return self.last_rank6_left or (
            self.rank == LAST_RANK
            and _deck_empty(self.decks.get(LAST_RANK, 0))
            and not any(c[2] == LAST_RANK for c in self.board)
        )

    # -- back to a State
    def to_state(self, state: State) -> State:
        players = tuple(
            p.model_copy(
                update={
                    "party": tuple(self.party[i]),
                    "hand": len(self.hand[i]) if i in self.hidden else tuple(self.hand[i]),
                    "reward_area": tuple(self.reward[i]),
                    "bonuses": self.bonuses[i],
                }
            )
            for i, p in enumerate(state.players)
        )
        board = tuple(BoardCard(name=c[0], bonus=c[1]) for c in self.board)
        decks = {r: (tuple(d) if isinstance(d, list) else d) for r, d in self.decks.items()}
        cards = list(state.cards)
        for name, rank in self.learnt.items():
            given = next((i for i, c in enumerate(cards) if c.name.casefold() == name.casefold()), None)
            if given is None:
                cards.append(CardSpec(name=name, rank=rank, source=f"revealed from the Rank {rank} deck"))
            else:
                cards[given] = cards[given].model_copy(update={"rank": rank})
        return state.model_copy(
            update={
                "players": players,
                "active": self.names[self.active],
                "active_rank": self.rank,
                "board": board,
                "decks": decks,
                "used": tuple(self.used),
                "basic_action": self.basic,
                "exiled": tuple(self.exiled),
                "exiled_bonuses": self.exiled_bonuses,
                "game_over": self.game_over,
                "cards": tuple(cards),
                "last_rank6_left": self.end_triggered(),
                "turn": self.turn,
            }
        )


def end_triggered(state: State) -> bool:
    """True once the last Rank 6 card has left the Board (the game ends at this turn's end)."""
    return _Sim(state, catalogue(state)).end_triggered()
