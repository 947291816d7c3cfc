"""Catharsis: the State of a table and its parts (powers, players, Enemies, Morale thresholds)."""
from __future__ import annotations

from typing import Literal

from engine.record import Field

from engine.base import Frozen

from .vocabulary import FACE_UP


class Power(Frozen):
    """One card of a Player Board; discarded powers stay as a marker so slot numbers are stable."""

    name: str
    status: Literal["face-up", "exhausted", "discarded"] = FACE_UP
    combo: int = 0          # Goz
    ice: int = 0            # Lumi's Ice (any player's power)
    level: int | None = None  # Luthia: 1 to 3
    used_round: bool = False  # an ability of this power was activated this round (one per round)
    side: Literal["ground", "flight"] | None = None  # Soraten: the side showing (None: not recorded)


class Die(Frozen):
    """One of a player's dice this Player Attack Phase."""

    value: int = Field(ge=1, le=6)
    used: bool = False      # placed on an ability: set aside for the round
    adjusted: int = 0       # net adjustment applied to it this phase (several may stack)


class Ability(Frozen):
    """One ability of a power in the catalogue: its printed cost (None: not known), the damage of
    each of its attacks, whether it exhausts the power, and (Goz's bottoms) its Combo values."""

    cost: str | None = None
    effect: str = ""
    attacks: tuple[int, ...] = ()
    exhausts: bool = True
    combo: dict[str, str] = {}   # Combo count removed -> effect


class PowerCard(Frozen):
    """A power as the catalogue (engine/catharsis/powers.toml, or the table's own `cards`) gives it."""

    name: str
    character: str | None = None
    top: Ability | None = None
    bottom: Ability | None = None
    duo: tuple[str, str] | None = None   # a duo power: the character paying the top, the bottom
    source: str = "table"


class Player(Frozen):
    name: str
    character: str | None = None
    powers: tuple[Power, ...] = ()
    role: Literal["face-up", "flipped"] = "face-up"
    dead: bool = False
    divinity: int = 0       # Durhak, 0..10
    cobble: int = 0         # Luthia
    demonic: int = 0        # Calyxia
    drinks: int = 0         # anyone (Emberhoof's Drinks), 0..4
    kpt: int = 0            # Kill Point Tokens (Ice Elf Lich)
    may_unflip: bool = False  # Emberhoof: someone got Drunk; Lumi: another character died
    status: dict[str, int] = {}  # Burn, Spore and other counters the table tracks
    dice: tuple[Die, ...] = ()   # this Player Attack Phase; empty until the player rolls
    dice_count: int = Field(default=6, ge=0, le=6)
    rerolls: int = 0             # rerolls made this Player Attack Phase (at most 2)
    damage_due: int = 0          # points of an Enemy attack assigned to this player, not yet taken
    reward_heal: int | None = None  # powers still to heal from the reward of the Enemy just beaten
    last_side: Literal["ground", "flight", "unknown"] | None = None  # Soraten: his last ability's side

    @property
    def vessel(self) -> bool:
        return self.character == "Durhak" and self.role == "flipped"


class Enemy(Frozen):
    name: str
    kind: Literal["monster", "boss"] = "monster"
    printed: str            # the printed health list, e.g. "8/10/12/14/16"
    start_health: int
    health: int
    armor: int = 0
    armor_absorbed: int = 0  # Armor soaked this round
    defeated: bool = False
    status: dict[str, int] = {}


class Threshold(Frozen):
    at: int
    effect: str


class State(Frozen):
    """The table of a Catharsis game, in the game's own words."""

    boss: str = "other"
    hard_mode: bool = False
    characters_started: int
    morale: int | None
    morale_start: int | None
    thresholds: tuple[Threshold, ...] = ()
    thresholds_reached: tuple[int, ...] = ()
    paradox: int = 0
    phase: Literal["setup", "card", "between-cards", "combat"] = "setup"
    card: str | None = None          # kind of the last revealed Boss Deck card
    cards_revealed: int = 0
    combat_step: str | None = None
    round: int = 0
    enemies: tuple[Enemy, ...] = ()
    players: tuple[Player, ...]
    party_status: dict[str, int] = {}
    cards: tuple[PowerCard, ...] = ()   # the table's own power cards, beside the shipped catalogue
    attack: tuple[str, int] | None = None  # an Enemy attack waiting to be assigned: ("party"|"player", N)
    outcome: Literal["won", "lost"] | None = None

    @property
    def game_over(self) -> bool:
        return self.outcome is not None