"""Cataclysm Arcade: the State on the table (level, Player One, players, Bosses and Fighters).

Pure data and small helpers that return changed copies; no rules here.
"""
from __future__ import annotations

from functools import partial
from typing import Any, Literal

from engine.record import Field, model_validator

from engine.base import Frozen
from engine.library import shipped_cards
from engine.words import player

BOSS = "boss"  # the word that names a player's Boss in commands


# ---------------------------------------------------------------- state

KEYWORDS = ("agility", "armor", "determination", "enforcer", "stealthy", "block", "fortify", "transform",
            "phantasmal")
CardType = Literal["boss", "fighter", "tactic", "response", "weapon"]
# the few card effects the engine can carry out itself; any other text is `unchecked`
EFFECTS = ("damage", "heal", "gain-health", "destroy", "stun", "stop", "untap", "coins")


class Ability(Frozen):
    """An activated ability printed on a card (from the catalogue)."""

    name: str
    cost: int = Field(default=0, ge=0)
    tap: bool = False  # uses the tap symbol
    response: bool = False  # says Response: may be added to the Line on priority
    effect: str | None = None  # one of EFFECTS with its number ("damage 2"), or None: text only
    text: str | None = None

    @model_validator(mode="before")
    @classmethod
    def _known_effect(cls, data: Any) -> Any:
        if isinstance(data, dict) and data.get("effect"):
            check_effect(data["effect"])
        return data


def check_effect(effect: str) -> str:
    """An effect the engine carries out: one of EFFECTS, with a whole number where it takes one."""
    word, _, number = str(effect).partition(" ")
    if word not in EFFECTS:
        raise ValueError(f"unknown effect {effect!r}; effects: {', '.join(EFFECTS)} (other card text: text)")
    if number and not number.strip().lstrip("-").isdigit():
        raise ValueError(f"effect {effect!r}: {number!r} is not a whole number")
    return effect


def keyword_numbers(words: tuple[str, ...] | list[str]) -> tuple[tuple[str, ...], int | None]:
    """Keywords as a card prints them, a number beside the ones that carry it ("armor 2", "armor:2"):
    the keywords (lower case, each once) and the Armor number if one was given. ValueError names an
    unknown keyword or a number where none belongs."""
    found: list[str] = []
    armor: int | None = None
    for word in words:
        name, _, number = str(word).strip().lower().replace(":", " ").replace("=", " ").partition(" ")
        if name not in KEYWORDS:
            raise ValueError(f"unknown keyword {name!r}; keywords: {', '.join(KEYWORDS)}")
        number = number.strip()
        if number:
            if name != "armor" or not number.isdigit():
                raise ValueError(f"keyword {word!r}: only Armor carries a number (armor 2)")
            armor = int(number)
        found.append(name)
    return tuple(dict.fromkeys(found)), armor


class CardSpec(Frozen):
    """One catalogue entry: what the card says. None = the table has not told us."""

    name: str
    type: CardType
    faction: str | None = None
    level: int | None = Field(default=None, ge=1)  # level requirement (Fighters, Weapons)
    cost: int | None = Field(default=None, ge=0)  # coin cost (Tactics, Responses)
    health: int | None = Field(default=None, ge=1)
    attack: int | None = Field(default=None, ge=0)
    attack_cost: int | None = Field(default=None, ge=0)
    armor: int = Field(default=0, ge=0)
    keywords: tuple[str, ...] = ()
    wield_cost: int | None = Field(default=None, ge=0)
    attack_modifier: int | None = None  # Weapons: added to the wielder's attack
    effect: str | None = None  # Tactics, Responses: one of EFFECTS with its number
    abilities: tuple[Ability, ...] = ()
    text: str | None = None  # anything else the card says: never judged (`unchecked`)

    @model_validator(mode="before")
    @classmethod
    def _keywords_with_numbers(cls, data: Any) -> Any:
        """`keywords = ["armor 2", "enforcer"]`: the number goes to `armor` (Armor N)."""
        if isinstance(data, dict) and data.get("effect"):
            check_effect(data["effect"])
        if isinstance(data, dict) and data.get("keywords"):
            words, armor = keyword_numbers(data["keywords"])
            data = {**data, "keywords": words}
            if armor is not None:
                if data.get("armor") not in (None, 0, armor):
                    raise ValueError(f"armor {data['armor']} and keyword 'armor {armor}' disagree")
                data["armor"] = armor
        return data


class Character(Frozen):
    """What Bosses and Fighters share: health, tapping and the traits the rules read."""

    tapped: bool = False
    attack: int | None = None  # printed attack value
    attack_cost: int | None = None
    armor: int = Field(default=0, ge=0)
    keywords: tuple[str, ...] = ()
    counters: int = Field(default=0, ge=0)  # +1 Attack counters
    taps: int = Field(default=0, ge=0)  # attacks and tap abilities used this level (Agility allows 2)
    armor_used: int = Field(default=0, ge=0)  # damage Armor has prevented this level
    entered_level: int | None = None  # the level it came into play (Stealthy)
    stealthy_level: int | None = None  # the level a card effect gave it Stealthy (Stealthy protects that level too)
    stunned: bool = False
    phantasmal: bool = False
    fortifications: tuple[str, ...] = ()  # Fighter cards placed under it by Fortify

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords


class Boss(Character):
    """A player's Boss: in play from the start. Health is None until the table tells it."""

    name: str | None = None
    health: int | None = None
    starting_health: int | None = None


class Fighter(Character):
    """A Fighter in play. Its name is unique among its controller's Fighters. Health is None when
    it came from a card the catalogue does not describe."""

    name: str
    health: int | None
    starting_health: int | None
    level: int | None = None


class Weapon(Frozen):
    """A Weapon in play, wielded by one of its controller's Fighters or unwielded (None)."""

    name: str
    wielder: str | None = None
    attack_modifier: int | None = None
    wield_cost: int | None = None


class Player(Frozen):
    """One seat at the table; seats are listed clockwise. A hand is what the table knows of it:
    the cards named in `hand`, plus `hand_unknown` cards nobody has named."""

    name: str
    coins: int = Field(default=0, ge=0)  # the coin pool for this level
    passed: bool = False
    out: bool = False  # the Boss was defeated: out of the game, cards removed
    boss: Boss = Boss()
    fighters: tuple[Fighter, ...] = ()
    weapons: tuple[Weapon, ...] = ()
    hand: tuple[str, ...] = ()
    hand_unknown: int = Field(default=0, ge=0)

    @property
    def hand_size(self) -> int:
        return len(self.hand) + self.hand_unknown


LineKind = Literal["fighter", "tactic", "weapon", "wield", "attack", "activate", "response", "trigger", "fortify"]


class LineItem(Frozen):
    """One pending move, response or trigger on the Line, with the player who added it."""

    kind: LineKind
    controller: str
    card: str | None = None  # the card played, the attacker, or the character whose ability it is
    ability: str | None = None
    target_player: str | None = None
    target: str | None = None  # a character ("boss" or a Fighter's name)
    on: str | None = None  # the Fighter a Weapon goes to
    text: str | None = None  # a trigger's words
    effect: str | None = None  # what the engine will do when it resolves (one of EFFECTS), if it knows
    after_move: bool = False  # a trigger added once the move's Line had emptied (the initiative has moved on)
    keep_old: bool = False  # a Fighter or Weapon whose player keeps the one of its name already in play

    def label(self) -> str:
        what = {"attack": f"attack by {self.card}", "activate": f"{self.card}'s {self.ability}",
                "trigger": f"trigger: {self.text}", "wield": f"wield {self.card} on {self.on}",
                "fortify": f"fortify {self.card} on {self.on}"}.get(self.kind, f"{self.kind} {self.card}")
        what += f" on {self.on}" if self.kind == "weapon" and self.on else ""
        what += " keep old" if self.keep_old else ""  # the player's choice of which stays, as played
        aim = f" at {self.target_player}'s {self.target}" if self.target else ""
        return f"{what}{aim} ({self.controller})"


class State(Frozen):
    """The table: level, Player One, the players clockwise, the initiative, the Line (bottom
    first) and who has priority, the table's own card descriptions, and the winner."""

    level: int = Field(default=1, ge=1)
    player_one: str
    players: tuple[Player, ...]
    winner: str | None = None
    initiative: str | None = None  # left out of a situation file: Player One; None: everyone passed
    line: tuple[LineItem, ...] = ()
    priority: str | None = None  # who may add a response now (only while the Line is not empty)
    declined: tuple[str, ...] = ()  # who has let the top of the Line be since it last changed
    cards: tuple[CardSpec, ...] = ()  # catalogue entries the table added or overrode
    #: the readings (engine/readings.py) a verdict has said already this game: each is said once per game
    readings_said: tuple[str, ...] = ()

    @model_validator(mode="before")
    @classmethod
    def _initiative_defaults_to_player_one(cls, data: Any) -> Any:
        if isinstance(data, dict) and "initiative" not in data and "player_one" in data:
            data = {**data, "initiative": data["player_one"]}
        return data

    def player(self, name: str) -> Player:
        return player(name, self.players)

    @property
    def in_game(self) -> tuple[Player, ...]:
        return tuple(p for p in self.players if not p.out)

    @property
    def level_over(self) -> bool:
        """Every player still in the game has passed this level."""
        remaining = self.in_game
        return bool(remaining) and all(p.passed for p in remaining)

    @property
    def game_over(self) -> bool:
        return self.winner is not None


class Move(Frozen):
    """One play, as `notation.format_move` writes it."""

    kind: Literal["fighter", "tactic", "weapon", "wield", "attack", "activate", "respond", "pass", "decline",
                  "trigger", "next-level", "fortify"]
    card: str | None = None
    ability: str | None = None
    target_player: str | None = None
    target: str | None = None
    on: str | None = None
    player: str | None = None  # a trigger's controller
    text: str | None = None
    keep_old: bool = False  # `fighter NAME keep old`: of two of one name, the one in play stays


# ---------------------------------------------------------------- small helpers


def replace_player(state: State, player: Player) -> State:
    return state.model_copy(update={"players": tuple(player if p.name == player.name else p for p in state.players)})


def find_fighter(player: Player, name: str) -> Fighter | None:
    return next((f for f in player.fighters if f.name.lower() == name.lower()), None)


def character_label(character: str, player: str) -> str:
    return f"{player}'s Boss" if character == BOSS else f"{character} ({player})"


# ---------------------------------------------------------------- the catalogue

#: the shipped catalogue (cards.toml, beside this module), built once: `builtin_catalogue()`
builtin_catalogue = partial(shipped_cards, State)


_CATALOGUES: dict[int, tuple[tuple[CardSpec, ...], dict[str, CardSpec]]] = {}


def catalogue(state: State) -> dict[str, CardSpec]:
    """Card name (lower case) -> spec: the shipped catalogue, then the table's own entries."""
    cached = _CATALOGUES.get(id(state.cards))
    if cached is not None and cached[0] is state.cards:
        return cached[1]
    found = {c.name.lower(): c for c in builtin_catalogue()}
    found.update({c.name.lower(): c for c in state.cards})
    if len(_CATALOGUES) > 64:
        _CATALOGUES.clear()
    _CATALOGUES[id(state.cards)] = (state.cards, found)
    return found


def spec(state: State, name: str | None) -> CardSpec | None:
    return catalogue(state).get(name.lower()) if name else None
