"""Catharsis: Divine Wrath: the table's counters and their rules (the tracker side of the rules model).

The party shares one Morale (from the Boss Deck's Morale card, or none against the Ice Elf Lich),
spends 1 Morale to refresh between Boss Deck cards and at the end of combat rounds, and takes
damage by exhausting face-up powers and discarding exhausted ones. Each character adds its own
counters: Durhak's Divinity and Vessel, Goz's Combo, Luthia's Cobble and Levels, Calyxia's
Demonic, Emberhoof's Drinks, Lumi's Ice. Boss Decks add Paradox (Battle with Fate) and Kill Point
Tokens (Ice Elf Lich). Enemies take their health from the printed five-value list.

Pure code: no I/O. Every refusal and every effect cites a rule id of rulesdb/data/catharsis.

The package, one job per module:

- vocabulary.py: Boss Decks, characters, card kinds, combat steps, counter limits, power statuses;
- model.py: the State and its parts (Power, Player, Enemy, Threshold);
- options.py: a new game's State from the player names and the table's options;
- reading.py: reading one word of a command (amounts, players, powers, enemies, counter targets);
- parse.py: a command's words -> Change, one reader per verb;
- judge.py: check() and apply(): route a change to its verb's rules, then settle the game's end;
- morale.py: Morale and the refresh (and its timing);
- flow.py: the Boss Deck cards and the combat rounds;
- enemies.py: Enemies in play, their health, Armor and defeat;
- boards.py: Player Boards: damage, using, healing, gaining and replacing powers, death;
- roles.py: flipping and unflipping Roles;
- characters.py: each character's own counters (Divinity, Combo, Cobble, Demonic, Drinks, Ice);
- soraten.py: Soraten's Ground/Flight alternation (judged where the sides are recorded);
- counters.py: Boss Deck and status counters (Kill Point Tokens, Paradox, Burn, Spore, any other);
- summary.py: the small JSON-ready view of the table;
- tracker.py: the Tracker, composed of the above, with its options, commands and verb aliases.

The move validator (the `Engine`) works on the same State:

- costs.py: ability costs (`?`, `3`, `AA`, `BB`, `||`) and which dice pay them;
- powers.toml, powers.py: the power catalogue (the rulebook's cards; the table adds its own);
- notation.py: plays (roll, reroll, adjust, use, attack, assign, boost, card, tracker commands);
- rules.py: check(), apply(), legal_moves() of plays;
- combat.py: Goz's Combo values, modifiers of an ability or an attack, sharing an Enemy's damage;
- odds.py: the exact odds of paying a cost with rerolls left, and which dice to keep;
- status.py: what is impossible about a described table;
- rule_ids.py: every rule id the package cites;
- validator.py: the Engine.
"""
from __future__ import annotations

import importlib

# public name -> the module that defines it; loaded on first use (PEP 562), so that reading a cost
# or computing odds does not import the tracker's models
_WHERE = {
    "R": "rule_ids",
    **{name: "vocabulary" for name in (
        "BOSS_DECKS", "BOSS_ALIASES", "CHARACTERS", "CARD_KINDS", "STEPS", "STEP_WORDS", "DIVINITY_MAX",
        "VESSEL_UPKEEP", "LEVEL_COST", "DRINKS_MAX", "DEMON_UNLOCK", "BOARD_MAX", "FACE_UP", "EXHAUSTED",
        "DISCARDED")},
    **{name: "model" for name in ("Power", "Player", "Enemy", "Threshold", "State", "Die", "Ability", "PowerCard")},
    "Tracker": "tracker",
    "Engine": "validator",
    "Change": "engine.tracking",
    "OptionError": "engine.tracking",
}

__all__ = sorted(_WHERE)


def __getattr__(name: str):
    where = _WHERE.get(name)
    if where is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    module = importlib.import_module(where if "." in where else f"{__name__}.{where}")
    value = getattr(module, name)
    globals()[name] = value
    return value
