"""Party of the Theseus: the move validator.

A turn is either up to 2 Party cards used one at a time (no card twice, no two cards of one
name) or a single basic Explore, Recruit or Subjugate without a card. Each use performs the
card's Icon Ability (Explore: Board -> Hand; Recruit: Hand -> Party; Subjugate: Hand -> Reward
Area); afterwards an over-full Party or Hand is Exiled down to 4 (the player chooses which
cards, one `exile` move per card) before anything else happens. Taking cards off the Board may
set off a Board Refill from the active Rank Deck; a deck that runs out advances the Rank, which
expires old Bonuses and hands out new ones. The game ends at the end of the turn in which the
last Rank 6 card leaves the Board.

The rulebook prints no card texts, so cards are described in a catalogue
(engine/theseus_cards.toml, extended by a situation's own `cards`). A card whose icon or effect
is unknown is never silently passed: its use is listed in the verdict's `unchecked`.

The table tracker (`Tracker`, at the end of this module) keeps the same models for a table that
plays with real cards and scores them with the same final_scores().

Pure: no I/O except reading the shipped catalogue file once.
"""
from __future__ import annotations

import difflib
import shlex
import tomllib
from collections import Counter
from functools import lru_cache
from itertools import combinations_with_replacement
from pathlib import Path
from typing import Any, Literal, Mapping, Union

from pydantic import Field, field_validator, model_validator

from engine.base import (
    AmbiguousMove,
    Effect,
    Engine as BaseEngine,
    EngineError,
    Frozen,
    MoveSyntaxError,
    Reason,
    Verdict,
)

ICONS: tuple[str, ...] = ("explore", "recruit", "subjugate")
LIMIT = 4  # Party and Hand limit
BOARD_SIZE = 4
LAST_RANK = 6
STARTING_PARTY: tuple[str, ...] = ("Knight", "Mage", "Rogue")
CATALOGUE_FILE = Path(__file__).with_name("theseus_cards.toml")

Icon = Literal["explore", "recruit", "subjugate"]


class IllegalMove(EngineError):
    """apply() was asked to apply a move that check() finds illegal."""


class RevealNeeded(EngineError):
    """apply() needs the names of cards a Board Refill turns up from a deck given only as a count."""


# --------------------------------------------------------------------------- the situation format


class CardSpec(Frozen):
    """One catalogue entry. Fields the rulebook does not give are "unknown"."""

    name: str = Field(min_length=1)
    rank: Union[int, Literal["unknown"]] = "unknown"
    icon: Literal["explore", "recruit", "subjugate", "unknown"] = "unknown"
    vp: Union[int, Literal["unknown"]] = "unknown"
    effect: str = "unknown"
    icon_count: int = Field(1, ge=1, le=4)
    effect_points: int | None = None
    effect_points_area: Literal["party", "hand", "reward"] = "party"
    source: str = ""

    @field_validator("rank")
    @classmethod
    def _rank_range(cls, value):
        if isinstance(value, int) and not 1 <= value <= LAST_RANK:
            raise ValueError("a Rank is 1 to 6 (or \"unknown\")")
        return value

    @field_validator("vp")
    @classmethod
    def _vp_range(cls, value):
        if isinstance(value, int) and value < 0:
            raise ValueError("VP cannot be negative")
        return value


class BoardCard(Frozen):
    """A face-up Board card and the Bonuses lying on it (0 or 1)."""

    name: str = Field(min_length=1)
    bonus: int = Field(0, ge=0)


class Player(Frozen):
    """A player's areas, in the rulebook's words. Names of cards, one entry per copy."""

    name: str = Field(min_length=1)
    party: tuple[str, ...]
    hand: tuple[str, ...] = ()
    reward_area: tuple[str, ...] = ()
    bonuses: int = Field(0, ge=0, description="Bonuses in the Reward Area")


class State(Frozen):
    """A Party of the Theseus table: the situation-file format (see docs/moves-theseus.md)."""

    players: tuple[Player, ...] = Field(min_length=1, description="in turn (clockwise) order")
    active: str = Field("", description="name of the player whose turn it is (default: the first)")
    active_rank: int = Field(1, ge=1, le=LAST_RANK, description="Rank of the active Rank Deck")
    board: tuple[BoardCard, ...] = ()
    decks: dict[int, Union[tuple[str, ...], int]] = Field(
        description="cards left in each Rank Deck: a list of names (top first) or a count; "
        "every Rank from active_rank to 6 must be given"
    )
    used: tuple[str, ...] = Field((), description="names of the Party cards used this turn")
    basic_action: Icon | None = Field(None, description="the basic action taken this turn, if any")
    exiled: tuple[str, ...] = Field((), description="cards removed from the game (optional record)")
    exiled_bonuses: int = Field(0, ge=0)
    game_over: bool = False
    cards: tuple[CardSpec, ...] = Field((), description="catalogue entries added or overridden")

    @model_validator(mode="before")
    @classmethod
    def _defaults(cls, data: Any):
        if isinstance(data, dict):
            data = dict(data)
            players = data.get("players")
            if not data.get("active") and isinstance(players, (list, tuple)) and players:
                first = players[0]
                name = first.get("name") if isinstance(first, dict) else getattr(first, "name", None)
                if name:
                    data["active"] = name
            board = data.get("board")
            if isinstance(board, (list, tuple)):
                data["board"] = [{"name": c} if isinstance(c, str) else c for c in board]
        return data

    @field_validator("active")
    @classmethod
    def _active_is_a_player(cls, value, info):
        names = [p.name for p in info.data.get("players", ())]
        if names and value not in names:
            raise ValueError(f"{value!r} is not one of the players ({', '.join(names)})")
        if len(set(names)) != len(names):
            raise ValueError("two players share a name")
        return value

    @field_validator("decks")
    @classmethod
    def _decks_complete(cls, value, info):
        for rank, deck in value.items():
            if not 1 <= rank <= LAST_RANK:
                raise ValueError(f"there is no Rank {rank} deck (Ranks are 1 to 6)")
            if isinstance(deck, int) and deck < 0:
                raise ValueError(f"the Rank {rank} deck cannot hold {deck} cards")
        active = info.data.get("active_rank", 1)
        missing = [r for r in range(active, LAST_RANK + 1) if r not in value]
        if missing:
            raise ValueError(
                "give every Rank Deck from the active Rank to 6 (a card list, top first, or a "
                f"count); missing: {', '.join(map(str, missing))}"
            )
        return value

    @field_validator("cards")
    @classmethod
    def _cards_unique(cls, value):
        seen = Counter(c.name.casefold() for c in value)
        twice = sorted(n for n, k in seen.items() if k > 1)
        if twice:
            raise ValueError(f"card entry given twice: {', '.join(twice)}")
        return value


class Move(Frozen):
    """One move of the player to act, normalised (names as in the catalogue, targets sorted)."""

    action: Literal["use", "basic", "exile", "end"]
    card: str | None = None
    icon: Icon | None = None
    targets: tuple[str, ...] = ()
    zone: Literal["party", "hand"] | None = None
    reveal: tuple[str, ...] = ()


# --------------------------------------------------------------------------- the catalogue


@lru_cache(maxsize=1)
def builtin_catalogue() -> tuple[CardSpec, ...]:
    """The shipped catalogue of the cards the rulebook names."""
    data = tomllib.loads(CATALOGUE_FILE.read_text(encoding="utf-8"))
    return tuple(CardSpec.model_validate(c) for c in data.get("cards", []))


@lru_cache(maxsize=256)
def _merged(extra: tuple[CardSpec, ...]) -> dict[str, CardSpec]:
    cat = {c.name: c for c in builtin_catalogue()}
    folded = {n.casefold(): n for n in cat}
    for card in extra:
        base_name = folded.get(card.name.casefold())
        if base_name is None:
            cat[card.name] = card
            folded[card.name.casefold()] = card.name
        else:
            given = {f: getattr(card, f) for f in card.model_fields_set if f != "name"}
            cat[base_name] = cat[base_name].model_copy(update=given)
    return cat


def catalogue(state: State) -> dict[str, CardSpec]:
    """The catalogue in force for a situation: the shipped one, extended/overridden by state.cards."""
    return _merged(tuple(state.cards))


# --------------------------------------------------------------------------- rule ids

R_PARTY = "theseus.areas.party"
R_CLOCKWISE = "theseus.setup.clockwise"
R_UP_TO_TWO = "theseus.turn.up-to-two-cards"
R_USING = "theseus.turn.using-a-card"
R_NO_REUSE = "theseus.turn.no-reuse"
R_SAME_NAME = "theseus.turn.same-name"
R_END_TURN = "theseus.turn.end-of-turn"
R_REFRESH = "theseus.turn.refresh"
R_EXPLORE = "theseus.icons.explore.take-one"
R_EXPLORE_MULTI = "theseus.icons.explore.multiple"
R_RECRUIT = "theseus.icons.recruit.hand-to-party"
R_RECRUIT_USE = "theseus.icons.recruit.use-same-turn"
R_SUBJUGATE = "theseus.icons.subjugate.hand-to-reward"
R_NO_NORMAL_USE = "theseus.icons.subjugate.no-normal-use"
R_BASIC = "theseus.basic-action.when-allowed"
R_BASIC_LOCKS = "theseus.basic-action.locks-party"
R_EITHER_OR = "theseus.basic-action.either-or"
R_RANK_RANGE = "theseus.card-info.rank.range"
R_ICON = "theseus.card-info.icon.meaning"
R_NAME = "theseus.card-info.name.identifies"
R_EFFECT = "theseus.card-info.effect.resolve-as-printed"
R_VP_LOW = "theseus.card-info.vp.rank-1-4"
R_VP_HIGH = "theseus.card-info.vp.rank-5-6"
R_VP_EXTRA = "theseus.card-info.vp.extra-scoring"
R_MAX_FOUR = "theseus.limits.max-four"
R_MAY_EXCEED = "theseus.limits.may-exceed"
R_EXILE_DOWN = "theseus.limits.exile-down"
R_EXILED = "theseus.limits.exiled-removed"
R_PARTY_TIMING = "theseus.limits.party-timing"
R_BOARD_SIZE = "theseus.refill.board-size"
R_REFILL = "theseus.refill.trigger"
R_REVEAL = "theseus.refill.reveal"
R_DECK_RUNS_OUT = "theseus.refill.deck-runs-out"
R_AFTER_6 = "theseus.refill.after-rank-6"
R_WHEN_EMPTY = "theseus.advance.when-empty"
R_RANK_ORDER = "theseus.advance.rank-order"
R_RANK_DECK = "theseus.areas.rank-deck"
R_ON_ADVANCE = "theseus.bonuses.on-advance"
R_GAIN = "theseus.bonuses.gain-on-take"
R_BONUS_SCORE = "theseus.bonuses.scoring"
R_EXPIRED = "theseus.bonuses.expiring.exiled"
R_RANK6_NONE = "theseus.bonuses.expiring.rank-6-none"
R_END = "theseus.end.trigger"
R_FINAL_SCORE = "theseus.end.final-score"
R_MOST_VP = "theseus.end.most-vp-wins"
R_TIE_PARTY = "theseus.tiebreakers.party-rank"
R_TIE_HAND = "theseus.tiebreakers.hand-rank"
R_FULL_TIE = "theseus.tiebreakers.full-tie"
R_SCORING_AREA = "theseus.tiebreakers.end-game-scoring-area"

ALL_RULES = frozenset(v for k, v in dict(globals()).items() if k.startswith("R_"))

#: how final_scores() decided the winner -> (the rule it rests on, the words for it)
DECIDED_BY: dict[str, tuple[str, str]] = {
    "points": (R_MOST_VP, "most Victory Points"),
    "party-rank": (R_TIE_PARTY, "tied on points; higher total Rank in the Party"),
    "hand-rank": (R_TIE_HAND, "tied on points and Party Rank; higher total Rank in the Hand"),
    "tie": (R_FULL_TIE, "tied on points, Party Rank and Hand Rank"),
}


# --------------------------------------------------------------------------- helpers


def _plural(n: int, word: str) -> str:
    if n == 1:
        return f"{n} {word}"
    return f"{n} {word}es" if word.endswith("s") else f"{n} {word}s"


def _names(cards) -> str:
    cards = list(cards)
    if not cards:
        return "nothing"
    if len(cards) == 1:
        return cards[0]
    return ", ".join(cards[:-1]) + " and " + cards[-1]


def _deck_size(deck) -> int:
    return deck if isinstance(deck, int) else len(deck)


def _quote(name: str) -> str:
    return shlex.quote(name) if any(ch.isspace() or ch in "'\"" for ch in name) else name


def general_vp(rank: int) -> int:
    """VP of a card without printed VP in the catalogue: 1 up to Rank 4, 2 from Rank 5 on (general rule)."""
    return 1 if rank <= 4 else 2


class _Sim:
    """A mutable copy of the table that a move is played out on (check and apply share it)."""

    def __init__(self, state: State, cat: dict[str, CardSpec], reveal: tuple[str, ...] = ()):
        self.cat = cat
        self.names = [p.name for p in state.players]
        self.active = self.names.index(state.active)
        self.party = [list(p.party) for p in state.players]
        self.hand = [list(p.hand) for p in state.players]
        self.reward = [list(p.reward_area) for p in state.players]
        self.bonuses = [p.bonuses for p in state.players]
        # board entries: [name or None (unnamed reveal), bonus, rank or None]
        self.board = [[c.name, c.bonus, self.rank_of(c.name)] for c in state.board]
        self.decks = {r: (d if isinstance(d, int) else list(d)) for r, d in state.decks.items()}
        self.rank = state.active_rank
        self.used = list(state.used)
        self.basic = state.basic_action
        self.exiled = list(state.exiled)
        self.exiled_bonuses = state.exiled_bonuses
        self.game_over = state.game_over
        self.reveal = list(reveal)
        self.missing: list[int] = []  # ranks of revealed cards the move did not name
        self.effects: list[Effect] = []
        self.problems: list[Reason] = []
        self.unchecked: list[str] = []

    # -- small accessors
    def rank_of(self, name: str | None) -> int | None:
        spec = self.cat.get(name) if name else None
        return spec.rank if spec is not None and isinstance(spec.rank, int) else None

    def effect(self, kind: str, message: str, rule: str | None) -> None:
        self.effects.append(Effect(kind=kind, message=message, rule=rule))

    def note(self, text: str) -> None:
        if text not in self.unchecked:
            self.unchecked.append(text)

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
                    R_GAIN,
                )
        return taken

    def refill(self, *, cause: str) -> None:
        if len(self.board) >= BOARD_SIZE:
            return
        self.effect(
            "refill",
            f"the Board is down to {len(self.board)} cards ({cause}): Board Refill from the "
            f"Rank {self.rank} deck up to {BOARD_SIZE}",
            R_REFILL,
        )
        while len(self.board) < BOARD_SIZE:
            deck = self.decks.get(self.rank, 0)
            if _deck_size(deck) == 0:
                if self.rank >= LAST_RANK:
                    self.effect(
                        "board-short",
                        f"the Rank 6 deck is empty: the Board stays at {len(self.board)} cards",
                        R_AFTER_6,
                    )
                    self.note(
                        f"{R_AFTER_6}: the rulebook does not say what a refill does once the Rank 6 "
                        "deck is empty; the Board is left short"
                    )
                    break
                self.advance(during_refill=True)
                continue
            self.reveal_one()
            if _deck_size(self.decks[self.rank]) == 0 and self.rank < LAST_RANK:
                self.advance(during_refill=True)
        if self.reveal:
            self.problems.append(
                Reason(
                    rule=R_REVEAL,
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
            name = deck.pop(0)
            if named is not None and named != name:
                self.problems.append(
                    Reason(
                        rule=R_REVEAL,
                        message=f"the next card of the Rank {rank} deck is {name}, not {named}",
                    )
                )
        else:
            self.decks[rank] = deck - 1
            name = named
            if name is None:
                self.missing.append(rank)
                self.note(
                    f"{R_REVEAL}: the Rank {rank} deck is given only as a count, so the card it turns "
                    "up is not named (add `reveal NAME` to the move to track it)"
                )
            else:
                known = self.rank_of(name)
                if known is None:
                    self.note(
                        f"{R_REVEAL}: {name}'s Rank is unknown in the catalogue; taken as a Rank "
                        f"{rank} card because it came from the Rank {rank} deck"
                    )
                elif known != rank:
                    self.problems.append(
                        Reason(
                            rule=R_RANK_DECK,
                            message=f"{name} is a Rank {known} card; it cannot come from the Rank "
                            f"{rank} deck",
                        )
                    )
        shown = name if name is not None else "a card (name it with `reveal NAME`)"
        self.effect("reveal", f"reveal {shown} from the Rank {rank} deck onto the Board", R_REVEAL)
        self.board.append([name, 0, rank if name is None else (self.rank_of(name) or rank)])

    def advance(self, *, during_refill: bool) -> None:
        old = self.rank
        self.rank = old + 1
        self.effect(
            "advance",
            f"the Rank {old} deck is empty: the game advances to Rank {self.rank}, whose deck "
            "now refills the Board",
            R_WHEN_EMPTY,
        )
        self.note(
            f"{R_DECK_RUNS_OUT}: the advance is taken the moment the deck's last card is revealed; "
            "Bonus cards expire first, then new Bonuses are placed, then the refill goes on from the "
            "new deck (the rulebook does not spell out this order)"
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
                R_EXPIRED,
            )
        gets = []
        for c in self.board:
            if c[2] is None:
                self.note(
                    f"{R_ON_ADVANCE}: {c[0]}'s Rank is unknown, so whether it gets a Bonus at the "
                    f"advance to Rank {self.rank} is not checked"
                )
            elif c[2] < self.rank and c[2] < LAST_RANK:
                c[1] = 1
                gets.append(c[0] or f"an unnamed Rank {c[2]} card")
        if gets:
            self.effect(
                "bonus-placed",
                f"each Board card below Rank {self.rank} gets 1 Bonus: {_names(gets)}",
                R_ON_ADVANCE,
            )
        if during_refill and len(self.board) < BOARD_SIZE:
            self.effect(
                "refill-continues",
                f"the Board Refill goes on from the Rank {self.rank} deck",
                R_DECK_RUNS_OUT,
            )

    # -- end of the game
    def end_triggered(self) -> bool:
        return (
            self.rank == LAST_RANK
            and _deck_size(self.decks.get(LAST_RANK, 0)) == 0
            and not any(c[2] == LAST_RANK for c in self.board)
        )

    # -- back to a State
    def to_state(self, state: State) -> State:
        players = tuple(
            p.model_copy(
                update={
                    "party": tuple(self.party[i]),
                    "hand": tuple(self.hand[i]),
                    "reward_area": tuple(self.reward[i]),
                    "bonuses": self.bonuses[i],
                }
            )
            for i, p in enumerate(state.players)
        )
        board = tuple(BoardCard(name=c[0], bonus=c[1]) for c in self.board)
        decks = {r: (d if isinstance(d, int) else tuple(d)) for r, d in self.decks.items()}
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
            }
        )


NOTATION = """\
Party of the Theseus moves (the player whose turn it is makes them; names as in the catalogue,
any case; quote a name with spaces: use "Dark Knight" explore Paladin):
  use CARD [ICON] TARGET...   use a Party card: its Icon Ability takes TARGET
                              ICON is explore | recruit | subjugate (may be left out when the
                              catalogue knows the card's icon)
      use Knight explore Paladin       Paladin goes from the Board to your Hand
      use Mage recruit Witch           Witch goes from your Hand to your Party
      use Rogue subjugate Buster       Buster goes from your Hand to your Reward Area
      use Ranger explore Witch Buster  a card whose icon moves 2 cards at once (icon_count = 2)
      use Knight explore               nothing to take: the card is used for its effect only
  basic ICON TARGET           one Explore, Recruit or Subjugate without a card (only before any
                              Party card is used; then no Party card this turn)
      basic explore Kunoichi    basic recruit Witch    basic subjugate Paladin
  exile party|hand CARD       Exile one card of an over-full Party or Hand (one per move)
      exile party Mage    exile hand Witch
  end                         end your turn (the game ends here once the last Rank 6 card is gone)
  ... reveal NAME...          after use/basic: the cards a Board Refill turns up, in order, when
                              the situation gives that Rank Deck only as a count
      use Knight explore Paladin reveal Squire
"""


class Engine(BaseEngine[State, Move]):
    game = "theseus"
    State = State
    Move = Move
    RULE_IDS = ALL_RULES
    NOTATION = NOTATION

    # ------------------------------------------------------------------ parsing

    def parse_move(self, text: str, state: State) -> Move:
        try:
            tokens = shlex.split(text)
        except ValueError as exc:
            raise MoveSyntaxError(f"cannot read {text!r}: {exc}") from None
        if not tokens:
            raise MoveSyntaxError("empty move; expected use, basic, exile or end\n" + NOTATION)
        names = self._name_pool(state)
        head = tokens[0].casefold()
        rest = tokens[1:]
        if head == "end":
            if rest and not (len(rest) == 1 and rest[0].casefold() == "turn"):
                raise MoveSyntaxError(f"unexpected {rest[0]!r} after 'end'; expected nothing")
            return Move(action="end")
        if head == "exile":
            if not rest or rest[0].casefold() not in ("party", "hand"):
                got = repr(rest[0]) if rest else "nothing"
                raise MoveSyntaxError(f"expected 'party' or 'hand' after 'exile', got {got}")
            zone = rest[0].casefold()
            cards, after = self._read_names(rest[1:], names, "a card to Exile")
            if not cards and not after:
                raise MoveSyntaxError(f"expected a card's name after 'exile {zone}'")
            if len(cards) != 1 or after:
                extra = after[0] if after else cards[1]
                raise MoveSyntaxError(
                    f"unexpected {extra!r}: exile one card per move (e.g. 'exile {zone} Mage')"
                )
            return Move(action="exile", zone=zone, targets=(cards[0],))
        if head == "basic":
            if not rest or rest[0].casefold() not in ICONS:
                got = repr(rest[0]) if rest else "nothing"
                raise MoveSyntaxError(
                    f"expected explore, recruit or subjugate after 'basic', got {got}"
                )
            icon = rest[0].casefold()
            targets, reveal = self._targets_and_reveal(rest[1:], names)
            if len(targets) != 1:
                raise MoveSyntaxError(
                    f"a basic {icon} names exactly one card (e.g. 'basic {icon} Witch'), "
                    f"got {len(targets)}"
                )
            return Move(action="basic", icon=icon, targets=targets, reveal=reveal)
        if head == "use":
            body = rest
            if not body:
                raise MoveSyntaxError("expected a Party card's name after 'use'")
        else:
            body = tokens  # shorthand: "Knight explore Paladin"
        card_l, after = self._read_names(body, names, "a Party card's name", first_only=True)
        if not card_l:
            word = body[0]
            hint = self._suggest(word, list(names.values()) + ["use", "basic", "exile", "end"])
            raise MoveSyntaxError(
                f"unknown word {word!r}{hint}; expected use, basic, exile, end or a card name"
            )
        card = card_l[0]
        icon = None
        if after and after[0].casefold() in ICONS:
            icon = after[0].casefold()
            after = after[1:]
        targets, reveal = self._targets_and_reveal(after, names)
        if icon is None:
            icon = self._infer_icon(state, card, targets, reveal)
        return Move(action="use", card=card, icon=icon, targets=targets, reveal=reveal)

    def format_move(self, move: Move) -> str:
        if move.action == "end":
            return "end"
        if move.action == "exile":
            return f"exile {move.zone} {_quote(move.targets[0])}"
        parts = ["use", _quote(move.card)] if move.action == "use" else ["basic"]
        if move.icon:
            parts.append(move.icon)
        parts.extend(_quote(t) for t in move.targets)
        if move.reveal:
            parts.append("reveal")
            parts.extend(_quote(r) for r in move.reveal)
        return " ".join(parts)

    def _name_pool(self, state: State) -> dict[str, str]:
        pool = {n.casefold(): n for n in catalogue(state)}
        for name in self._state_names(state):
            pool.setdefault(name.casefold(), name)
        return pool

    @staticmethod
    def _state_names(state: State) -> set[str]:
        names = {c.name for c in state.board} | set(state.used) | set(state.exiled)
        for p in state.players:
            names.update(p.party, p.hand, p.reward_area)
        for deck in state.decks.values():
            if not isinstance(deck, int):
                names.update(deck)
        return names

    @staticmethod
    def _suggest(word: str, options: list[str]) -> str:
        close = difflib.get_close_matches(word.casefold(), [o.casefold() for o in options], n=3)
        if not close:
            return ""
        by_fold = {o.casefold(): o for o in options}
        return " (did you mean " + " or ".join(by_fold[c] for c in close) + "?)"

    def _read_names(self, tokens, names, what, first_only=False):
        """Greedy longest match of card names over tokens; stops at 'reveal' or an icon word."""
        found: list[str] = []
        i = 0
        longest = max((len(n.split()) for n in names.values()), default=1)
        while i < len(tokens):
            word = tokens[i].casefold()
            if word == "reveal" or (found and first_only):
                break
            match = None
            for width in range(min(longest, len(tokens) - i), 0, -1):
                key = " ".join(t.casefold() for t in tokens[i : i + width])
                if key in names:
                    match = (names[key], width)
                    break
            if match is None:
                if first_only or (word in ICONS):
                    break
                hint = self._suggest(tokens[i], list(names.values()))
                raise MoveSyntaxError(
                    f"unknown card {tokens[i]!r}{hint}; expected {what} from the catalogue "
                    "(add new cards under [[situation.cards]])"
                )
            found.append(match[0])
            i += match[1]
        return found, tokens[i:]

    def _targets_and_reveal(self, tokens, names):
        targets, after = self._read_names(tokens, names, "a card name")
        reveal: list[str] = []
        if after:
            if after[0].casefold() != "reveal":
                raise MoveSyntaxError(
                    f"unexpected {after[0]!r}; expected card names or 'reveal NAME...'"
                )
            reveal, left = self._read_names(after[1:], names, "a revealed card's name")
            if not reveal:
                raise MoveSyntaxError("expected at least one card name after 'reveal'")
            if left:
                raise MoveSyntaxError(f"unexpected {left[0]!r} after the revealed cards")
        return tuple(sorted(targets)), tuple(reveal)

    def _infer_icon(self, state, card, targets, reveal) -> str:
        spec = catalogue(state).get(card)
        if spec is not None and spec.icon != "unknown":
            return spec.icon
        player = self._active_player(state)
        board = Counter(c.name for c in state.board)
        hand = Counter(player.hand)
        need = Counter(targets)
        fits = []
        if targets:
            if all(board[n] >= k for n, k in need.items()):
                fits.append("explore")
            if all(hand[n] >= k for n, k in need.items()):
                fits.extend(["recruit", "subjugate"])
        if len(fits) == 1:
            return fits[0]
        options = fits or list(ICONS)
        candidates = [
            self.format_move(
                Move(action="use", card=card, icon=i, targets=targets, reveal=reveal)
            )
            for i in options
        ]
        raise AmbiguousMove(
            f"{card}'s icon is not known to the catalogue; say which ability it performs", candidates
        )

    # ------------------------------------------------------------------ checking

    @staticmethod
    def _active_player(state: State) -> Player:
        for p in state.players:
            if p.name == state.active:
                return p
        return state.players[0]

    def check(self, state: State, move: Move) -> Verdict:
        sim, reasons = self._play(state, move)
        if reasons:
            return Verdict(
                legal=False,
                reasons=tuple(reasons),
                alternatives=tuple(self._alternatives(state, move)),
                unchecked=tuple(sim.unchecked),
            )
        return Verdict(legal=True, effects=tuple(sim.effects), unchecked=tuple(sim.unchecked))

    def apply(self, state: State, move: Move) -> State:
        sim, reasons = self._play(state, move)
        if reasons:
            raise IllegalMove(
                f"illegal move {self.format_move(move)!r}: "
                + "; ".join(f"{r.message} [{r.rule}]" for r in reasons)
            )
        if sim.missing:
            ranks = Counter(sim.missing)
            what = ", ".join(f"{_plural(k, 'card')} from the Rank {r} deck" for r, k in ranks.items())
            raise RevealNeeded(
                f"the Board Refill turns up {what}; name them in order: "
                f"{self.format_move(move)} reveal NAME..."
            )
        return sim.to_state(state)

    def _play(self, state: State, move: Move) -> tuple[_Sim, list[Reason]]:
        cat = catalogue(state)
        sim = _Sim(state, cat, move.reveal)
        if state.game_over:
            return sim, [Reason(rule=R_END, message="the game is over: no more moves")]
        if move.action == "end":
            return sim, self._end(state, sim)
        if move.action == "exile":
            return sim, self._exile(state, sim, move)
        reasons = self._basic(state, sim, move) if move.action == "basic" else self._use(state, sim, move)
        if not reasons and sim.reveal:
            reasons = [
                Reason(
                    rule=R_REVEAL,
                    message=f"no Board Refill follows this move, so {_names(sim.reveal)} cannot be "
                    "revealed",
                )
            ]
        return sim, reasons

    def _pending(self, state: State, sim: _Sim, doing: str) -> list[Reason]:
        """An over-full Party or Hand blocks everything but Exiling."""
        player = self._active_player(state)
        reasons = []
        if len(player.party) > LIMIT:
            reasons.append(
                Reason(
                    rule=R_PARTY_TIMING,
                    message=f"your Party holds {len(player.party)} cards: Exile it down to "
                    f"{LIMIT} before you {doing}",
                )
            )
        if len(player.hand) > LIMIT:
            reasons.append(
                Reason(
                    rule=R_EXILE_DOWN,
                    message=f"your Hand holds {len(player.hand)} cards: Exile it down to {LIMIT} "
                    f"before you {doing}",
                )
            )
            sim.note(
                f"{R_PARTY_TIMING}: the rulebook's explicit deadline names only the Party; the Hand "
                "is taken to be trimmed right after the ability resolves, so before anything else"
            )
        return reasons

    def _end(self, state: State, sim: _Sim) -> list[Reason]:
        reasons = self._pending(state, sim, "end your turn")
        if reasons:
            return reasons
        who = sim.names[sim.active]
        if not state.used and state.basic_action is None:
            sim.note(
                f"{R_UP_TO_TWO}: {who} ends the turn without using a card or a basic action; the "
                "rulebook says 'may' but does not say outright that a turn may be passed"
            )
        sim.effect("turn-end", f"{who}'s turn ends", R_END_TURN)
        if sim.end_triggered():
            sim.game_over = True
            sim.effect(
                "game-over",
                "the last Rank 6 card has left the Board: the game ends now; count the final scores",
                R_END,
            )
            self._score_effects(sim.to_state(state), sim)
            return []
        nxt = (sim.active + 1) % len(sim.names)
        sim.active = nxt
        sim.used = []
        sim.basic = None
        sim.effect("next-player", f"{sim.names[nxt]} plays next (clockwise)", R_CLOCKWISE)
        sim.effect(
            "refresh", f"all of {sim.names[nxt]}'s Party cards are available again", R_REFRESH
        )
        return []

    def _exile(self, state: State, sim: _Sim, move: Move) -> list[Reason]:
        player = self._active_player(state)
        zone = move.zone
        cards = player.party if zone == "party" else player.hand
        if zone is None or len(move.targets) != 1:
            return [Reason(rule=R_EXILE_DOWN, message="Exile names one card of your Party or Hand")]
        name = move.targets[0]
        reasons = []
        if len(cards) <= LIMIT:
            reasons.append(
                Reason(
                    rule=R_EXILE_DOWN,
                    message=f"your {zone.capitalize()} holds {len(cards)} cards, not more than "
                    f"{LIMIT}: there is nothing to Exile",
                )
            )
        if name not in cards:
            reasons.append(
                Reason(
                    rule=R_EXILE_DOWN,
                    message=f"{name} is not in your {zone.capitalize()} "
                    f"({_names(sorted(cards))})",
                )
            )
        if reasons:
            return reasons
        target = sim.party[sim.active] if zone == "party" else sim.hand[sim.active]
        target.remove(name)
        sim.exiled.append(name)
        left = len(target) - LIMIT
        sim.effect("exile", f"{name} is Exiled: removed from the game", R_EXILED)
        if left > 0:
            sim.effect(
                "exile-required",
                f"your {zone.capitalize()} still holds {len(target)} cards: Exile {left} more",
                R_EXILE_DOWN,
            )
        else:
            sim.effect(
                "limit-met", f"your {zone.capitalize()} is back to {LIMIT} cards", R_MAX_FOUR
            )
        return []

    def _check_targets(self, sim: _Sim, icon: str, targets, most: int, who_does: str):
        """Reasons why the ability cannot take these targets."""
        player_hand = Counter(sim.hand[sim.active])
        board = Counter(c[0] for c in sim.board)
        pool, place, rule = (
            (board, "on the Board", R_EXPLORE)
            if icon == "explore"
            else (player_hand, "in your Hand", R_RECRUIT if icon == "recruit" else R_SUBJUGATE)
        )
        reasons = []
        if len(targets) > most:
            reasons.append(
                Reason(
                    rule=R_EXPLORE_MULTI if icon == "explore" else rule,
                    message=f"{who_does} {icon}s {_plural(most, 'card')}, not {len(targets)}",
                )
            )
        for name, k in Counter(targets).items():
            if pool[name] < k:
                have = "is not" if pool[name] == 0 else f"is there only {pool[name]} time(s),"
                reasons.append(Reason(rule=rule, message=f"{name} {have} {place}"))
        return reasons

    def _do_ability(self, sim: _Sim, icon: str, targets, source: str) -> None:
        who = sim.active
        name = sim.names[who]
        if icon == "explore":
            taken = sim.take_from_board(targets, who)
            sim.hand[who].extend(taken)
            sim.effect(
                "explore",
                f"{source}: {_names(list(taken))} {'goes' if len(taken) == 1 else 'go'} from the "
                f"Board to {name}'s Hand",
                R_EXPLORE if len(taken) <= 1 else R_EXPLORE_MULTI,
            )
            if len(taken) > 1:
                sim.note(
                    f"{R_EXPLORE_MULTI}: all cards are taken before the Board refills (the rulebook "
                    "does not say whether it refills between them)"
                )
            if len(sim.board) < BOARD_SIZE:
                sim.refill(cause="cards left it")
        elif icon == "recruit":
            for t in targets:
                sim.hand[who].remove(t)
                sim.party[who].append(t)
            sim.effect(
                "recruit",
                f"{source}: {_names(list(targets))} {'goes' if len(targets) == 1 else 'go'} from "
                f"{name}'s Hand to their Party",
                R_RECRUIT,
            )
        else:
            for t in targets:
                sim.hand[who].remove(t)
                sim.reward[who].append(t)
            sim.effect(
                "subjugate",
                f"{source}: {_names(list(targets))} {'goes' if len(targets) == 1 else 'go'} face "
                f"up from {name}'s Hand to their Reward Area",
                R_SUBJUGATE,
            )

    def _after_ability(self, state: State, sim: _Sim, started_triggered: bool) -> None:
        who = sim.active
        for zone, cards in (("Party", sim.party[who]), ("Hand", sim.hand[who])):
            if len(cards) > LIMIT:
                sim.effect(
                    "over-limit",
                    f"the {zone} may hold {len(cards)} cards while the ability and its effects "
                    "resolve; nothing is Exiled before that",
                    R_MAY_EXCEED,
                )
                sim.effect(
                    "exile-required",
                    f"once the ability and its effects are resolved, the {zone} holds {len(cards)} "
                    f"cards: Exile {len(cards) - LIMIT} of them (your choice) before anything else, "
                    f"e.g. 'exile {zone.lower()} {cards[-1]}'",
                    R_PARTY_TIMING if zone == "Party" else R_EXILE_DOWN,
                )
        if not started_triggered and sim.end_triggered():
            sim.effect(
                "game-end",
                "the last Rank 6 card has left the Board: the game ends at the end of this turn",
                R_END,
            )

    def _basic(self, state: State, sim: _Sim, move: Move) -> list[Reason]:
        reasons = self._pending(state, sim, "take a basic action")
        if state.basic_action is not None:
            reasons.append(
                Reason(
                    rule=R_BASIC,
                    message=f"you already took a basic {state.basic_action} this turn: only one "
                    "basic action per turn",
                )
            )
        if state.used:
            reasons.append(
                Reason(
                    rule=R_EITHER_OR,
                    message=f"you already used {_names(list(state.used))} this turn: a basic action "
                    "is only allowed before any Party card is used",
                )
            )
        reasons += self._check_targets(sim, move.icon, move.targets, 1, "a basic action")
        if not move.targets:
            reasons.append(Reason(rule=R_BASIC, message="name the card the basic action takes"))
        if reasons:
            return reasons
        started = sim.end_triggered()
        sim.basic = move.icon
        sim.effect(
            "basic",
            f"{sim.names[sim.active]} takes a basic {move.icon} without a card (no Party card used yet)",
            R_BASIC,
        )
        self._do_ability(sim, move.icon, move.targets, f"basic {move.icon}")
        sim.effect(
            "basic-locks",
            "no Party card may be used for the rest of this turn",
            R_BASIC_LOCKS,
        )
        self._after_ability(state, sim, started)
        return sim.problems

    def _use(self, state: State, sim: _Sim, move: Move) -> list[Reason]:
        player = self._active_player(state)
        card = move.card
        spec = sim.cat.get(card)
        reasons = self._pending(state, sim, "use another card")
        if state.basic_action is not None:
            reasons.append(
                Reason(
                    rule=R_BASIC_LOCKS,
                    message=f"you took a basic {state.basic_action} this turn: no Party card may be "
                    "used for the rest of it",
                )
            )
        if len(state.used) >= 2:
            reasons.append(
                Reason(
                    rule=R_UP_TO_TWO,
                    message=f"you already used 2 Party cards this turn ({_names(list(state.used))})",
                )
            )
        if card not in player.party:
            if card in player.reward_area:
                reasons.append(
                    Reason(
                        rule=R_NO_NORMAL_USE,
                        message=f"{card} is in your Reward Area: it can no longer be used",
                    )
                )
            elif card in player.hand:
                reasons.append(
                    Reason(
                        rule=R_PARTY,
                        message=f"{card} is in your Hand, not your Party: Recruit it first",
                    )
                )
            else:
                reasons.append(
                    Reason(rule=R_PARTY, message=f"{card} is not in your Party ({_names(player.party)})")
                )
        elif card in state.used:
            if player.party.count(card) > 1:
                reasons.append(
                    Reason(
                        rule=R_SAME_NAME,
                        message=f"a {card} was already used this turn: no two cards with the same "
                        "name in one turn, even another copy",
                    )
                )
            else:
                reasons.append(
                    Reason(rule=R_NO_REUSE, message=f"{card} was already used this turn")
                )
        icon = move.icon
        known_icon = spec.icon if spec is not None and spec.icon != "unknown" else None
        if known_icon is not None and icon != known_icon:
            reasons.append(
                Reason(
                    rule=R_ICON,
                    message=f"{card}'s icon is {known_icon}, so using it performs {known_icon}, "
                    f"not {icon}",
                )
            )
        most = spec.icon_count if spec is not None else 1
        reasons += self._check_targets(sim, icon, move.targets, most, card)
        if not move.targets:
            pool = [c[0] for c in sim.board] if icon == "explore" else sim.hand[sim.active]
            if pool:
                place = "on the Board" if icon == "explore" else "in your Hand"
                reasons.append(
                    Reason(
                        rule=R_EXPLORE if icon == "explore" else (R_RECRUIT if icon == "recruit" else R_SUBJUGATE),
                        message=f"name the card {card}'s {icon} takes ({_names(sorted(set(pool)))} "
                        f"{'is' if len(set(pool)) == 1 else 'are'} {place})",
                    )
                )
        if reasons:
            return reasons
        # the use itself
        started = sim.end_triggered()
        sim.used.append(card)
        sim.effect(
            "use",
            f"{sim.names[sim.active]} uses {card} ({len(sim.used)} of 2 Party cards this turn): "
            f"first its {icon}, then its effect, finished before any other card",
            R_USING,
        )
        if spec is None:
            sim.note(f"card effect not checked: {card} is not in the card catalogue")
        elif known_icon is None:
            sim.note(
                f"card effect not checked: {card}'s icon is unknown to the catalogue; taken as "
                f"{icon} as the move says"
            )
        if not move.targets:
            sim.note(
                f"{R_USING}: {card}'s {icon} has nothing to act on; the rulebook does not say "
                "whether a card may be used for its effect alone"
            )
            sim.effect("no-target", f"{card}'s {icon} has nothing to take", R_USING)
        else:
            self._do_ability(sim, icon, move.targets, f"{card}'s {icon}")
        if spec is None or spec.effect == "unknown":
            sim.note(f"card effect not checked: {card}'s effect text is unknown; resolve it as printed")
            sim.effect("card-effect", f"resolve {card}'s own effect as printed (not checked)", R_EFFECT)
        elif spec.effect.strip().casefold() != "none":
            sim.note(f"card effect not checked: {card}: {spec.effect}")
            sim.effect("card-effect", f"resolve {card}'s effect: {spec.effect}", R_EFFECT)
        self._after_ability(state, sim, started)
        if icon == "recruit" and len(sim.used) < 2:
            fresh = [t for t in move.targets if t not in sim.used]
            if fresh:
                sim.effect(
                    "can-use",
                    f"{_names(fresh)} may be used later this turn (1 Party card use left)",
                    R_RECRUIT_USE,
                )
        if len(sim.used) >= 2:
            sim.effect(
                "turn-limit", "2 Party cards used: no more this turn; end your turn", R_UP_TO_TWO
            )
        else:
            sim.effect("one-more", "you may use 1 more Party card this turn", R_UP_TO_TWO)
        return sim.problems

    # ------------------------------------------------------------------ legal moves

    def legal_moves(self, state: State) -> list[Move]:
        if state.game_over:
            return []
        cat = catalogue(state)
        player = self._active_player(state)
        over = [(z, cards) for z, cards in (("party", player.party), ("hand", player.hand)) if len(cards) > LIMIT]
        if over:
            return [
                Move(action="exile", zone=z, targets=(n,))
                for z, cards in over
                for n in sorted(set(cards))
            ]
        moves: list[Move] = []
        board = sorted(c.name for c in state.board)
        hand = sorted(player.hand)
        if state.basic_action is None and len(state.used) < 2:
            for name in sorted(set(player.party)):
                if name in state.used:
                    continue
                spec = cat.get(name)
                icons = [spec.icon] if spec is not None and spec.icon != "unknown" else list(ICONS)
                most = spec.icon_count if spec is not None else 1
                for icon in icons:
                    pool = board if icon == "explore" else hand
                    if not pool:
                        moves.append(Move(action="use", card=name, icon=icon))
                        continue
                    for size in range(1, min(most, len(pool)) + 1):
                        for combo in sorted(set(self._multisets(pool, size))):
                            moves.append(Move(action="use", card=name, icon=icon, targets=combo))
        if state.basic_action is None and not state.used:
            for icon in ICONS:
                pool = board if icon == "explore" else hand
                for name in sorted(set(pool)):
                    moves.append(Move(action="basic", icon=icon, targets=(name,)))
        moves.append(Move(action="end"))
        return moves

    @staticmethod
    def _multisets(pool: list[str], size: int):
        have = Counter(pool)
        for combo in combinations_with_replacement(sorted(have), size):
            need = Counter(combo)
            if all(have[n] >= k for n, k in need.items()):
                yield tuple(combo)

    def _alternatives(self, state: State, move: Move) -> list[str]:
        moves = self.legal_moves(state)

        def score(m: Move) -> tuple:
            return (
                -(m.action == move.action),
                -(m.card is not None and m.card == move.card),
                -len(set(m.targets) & set(move.targets)),
                -(m.icon is not None and m.icon == move.icon),
                m.action == "end",
            )

        ranked = sorted(moves, key=score)
        return [self.format_move(m) for m in ranked[:10]]

    # ------------------------------------------------------------------ scoring

    def end_triggered(self, state: State) -> bool:
        """True once the last Rank 6 card has left the Board (the game ends at this turn's end)."""
        return _Sim(state, catalogue(state)).end_triggered()

    def final_scores(
        self,
        state: State,
        *,
        effect_points: Mapping[str, int] | None = None,
        party_ranks: Mapping[str, int] | None = None,
        hand_ranks: Mapping[str, int] | None = None,
    ) -> dict[str, Any]:
        """Final scores, the winner(s), how the winner was decided and what could not be checked.

        The keyword arguments (player name -> number) come from a table that keeps score by hand
        (the Tracker): `effect_points` adds end-game points from card effects the table counted
        itself; `party_ranks` / `hand_ranks` give a Party's or Hand's total Rank directly, in place
        of the Ranks of the cards recorded there. Without them nothing changes.
        """
        effect_points_given = dict(effect_points or {})
        party_ranks = dict(party_ranks or {})
        hand_ranks = dict(hand_ranks or {})
        cat = catalogue(state)
        notes: list[str] = []
        rows = []
        general: list[str] = []
        no_vp: list[str] = []
        no_effect: list[str] = []
        unknown_rank: list[str] = []

        def rank(name):
            spec = cat.get(name)
            return spec.rank if spec is not None and isinstance(spec.rank, int) else None

        for p in state.players:
            card_vp = 0
            for name in p.reward_area:
                spec = cat.get(name)
                if spec is not None and isinstance(spec.vp, int):
                    card_vp += spec.vp
                elif rank(name) is not None:
                    card_vp += general_vp(rank(name))
                    general.append(name)
                else:
                    no_vp.append(name)
            effect_points = effect_points_given.get(p.name, 0)
            for area, cards in (("party", p.party), ("hand", p.hand), ("reward", p.reward_area)):
                for name in cards:
                    spec = cat.get(name)
                    if spec is not None and spec.effect_points is not None:
                        if spec.effect_points_area == area:
                            effect_points += spec.effect_points
                    elif spec is None or spec.effect.strip().casefold() != "none":
                        no_effect.append(name)
            party_rank = party_ranks.get(p.name, sum(rank(n) or 0 for n in p.party))
            hand_rank = hand_ranks.get(p.name, sum(rank(n) or 0 for n in p.hand))
            unknown_rank += [
                n
                for n in (
                    *(p.party if p.name not in party_ranks else ()),
                    *(p.hand if p.name not in hand_ranks else ()),
                )
                if rank(n) is None
            ]
            rows.append(
                {
                    "player": p.name,
                    "card_vp": card_vp,
                    "effect_points": effect_points,
                    "bonuses": p.bonuses,
                    "total": card_vp + effect_points + p.bonuses,
                    "party_rank": party_rank,
                    "hand_rank": hand_rank,
                }
            )
        if general:
            notes.append(
                f"{R_VP_LOW}: printed VP not in the catalogue for {_names(sorted(set(general)))}; "
                "counted by the general rule (Ranks 1-4: 1 VP, Ranks 5-6: 2 VP)"
            )
        if no_vp:
            notes.append(
                f"{R_FINAL_SCORE}: VP and Rank unknown for {_names(sorted(set(no_vp)))}: counted as 0"
            )
        if no_effect:
            notes.append(
                f"card effect not checked: end-game points from the effects of "
                f"{_names(sorted(set(no_effect)))} are unknown and not counted"
            )
        if any(p.bonuses for p in state.players):
            notes.append(f"{R_BONUS_SCORE}: each Bonus is counted as 1 VP (the rulebook gives no number)")
        best = max(r["total"] for r in rows)
        tied = [r for r in rows if r["total"] == best]
        decided = "points"
        if len(tied) > 1:
            decided = "party-rank"
            top = max(r["party_rank"] for r in tied)
            tied = [r for r in tied if r["party_rank"] == top]
            if len(tied) > 1:
                decided = "hand-rank"
                top = max(r["hand_rank"] for r in tied)
                tied = [r for r in tied if r["hand_rank"] == top]
                if len(tied) > 1:
                    decided = "tie"
                    notes.append(
                        f"{R_FULL_TIE}: still tied after both tiebreakers; the rulebook does not "
                        "say what happens (reported as a tie)"
                    )
            if unknown_rank:
                notes.append(
                    f"{R_TIE_PARTY}: the Ranks of {_names(sorted(set(unknown_rank)))} are unknown "
                    "and count 0 in the tiebreakers"
                )
        return {
            "players": rows,
            "winners": [r["player"] for r in tied],
            "decided_by": decided,
            "unchecked": notes,
        }

    def _score_effects(self, state: State, sim: _Sim) -> None:
        result = self.final_scores(state)
        cat = catalogue(state)
        for row in result["players"]:
            sim.effect(
                "score",
                f"{row['player']}: {row['card_vp']} VP from Reward Area cards + "
                f"{row['effect_points']} from card effects + "
                f"{_plural(row['bonuses'], 'Bonus')} = {row['total']}",
                R_FINAL_SCORE,
            )
        ranks = {
            cat[n].rank
            for p in state.players
            for n in p.reward_area
            if n in cat and isinstance(cat[n].rank, int) and not isinstance(cat[n].vp, int)
        }
        if any(r <= 4 for r in ranks):
            sim.effect("vp-rule", "Reward Area cards of Ranks 1-4 count 1 VP each", R_VP_LOW)
        if any(r >= 5 for r in ranks):
            sim.effect("vp-rule", "Reward Area cards of Ranks 5-6 count 2 VP each", R_VP_HIGH)
        if any(row["effect_points"] for row in result["players"]):
            sim.effect("vp-rule", "card effects add their end-game points (from the catalogue)", R_VP_EXTRA)
            sim.effect(
                "vp-rule",
                "card effects' end-game points count only with the card in the area its text names",
                R_SCORING_AREA,
            )
        if any(row["bonuses"] for row in result["players"]):
            sim.effect("vp-rule", "each Bonus in a Reward Area counts toward the score", R_BONUS_SCORE)
        winners = result["winners"]
        rule, how = DECIDED_BY[result["decided_by"]]
        if len(winners) == 1:
            sim.effect("winner", f"{winners[0]} wins ({how})", rule)
        else:
            sim.effect("winner", f"tie between {_names(winners)} ({how})", rule)
        for n in result["unchecked"]:
            sim.note(n)

    # ------------------------------------------------------------------ status

    def status(self, state: State) -> list[Reason]:
        cat = catalogue(state)
        out: list[Reason] = []

        def add(rule, message):
            out.append(Reason(rule=rule, message=message))

        def rank(name):
            spec = cat.get(name)
            return spec.rank if spec is not None and isinstance(spec.rank, int) else None

        unknown = sorted(n for n in self._state_names(state) if n not in cat)
        for name in unknown:
            add(R_NAME, f"{name} is not in the card catalogue: describe it under [[situation.cards]]")

        active_rank = state.active_rank
        if len(state.board) > BOARD_SIZE:
            add(R_BOARD_SIZE, f"the Board holds {len(state.board)} cards; it never holds more than {BOARD_SIZE}")
        left = sum(_deck_size(d) for r, d in state.decks.items() if r >= active_rank)
        if len(state.board) < BOARD_SIZE and left:
            add(
                R_REFILL,
                f"the Board holds only {len(state.board)} cards while the Rank Decks still hold "
                f"{left}: it would have been refilled to {BOARD_SIZE}",
            )
        for c in state.board:
            r = rank(c.name)
            if c.name not in cat:
                continue
            if r is None:
                add(R_RANK_RANGE, f"{c.name} is on the Board but its Rank is unknown: give it a rank in [[situation.cards]]")
                continue
            if r > active_rank:
                add(R_REVEAL, f"{c.name} (Rank {r}) is on the Board but the active Rank Deck is Rank {active_rank}")
            if c.bonus and r == LAST_RANK:
                add(R_RANK6_NONE, f"{c.name} is a Rank 6 card with a Bonus; Rank 6 cards never get one")
            elif c.bonus and r >= active_rank:
                add(R_ON_ADVANCE, f"{c.name} (Rank {r}) carries a Bonus, but only cards below the active Rank ({active_rank}) get one")
            if c.bonus > 1:
                add(R_EXPIRED, f"{c.name} carries {c.bonus} Bonuses; a card with a Bonus is Exiled at the next advance")
            if r <= active_rank - 2:
                add(R_EXPIRED, f"{c.name} (Rank {r}) would have been Exiled with its Bonus when Rank {r + 2} began")
            elif r == active_rank - 1 and not c.bonus:
                add(R_ON_ADVANCE, f"{c.name} (Rank {r}) was on the Board when Rank {active_rank} began and should carry a Bonus")
        for r, deck in sorted(state.decks.items()):
            if r < active_rank and _deck_size(deck):
                add(R_WHEN_EMPTY, f"the Rank {r} deck still holds cards, yet Rank {active_rank} is active")
            if not isinstance(deck, int):
                for name in deck:
                    k = rank(name)
                    if name in cat and k is not None and k != r:
                        add(R_RANK_DECK, f"{name} is a Rank {k} card but lies in the Rank {r} deck")
                    elif name in cat and k is None:
                        add(R_RANK_RANGE, f"{name} lies in the Rank {r} deck but its Rank is unknown: give it a rank in [[situation.cards]]")
        if active_rank < LAST_RANK and _deck_size(state.decks.get(active_rank, 0)) == 0:
            add(R_WHEN_EMPTY, f"the active Rank {active_rank} deck is empty; the game would have advanced to Rank {active_rank + 1}")
        for p in state.players:
            for name in (*p.party, *p.hand, *p.reward_area):
                r = rank(name)
                if r is not None and r > active_rank and name not in STARTING_PARTY:
                    add(R_RANK_ORDER, f"{p.name} holds {name} (Rank {r}), but Rank {r} cards have not reached the Board yet (active Rank {active_rank})")
            fresh_turn = not state.used and state.basic_action is None
            for zone, cards in (("Party", p.party), ("Hand", p.hand)):
                if len(cards) <= LIMIT:
                    continue
                if p.name != state.active:
                    add(R_MAX_FOUR, f"{p.name}'s {zone} holds {len(cards)} cards outside their turn; at most {LIMIT}")
                elif fresh_turn or state.game_over:
                    add(
                        R_PARTY_TIMING if zone == "Party" else R_EXILE_DOWN,
                        f"{p.name}'s {zone} holds {len(cards)} cards before anything was done this turn; it must have been cut to {LIMIT}",
                    )
        dup = sorted(n for n, k in Counter(state.used).items() if k > 1)
        for name in dup:
            add(R_NO_REUSE, f"{name} is recorded as used twice this turn")
        if len(state.used) > 2:
            add(R_UP_TO_TWO, f"{len(state.used)} Party cards recorded as used this turn; at most 2")
        if state.used and state.basic_action is not None:
            add(R_BASIC_LOCKS, "a basic action and Party card uses are both recorded for this turn")
        if state.game_over and not self.end_triggered(state):
            add(R_END, "the game is marked over, but Rank 6 cards remain on the Board or in the deck")
        return out


# =========================================================================== the table tracker
#
# For a table that plays with real cards: `companion track ...` keeps each player's Reward Area
# (cards by name and/or Rank, and Bonuses), the points card effects add at the end, the Party and
# Hand (cards, Ranks, or just their Rank totals) for the tiebreakers, the current Rank, whether the
# last Rank 6 card has left the Board, whose turn it is, and the winner. Scoring and tiebreakers
# are Engine.final_scores(): the tracker builds a State (the models above) and asks the engine.
#
# Readings chosen where the rulebook is unclear (each is also in docs/track-theseus.md):
# - a card known only by its Rank scores by the general rule (Ranks 1-4: 1 VP, 5-6: 2 VP), as a
#   card without printed VP does in the engine; one Bonus is 1 VP (the engine's reading);
# - Ranks of Knight, Mage and Rogue are not given: they count 0 in the tiebreakers unless the
#   table gives them (option cards=Knight:2 or `party ann Knight:2 ...`);
# - after the game has ended, only the final count may still change (`party`, `hand`, `points`,
#   `score`); changes of play (`reward`, `bonus`, `rank`, `next-rank`, `last-rank6`, `next`) are
#   refused;
# - a Rank may be skipped (`rank 3` from Rank 1): one Board Refill can empty a whole deck;
# - a card of a Rank the Board has not reached yet is refused, except Knight, Mage and Rogue and
#   a Party given by Ranks only (its cards may be the starting ones, whose Ranks are unknown);
# - a subjugated card that is recorded in the player's Hand leaves the Hand;
# - a tie after both tiebreakers is reported as a tie (theseus.tiebreakers.full-tie).

import re as _re
from typing import ClassVar

from engine.tracking import Change, OptionError
from engine.tracking import Tracker as _TrackerBase
from engine.words import match as _match_word, nearest as _nearest

RT_REWARD_AREA = "theseus.areas.reward-area"
RT_VP_IN_REWARD = "theseus.card-info.vp.in-reward-area"
RT_NO_DECK_AFTER_6 = "theseus.end.no-deck-after-6"

#: every rule id the tracker cites (the R_ ones are the move validator's)
TRACKER_RULES: frozenset[str] = frozenset(
    {
        RT_REWARD_AREA, RT_VP_IN_REWARD, RT_NO_DECK_AFTER_6,
        R_CLOCKWISE, R_REFRESH, R_SUBJUGATE, R_RANK_RANGE, R_NAME, R_VP_LOW, R_VP_HIGH, R_VP_EXTRA,
        R_MAX_FOUR, R_EXILE_DOWN, R_PARTY_TIMING, R_WHEN_EMPTY, R_RANK_ORDER, R_ON_ADVANCE,
        R_GAIN, R_BONUS_SCORE, R_EXPIRED, R_RANK6_NONE, R_END, R_FINAL_SCORE, R_MOST_VP,
        R_TIE_PARTY, R_TIE_HAND, R_FULL_TIE, R_SCORING_AREA,
    }
)

MAX_RANK_TOTAL = LIMIT * LAST_RANK  # 4 cards of at most Rank 6


def rank_only_name(rank: int) -> str:
    """The name the tracker gives a card the table records by its Rank only."""
    return f"Rank {rank} card"


#: catalogue entries for cards recorded by Rank only ("reward ann rank 5", "party ann 4 3 2 1")
RANK_ONLY_CARDS: tuple[CardSpec, ...] = tuple(
    CardSpec(name=rank_only_name(r), rank=r, source="tracker: a card the table recorded by its Rank only")
    for r in range(1, LAST_RANK + 1)
)
_RANK_ONLY_NAMES = {c.name.casefold() for c in RANK_ONLY_CARDS}


class TrackedTable(Frozen):
    """Party of the Theseus as the tracker keeps it for a table playing with real cards.

    `players` are the engine's Player records (Party, Hand, Reward Area, Bonuses) in turn
    (clockwise) order; cards recorded by Rank only are named "Rank N card". `cards` adds to or
    completes the shipped catalogue for this game (e.g. a card the table named with its Rank).
    """

    players: tuple[Player, ...] = Field(min_length=1)
    active: str = Field(description="the player whose turn it is")
    active_rank: int = Field(1, ge=1, le=LAST_RANK, description="Rank of the active Rank Deck")
    last_rank6_left: bool = Field(False, description="the last Rank 6 card has left the Board")
    game_over: bool = False
    turn: int = Field(1, ge=1, description="turns begun so far, the first being 1")
    cards: tuple[CardSpec, ...] = ()
    effect_points: dict[str, int] = Field(
        default_factory=dict, description="end-game points from card effects, as the table counted them"
    )
    party_ranks: dict[str, int] = Field(
        default_factory=dict, description="Party Rank totals entered directly (instead of the cards)"
    )
    hand_ranks: dict[str, int] = Field(
        default_factory=dict, description="Hand Rank totals entered directly (instead of the cards)"
    )

    @model_validator(mode="after")
    def _holds_together(self) -> "TrackedTable":
        names = [p.name for p in self.players]
        if len({n.casefold() for n in names}) != len(names):
            raise ValueError("players: two players share a name")
        if self.active not in names:
            raise ValueError(f"active: {self.active!r} is not one of the players ({', '.join(names)})")
        for field in ("effect_points", "party_ranks", "hand_ranks"):
            strangers = sorted(set(getattr(self, field)) - set(names))
            if strangers:
                raise ValueError(f"{field}: {', '.join(strangers)} is not a player")
        for field in ("party_ranks", "hand_ranks"):
            if any(v < 0 for v in getattr(self, field).values()):
                raise ValueError(f"{field}: a Rank total cannot be negative")
        return self

    def player(self, name: str) -> Player:
        for p in self.players:
            if p.name == name:
                return p
        raise MoveSyntaxError(f"unknown player {name!r}; players: {', '.join(p.name for p in self.players)}")


ENGINE_FOR_SCORING = Engine()


def scoring_state(table: TrackedTable) -> State:
    """The engine's State for a tracked table: the Board and decks are not tracked (empty)."""
    return State(
        players=table.players,
        active=table.active,
        active_rank=table.active_rank,
        decks={r: 0 for r in range(table.active_rank, LAST_RANK + 1)},
        game_over=table.game_over,
        cards=tuple(table.cards) + RANK_ONLY_CARDS,
    )


def tracked_scores(table: TrackedTable) -> dict[str, Any]:
    """Engine.final_scores() of a tracked table, with the points and Rank totals the table entered."""
    return ENGINE_FOR_SCORING.final_scores(
        scoring_state(table),
        effect_points=table.effect_points,
        party_ranks=table.party_ranks,
        hand_ranks=table.hand_ranks,
    )


_EFFECT_NOTE = "card effect not checked: end-game points from the effects of"
_TRACKER_EFFECT_NOTE = (
    f"{R_VP_EXTRA}: the rulebook prints no card texts; points from card effects count only as "
    "the table enters them (`points PLAYER +N`)"
)


def _notes(result: dict[str, Any]) -> list[str]:
    """final_scores() notes as a table reads them (the effect note says how to enter points)."""
    out = []
    for note in result["unchecked"]:
        note = _TRACKER_EFFECT_NOTE if note.startswith(_EFFECT_NOTE) else note
        if note not in out:
            out.append(note)
    return out


def _note_rule(note: str) -> str | None:
    head = note.split(":", 1)[0].strip()
    return head if head.startswith("theseus.") else None


class _Item(Frozen):
    """One card as the table named it: by name, by name with its Rank (and VP), or by Rank only."""

    name: str | None = None
    rank: int | None = None
    vp: int | None = None

    def label(self) -> str:
        if self.name is None:
            return str(self.rank)
        text = self.name if self.rank is None else f"{self.name}:{self.rank}"
        return text if self.vp is None else f"{text}:{self.vp}vp"


_ITEM = _re.compile(r"^(?P<name>.*?\S)\s*:\s*(?P<rank>[+-]?\d+)(?:\s*:\s*(?P<vp>\d+)\s*(?:vp)?)?$", _re.I)
_INT = _re.compile(r"^[+-]?\d+$")
_AMOUNT = _re.compile(r"^([+\-=]?)(\d+)$")


def _read_item(text: str) -> _Item:
    """A Change argument back into an item ("4", "Paladin", "Dragon:5", "Dragon:5:3vp")."""
    if _INT.match(text):
        return _Item(rank=int(text))
    m = _ITEM.match(text)
    if m:
        return _Item(name=m["name"], rank=int(m["rank"]), vp=int(m["vp"]) if m["vp"] else None)
    return _Item(name=text)


class _Desk:
    """A mutable copy of a TrackedTable that one change is worked out on (check and apply share it)."""

    def __init__(self, table: TrackedTable):
        self.table = table
        self.names = [p.name for p in table.players]
        self.party = {p.name: list(p.party) for p in table.players}
        self.hand = {p.name: list(p.hand) for p in table.players}
        self.reward = {p.name: list(p.reward_area) for p in table.players}
        self.bonuses = {p.name: p.bonuses for p in table.players}
        self.active = table.active
        self.rank = table.active_rank
        self.last_rank6_left = table.last_rank6_left
        self.game_over = table.game_over
        self.turn = table.turn
        self.cards = list(table.cards)
        self.effect_points = dict(table.effect_points)
        self.party_ranks = dict(table.party_ranks)
        self.hand_ranks = dict(table.hand_ranks)
        self.effects: list[Effect] = []
        self.problems: list[Reason] = []

    def say(self, kind: str, message: str, rule: str | None) -> None:
        self.effects.append(Effect(kind=kind, message=message, rule=rule))

    def forbid(self, rule: str, message: str) -> None:
        self.problems.append(Reason(rule=rule, message=message))

    def catalogue(self) -> dict[str, CardSpec]:
        return _merged(tuple(self.cards) + RANK_ONLY_CARDS)

    def spec(self, name: str) -> CardSpec | None:
        cat = self.catalogue()
        if name in cat:
            return cat[name]
        folded = {n.casefold(): s for n, s in cat.items()}
        return folded.get(name.casefold())

    def set_card(self, name: str, **fields) -> None:
        """Add a card to this game's catalogue, or complete/override the fields of one."""
        for i, c in enumerate(self.cards):
            if c.name.casefold() == name.casefold():
                given = {f: getattr(c, f) for f in c.model_fields_set}
                given.update(fields)
                self.cards[i] = CardSpec(**given)
                return
        self.cards.append(CardSpec(name=name, **fields))

    def freeze(self) -> TrackedTable:
        players = tuple(
            Player(
                name=n,
                party=tuple(self.party[n]),
                hand=tuple(self.hand[n]),
                reward_area=tuple(self.reward[n]),
                bonuses=self.bonuses[n],
            )
            for n in self.names
        )
        return TrackedTable(
            players=players,
            active=self.active,
            active_rank=self.rank,
            last_rank6_left=self.last_rank6_left,
            game_over=self.game_over,
            turn=self.turn,
            cards=tuple(self.cards),
            effect_points=self.effect_points,
            party_ranks=self.party_ranks,
            hand_ranks=self.hand_ranks,
        )


class Tracker(_TrackerBase[TrackedTable]):
    """Rewards, Bonuses, card-effect points, Party/Hand Ranks, the Rank, the turn and the winner."""

    game: ClassVar[str] = "theseus"
    State: ClassVar[type[TrackedTable]] = TrackedTable
    RULE_IDS: ClassVar[frozenset[str]] = TRACKER_RULES
    READ_ONLY: ClassVar[frozenset[str]] = frozenset({"score"})
    COMMANDS: ClassVar[dict[str, str]] = {
        "reward": "a card goes to a Reward Area (Subjugate): `reward ann Paladin`, `reward ann rank 5`, "
                  "`reward ann \"Dragon\" 5` (a card the catalogue lacks, with its Rank), `reward ann Dragon 5 vp 3`",
        "bonus": "Bonuses into a Reward Area: `bonus ann +1`, `bonus ann +1 Paladin` (the card it lay on), "
                 "`bonus ann +1 rank 2`, `bonus ann -1`, `bonus ann =2`",
        "points": "end-game points from card effects, as the table counts them: `points ann +2`, `points ann =3`",
        "party": "the cards in a Party, by Rank or name (at most 4), or its Rank total: `party ann 4 3 2 1`, "
                 "`party ann Knight Paladin Dragon:5`, `party ann total 10`, `party ann none`",
        "hand": "the cards in a Hand, the same way: `hand ann 5 2`, `hand ann Witch`, `hand ann total 7`, `hand ann none`",
        "rank": "the Rank Deck now active (Ranks only go up, 1 to 6): `rank 3`",
        "next-rank": "the active Rank Deck ran out: the next Rank begins: `next-rank`",
        "last-rank6": "the last Rank 6 card has left the Board: the game ends at the end of this turn: `last-rank6`",
        "next": "the turn is over: the next player clockwise (or the end of the game): `next`",
        "score": "the standings now (points, then the tiebreakers); changes nothing: `score`",
    }
    OPTIONS: ClassVar[dict[str, str]] = {
        "first": "the player who takes the first turn (the rulebook leaves it to the table); "
                 "default: the first player named",
        "cards": "cards to add to the catalogue, NAME:RANK or NAME:RANK:VP, comma-separated, "
                 "e.g. cards=Dragon:5,Knight:1,Hydra:6:3; default: none",
    }
    VERB_ALIASES: ClassVar[dict[str, str]] = {
        "reward": "reward", "rewards": "reward", "subjugate": "reward", "sub": "reward",
        "bonus": "bonus", "bonuses": "bonus",
        "points": "points", "point": "points", "vp": "points", "effect-points": "points",
        "party": "party",
        "hand": "hand",
        "rank": "rank",
        "next-rank": "next-rank", "nextrank": "next-rank", "advance": "next-rank",
        "last-rank6": "last-rank6", "last-rank-6": "last-rank6", "lastrank6": "last-rank6",
        "rank6-gone": "last-rank6", "last-card": "last-rank6",
        "next": "next", "end-turn": "next", "next-turn": "next",
        "score": "score", "scores": "score", "standings": "score",
    }
    AFTER_THE_END: ClassVar[frozenset[str]] = frozenset({"party", "hand", "points", "score"})

    # ------------------------------------------------------------------ a new game

    def new_state(self, players: list[str], options: dict[str, str]) -> TrackedTable:
        opts = {str(k).strip().lower().replace("_", "-"): str(v).strip() for k, v in (options or {}).items()}
        aliases = {"first": "first", "first-player": "first", "starting-player": "first", "start": "first",
                   "cards": "cards", "card": "cards", "catalogue": "cards", "catalog": "cards"}
        given: dict[str, str] = {}
        for key, value in opts.items():
            if key not in aliases:
                near = difflib.get_close_matches(key, sorted(aliases), n=2, cutoff=0.4)
                hint = f" (did you mean {' or '.join(sorted({aliases[n] for n in near}))}?)" if near else ""
                raise OptionError(f"unknown option {key!r}{hint}; theseus options: {', '.join(self.OPTIONS)}")
            given[aliases[key]] = value
        names = [str(n).strip() for n in players or [] if str(n).strip()]
        if not names:
            raise OptionError("players: name at least one player (the rulebook gives no player count)")
        if len({n.casefold() for n in names}) != len(names):
            raise OptionError("players: two players share a name")
        active = names[0]
        if "first" in given:
            low = given["first"].casefold()
            exact = [n for n in names if n.casefold() == low]
            pref = [n for n in names if low and n.casefold().startswith(low)]
            if exact or len(pref) == 1:
                active = (exact or pref)[0]
            else:
                raise OptionError(f"first: {given['first']!r} is not one of the players; choose one of: {', '.join(names)}")
        desk_cards = self._option_cards(given.get("cards", ""))
        return TrackedTable(
            players=tuple(Player(name=n, party=STARTING_PARTY) for n in names),
            active=active,
            cards=desk_cards,
        )

    @staticmethod
    def _option_cards(text: str) -> tuple[CardSpec, ...]:
        if not text:
            return ()
        shipped = {c.name.casefold(): c for c in builtin_catalogue()}
        out: dict[str, CardSpec] = {}
        for part in (p.strip() for p in text.split(",")):
            if not part:
                continue
            m = _re.match(r"^(?P<name>[^:]*\S)\s*:\s*(?P<rank>\d+)(?:\s*:\s*(?P<vp>\d+)\s*(?:vp)?)?$", part, _re.I)
            if not m:
                raise OptionError(f"cards: {part!r} is not NAME:RANK or NAME:RANK:VP (e.g. cards=Dragon:5,Hydra:6:3)")
            name, rank = m["name"].strip(), int(m["rank"])
            if not 1 <= rank <= LAST_RANK:
                raise OptionError(f"cards: {name}'s Rank {rank} is not a Rank (1 to 6)")
            if name.casefold() in _RANK_ONLY_NAMES or name.casefold() == "rank":
                raise OptionError(f"cards: {name!r} is the name the tracker gives cards recorded by Rank only")
            base = shipped.get(name.casefold())
            if base is not None and isinstance(base.rank, int) and base.rank != rank:
                raise OptionError(f"cards: {base.name} is a Rank {base.rank} card (rulebook), not Rank {rank}")
            name = base.name if base is not None else name
            if name.casefold() in out:
                raise OptionError(f"cards: {name} is given twice")
            fields: dict[str, Any] = {"name": name, "rank": rank, "source": "option cards"}
            if m["vp"]:
                fields["vp"] = int(m["vp"])
            out[name.casefold()] = CardSpec(**fields)
        return tuple(out.values())

    # ------------------------------------------------------------------ parsing

    def parse(self, state: TrackedTable, words: list[str]) -> Change:
        words = [str(w).strip() for w in words if str(w).strip()]
        if not words:
            raise MoveSyntaxError(f"no command given; commands: {', '.join(self.COMMANDS)}")
        verb = self._verb(words[0])
        rest = words[1:]
        if verb in ("next-rank", "last-rank6", "next", "score"):
            if rest:
                raise MoveSyntaxError(f"{verb} takes nothing after it; unexpected {rest[0]!r}")
            return Change(verb=verb)
        if verb == "rank":
            if len(rest) != 1:
                raise MoveSyntaxError("rank: give the Rank now active, e.g. `rank 3` (or `next-rank`)")
            return Change(verb="rank", args=(str(self._int(rest[0], "rank")),))
        if not rest:
            raise MoveSyntaxError(f"{verb}: name a player first, e.g. `{self._example(verb)}`")
        who = _match_word(rest[0], [p.name for p in state.players], "player", hint="players")
        rest = rest[1:]
        if verb == "reward":
            return Change(verb=verb, args=(who, *self._parse_reward(state, who, rest)))
        if verb in ("bonus", "points"):
            return Change(verb=verb, args=(who, *self._parse_amount(state, verb, who, rest)))
        return Change(verb=verb, args=(who, *self._parse_area(state, verb, who, rest)))

    def _verb(self, token: str) -> str:
        low = token.casefold().replace("_", "-")
        if low in self.VERB_ALIASES:
            return self.VERB_ALIASES[low]
        near = difflib.get_close_matches(low, list(self.VERB_ALIASES), n=3, cutoff=0.5)
        choices = sorted({self.VERB_ALIASES[n] for n in near}) or list(self.COMMANDS)
        raise MoveSyntaxError(f"unknown command {token!r}; did you mean: {', '.join(choices)}")

    def _example(self, verb: str) -> str:
        return {"reward": "reward ann Paladin", "bonus": "bonus ann +1", "points": "points ann +2",
                "party": "party ann 4 3 2 1", "hand": "hand ann 5 2"}[verb]

    @staticmethod
    def _int(token: str, what: str) -> int:
        if not _INT.match(token):
            raise MoveSyntaxError(f"{what}: {token!r} is not a number")
        return int(token)

    @staticmethod
    def _pool(state: TrackedTable) -> dict[str, str]:
        """Card names the table may type: the catalogue of this game, without the Rank-only names."""
        cat = catalogue(scoring_state(state))
        return {n.casefold(): n for n in cat if n.casefold() not in _RANK_ONLY_NAMES}

    def _known(self, pool: dict[str, str], word: str) -> str:
        low = word.casefold()
        if low in pool:
            return pool[low]
        pref = sorted({n for k, n in pool.items() if k.startswith(low)})
        if len(pref) == 1:
            return pref[0]
        if len(pref) > 1:
            raise AmbiguousMove(f"card {word!r} fits several", pref)
        shown = _nearest(word, list(pool.values())) or sorted(pool.values())[:8]
        raise MoveSyntaxError(
            f"unknown card {word!r}; did you mean: {', '.join(shown)}? A card the catalogue lacks "
            f"needs its Rank: {_quote(word)} 5 (reward) or {_quote(word)}:5 (party, hand)"
        )

    def _parse_reward(self, state: TrackedTable, who: str, rest: list[str]) -> tuple[str, ...]:
        example = f"reward {who.lower()} Paladin"
        if not rest:
            raise MoveSyntaxError(f"reward: name the card (or its Rank), e.g. `{example}` or `reward {who.lower()} rank 5`")
        vp = None
        if len(rest) >= 2 and rest[-2].casefold() == "vp":
            vp = self._int(rest[-1], "vp")
            if vp < 0:
                raise MoveSyntaxError(f"vp: {rest[-1]!r}: printed Victory Points are 0 or more")
            rest = rest[:-2]
        if not rest:
            raise MoveSyntaxError(f"reward: name the card before vp, e.g. `reward {who.lower()} Dragon 5 vp 3`")
        if rest[0].casefold() == "rank":
            if len(rest) != 2:
                raise MoveSyntaxError(f"reward: `reward {who.lower()} rank 5` names one card by its Rank")
            item = _Item(rank=self._int(rest[1], "rank"), vp=vp)
            return ("rank", str(item.rank)) + (("vp", str(vp)) if vp is not None else ())
        rank = None
        if len(rest) >= 2 and _INT.match(rest[-1]):
            rank = int(rest[-1])
            rest = rest[:-1]
        if len(rest) == 1 and rank is None and _ITEM.match(rest[0]):
            item = _read_item(rest[0])
            rest, rank = [item.name], item.rank
            vp = item.vp if vp is None else vp
        if len(rest) == 1 and _INT.match(rest[0]):
            raise MoveSyntaxError(f"reward: {rest[0]!r} is a number; a card by its Rank is `reward {who.lower()} rank {rest[0]}`")
        name = " ".join(rest)
        pool = self._pool(state)
        if name.casefold() in _RANK_ONLY_NAMES or rest[0].casefold() == "rank":
            raise MoveSyntaxError(f"reward: a card by its Rank is `reward {who.lower()} rank 5`")
        if rank is None:
            name = self._known(pool, name)
        else:
            name = pool.get(name.casefold(), name)
            if rank == self._spec_rank(state, name):
                rank = None  # the catalogue says the same
        args: tuple[str, ...] = (name,)
        if rank is not None:
            args += (str(rank),)
        if vp is not None:
            args += ("vp", str(vp))
        return args

    @staticmethod
    def _spec_rank(state: TrackedTable, name: str) -> int | None:
        spec = catalogue(scoring_state(state)).get(name)
        return spec.rank if spec is not None and isinstance(spec.rank, int) else None

    def _parse_amount(self, state: TrackedTable, verb: str, who: str, rest: list[str]) -> tuple[str, ...]:
        label = f"{verb} {who.lower()}"
        if not rest:
            raise MoveSyntaxError(f"{verb}: give an amount, e.g. `{label} +1` (or -1, =2)")
        m = _AMOUNT.match(rest[0])
        if not m:
            raise MoveSyntaxError(f"{verb}: {rest[0]!r} is not an amount; write +N to add, -N to take away or =N to set")
        sign, n = m.group(1), int(m.group(2))
        if sign == "":
            raise AmbiguousMove(f"{rest[0]!r} has no sign", [f"{label} +{n}", f"{label} ={n}"])
        amount = f"={n}" if sign == "=" else f"{n if sign == '+' else -n:+d}"
        tail = rest[1:]
        if verb == "points" or not tail:
            if tail:
                raise MoveSyntaxError(f"points: unexpected {tail[0]!r} after the amount")
            return (amount,)
        # bonus ... CARD / rank R: the Board card the Bonus lay on
        if tail[0].casefold() in ("on", "with", "from"):
            tail = tail[1:]
        if not tail:
            raise MoveSyntaxError(f"bonus: name the card the Bonus lay on, e.g. `{label} {amount} Paladin`")
        if tail[0].casefold() == "rank":
            if len(tail) != 2:
                raise MoveSyntaxError(f"bonus: `{label} {amount} rank 2` names the card by its Rank")
            return (amount, "rank", str(self._int(tail[1], "rank")))
        if len(tail) == 1 and _ITEM.match(tail[0]):
            item = _read_item(tail[0])
            return (amount, "rank", str(item.rank))
        return (amount, self._known(self._pool(state), " ".join(tail)))

    def _parse_area(self, state: TrackedTable, verb: str, who: str, rest: list[str]) -> tuple[str, ...]:
        example = self._example(verb).replace("ann", who.lower())
        if not rest:
            raise MoveSyntaxError(f"{verb}: list the cards (Ranks or names), e.g. `{example}`, or `{verb} {who.lower()} none`")
        head = rest[0].casefold()
        if head in ("none", "empty", "-"):
            if len(rest) > 1:
                raise MoveSyntaxError(f"{verb}: unexpected {rest[1]!r} after {rest[0]!r}")
            return ("none",)
        if head in ("total", "sum") or head.startswith("="):
            value = rest[0][1:] if head.startswith("=") and len(rest[0]) > 1 else (rest[1] if len(rest) > 1 else "")
            extra = rest[1:] if head.startswith("=") and len(rest[0]) > 1 else rest[2:]
            if not value:
                raise MoveSyntaxError(f"{verb}: give the Rank total, e.g. `{verb} {who.lower()} total 10`")
            if not value.isdigit():
                raise MoveSyntaxError(f"{verb}: {value!r} is not a Rank total (0 or more)")
            if extra:
                raise MoveSyntaxError(f"{verb}: unexpected {extra[0]!r} after the total")
            return ("total", str(int(value)))
        pool = self._pool(state)
        longest = max((len(n.split()) for n in pool.values()), default=1)
        items: list[str] = []
        i = 0
        while i < len(rest):
            word = rest[i]
            if _INT.match(word):
                items.append(str(int(word)))
                i += 1
                continue
            if _ITEM.match(word):
                item = _read_item(word)
                known = pool.get(item.name.casefold())
                if known is not None:
                    item = item.model_copy(update={"name": known})
                    if item.rank == self._spec_rank(state, known) and item.vp is None:
                        item = _Item(name=known)
                if item.name.casefold() in _RANK_ONLY_NAMES or item.name.casefold() == "rank":
                    raise MoveSyntaxError(f"{verb}: a card by its Rank is just the number, e.g. `{verb} {who.lower()} 5`")
                items.append(item.label())
                i += 1
                continue
            found = None
            for width in range(min(longest, len(rest) - i), 1, -1):
                key = " ".join(rest[i:i + width]).casefold()
                if key in pool:
                    found = (pool[key], width)
                    break
            if found is None:
                found = (self._known(pool, word), 1)
            items.append(found[0])
            i += found[1]
        return tuple(items)

    # ------------------------------------------------------------------ check and apply

    def check(self, state: TrackedTable, change: Change) -> Verdict:
        desk = self._run(state, change)
        if desk.problems:
            return Verdict(legal=False, reasons=tuple(desk.problems), alternatives=tuple(self._alternatives(state, change, desk)))
        return Verdict(legal=True, effects=tuple(desk.effects))

    def apply(self, state: TrackedTable, change: Change) -> tuple[TrackedTable, list[Effect]]:
        desk = self._run(state, change)
        return desk.freeze(), desk.effects

    def _alternatives(self, state: TrackedTable, change: Change, desk: _Desk) -> list[str]:
        """Legal commands near the refused one."""
        rules = {r.rule for r in desk.problems}
        if state.game_over:
            return ["score"]
        alts: list[str] = []
        if change.verb in ("rank", "next-rank", "last-rank6"):
            if state.active_rank < LAST_RANK:
                alts += ["next-rank", f"rank {LAST_RANK}"]
            elif not state.last_rank6_left:
                alts.append("last-rank6")
            else:
                alts.append("next")
        if change.verb == "next" and rules & {R_PARTY_TIMING, R_EXILE_DOWN}:
            who = state.active.lower()
            alts += [f"party {who} CARD CARD CARD CARD", f"hand {who} CARD CARD CARD CARD"]
        return alts

    def _run(self, state: TrackedTable, change: Change) -> _Desk:
        desk = _Desk(state)
        verb = change.verb
        if verb not in self.COMMANDS:
            raise MoveSyntaxError(f"unknown command {verb!r}; commands: {', '.join(self.COMMANDS)}")
        before = tracked_scores(state) if state.game_over else None
        if state.game_over and verb not in self.AFTER_THE_END:
            desk.forbid(
                R_END,
                "the game is over (it ended with the turn in which the last Rank 6 card left the Board): "
                "only the final count may change (party, hand, points)",
            )
        args = change.args
        if verb == "score":
            self._standings(desk, final=state.game_over)
        elif verb == "rank":
            if len(args) != 1 or not _INT.match(args[0]):
                raise MoveSyntaxError(f"rank: expected one Rank, got {change.label()!r}")
            self._rank(desk, int(args[0]))
        elif verb == "next-rank":
            if desk.rank >= LAST_RANK:
                desk.forbid(RT_NO_DECK_AFTER_6, "the game is at Rank 6: there is no Rank Deck after Rank 6")
                desk.say("no-change", "there is no Rank 7: the Rank stays 6", RT_NO_DECK_AFTER_6)
            else:
                self._advance_to(desk, desk.rank + 1)
        elif verb == "last-rank6":
            self._last_rank6(desk)
        elif verb == "next":
            self._next(desk)
        else:
            if not args:
                raise MoveSyntaxError(f"{verb}: expected a player, got {change.label()!r}")
            who = self._player_arg(state, args[0])
            if verb == "reward":
                self._reward(desk, who, args[1:])
            elif verb == "bonus":
                self._bonus(desk, who, args[1:])
            elif verb == "points":
                self._points(desk, who, args[1:])
            else:
                self._area(desk, verb, who, args[1:])
        if before is not None and verb != "score":
            after = tracked_scores(desk.freeze())
            if (after["winners"], after["decided_by"]) != (before["winners"], before["decided_by"]):
                self._standings(desk, final=True, result=after)
        return desk

    @staticmethod
    def _player_arg(state: TrackedTable, name: str) -> str:
        for p in state.players:
            if p.name == name or p.name.casefold() == name.casefold():
                return p.name
        raise MoveSyntaxError(f"unknown player {name!r}; players: {', '.join(p.name for p in state.players)}")

    # ---- cards

    def _resolve(self, desk: _Desk, item: _Item, *, where: str, check_rank_order: bool = True) -> str:
        """The name a card is recorded under; problems for a Rank out of range or in conflict."""
        rank = item.rank
        if rank is not None and not 1 <= rank <= LAST_RANK:
            desk.forbid(R_RANK_RANGE, f"{item.label()}: a card's Rank is 1 to 6, not {rank}")
            clamped = min(max(rank, 1), LAST_RANK)
            desk.say("clamped", f"no card has Rank {rank}: recorded as Rank {clamped}", R_RANK_RANGE)
            rank = clamped
        if item.name is None:
            name = rank_only_name(rank)
        else:
            spec = desk.spec(item.name)
            name = spec.name if spec is not None else item.name
            fields: dict[str, Any] = {}
            if rank is not None:
                known = spec.rank if spec is not None and isinstance(spec.rank, int) else None
                if known is not None and known != rank:
                    desk.forbid(R_NAME, f"{name} is a Rank {known} card (the name identifies the card), not Rank {rank}")
                if known != rank:
                    fields["rank"] = rank
            if item.vp is not None:
                known_vp = spec.vp if spec is not None and isinstance(spec.vp, int) else None
                if known_vp is not None and known_vp != item.vp:
                    desk.forbid(R_NAME, f"{name} is worth {known_vp} VP in this game's catalogue, not {item.vp}")
                if known_vp != item.vp:
                    fields["vp"] = item.vp
            if spec is None and rank is None:
                raise MoveSyntaxError(f"unknown card {name!r}: give its Rank, e.g. {_quote(name)}:5")
            if fields:
                desk.set_card(name, source="entered at the table", **fields)
                what = " and ".join(f"Rank {v}" if k == "rank" else f"{v} VP" for k, v in fields.items())
                desk.say("catalogue", f"{name} is recorded as {what} for this game", R_NAME if "rank" in fields else RT_VP_IN_REWARD)
        spec = desk.spec(name)
        card_rank = spec.rank if spec is not None and isinstance(spec.rank, int) else None
        if (
            check_rank_order
            and card_rank is not None
            and card_rank > desk.rank
            and name not in STARTING_PARTY
        ):
            shown = f"a Rank {card_rank} card" if name.casefold() in _RANK_ONLY_NAMES else f"{name} (Rank {card_rank})"
            desk.forbid(
                R_RANK_ORDER,
                f"{shown} cannot be in {where} yet: Rank {card_rank} cards reach the "
                f"Board only once the Rank {card_rank} deck is active (now Rank {desk.rank}); "
                f"type `rank {card_rank}` first if it is",
            )
        return name

    def _card_vp(self, desk: _Desk, name: str) -> tuple[int | None, str]:
        spec = desk.spec(name)
        if spec is not None and isinstance(spec.vp, int):
            return spec.vp, RT_VP_IN_REWARD
        if spec is not None and isinstance(spec.rank, int):
            return general_vp(spec.rank), (R_VP_LOW if spec.rank <= 4 else R_VP_HIGH)
        return None, R_FINAL_SCORE

    def _total(self, desk: _Desk, who: str) -> int:
        result = tracked_scores(desk.freeze())
        return next(r["total"] for r in result["players"] if r["player"] == who)

    def _reward(self, desk: _Desk, who: str, args: tuple[str, ...]) -> None:
        args = list(args)
        vp = None
        if len(args) >= 2 and args[-2] == "vp":
            vp = int(args[-1])
            args = args[:-2]
        if not args:
            raise MoveSyntaxError("reward: expected a card")
        if args[0] == "rank":
            item = _Item(rank=int(args[1]), vp=vp)
        elif len(args) == 2:
            item = _Item(name=args[0], rank=int(args[1]), vp=vp)
        else:
            item = _read_item(args[0])
            if vp is not None:
                item = item.model_copy(update={"vp": vp})
        if item.name is None and item.vp is not None:
            # a card known by Rank only with printed VP of its own: it becomes a named card
            item = item.model_copy(update={"name": f"{rank_only_name(min(max(item.rank, 1), LAST_RANK))} ({item.vp} VP)"})
        name = self._resolve(desk, item, where=f"{who}'s Reward Area")
        if name in desk.hand[who]:
            desk.hand[who].remove(name)
            desk.say("from-hand", f"{name} leaves {who}'s Hand", R_SUBJUGATE)
        desk.reward[who].append(name)
        vp_now, vp_rule = self._card_vp(desk, name)
        worth = (
            f"worth {vp_now} VP"
            if vp_now is not None
            else f"its Rank is not known, so it counts 0 VP; to count it, undo and give the Rank: "
            f"`reward {who.lower()} {_quote(name)} 2`"
        )
        desk.say("reward", f"{name} goes face up into {who}'s Reward Area, {worth}", R_SUBJUGATE)
        if vp_now is not None:
            desk.say("vp", f"{who} now has {self._total(desk, who)} VP", vp_rule)

    def _signed(self, text: str) -> tuple[str, int]:
        m = _re.match(r"^([+\-=])(\d+)$", text)
        if not m:
            raise MoveSyntaxError(f"{text!r} is not an amount (+N, -N or =N)")
        return m.group(1), int(m.group(2))

    def _bonus(self, desk: _Desk, who: str, args: tuple[str, ...]) -> None:
        if not args:
            raise MoveSyntaxError("bonus: expected an amount")
        sign, n = self._signed(args[0])
        gain = n if sign == "+" else (n - desk.bonuses[who] if sign == "=" else -n)
        if gain > 0:
            if desk.rank == 1:
                desk.forbid(
                    R_ON_ADVANCE,
                    "no card carries a Bonus yet: Bonuses are placed only when the game advances to a "
                    "new Rank (the game is at Rank 1)",
                )
            card = args[1:]
            rank = None
            label = ""
            if card and card[0] == "rank":
                rank = int(card[1])
                label = f"a Rank {rank} card"
            elif card:
                spec = desk.spec(card[0])
                rank = spec.rank if spec is not None and isinstance(spec.rank, int) else None
                label = card[0]
            if rank is not None and not 1 <= rank <= LAST_RANK:
                desk.forbid(R_RANK_RANGE, f"a card's Rank is 1 to 6, not {rank}")
            elif rank == LAST_RANK:
                desk.forbid(R_RANK6_NONE, f"{label} is Rank 6: Rank 6 cards never receive a Bonus")
            elif rank is not None and rank >= desk.rank > 1:
                desk.forbid(
                    R_ON_ADVANCE,
                    f"{label} (Rank {rank}) cannot carry a Bonus: only Board cards below the active Rank "
                    f"({desk.rank}) get one when the Rank advances",
                )
        have = desk.bonuses[who]
        new = have + gain
        if new < 0:
            desk.say("bonus-short", f"{who} had only {have} Bonus{'es' if have != 1 else ''}: the count goes to 0", RT_REWARD_AREA)
            new = 0
        desk.bonuses[who] = new
        if gain > 0:
            desk.say(
                "bonus",
                f"{who} gains {_plural(gain, 'Bonus')} into the Reward Area (now {new}); a Bonus never goes "
                "to Hand or Party",
                R_GAIN,
            )
        elif new != have:
            desk.say("bonus", f"{who}'s Bonuses: {have} -> {new}", RT_REWARD_AREA)
        if new != have:
            desk.say("vp", f"{who} now has {self._total(desk, who)} VP (each Bonus counts 1 VP)", R_BONUS_SCORE)

    def _points(self, desk: _Desk, who: str, args: tuple[str, ...]) -> None:
        if len(args) != 1:
            raise MoveSyntaxError("points: expected one amount")
        sign, n = self._signed(args[0])
        have = desk.effect_points.get(who, 0)
        new = n if sign == "=" else have + (n if sign == "+" else -n)
        if new:
            desk.effect_points[who] = new
        else:
            desk.effect_points.pop(who, None)
        desk.say("points", f"{who}'s points from card effects: {have} -> {new}; {who} now has {self._total(desk, who)} VP", R_VP_EXTRA)
        desk.say("points-area", "a card's end-game points count only with the card in the area its text names", R_SCORING_AREA)

    def _area(self, desk: _Desk, verb: str, who: str, args: tuple[str, ...]) -> None:
        zone = "Party" if verb == "party" else "Hand"
        cards = desk.party if verb == "party" else desk.hand
        totals = desk.party_ranks if verb == "party" else desk.hand_ranks
        rule = R_TIE_PARTY if verb == "party" else R_TIE_HAND
        if not args:
            raise MoveSyntaxError(f"{verb}: expected cards, total N or none")
        if args[0] == "total":
            total = int(args[1])
            if total > MAX_RANK_TOTAL:
                desk.forbid(
                    R_MAX_FOUR,
                    f"a {zone} holds at most {LIMIT} cards once everything has resolved, each of Rank 6 at "
                    f"most: its Rank total is at most {MAX_RANK_TOTAL}, not {total}",
                )
            cards[who] = []
            totals[who] = total
            desk.say(verb, f"{who}'s {zone}: Rank total {total} (cards not recorded)", rule)
            return
        totals.pop(who, None)
        if args[0] == "none":
            cards[who] = []
            desk.say(verb, f"{who}'s {zone} is empty (Rank total 0)", rule)
            return
        items = [_read_item(a) for a in args]
        if len(items) > LIMIT:
            desk.forbid(
                R_MAX_FOUR,
                f"a {zone} holds at most {LIMIT} cards once all effects have resolved, not {len(items)}: "
                "Exile down to 4 first",
            )
        names = [
            self._resolve(
                desk, item, where=f"{who}'s {zone}",
                check_rank_order=not (verb == "party" and item.name is None),
            )
            for item in items
        ]
        cards[who] = names
        ranks = [desk.spec(n).rank if desk.spec(n) is not None else "unknown" for n in names]
        total = sum(r for r in ranks if isinstance(r, int))
        unknown = [n for n, r in zip(names, ranks) if not isinstance(r, int)]
        desk.say(verb, f"{who}'s {zone}: {_names(names)} (Rank total {total})", rule)
        if unknown:
            desk.say(
                "rank-unknown",
                f"the Rank of {_names(sorted(set(unknown)))} is not known: counted 0 in the tiebreaker; "
                f"give it as NAME:RANK (e.g. {_quote(unknown[0])}:1)",
                rule,
            )

    # ---- the Rank and the end

    def _rank(self, desk: _Desk, rank: int) -> None:
        if not 1 <= rank <= LAST_RANK:
            desk.forbid(
                RT_NO_DECK_AFTER_6 if rank > LAST_RANK else R_RANK_RANGE,
                f"the Rank Decks are Rank 1 to Rank 6; there is no Rank {rank}",
            )
        target = min(max(rank, 1), LAST_RANK)
        if target < desk.rank:
            desk.forbid(
                R_RANK_ORDER,
                f"the Rank only goes up (1, 2, 3, 4, 5, 6): the game is at Rank {desk.rank}, it cannot go back to {target}",
            )
            desk.say("rank-back", f"the active Rank goes back to {target} (the table's decision)", R_RANK_ORDER)
            desk.rank = target
            if desk.last_rank6_left:
                desk.last_rank6_left = False
                desk.say("end-cancelled", "the last Rank 6 card is no longer recorded as gone", R_END)
        elif target == desk.rank:
            desk.say("no-change", f"the game is already at Rank {target}", None)
        else:
            self._advance_to(desk, target)

    def _advance_to(self, desk: _Desk, target: int) -> None:
        old = desk.rank
        desk.rank = target
        if target == old + 1:
            desk.say("advance", f"the Rank {old} deck is empty: Rank {target} begins; its deck now refills the Board", R_WHEN_EMPTY)
        else:
            passed = ", ".join(str(r) for r in range(old + 1, target))
            desk.say(
                "advance",
                f"the Rank {old} to Rank {target - 1} decks are empty (passing through Rank {passed}): "
                f"Rank {target} begins; its deck now refills the Board",
                R_WHEN_EMPTY,
            )
        if target >= 3:
            desk.say(
                "bonus-expire",
                f"any Board card still carrying a Bonus from the start of Rank {target - 1} is Exiled with it",
                R_EXPIRED,
            )
        desk.say("bonus-placed", f"each card left on the Board below Rank {target} gets 1 Bonus", R_ON_ADVANCE)
        if target == LAST_RANK:
            desk.say(
                "last-rank",
                "Rank 6 is the last Rank Deck: when its last card leaves the Board, type `last-rank6`",
                RT_NO_DECK_AFTER_6,
            )

    def _last_rank6(self, desk: _Desk) -> None:
        if desk.last_rank6_left:
            desk.forbid(R_END, "the last Rank 6 card is already recorded as gone from the Board")
            return
        if desk.rank < LAST_RANK:
            desk.forbid(
                R_END,
                f"the game is at Rank {desk.rank}: Rank 6 cards reach the Board only once the Rank 6 deck "
                "is active, so the last one cannot have left it",
            )
            desk.say("rank", f"the game is taken to be at Rank 6 (it was Rank {desk.rank}; the table's decision)", R_RANK_ORDER)
            desk.rank = LAST_RANK
        desk.last_rank6_left = True
        desk.say(
            "game-end-pending",
            f"the last Rank 6 card has left the Board: the game ends at the end of {desk.active}'s turn; "
            "type `next` when it is over",
            R_END,
        )

    def _next(self, desk: _Desk) -> None:
        who = desk.active
        if len(desk.party[who]) > LIMIT:
            desk.forbid(R_PARTY_TIMING, f"{who}'s Party holds {len(desk.party[who])} cards: Exile down to {LIMIT} before the turn ends")
        if len(desk.hand[who]) > LIMIT:
            desk.forbid(R_EXILE_DOWN, f"{who}'s Hand holds {len(desk.hand[who])} cards: Exile down to {LIMIT} once effects have resolved")
        if desk.last_rank6_left and not desk.game_over:
            desk.game_over = True
            desk.say("game-over", f"{who}'s turn ends and with it the game: count the final scores", R_END)
            self._standings(desk, final=True)
            return
        nxt = desk.names[(desk.names.index(who) + 1) % len(desk.names)]
        desk.active = nxt
        desk.turn += 1
        desk.say("turn", f"{nxt} plays next (clockwise)", R_CLOCKWISE)
        desk.say("refresh", f"all of {nxt}'s Party cards are available again", R_REFRESH)

    def _standings(self, desk: _Desk, *, final: bool, result: dict[str, Any] | None = None) -> None:
        result = result or tracked_scores(desk.freeze())
        for row in result["players"]:
            desk.say(
                "score",
                f"{row['player']}: {row['card_vp']} VP from Reward Area cards + {row['effect_points']} from "
                f"card effects + {_plural(row['bonuses'], 'Bonus')} = {row['total']} "
                f"(Party Rank {row['party_rank']}, Hand Rank {row['hand_rank']})",
                R_FINAL_SCORE,
            )
        rule, how = DECIDED_BY[result["decided_by"]]
        winners = result["winners"]
        if final and len(winners) == 1:
            desk.say("winner", f"{winners[0]} wins ({how})", rule)
        elif final:
            desk.say(
                "tie",
                f"tie between {_names(winners)} ({how}); the rulebook does not say what happens then "
                f"(unclear entry {R_FULL_TIE})",
                rule,
            )
        elif len(winners) == 1:
            desk.say("leader", f"{winners[0]} leads ({how})", rule)
        else:
            desk.say("leader", f"{_names(winners)} are level ({how})", rule)
        for note in _notes(result):
            rule_id = _note_rule(note)
            text = note.split(":", 1)[1].strip() if rule_id else note
            desk.say("note", text, rule_id)

    # ------------------------------------------------------------------ summary

    def summary(self, state: TrackedTable) -> dict[str, Any]:
        """What the table sees after each change: one row of numbers per player, the Rank, the
        turn, and who leads or has won (with what decided it). The cards themselves are in the
        state (`dump`); the notes on what could not be checked come with the end of the game."""
        result = tracked_scores(state)
        rows = {r["player"]: r for r in result["players"]}
        players = []
        for p in state.players:
            row = rows[p.name]
            players.append(
                {
                    "name": p.name,
                    "vp": row["total"],
                    "reward_cards": len(p.reward_area),
                    "card_vp": row["card_vp"],
                    "bonuses": p.bonuses,
                    "effect_points": row["effect_points"],
                    "party_rank": row["party_rank"],
                    "hand_rank": row["hand_rank"],
                }
            )
        return {
            "game": self.game,
            "turn": state.turn,
            "active": state.active,
            "rank": state.active_rank,
            "last_rank6_left": state.last_rank6_left,
            "game_over": state.game_over,
            "decided_by": result["decided_by"],
            "tie": state.game_over and len(result["winners"]) > 1,
            "players": players,
            "leading": list(result["winners"]),
            "winners": list(result["winners"]) if state.game_over else [],
            "notes": _notes(result) if state.game_over else [],
        }
