"""Catharsis: the table: the game's words and numbers, the State and its parts (powers, dice,
players, Enemies, Morale thresholds), the power catalogue (cards.toml, extended by the table's own
cards) and the lookups every module shares (a player by name, the ability of a power)."""
from __future__ import annotations

import difflib
import re
from functools import lru_cache
from typing import Annotated, Literal

from engine.base import Frozen
from engine.library import shipped_cards
from engine.words import player
from engine.record import Field, field_validator


# ------------------------------------------------------------------------------------ words

BOSS_DECKS = ("hundred-eyed-dragon", "battle-with-fate", "ice-elf-lich", "murder-mystery", "undercity-crab", "other")
BOSS_ALIASES = {
    "100-eyed-dragon": "hundred-eyed-dragon", "dragon": "hundred-eyed-dragon",
    "fate": "battle-with-fate", "battle-of-fate": "battle-with-fate",
    "lich": "ice-elf-lich", "murder": "murder-mystery", "crab": "undercity-crab",
}
CHARACTERS = ("Calyxia", "Durhak", "Goz", "Luthia", "Soraten", "Emberhoof", "Lumi", "Tsuna")
CARD_KINDS = ("monster", "boss", "trap", "event", "special", "other")
STEPS = ("start-of-round", "player-attack", "enemy-attack", "refresh", "end-of-round")
#: the steps of a combat round as the rulebook names them (Combat, steps 1 to 5)
STEP_NAMES = {"start-of-round": "the Start of Round", "player-attack": "the Player Attack Phase",
              "enemy-attack": "the Enemy Attack Phase", "refresh": "the Refresh Phase",
              "end-of-round": "the End of Round"}
STEP_WORDS = {"attack": "player-attack", "player-attack": "player-attack", "enemy": "enemy-attack",
              "enemy-attack": "enemy-attack", "refresh": "refresh", "end-round": "end-of-round",
              "end-of-round": "end-of-round", "start-of-round": "start-of-round"}
DIVINITY_MAX = 10
VESSEL_UPKEEP = 4
LEVEL_COST = {2: 7, 3: 12}
DRINKS_MAX = 4
DEMON_UNLOCK = 12
BOARD_MAX = 6
REWARD_HEAL = 2   # powers each player heals when a Monster is beaten

def character_named(raw: str) -> str:
    """A character as the table names it (`track new`'s characters=, a card's `character` or `duo`): any
    case, or 3 letters or more of its name; ValueError for a near misspelling (`Durak`), with the nearest.
    A name near none is kept as written: a character this rulebook does not describe (no character rules)."""
    first = re.split(r"[ ,]", raw.strip())[0].lower()
    for c in CHARACTERS:
        if c.lower() == first or (len(first) >= 3 and c.lower().startswith(first)):
            return c
    close = difflib.get_close_matches(first, [c.lower() for c in CHARACTERS], n=1, cutoff=0.75)
    if close:
        raise ValueError(f"unknown character {raw!r}; did you mean {close[0].capitalize()}? "
                         f"known: {', '.join(CHARACTERS)}")
    return raw.strip()


FACE_UP, EXHAUSTED, DISCARDED = "face-up", "exhausted", "discarded"
#: a count of tokens (Burn, Spore, a Boss Deck's counter): a situation file's negative one is refused
Count = Annotated[int, Field(ge=0)]
SIDES = ("ground", "flight")   # the two sides of a Soraten power


class Power(Frozen):
    """One card of a Player Board; discarded powers stay as a marker so slot numbers are stable."""

    name: str
    status: Literal["face-up", "exhausted", "discarded"] = FACE_UP
    combo: int = Field(0, ge=0)  # Goz
    ice: int = Field(0, ge=0)    # Lumi's Ice (any player's power)
    level: int | None = None  # Luthia: 1 to 3
    used_round: bool = False  # an ability of this power was activated this round (one per round)
    used_half: Literal["top", "bottom"] | None = None  # which one (None: none, or not recorded)
    adjusted_round: int = Field(0, ge=0)  # dice its ability has adjusted this round (`adjust ... by PLAYER POWER`)
    side: Literal["ground", "flight"] | None = None  # Soraten: the side showing (None: not recorded)


class Die(Frozen):
    """One of a player's dice this Player Attack Phase."""

    value: int = Field(ge=1, le=6)
    used: bool = False      # placed on an ability: set aside for the round
    adjusted: int = 0       # net adjustment applied to it this phase (several may stack)


class Ability(Frozen):
    """One ability of a power in the catalogue: its printed cost (None: not known), the damage of
    each of its attacks, whether it exhausts the power, (Goz's bottoms) its Combo values, (Luthia)
    its cost at Levels 2 and 3, the size of its adjust-dice effect and the damage it prevents.
    An empty or None field is one the card description does not give."""

    cost: str | None = None
    effect: str = ""
    attacks: tuple[int, ...] = ()
    exhausts: bool = True
    combo: dict[str, str] = Field({}, description="Goz's bottom abilities: the number of Combo removed -> what it "
                                                  "does (a flag sets one: --bottom.combo.3 EFFECT)")
    levels: dict[str, str] = Field({}, description="Luthia: Level \"2\" or \"3\" -> the cost at that Level, Level 1 "
                                                   "being `cost` (a flag sets one: --top.levels.2 COST)")
    adjust: int | None = Field(default=None, ge=1, le=5)        # "adjust a die by N": N
    adjust_dice: int | None = Field(default=None, ge=1, le=30)  # how many dice it adjusts
    prevent: int | None = Field(default=None, ge=1)              # damage it prevents

    @field_validator("cost")
    @classmethod
    def _cost_reads(cls, value):
        if value is not None:
            _reads(value)
        return value

    @field_validator("levels")
    @classmethod
    def _levels_read(cls, value):
        for level, cost in value.items():
            if level not in ("2", "3"):
                raise ValueError(f"Level {level!r}: a Level cost is for Level \"2\" or \"3\" (Level 1 is `cost`)")
            _reads(cost)
        return value

    @field_validator("combo")
    @classmethod
    def _combo_counts(cls, value):
        for count in value:
            if not count.isdigit():
                raise ValueError(f"Combo {count!r}: a Combo value is the number of Combo removed (a whole number)")
        return value

    @classmethod
    def settled_fields(cls, entry: dict) -> tuple[str, ...]:
        """Absent fields that are no unknown fact (engine/library.py): an ability that adjusts
        nothing has no count of dice to adjust."""
        return ("adjust_dice",) if entry.get("adjust") is None else ()


def _reads(cost: str) -> None:
    """A cost that does not read is refused where the card is described (a ValueError names it)."""
    from engine.errors import EngineError

    from .rules_costs import parse_cost

    try:
        parse_cost(cost)
    except EngineError as exc:  # the MoveSyntaxError of a bad symbol, said as the field's error
        raise ValueError(str(exc)) from None


class Face(Frozen):
    """One side of a Soraten power (Ground or Flight) and the abilities printed on it."""

    top: Ability | None = None
    bottom: Ability | None = None


class PowerCard(Frozen):
    """A power as the catalogue (engine/catharsis/cards.toml, or the table's own `cards`) gives it.
    A Soraten power may give its two sides apart (`ground`, `flight`): the side showing decides
    which abilities are used."""

    name: str
    character: str | None = None
    top: Ability | None = None
    bottom: Ability | None = None
    ground: Face | None = None
    flight: Face | None = None
    duo: tuple[str, str] | None = None   # a duo power: the character paying the top, the bottom
    side: Literal["ground", "flight", "both"] | None = None  # a duo power with Soraten: the side it counts as
    source: str = "table"

    @classmethod
    def entry_problem(cls, entry: dict) -> str | None:
        """What the card library refuses in an entry its fields allow (engine/library.py): a character
        (`character`, `duo`) misspelt as `track new` refuses it. Only the library's own check: a session
        that recorded such an entry still replays."""
        for field in ("character", "duo"):
            names = entry.get(field)
            for name in [names] if isinstance(names, str) else names or ():
                try:
                    character_named(name)
                except ValueError as exc:
                    return f"field {field}: {exc}"
        return None

    @classmethod
    def settled_fields(cls, entry: dict) -> tuple[str, ...]:
        """Absent fields that are no unknown fact (engine/library.py): a power printed with a top or
        bottom has no Ground and Flight sides, a Soraten power's abilities are on its sides, and a
        power that is not a duo power has no duo characters or duo side."""
        out = []
        if entry.get("top") or entry.get("bottom"):
            out += SIDES
        if any(entry.get(side) for side in SIDES):
            out += ["top", "bottom"]
        if not entry.get("duo"):
            out += ["duo", "side"]
        return tuple(out)


def merge_card(base: PowerCard | None, over: PowerCard) -> PowerCard:
    """A table's (or library's) card over the catalogue's card of the same name: an override
    replaces only the fields it gives (a cost added to Nail to the Eye keeps its Combo values)."""
    if base is None:
        return over
    from engine.library import laid_over

    source = f"{base.source}; {over.source}" if over.source != base.source else base.source
    laid = laid_over(base.model_dump(exclude_defaults=True), over.model_dump(exclude_defaults=True))
    return PowerCard(**laid | {"name": base.name, "source": source})


class Player(Frozen):
    name: str
    character: str | None = None
    powers: tuple[Power, ...] = ()
    role: Literal["face-up", "flipped"] = "face-up"
    dead: bool = False
    divinity: int = Field(0, ge=0)  # Durhak, 0..10 (more than 10 is a status finding, status.py)
    cobble: int = Field(0, ge=0)   # Luthia
    demonic: int = Field(0, ge=0)  # Calyxia
    drinks: int = Field(0, ge=0)   # anyone (Emberhoof's Drinks), 0..4 (more than 4 is a status finding)
    kpt: int = Field(0, ge=0)      # Kill Point Tokens (Ice Elf Lich)
    may_unflip: bool = False  # Emberhoof: someone got Drunk; Lumi: another character died
    status: dict[str, Count] = {}  # Burn, Spore and other counters the table tracks
    dice: tuple[Die, ...] = ()   # this Player Attack Phase; empty until the player rolls
    dice_count: int = Field(default=6, ge=0, le=6)
    rerolls: int = Field(0, ge=0)  # rerolls made this Player Attack Phase (at most 2)
    damage_due: int = Field(0, ge=0)   # points of an Enemy attack assigned to this player, not yet taken
    discard_due: int = Field(0, ge=0)  # powers a Morale threshold makes this player discard, not yet discarded
    reward_heal: int | None = Field(None, ge=0)  # powers still to heal from the reward of the Enemy just beaten
    last_side: Literal["ground", "flight", "unknown"] | None = None  # Soraten: his last ability's side

    @property
    def vessel(self) -> bool:
        return self.character == "Durhak" and self.role == "flipped"


class Enemy(Frozen):
    name: str
    kind: Literal["monster", "boss"] = "monster"
    printed: str            # the printed health list, e.g. "8/10/12/14/16"
    start_health: int = Field(ge=1)  # an Enemy is printed with 1 health or more
    health: int = Field(ge=0)
    armor: int = Field(0, ge=0)
    armor_absorbed: int = Field(0, ge=0)  # Armor soaked this round
    defeated: bool = False
    status: dict[str, Count] = {}


class Threshold(Frozen):
    at: int = Field(ge=1)
    effect: str


class State(Frozen):
    """The table of a Catharsis game, in the game's own words."""

    boss: str = "other"
    hard_mode: bool = False
    characters_started: int = Field(ge=1)
    morale: int | None
    morale_start: int | None = Field(ge=1)
    thresholds: tuple[Threshold, ...] = ()
    thresholds_reached: tuple[int, ...] = ()
    paradox: int = Field(0, ge=0)
    phase: Literal["setup", "card", "between-cards", "combat"] = "setup"
    card: str | None = None          # kind of the last revealed Boss Deck card
    cards_revealed: int = Field(0, ge=0)
    combat_step: str | None = None
    round: int = Field(0, ge=0)
    enemies: tuple[Enemy, ...] = ()
    players: tuple[Player, ...]
    party_status: dict[str, Count] = {}
    cards: tuple[PowerCard, ...] = ()   # the table's own power cards, beside the shipped catalogue
    attack: tuple[str, int] | None = None  # an Enemy attack waiting to be assigned: ("party"|"player", N)
    prevention: int = Field(default=0, ge=0)  # damage the party's powers prevent this round, not yet spent
    threshold_owed: bool = False  # what players owe (damage, discards) comes from a Morale threshold
    damage_to_deal: int = Field(default=0, ge=0)  # damage abilities dealt that no Enemy has taken yet (several stand)
    outcome: Literal["won", "lost"] | None = None
    #: the readings (engine/readings.py) a verdict has said already this game: each is said once per game
    readings_said: tuple[str, ...] = ()

    @property
    def game_over(self) -> bool:
        return self.outcome is not None


# ------------------------------------------------------------------------------------ catalogue

@lru_cache(maxsize=1)
def shipped() -> dict[str, PowerCard]:
    """The shipped catalogue, by lower-case name (read once)."""
    return {c.name.lower(): c for c in shipped_cards(State)}


def card_of(state, name: str) -> PowerCard | None:
    """The card a power's name stands for, or None when neither the table nor the catalogue knows it."""
    base = shipped().get(name.lower())
    own = next((card for card in state.cards if card.name.lower() == name.lower()), None)
    return base if own is None else merge_card(base, own)


# ------------------------------------------------------------------------------------ lookups

def round_at(state) -> str:
    """Where a combat is in its round, the step as the rulebook names it: "round 2 is at the Start of Round"."""
    return f"round {state.round} is at {STEP_NAMES.get(state.combat_step, state.combat_step)}"


def player_of(state: State, name: str) -> Player:
    """The player a name names (words.player; names are resolved when a command is read)."""
    return player(name, state.players)


def ability_of(state: State, p: Player, slot: str, half: str):
    """(power, card, ability) of a player's power half; card/ability None when unknown."""
    pw = p.powers[int(slot) - 1]
    card = card_of(state, pw.name)
    return pw, card, ability_shown(pw, card, half)


def is_duo(state, name: str) -> bool:
    """Whether a power's name is a duo power's (its card names the two characters sharing it)."""
    card = card_of(state, name)
    return card is not None and card.duo is not None


def duo_copies(state, player: str, name: str) -> list[tuple[Player, int]]:
    """The other copies of a duo power: (partner, slot) of every other board holding a power of this
    name that is not discarded (the tracker keeps one copy of the shared card on each partner's board)."""
    if not is_duo(state, name):
        return []
    return [(q, i + 1) for q in state.players if q.name != player for i, pw in enumerate(q.powers)
            if pw.name.lower() == name.lower() and pw.status != "discarded"]


def ability_shown(pw: Power, card: PowerCard | None, half: str) -> Ability | None:
    """The ability a power shows: on a card that gives its sides apart, the side showing's (None
    while the side is not recorded); else the card's top or bottom."""
    if card is None:
        return None
    if card.ground is not None or card.flight is not None:
        face = getattr(card, pw.side) if pw.side else None
        return getattr(face, half) if face is not None else None
    return getattr(card, half)
