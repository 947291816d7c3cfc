"""Party of the Theseus: the one working table, a mutable copy of the State that one play (rules.py) or
one tracker verb (track*.py) is worked out on, with the table's transitions written once for both. A Hand
the table does not know is a list of HIDDEN cards (plus any it takes), a count again in freeze().
"""
from __future__ import annotations

from functools import cached_property

from engine.base import Reason
from engine.tracking import WorkingTable

from .model import (
    BOARD_SIZE, GAME, LAST_RANK, LIMIT, RANK_ONLY_NAMES, STARTING_PARTY, UNKNOWN, BoardCard, CardSpec, State,
    deck_empty, merged_catalogue, rank_only_name,
)
from .rule_ids import R
from engine.words import count, listing, teach

#: a card in a Hand the table does not know (the Hand is a count)
HIDDEN = "?"

#: the Hand's deadline is a reading: the rulebook times only the Party's cut
HAND_TIMING_READING = Reason(
    rule=R.EXILE_DOWN,
    message=f"reading: the Hand is read as due back to {LIMIT} before the next card or the turn's end, like "
    "the Party; section 8 gives that deadline for the Party only and says for both just that the cut "
    "follows the resolution",
)
#: a Rank Deck running out during a refill: when it counts as empty, and what the advance does first,
#: are readings (refill.deck-runs-out); each message is one text, so it is said once per game
ADVANCE_AT_LAST_REVEAL = Reason(
    rule=R.DECK_RUNS_OUT,
    message="reading: a Rank Deck is read as running out the moment its last card is revealed, so that card is "
    "on the Board for the advance and its Bonuses; section 9 (runs out during the refill) could also mean "
    "only once a further card is wanted",
)
ADVANCE_ORDER = Reason(
    rule=R.DECK_RUNS_OUT,
    message="reading: at an advance during a refill the cards still carrying a Bonus are Exiled first, then the "
    "new Bonuses are placed, then the refill goes on from the new deck into the spaces left; sections 9 "
    "to 11 give no order",
)
#: a multiple Explore's refill, and a turn with nothing done, are readings (icons.explore.multiple,
#: turn.up-to-two-cards); each message is one text, so it is said once per game
MULTI_EXPLORE_READING = Reason(
    rule=R.EXPLORE_MULTI,
    message="reading: the cards of one multiple Explore are read as taken together, with one Board Refill after "
    "the last; section 9 (a refill at once when the Board drops to 3) could also mean one between them",
)
EMPTY_TURN_READING = Reason(
    rule=R.UP_TO_TWO,
    message="reading: a turn may end with no Party card used and no basic action; sections 4 and 6 give "
    "only a most (up to 2 cards, or one basic action)",
)
#: which area a card's end-game points count in is a reading (tiebreakers.end-game-scoring-area)
SCORING_AREA_READING = Reason(
    rule=R.SCORING_AREA,
    message="reading: a card's end-game points count only with the card in the area its text names; "
    "section 13 does not say which area is meant",
)


class Table(WorkingTable):
    """The State, mutable, with what the play or change does to it: effects said, problems found
    (reasons to refuse) and points left unchecked. `force` (an overruled play) plays it out as far
    as it goes."""

    def __init__(self, state: State, reveal: tuple[str, ...] = ()):
        super().__init__(state)
        self.cards = list(state.cards)
        self.names = [p.name for p in state.players]
        self.active = state.active
        self.party = {p.name: list(p.party) for p in state.players}
        self.hidden = {p.name for p in state.players if not p.hand_known}
        self.hand = {p.name: list(p.hand) if p.hand_known else [HIDDEN] * p.hand for p in state.players}
        self.reward = {p.name: list(p.reward_area) for p in state.players}
        self.bonuses = {p.name: p.bonuses for p in state.players}
        # board entries: [name, Bonuses on it, Rank or None]
        self.board = [[c.name, c.bonus, self.rank_of(c.name)] for c in state.board]
        self.decks = {r: (list(d) if isinstance(d, tuple) else d) for r, d in state.decks.items()}
        self.rank = state.active_rank
        self.used = list(state.used)
        self.basic = state.basic_action
        self.exiled = list(state.exiled)
        self.exiled_bonuses = state.exiled_bonuses
        self.game_over = state.game_over
        self.last_rank6_left = state.last_rank6_left
        self.turn = state.turn
        self.effect_points = dict(state.effect_points)
        self.party_ranks = dict(state.party_ranks)
        self.hand_ranks = dict(state.hand_ranks)
        self.force = False
        self.reveal = list(reveal)

    # -- the catalogue
    @cached_property
    def cat(self) -> dict[str, CardSpec]:
        return merged_catalogue(tuple(self.cards))

    def spec(self, name: str | None) -> CardSpec | None:
        if not name:
            return None
        cat = self.cat
        if name in cat:
            return cat[name]
        return next((s for n, s in cat.items() if n.casefold() == name.casefold()), None)

    def rank_of(self, name: str | None) -> int | None:
        spec = self.spec(name)
        return spec.rank if spec is not None and isinstance(spec.rank, int) else None

    def standin(self, name: str, hand=()) -> str | None:
        """The card a recorded Hand may hold in the place of `name`: one the table knows by `name`'s Rank
        only ("Rank 1 card" for Witch); for a card of unknown Rank, any such card of the Hand: the first
        it lists (unknown_rank_choices names the others it may be as well). None for a card itself known
        by its Rank only, or no such card."""
        if name.casefold() in RANK_ONLY_NAMES:
            return None
        rank = self.rank_of(name)
        if rank is not None:
            return rank_only_name(rank)
        return next((c for c in hand if c.casefold() in RANK_ONLY_NAMES), None)

    def unknown_rank_choices(self, name: str, hand, standin: str | None) -> list[str]:
        """For a card of unknown Rank taken from a Hand in the place of `standin`: the Hand's other cards
        known by their Rank only (of other Ranks) that it may have been as well."""
        if standin is None or self.rank_of(name) is not None or name.casefold() in RANK_ONLY_NAMES:
            return []
        return sorted({c for c in hand if c.casefold() in RANK_ONLY_NAMES} - {standin})

    def not_reached(self, name: str) -> int | None:
        """The Rank of a card no player can hold yet: above the active Rank, so the Board has never
        shown it (the starting Party members are not Board cards); None for any other card."""
        rank = self.rank_of(name)
        return rank if rank is not None and rank > self.rank and name not in STARTING_PARTY else None

    def set_card(self, name: str, *, source: str, keep_source: bool = False, **fields) -> None:
        """Add a card to this game's catalogue, or complete/override the fields of one (and its
        source, unless `keep_source`)."""
        self.__dict__.pop("cat", None)
        for i, c in enumerate(self.cards):
            if c.name.casefold() == name.casefold():
                given = {f: getattr(c, f) for f in c.model_fields_set}
                given.update(fields)
                if not keep_source:
                    given["source"] = source
                self.cards[i] = CardSpec(**given)
                return
        self.cards.append(CardSpec(name=name, source=source, **fields))

    # -- Hands
    def hand_size(self, who: str) -> int:
        return len(self.hand[who])

    def set_hand(self, who: str, cards: list[str], *, known: bool = True) -> None:
        """A Hand as the table records it: its cards, or (not `known`) only its size."""
        self.hand[who] = cards
        if known:
            self.hidden.discard(who)
        else:
            self.hidden.add(who)

    def take_from_hand(self, who: str, name: str) -> None:
        """A card leaves a Hand (a card recorded by its Rank only may be it; a hidden Hand gives up one of
        its unknown cards)."""
        hand = self.hand[who]
        standin = self.standin(name, hand)
        if name in hand:
            hand.remove(name)
        elif standin is not None and standin in hand:
            hand.remove(standin)
        elif HIDDEN in hand:
            hand.remove(HIDDEN)

    def subjugate(self, who: str, name: str) -> bool:
        """A card goes face up into `who`'s Reward Area, out of the Hand when it is there (a hidden
        Hand gives up one of its cards); True when it left the Hand."""
        before = len(self.hand[who])
        self.take_from_hand(who, name)
        self.reward[who].append(name)
        return len(self.hand[who]) < before

    def over_limit(self, before: str) -> list[Reason]:
        """An over-full Party or Hand of the active player holds everything up but Exiling."""
        who = self.active
        sizes = (("Party", len(self.party[who]), R.PARTY_TIMING), ("Hand", self.hand_size(who), R.EXILE_DOWN))
        reasons = [Reason(rule=rule, message=f"{who}'s {zone} holds {size} cards: Exile it down to {LIMIT} "
                          f"before {before}") for zone, size, rule in sizes if size > LIMIT]
        if self.hand_size(who) > LIMIT:
            self.note(HAND_TIMING_READING.rule, HAND_TIMING_READING.message)
        return reasons

    # -- the Board
    def take_from_board(self, names: tuple[str, ...], who: str) -> list[str]:
        """Cards leave the Board for `who`, each with the Bonuses lying on it (into the Reward Area)."""
        taken = []
        for name in names:
            # take the copy with the most Bonuses (copies normally carry the same)
            idx = max((i for i, c in enumerate(self.board) if c[0] == name), key=lambda i: self.board[i][1],
                      default=None)
            if idx is None:
                continue
            card = self.board.pop(idx)
            taken.append(name)
            if card[1]:
                self.bonuses[who] += card[1]
                self.say("bonus-gained", f"{who} gains the "
                         f"{'Bonus' if card[1] == 1 else str(card[1]) + ' Bonuses'} on {name} into their "
                         "Reward Area (a Bonus never goes to Hand or Party)",
                         R.GAIN, who=who, amount=card[1], card=name)
        return taken

    def refill(self, *, cause: str) -> None:
        """The Board Refill: cards from the active Rank Deck up to 4, advancing the Rank whenever the
        deck runs out (none after Rank 6)."""
        if len(self.board) >= BOARD_SIZE:
            return
        self.say("refill", f"the Board is down to {count(len(self.board), 'card')} ({cause}): Board Refill from the "
                 f"Rank {self.rank} deck up to {BOARD_SIZE}", R.REFILL)
        while len(self.board) < BOARD_SIZE:
            deck = self.decks.get(self.rank, 0)
            if deck_empty(deck):
                if self.rank >= LAST_RANK:
                    self.say("board-short", f"the Rank 6 deck is empty: there is no deck after it, so the "
                             f"Board stays at {count(len(self.board), 'card')}", R.AFTER_6)
                    break
                self._advance_in_refill()
                continue
            if deck == UNKNOWN:
                say = ("`companion track next-rank`" if self.rank < LAST_RANK else  # no Rank after 6: its count says
                       f"`companion track deck {LAST_RANK} N`, 0 once it has run out")
                self.note(R.WHEN_EMPTY, f"the Rank {self.rank} deck was never counted, so whether this "
                          f"refill empties it is the table's to say ({say})")
            self.reveal_one()
            if deck_empty(self.decks[self.rank]) and self.rank < LAST_RANK:
                self.leave_open(ADVANCE_AT_LAST_REVEAL)
                self._advance_in_refill()
        if self.reveal:
            self.forbid(R.REVEAL, f"the refill turns up fewer cards than named: {listing(self.reveal)} "
                        "would not be revealed")
            self.reveal = []

    def reveal_one(self) -> None:
        """The top card of the active Rank Deck goes onto the Board (named by the deck's list, the
        play's `reveal`, or by its Rank only)."""
        rank = self.rank
        deck = self.decks[rank]
        named = self.reveal.pop(0) if self.reveal else None
        if isinstance(deck, list):
            name = deck.pop(0) if deck else None
            if named is not None and named != name:
                self.forbid(R.REVEAL, f"the next card of the Rank {rank} deck is {name}, not {named}")
        else:
            if deck != UNKNOWN:
                self.decks[rank] = deck - 1
            name = named
            if name is None:
                name = rank_only_name(rank)
                self.note(R.REVEAL, f"the Rank {rank} deck is not a list of names, so the card it turns up is "
                          f"not named: recorded as \"{name}\" (add `reveal NAME` to the move to name it)")
            else:
                known = self.rank_of(name)
                if known is None:
                    self.set_card(name, rank=rank, source=f"revealed from the Rank {rank} deck", keep_source=True)
                    self.note(R.REVEAL, f"{name}'s Rank is unknown in the catalogue; taken as a Rank "
                              f"{rank} card because it came from the Rank {rank} deck; teach it: "
                              f"`{teach(GAME, name, 'rank', str(rank))}`")
                elif known != rank:
                    self.forbid(R.RANK_DECK, f"{name} is a Rank {known} card; it cannot come from the Rank "
                                f"{rank} deck")
        if name is None:  # a listed deck with nothing left (an overruled table)
            name = rank_only_name(rank)
        self.say("reveal", f"reveal {name} from the Rank {rank} deck onto the Board", R.REVEAL, card=name)
        self.board.append([name, 0, self.rank_of(name) or rank])

    def _advance_in_refill(self) -> None:
        old = self.rank
        self.say("advance", f"the Rank {old} deck is empty: the game advances to Rank {old + 1}, whose deck "
                 "now refills the Board", R.WHEN_EMPTY)
        exiled = len(self.exiled)
        self.advance()
        if len(self.exiled) > exiled:  # the order decided what the refill fills
            self.leave_open(ADVANCE_ORDER)
        if len(self.board) < BOARD_SIZE:
            self.say("refill-continues", f"the Board Refill goes on from the Rank {self.rank} deck", R.DECK_RUNS_OUT)

    # -- the Rank
    def advance(self) -> None:
        """The Rank Deck ran out: the next Rank begins. Board cards still carrying a Bonus are Exiled
        with it, then each Board card below the new Rank (never a Rank 6 card) gets 1 Bonus."""
        old = self.rank
        self.rank = old + 1
        if not deck_empty(self.decks.get(old, UNKNOWN)):
            self.decks[old] = 0  # the table says it ran out
        expired = [c for c in self.board if c[1] > 0]
        if expired:
            self.board = [c for c in self.board if c[1] == 0]
            self.exiled += [c[0] for c in expired]
            self.exiled_bonuses += sum(c[1] for c in expired)
            self.say("expire", f"{listing([c[0] for c in expired])} still "
                     f"{'carries' if len(expired) == 1 else 'carry'} a Bonus at this advance: card and Bonus "
                     "are Exiled", R.EXPIRED)
        gets = []
        for c in self.board:
            rank = self.rank_of(c[0]) or c[2]
            if rank is None:
                self.note(R.ON_ADVANCE, f"{c[0]}'s Rank is unknown, so whether it gets a Bonus at the advance "
                          f"to Rank {self.rank} is not checked; teach it: `{teach(GAME, c[0], 'rank', 'N')}`")
            elif rank < self.rank and rank < LAST_RANK:
                c[1] = 1
                gets.append(c[0])
        if gets:
            self.say("bonus-placed", f"each Board card below Rank {self.rank} gets 1 Bonus: {listing(gets)}",
                     R.ON_ADVANCE)

    # -- the turn and the end of the game
    def end_triggered(self) -> bool:
        """The last Rank 6 card has left the Board: as the table said (`last-rank6`), or as the
        Board and a counted Rank 6 deck show. A Board card of unknown Rank may be a Rank 6 card: the
        companion cannot tell, so only the table's `last-rank6` ends the game then (rank6_unknown)."""
        return self.last_rank6_left or (self.rank == LAST_RANK and deck_empty(self.decks.get(LAST_RANK, 0))
                                        and not any(c[2] == LAST_RANK for c in self.board)
                                        and not self.rank6_unknown())

    def rank6_unknown(self) -> list[str]:
        """The Board cards of unknown Rank that leave it open whether the last Rank 6 card has left the
        Board (the Rank 6 deck empty, no known Rank 6 card on it); [] when the Board answers it."""
        if self.last_rank6_left or self.rank != LAST_RANK or not deck_empty(self.decks.get(LAST_RANK, 0)) \
                or any(c[2] == LAST_RANK for c in self.board):
            return []
        return [c[0] for c in self.board if c[2] is None]

    def say_rank6_unknown(self) -> None:
        """Say that the companion cannot tell whether the last Rank 6 card has left the Board."""
        unknown = self.rank6_unknown()
        if unknown:
            self.say("rank6-unknown", f"the companion cannot tell whether the last Rank 6 card has left the Board: "
                     f"the Rank of {listing(unknown)} is unknown; if none of them is Rank 6, type `last-rank6`, "
                     f"else give the Rank (`card {unknown[0]}:RANK:...`)", R.END)

    def end_turn(self) -> bool:
        """The active player's turn ends: with it the game, once the last Rank 6 card has left the
        Board (True); otherwise the next player clockwise begins, all Party cards available again."""
        who = self.active
        if self.end_triggered() and not self.game_over:
            self.game_over = True
            self.say("game-over", f"{who}'s turn ends and with it the game: the last Rank 6 card has left "
                     "the Board; count the final scores", R.END)
            return True
        self.say_rank6_unknown()
        nxt = self.names[(self.names.index(who) + 1) % len(self.names)]
        self.active, self.turn, self.used, self.basic = nxt, self.turn + 1, [], None
        self.say("next-player", f"{nxt} plays next (clockwise)", R.CLOCKWISE, who=nxt)
        self.say("refresh", f"all of {nxt}'s Party cards are available again", R.REFRESH)
        return False

    # -- back to a State
    def freeze(self) -> State:
        players = tuple(p.model_copy(update={
            "party": tuple(self.party[p.name]),
            "hand": len(self.hand[p.name]) if p.name in self.hidden else tuple(self.hand[p.name]),
            "reward_area": tuple(self.reward[p.name]), "bonuses": self.bonuses[p.name],
        }) for p in self.state.players)
        return self.state.model_copy(update={
            "players": players, "active": self.active, "active_rank": self.rank,
            "board": tuple(BoardCard(name=c[0], bonus=c[1]) for c in self.board),
            "decks": {r: (tuple(d) if isinstance(d, list) else d) for r, d in self.decks.items()},
            "used": tuple(self.used), "basic_action": self.basic, "exiled": tuple(self.exiled),
            "exiled_bonuses": self.exiled_bonuses, "game_over": self.game_over, "cards": tuple(self.cards),
            "last_rank6_left": self.end_triggered(), "turn": self.turn,
            "effect_points": dict(self.effect_points), "party_ranks": dict(self.party_ranks),
            "hand_ranks": dict(self.hand_ranks),
        })


def end_triggered(state: State) -> bool:
    """True once the last Rank 6 card has left the Board (the game ends at this turn's end)."""
    return Table(state).end_triggered()
