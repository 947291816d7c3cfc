"""CATastrophe: the State, everything on the table (lives, Yarn Balls, hands, Power Cats, the Grim
Reapurr, turn and phase, the chain of cards in play), shared by the tracker and the validator; and the
card catalogue (cards.toml, extended by a situation's `cards`, the option cards=... or `track card`)."""
from __future__ import annotations

from functools import lru_cache, partial
from typing import Literal

from engine.record import Field, field_validator, model_validator

from engine.base import MOST_CARDS, Frozen
from engine.library import shipped_cards
from engine.words import player

from .rules_effects import EFFECT_TYPES, check_effects, from_token

GAME = "catastrophe"

TOP_SPACE = 9            # the 9 space, top of the life track; also the most lives a cat can have
REAPURRS_LAIR = 0        # below the 1 space; eliminated tokens go there too
YARN_BALLS_IN_BOX = 30
START_YARN_BALLS = 3
START_HAND = 5
START_POWER_CATS = 2
HAND_LIMIT = 7
POWER_CAT_LIMIT = 3
PAW_DRAW = 3
MIN_PLAYERS, MAX_PLAYERS = 2, 6

PHASES = ("claw", "paw", "catastrophe")
PHASE_TITLES = {"claw": "Claw Phase", "paw": "Paw Phase", "catastrophe": "CATastrophe Phase"}
VARIANTS = ("standard", "king", "turbo")
VARIANT_TITLES = {
    "standard": "standard game",
    "king": "King of the Meowtain",
    "turbo": "Turbo King of the Meowtain",
}
VARIANT_ALIASES = {
    "standard": "standard", "normal": "standard", "base": "standard",
    "king": "king", "king-of-the-meowtain": "king", "meowtain": "king", "kotm": "king",
    "turbo": "turbo", "turbo-king": "turbo", "turbo-king-of-the-meowtain": "turbo",
}

DIE_FACES = 6

CardType = Literal["attack", "curiosity", "ally", "cucumber", "take", "pass", "power-cat", "event", "reapurr", "unknown"]
Symbol = Literal["red-glowy-dot", "catfinity"]
REACTIONS = ("cucumber", "take", "pass")
TYPE_TITLES = {
    "attack": "Attack", "curiosity": "Curiosity", "ally": "Ally", "cucumber": "Reaction (Cucumber)",
    "take": "Reaction (Take)", "pass": "Reaction (Pass)", "power-cat": "Power Cat",
    "event": "CATastrophic Event", "reapurr": "Grim Reapurr card", "unknown": "card of unknown type",
}


#: the types a table names for its own cards (`unknown` is the referee's, for a name nobody gave)
TABLE_TYPES = tuple(t for t in CardType.__args__ if t != "unknown")
SYMBOLS = Symbol.__args__


#: the `source` of a catalogue entry the table described itself (`cards=`, `track card`): not in the
#: card library, so a verdict teaches it with `cards add` (any other known card: `cards edit`)
TABLE_SOURCE = "named at the table"


def card_entry(name: str, kind: str, extras: tuple[str, ...] | list[str]) -> dict:
    """A catalogue entry from the table's words: NAME, TYPE, then an Attack's number, symbols and effect
    tokens (`lives=target-1`); only an Attack or a Curiosity chooses a target."""
    entry: dict = {"name": name, "type": kind.lower(), "source": TABLE_SOURCE}
    for extra in extras:
        if extra.isdigit():
            entry["number"] = int(extra)
        elif from_token(extra):
            entry["effect"] = (*entry.get("effect", ()), from_token(extra))
        else:
            entry["symbols"] = (*entry.get("symbols", ()), extra.lower())
    if entry["type"] in REACTIONS or entry["type"] in ("ally", "power-cat", "event", "reapurr"):
        entry["targets"] = "none"
    return entry


class CardSpec(Frozen):
    """A catalogue entry: what the table's name for a card means to the referee."""

    name: str
    type: CardType
    #: an Attack's number (roll this or higher to defend); None: given with the play (`Attack 4`)
    number: int | None = Field(None, ge=1)
    #: lives a failed defence (Attack) or the card (Curiosity) costs
    lives: int = Field(1, ge=1)
    #: whom it aims at: one chosen player, every other player, or nobody
    targets: Literal["one", "others", "none"] = "one"
    symbols: tuple[Symbol, ...] = ()
    #: Grim Reapurr card: spaces he moves (negative: down); None: the table says it with the reveal
    reapurr: int | None = None
    #: a CATastrophic Event for this many players or more (3 for a "3+ player" Event)
    min_players: int | None = Field(None, ge=2)
    #: an Ally's, Power Cat's or CATastrophic Event's structured effects (rules_effects.py: `lives target -1`);
    #: empty: the effect is unknown and judged `unchecked`
    effect: tuple[str, ...] = ()
    #: where the entry's facts come from, and what the rulebook leaves open
    source: str = ""

    @model_validator(mode="before")
    @classmethod
    def _one_effect(cls, data):
        """`effect = "..."` is a list of one; without symbols an entry takes its type's (every Power Cat and
        CATastrophe card carries the Red Glowy Dot, every Reaction Catfinity)."""
        if isinstance(data, dict) and isinstance(data.get("effect"), str):
            data = {**data, "effect": (data["effect"],)}
        if isinstance(data, dict) and "symbols" not in data and isinstance(data.get("type"), str):
            kind = data["type"]
            if kind in REACTIONS:
                data = {**data, "symbols": ("catfinity",)}
            elif kind in ("power-cat", "event", "reapurr"):
                data = {**data, "symbols": ("red-glowy-dot",)}
        return data

    @classmethod
    def settled_fields(cls, entry: dict) -> tuple[str, ...]:
        """The fields an entry leaves out that are known all the same (engine/library.py): a card of a
        type that carries no structured effect (an Attack, a Reaction) has none to give."""
        return () if entry.get("type") in EFFECT_TYPES else ("effect",)

    @field_validator("effect")
    @classmethod
    def _effects_fit(cls, value, info):
        """Each effect in the syntax of rules_effects.py, and only on a type that carries one."""
        check_effects(info.data.get("type", ""), value)
        return value


class ChainCard(Frozen):
    """A card in play, waiting to take effect (the chain is resolved most recent first)."""

    name: str
    type: CardType
    symbols: tuple[Symbol, ...] = ()
    number: int | None = None
    lives: int = 1
    #: who played (or revealed) it
    controller: str
    #: its current targets (an Attack or Curiosity: whom it hits if it takes effect now)
    targets: tuple[str, ...] = ()
    #: Pass: the player the Attack or Curiosity goes to
    pass_to: str | None = None
    #: Grim Reapurr card: spaces he moves
    reapurr: int | None = None
    #: Ally, Power Cat or CATastrophic Event: its structured effects, from the catalogue entry
    effect: tuple[str, ...] = ()
    #: Attack: each target's standing roll
    rolls: dict[str, int] = Field(default_factory=dict)
    #: Attack: the target who must re-roll (a Yarn Ball was spent), and who rolled last
    reroll: str | None = None
    last_roller: str | None = None
    #: the card came from the table's text, not from the catalogue: its effect is not checked
    known: bool = True

    def label(self) -> str:
        return f"{self.name} {self.number}" if self.type == "attack" and self.name == "Attack" else self.name

    @property
    def red_glowy_dot(self) -> bool:
        return "red-glowy-dot" in self.symbols

    @property
    def catfinity(self) -> bool:
        return "catfinity" in self.symbols


class Player(Frozen):
    """One cat at the table, in seating (clockwise) order."""

    name: str
    #: the token's space on the life track (1..9); 0 = in the Reapurr's Lair (eliminated)
    lives: int = Field(TOP_SPACE, ge=0, le=TOP_SPACE)
    #: Yarn Balls in the player's Yarn Basket
    yarn_balls: int = Field(START_YARN_BALLS, ge=0, le=YARN_BALLS_IN_BOX)
    #: cards in hand (Main deck cards; Power Cats are not in the hand)
    hand: int = Field(START_HAND, ge=0, le=MOST_CARDS)
    #: Power Cat cards face up in front of the player
    power_cats: int = Field(START_POWER_CATS, ge=0)
    eliminated: bool = False
    #: the hand's cards when the table knows them (their number is `hand`); None: a count only
    hand_cards: tuple[str, ...] | None = None
    #: the Power Cats by name when known (their number is `power_cats`)
    power_cat_cards: tuple[str, ...] | None = None
    #: cards of a secret hand (`hand_cards` None) the whole table saw go into it (a Take's card),
    #: kept while no unnamed card can have left the hand since
    seen_cards: tuple[str, ...] = ()
    #: Power Cats the table named one by one while the rest are unknown (`power_cat_cards` None)
    named_power_cats: tuple[str, ...] = ()

    @model_validator(mode="before")
    @classmethod
    def _counts_from_cards(cls, data):
        if isinstance(data, dict):
            data = dict(data)
            if data.get("hand_cards") is not None and "hand" not in data:
                data["hand"] = len(data["hand_cards"])
            if data.get("power_cat_cards") is not None and "power_cats" not in data:
                data["power_cats"] = len(data["power_cat_cards"])
        return data

    @model_validator(mode="after")
    def _cards_match_counts(self) -> "Player":
        if self.hand_cards is not None and len(self.hand_cards) != self.hand:
            raise ValueError(f"hand_cards: {self.name} holds {len(self.hand_cards)} named cards but hand = {self.hand}")
        if len(self.seen_cards) > self.hand or (self.seen_cards and self.hand_cards is not None):
            raise ValueError(f"seen_cards: {self.name}'s seen cards are part of a secret hand of {self.hand}")
        if self.power_cat_cards is not None and len(self.power_cat_cards) != self.power_cats:
            raise ValueError(f"power_cat_cards: {self.name} has {len(self.power_cat_cards)} named but power_cats = {self.power_cats}")
        return self


class State(Frozen):
    """The CATastrophe table as the tracker knows it."""

    variant: Literal["standard", "king", "turbo"] = "standard"
    players: tuple[Player, ...]
    #: the Grim Reapurr's space: 0 = Reapurr's Lair, 1..9 = that space of the life track
    grim_reapurr: int = Field(REAPURRS_LAIR, ge=REAPURRS_LAIR, le=TOP_SPACE)
    yarn_sanctuary: int = Field(ge=0, le=YARN_BALLS_IN_BOX)
    #: index into players of the cat whose turn it is
    current: int = Field(0, ge=0)
    phase: Literal["claw", "paw", "catastrophe"] = "claw"
    turn: int = Field(1, ge=1)
    game_over: bool = False
    winner: str | None = None
    grim_reapurr_wins: bool = False
    #: the cards in play, oldest first; the last one is the most recent
    chain: tuple[ChainCard, ...] = ()
    #: this turn's CATastrophe card has been revealed
    revealed: bool = False
    #: a play has been recorded this game (`companion play`): the table follows its plays, so the
    #: tracker ends a turn only once its CATastrophe card is revealed, as the play `end` does
    plays_recorded: bool = False
    #: the table's own catalogue entries (extend or override cards.toml)
    cards: tuple[CardSpec, ...] = ()
    #: the readings (engine/readings.py) a verdict has said already this game: each is said once per game
    readings_said: tuple[str, ...] = ()

    @model_validator(mode="before")
    @classmethod
    def _sanctuary_holds_the_rest(cls, data):
        """A situation file may leave out the Sanctuary: it holds every Yarn Ball nobody has."""
        if isinstance(data, dict) and "yarn_sanctuary" not in data and isinstance(data.get("players"), (list, tuple)):
            held = sum(p.get("yarn_balls", START_YARN_BALLS) if isinstance(p, dict) else p.yarn_balls
                       for p in data["players"])
            data = {**data, "yarn_sanctuary": YARN_BALLS_IN_BOX - held}
        return data

    @model_validator(mode="after")
    def _holds_together(self) -> "State":
        if not self.players:
            raise ValueError("players: at least one player is needed")
        if self.current >= len(self.players):
            raise ValueError(f"current: {self.current} is not a seat (0..{len(self.players) - 1})")
        total = self.yarn_sanctuary + sum(p.yarn_balls for p in self.players)
        if total != YARN_BALLS_IN_BOX:
            raise ValueError(f"yarn_sanctuary: Yarn Balls add up to {total}, the box holds {YARN_BALLS_IN_BOX}")
        names = {p.name.lower() for p in self.players}
        for k, card in enumerate(self.chain):
            for who in (card.controller, *card.targets, *([card.pass_to] if card.pass_to else [])):
                if who.lower() not in names:
                    raise ValueError(f"chain.{k}: {who!r} is not a player")
        return self

    def index(self, name: str) -> int:
        return self.players.index(player(name, self.players))

    def turn_order(self) -> list[int]:
        """Seats still in the game, clockwise, starting with the cat whose turn it is."""
        n = len(self.players)
        return [(self.current + k) % n for k in range(n) if not self.players[(self.current + k) % n].eliminated]

    def player(self, name: str) -> Player:
        return player(name, self.players)

    @property
    def red_glowy_dot(self) -> ChainCard | None:
        """The card with a Red Glowy Dot in play, if any (nothing else may be played meanwhile)."""
        return next((c for c in self.chain if c.red_glowy_dot), None)


# ----------------------------------------------------------------------------- the catalogue


#: the shipped catalogue (cards.toml, beside this module), built once: `builtin_catalogue()`
builtin_catalogue = partial(shipped_cards, State)


@lru_cache(maxsize=256)
def merged_catalogue(extra: tuple[CardSpec, ...]) -> dict[str, CardSpec]:
    """Card names (folded) -> entry: the shipped catalogue, then the table's entries over it."""
    return {c.name.casefold(): c for c in (*builtin_catalogue(), *extra)}


def catalogue(state: State) -> dict[str, CardSpec]:
    return merged_catalogue(tuple(state.cards))


def named_entry(state: State, name: str, kind: str, extras) -> tuple[dict, bool]:
    """The entry a card named at the table (`track card`) leaves in the catalogue, the facts typed laid over
    what is known of a card of that name and type (a dealt Power Cat keeps its effect), and whether any was."""
    typed = card_entry(name, kind, extras)
    known = catalogue(state).get(name.casefold())
    if known is None or known.type != typed["type"]:
        return typed, False
    said = {k: typed[k] for k in ("number", "effect", "symbols") if k in typed}  # what the table typed
    return {**known.model_dump(), "name": name, **said}, True
