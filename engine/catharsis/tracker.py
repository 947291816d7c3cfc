"""Catharsis: the Tracker, one class made of the modules' parts, with its option, command and
verb-alias tables."""
from __future__ import annotations

from typing import ClassVar

from engine.tracking import Tracker as _Tracker

from .boards import BoardRules
from .characters import CharacterRules
from .counters import CounterRules
from .enemies import EnemyRules
from .flow import FlowRules
from .rule_ids import RULE_IDS
from .judge import Judge
from .model import State
from .morale import MoraleRules
from .options import NewGame
from .parse import Parsing
from .reading import Reading
from .roles import RoleRules
from .summary import Summary
from .vocabulary import BOSS_DECKS


class Tracker(NewGame, Reading, Parsing, Judge, MoraleRules, FlowRules, EnemyRules, BoardRules, RoleRules,
              CharacterRules, CounterRules, Summary, _Tracker[State]):
    game: ClassVar[str] = "catharsis"
    State: ClassVar[type[State]] = State
    RULE_IDS: ClassVar[frozenset[str]] = RULE_IDS
    OPTIONS: ClassVar[dict[str, str]] = {
        "morale": "starting Morale from the Boss Deck's Morale card, e.g. morale=18, or none "
                  "(Ice Elf Lich); required unless boss=ice-elf-lich",
        "thresholds": "Morale thresholds and their effects from the Morale card, "
                      "e.g. thresholds=\"17:everyone takes 2 damage;12:lose a power\" (default: none)",
        "boss": "Boss Deck: " + ", ".join(BOSS_DECKS) + " (default other; murder-mystery is for 3-7 "
                "characters and reads health lists from 3 characters)",
        "hard": "Hard Mode: yes or no (default no)",
        "characters": "each player's character, e.g. characters=\"Ann=Durhak,Ben=Goz\" "
                      "(default: unknown, no character rules)",
        "powers": "starting powers per player: 6, or per player \"Ann=5,Ben=6\" (default 6)",
        "paradox": "starting Paradox, Battle with Fate only (default 0)",
        "kpt": "starting Kill Point Tokens per player, Ice Elf Lich only (default 0)",
    }
    COMMANDS: ClassVar[dict[str, str]] = {
        "morale": "change Morale: morale -1 | morale +1 (never above the start)",
        "refresh": "spend 1 Morale: all powers unexhaust, Roles unflip: refresh "
                   "(Ice Elf Lich: refresh kpt ann 2 spends Ann's KPT)",
        "next-card": "reveal the next Boss Deck card: next-card monster|boss|trap|event|special",
        "resolved": "the revealed Trap/Event/Special is resolved: resolved",
        "combat": "combat start | combat attack | combat enemy | combat refresh | combat end-round | "
                  "combat next | combat round | combat end",
        "enemy": "enemy \"Crab\" 8/10/12/14/16 [boss] [armor 2] | enemy damage 4 [crab] | "
                 "enemy defeated [crab] | enemy armor 2 [crab] | enemy armorshred 1 [crab]",
        "damage": "damage ann exhaust 3 | damage ann discard 2 | damage ann exhaust 1 4 discard 2",
        "use": "activate an ability: use ann 3 [top|bottom] [free]",
        "exhaust": "exhaust powers without damage: exhaust ann 3",
        "heal": "turn exhausted powers face up: heal ann 1 4",
        "discard": "discard powers (a Special's price, a Flip): discard ann 5",
        "gain": "add a power to a board: gain ann \"Demon Lord\"",
        "replace": "replace a power (discard, draw into the same spot): replace ann 2 [\"New name\"]",
        "rename": "name a power: rename ann 3 Nail to the Eye",
    "side": "the side a Soraten power shows: side dave 2 ground | side dave 2 flight",
        "flip": "use a Role's Flip effect (Durhak: become the Vessel): flip ann",
        "unflip": "turn a Role face up where a Role allows it (Durhak, Emberhoof, Lumi): unflip ann",
        "divinity": "Durhak's Divinity (0-10): divinity ann +3 | divinity ann -2",
        "combo": "Goz's Combo on a power: combo ann 3 +1",
        "cobble": "Luthia's Cobble: cobble ann +1 | cobble ann -7",
        "level-up": "Luthia levels up a power (7 Cobble to Level 2, 12 to Level 3): level-up ann 2",
        "demonic": "Calyxia's Demonic: demonic ann +1 | demonic ann -3",
        "drinks": "Drinks a player holds (0-4): drinks ben +1 | drinks ben -1",
        "drunk": "a player failed the Drunk roll (Drinks discarded): drunk ben",
        "ice": "Lumi's Ice on a power: ice ben 2 +1 | ice ben 2 -1",
        "revive": "Lumi's Flip brings a dead player back with 2 powers: revive ben",
        "kpt": "Kill Point Tokens (Ice Elf Lich): kpt ann +2 | kpt all +1 | kpt ann -3",
        "paradox": "party Paradox (Battle with Fate): paradox +2",
        "burn": "Burn counters on a player, an enemy or the party: burn crab +2 | burn ann -1",
        "spore": "Spore counters: spore ann +1",
        "status": "any other counter: status party treasure +1 | status crab poison +2",
    }
    VERB_ALIASES: ClassVar[dict[str, str]] = {
        "next": "next-card", "card": "next-card", "reveal": "next-card", "unexhaust": "heal",
        "levelup": "level-up", "level": "level-up", "kill-points": "kpt", "kp": "kpt", "drink": "drinks",
        "spores": "spore", "counter": "status", "activate": "use", "resolve": "resolved",
    }
