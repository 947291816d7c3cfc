"""Catharsis: the game's words and numbers: Boss Decks, characters, card kinds, combat steps,
the counters' limits and a power's three statuses."""
from __future__ import annotations

BOSS_DECKS = ("hundred-eyed-dragon", "battle-with-fate", "ice-elf-lich", "murder-mystery", "undercity-crab", "other")
BOSS_ALIASES = {
    "100-eyed-dragon": "hundred-eyed-dragon", "dragon": "hundred-eyed-dragon",
    "fate": "battle-with-fate", "battle-of-fate": "battle-with-fate",
    "lich": "ice-elf-lich", "murder": "murder-mystery", "crab": "undercity-crab",
}
CHARACTERS = ("Calyxia", "Durhak", "Goz", "Luthia", "Soraten", "Emberhoof", "Lumi", "Tsuna")
CARD_KINDS = ("monster", "boss", "trap", "event", "special", "other")
STEPS = ("start-of-round", "player-attack", "enemy-attack", "refresh", "end-of-round")
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

FACE_UP, EXHAUSTED, DISCARDED = "face-up", "exhausted", "discarded"
