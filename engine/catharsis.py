"""Catharsis: Divine Wrath: the table's counters and their rules (the tracker side of the rules model).

The party shares one Morale (from the Boss Deck's Morale card, or none against the Ice Elf Lich),
spends 1 Morale to refresh between Boss Deck cards and at the end of combat rounds, and takes
damage by exhausting face-up powers and discarding exhausted ones. Each character adds its own
counters: Durhak's Divinity and Vessel, Goz's Combo, Luthia's Cobble and Levels, Calyxia's
Demonic, Emberhoof's Drinks, Lumi's Ice. Boss Decks add Paradox (Battle with Fate) and Kill Point
Tokens (Ice Elf Lich). Enemies take their health from the printed five-value list.

Pure code: no I/O. Every refusal and every effect cites a rule id of rulesdb/data/catharsis.
"""
from __future__ import annotations

import difflib
import re
from typing import Any, ClassVar, Literal

from engine.base import AmbiguousMove, Effect, Frozen, MoveSyntaxError, Reason, Verdict
from engine.tracking import Change, OptionError
from engine.words import match, nearest
from engine.tracking import Tracker as _Tracker

# ---------------------------------------------------------------------------- rule ids

R = {
    # morale
    "max": "catharsis.morale.max-starting",
    "thresholds": "catharsis.morale.thresholds",
    "tier_once": "catharsis.morale.tier-once",
    "refresh": "catharsis.morale.refresh",
    "timing": "catharsis.morale.refresh-timing",
    "too_late": "catharsis.morale.refresh-too-late",
    "after_refresh": "catharsis.morale.threshold-after-refresh",
    "zero": "catharsis.morale.zero-loses",
    "attack_zero": "catharsis.combat.enemy-attack.morale-zero",
    "refresh_phase": "catharsis.combat.refresh-phase.spend-morale",
    "refresh_after_card": "catharsis.gameplay.refresh-after-card",
    # flow
    "loop": "catharsis.gameplay.loop",
    "begin": "catharsis.setup.begin",
    "resolve_enemy": "catharsis.gameplay.resolve-enemy",
    "round_order": "catharsis.combat.round-order",
    "combat": "catharsis.combat.overview",
    "start_of_round": "catharsis.combat.start-of-round.effects",
    "burn_spore": "catharsis.combat.start-of-round.burn-spore",
    "sor_defeat": "catharsis.combat.start-of-round.enemy-defeated",
    "eor_defeat": "catharsis.combat.end-of-round.enemy-defeated",
    "heal_reward": "catharsis.gameplay.enemy-defeated-heal",
    "no_powers": "catharsis.boss-deck.no-powers-traps-events",
    "use": "catharsis.combat.player-attack.use-abilities",
    "activation": "catharsis.combat.player-attack.activation",
    # enemies
    "health": "catharsis.boss-deck.enemy-health-scaling",
    "mm_health": "catharsis.boss-deck.murder-mystery-scaling",
    "single_value": "catharsis.boss-deck.single-value",
    "on_defeat": "catharsis.boss-deck.enemy-special-abilities",
    "enemies": "catharsis.boss-deck.enemies",
    "armor": "catharsis.glossary-rules.armor",
    "armorshred": "catharsis.glossary-rules.armorshred",
    "win": "catharsis.winning.conditions",
    "win_lost": "catharsis.winning.on-defeat-can-lose",
    "losing": "catharsis.winning.losing",
    # players
    "damage": "catharsis.damage.per-point",
    "death": "catharsis.damage.death",
    "dead_count": "catharsis.damage.dead-count-party-size",
    "dead_target": "catharsis.damage.dead-not-targeted",
    "all_dead": "catharsis.damage.all-dead",
    "heal": "catharsis.damage.heal",
    "board_limit": "catharsis.player-decks.board-limit",
    "add_full": "catharsis.player-decks.add-when-full",
    "replace": "catharsis.player-decks.replace",
    "exhaust": "catharsis.player-decks.exhaust",
    "role_flip": "catharsis.player-decks.role-flip",
    "role_unflip": "catharsis.player-decks.role-unflip-morale",
    "only_unflip": "catharsis.combat.refresh-phase.only-unflip",
    "heal_role": "catharsis.quickplay.combat.passive-and-flip",
    # characters
    "div_gain": "catharsis.characters.durhak.divinity-gain",
    "div_max": "catharsis.characters.durhak.divinity-max",
    "div_spend": "catharsis.characters.durhak.spend-divinity",
    "vessel": "catharsis.characters.durhak.vessel-flip",
    "upkeep": "catharsis.characters.durhak.vessel-upkeep",
    "no_gain": "catharsis.characters.durhak.vessel-no-gain",
    "revert": "catharsis.characters.durhak.vessel-revert",
    "unflip_damage": "catharsis.characters.durhak.unflip-damage",
    "carryover": "catharsis.characters.durhak.divinity-carryover",
    "combo": "catharsis.characters.goz.top-places-combo",
    "combo_fire": "catharsis.characters.goz.combo-auto-activate",
    "finisher": "catharsis.characters.goz.bottom-finisher",
    "combo_exhaust": "catharsis.characters.goz.exhaust-discards-combo",
    "combo_end": "catharsis.characters.goz.combo-end-of-combat",
    "cobble_gain": "catharsis.characters.luthia.cobble-gain",
    "cobble_spend": "catharsis.characters.luthia.cobble-spend",
    "level2": "catharsis.characters.luthia.level-2-cost",
    "level3": "catharsis.characters.luthia.level-3-cost",
    "level_keep": "catharsis.characters.luthia.level-up-no-unexhaust",
    "luthia_replace": "catharsis.characters.luthia.immune-replace",
    "demonic_gain": "catharsis.characters.calyxia.demonic-gain",
    "demonic_flipped": "catharsis.characters.calyxia.no-demonic-while-flipped",
    "demonic_spend": "catharsis.characters.calyxia.spend-demonic-flip",
    "demon_unlock": "catharsis.characters.calyxia.demon-power-unlock",
    "drink_deck": "catharsis.characters.emberhoof.drink-deck",
    "drink_max": "catharsis.characters.emberhoof.auto-drink",
    "drink_levels": "catharsis.characters.emberhoof.drink-levels",
    "drunk_roll": "catharsis.characters.emberhoof.drunk-roll",
    "drunk": "catharsis.characters.emberhoof.drunk-effect",
    "ember_unflip": "catharsis.characters.emberhoof.unflip-condition",
    "ember_replace": "catharsis.characters.emberhoof.replace",
    "ice_gen": "catharsis.characters.lumi.ice-generation",
    "ice_party": "catharsis.characters.lumi.party-resource",
    "one_ice": "catharsis.characters.lumi.one-ice",
    "ice_gone": "catharsis.characters.lumi.ice-destroyed",
    "revive": "catharsis.characters.lumi.flip-revive",
    "lumi_unflip": "catharsis.characters.lumi.unflip-condition",
    # boss decks
    "paradox": "catharsis.boss-decks.battle-with-fate.paradox",
    "kpt": "catharsis.boss-decks.ice-elf-lich.kill-point-tokens",
    "no_morale": "catharsis.boss-decks.ice-elf-lich.no-morale",
    "dragon": "catharsis.boss-decks.hundred-eyed-dragon.one-combat",
    "dragon_heal": "catharsis.boss-decks.hundred-eyed-dragon.no-free-healing",
}

# ---------------------------------------------------------------------------- vocabulary

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

FACE_UP, EXHAUSTED, DISCARDED = "face-up", "exhausted", "discarded"


# ---------------------------------------------------------------------------- state

class Power(Frozen):
    """One card of a Player Board; discarded powers stay as a marker so slot numbers are stable."""

    name: str
    status: Literal["face-up", "exhausted", "discarded"] = FACE_UP
    combo: int = 0          # Goz
    ice: int = 0            # Lumi's Ice (any player's power)
    level: int | None = None  # Luthia: 1 to 3


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
    outcome: Literal["won", "lost"] | None = None

    @property
    def game_over(self) -> bool:
        return self.outcome is not None


# ---------------------------------------------------------------------------- helpers

def _signed(n: int) -> str:
    return f"{n:+d}"


def _amount(word: str, what: str = "amount") -> int:
    if not re.fullmatch(r"[+-]?\d+", word.strip()):
        raise MoveSyntaxError(f"{word!r} is not a number ({what}); e.g. 2, +2 or -1")
    return int(word)


def _change(word: str, what: str, before: list[str]) -> str:
    """A signed change: '+2' or '-1'; a bare '2' could mean either, so both readings are listed."""
    n = _amount(word, what)
    if n and word.strip()[0] not in "+-":
        head = " ".join(before)
        raise AmbiguousMove(f"{word!r} has no sign: gain or loss of {what}?", [f"{head} +{n}", f"{head} -{n}"])
    return _signed(n)


def _positive(word: str, what: str) -> int:
    n = _amount(word, what)
    if n < 0:
        raise MoveSyntaxError(f"{word!r}: {what} must be 0 or more")
    return n


def _character(state: State, name: str) -> str | None:
    return next(p.character for p in state.players if p.name == name)


def _all_known(state: State) -> bool:
    return all(p.character for p in state.players)


def _has_character(state: State, character: str) -> bool:
    return any(p.character == character for p in state.players)


def _alive(p: dict) -> bool:
    return not p["dead"]


# ---------------------------------------------------------------------------- the tracker

class Tracker(_Tracker[State]):
    game: ClassVar[str] = "catharsis"
    State: ClassVar[type[State]] = State
    RULE_IDS: ClassVar[frozenset[str]] = frozenset(R.values())
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

    # ------------------------------------------------------------------ new_state

    def new_state(self, players: list[str], options: dict[str, str]) -> State:
        unknown = [k for k in options if k not in self.OPTIONS]
        if unknown:
            raise OptionError(f"unknown option {unknown[0]!r}; valid options: {', '.join(self.OPTIONS)}")
        names = [p.strip() for p in players if p and p.strip()]
        if not names:
            raise OptionError("players: at least one player name is needed")
        lowered = [n.lower() for n in names]
        if len(set(lowered)) != len(lowered):
            raise OptionError("players: two players have the same name")

        boss = self._opt_boss(options.get("boss", "other"))
        n = len(names)
        if boss == "murder-mystery" and not 3 <= n <= 7:
            raise OptionError(f"boss: murder-mystery is for 3 to 7 characters, this table has {n}; "
                              f"choose another boss deck")
        if boss != "murder-mystery" and not 1 <= n <= 5:
            raise OptionError(f"boss: {boss} is for 1 to 5 characters, this table has {n}; "
                              f"only murder-mystery takes 6 or 7")
        hard = self._opt_flag("hard", options.get("hard", "no"))

        raw_morale = options.get("morale")
        if raw_morale is None:
            if boss != "ice-elf-lich":
                raise OptionError("morale: required: the starting Morale on the Boss Deck's Morale card "
                                  "(e.g. morale=18), or morale=none")
            morale = None
        elif raw_morale.strip().lower() in ("none", "no", "-"):
            morale = None
        else:
            try:
                morale = int(raw_morale)
            except ValueError:
                raise OptionError(f"morale: {raw_morale!r} is not a number; give the starting Morale "
                                  f"(e.g. morale=18) or none") from None
            if morale < 1:
                raise OptionError("morale: the starting Morale must be 1 or more, or none")
            if boss == "ice-elf-lich":
                raise OptionError("morale: the Ice Elf Lich deck has no Morale; use morale=none")

        thresholds = self._opt_thresholds(options.get("thresholds", ""), morale)
        characters = self._opt_characters(options.get("characters", ""), names)
        counts = self._opt_powers(options.get("powers", "6"), names)

        paradox = self._opt_count("paradox", options.get("paradox", "0"))
        if paradox and boss not in ("battle-with-fate", "other"):
            raise OptionError("paradox: Paradox belongs to the battle-with-fate Boss Deck")
        kpt = self._opt_count("kpt", options.get("kpt", "0"))
        if kpt and boss not in ("ice-elf-lich", "other"):
            raise OptionError("kpt: Kill Point Tokens belong to the ice-elf-lich Boss Deck")

        built = []
        for name in names:
            ch = characters.get(name)
            level = 1 if ch == "Luthia" else None
            powers = tuple(Power(name=str(i + 1), level=level) for i in range(counts[name]))
            built.append(Player(name=name, character=ch, powers=powers, kpt=kpt))
        return State(boss=boss, hard_mode=hard, characters_started=n, morale=morale, morale_start=morale,
                     thresholds=thresholds, paradox=paradox, players=tuple(built))

    def _opt_boss(self, raw: str) -> str:
        key = raw.strip().lower().replace(" ", "-").replace("_", "-")
        key = BOSS_ALIASES.get(key, key)
        if key not in BOSS_DECKS:
            raise OptionError(f"boss: unknown Boss Deck {raw!r}; valid: {', '.join(BOSS_DECKS)}")
        return key

    def _opt_flag(self, name: str, raw: str) -> bool:
        low = raw.strip().lower()
        if low in ("yes", "y", "true", "on", "1"):
            return True
        if low in ("no", "n", "false", "off", "0", ""):
            return False
        raise OptionError(f"{name}: {raw!r} is not yes or no; valid: yes, no")

    def _opt_count(self, name: str, raw: str) -> int:
        try:
            value = int(raw)
        except ValueError:
            raise OptionError(f"{name}: {raw!r} is not a whole number (0 or more)") from None
        if value < 0:
            raise OptionError(f"{name}: must be 0 or more")
        return value

    def _opt_thresholds(self, raw: str, morale: int | None) -> tuple[Threshold, ...]:
        raw = raw.strip()
        if not raw:
            return ()
        if morale is None:
            raise OptionError("thresholds: a game without Morale (morale=none) has no Morale thresholds")
        out: dict[int, str] = {}
        for part in raw.split(";"):
            if not part.strip():
                continue
            at, sep, text = part.partition(":")
            if not sep or not at.strip().isdigit():
                raise OptionError(f"thresholds: {part.strip()!r} is not VALUE:EFFECT, "
                                  f"e.g. thresholds=\"17:everyone takes 2 damage;12:...\"")
            value = int(at)
            if not 1 <= value < morale:
                raise OptionError(f"thresholds: {value} must be between 1 and {morale - 1} "
                                  f"(below the starting Morale {morale}; 0 already loses)")
            if value in out:
                raise OptionError(f"thresholds: {value} is listed twice")
            out[value] = text.strip() or "(effect on the Morale card)"
        return tuple(Threshold(at=v, effect=out[v]) for v in sorted(out, reverse=True))

    def _opt_characters(self, raw: str, names: list[str]) -> dict[str, str]:
        out: dict[str, str] = {}
        for part in raw.split(","):
            if not part.strip():
                continue
            who, sep, ch = part.partition("=")
            if not sep or not ch.strip():
                raise OptionError(f"characters: {part.strip()!r} is not NAME=CHARACTER, "
                                  f"e.g. characters=\"Ann=Durhak,Ben=Goz\"")
            try:
                player = match(who.strip(), names, "player", hint="nearest")
            except (MoveSyntaxError, AmbiguousMove) as exc:
                raise OptionError(f"characters: {exc}") from None
            out[player] = self._character_name(ch.strip())
        return out

    @staticmethod
    def _character_name(raw: str) -> str:
        first = re.split(r"[ ,]", raw.strip())[0].lower()
        for c in CHARACTERS:
            if c.lower() == first or (len(first) >= 3 and c.lower().startswith(first)):
                return c
        close = difflib.get_close_matches(first, [c.lower() for c in CHARACTERS], n=1, cutoff=0.75)
        if close:
            raise OptionError(f"characters: unknown character {raw!r}; did you mean "
                              f"{close[0].capitalize()}? known: {', '.join(CHARACTERS)}")
        return raw.strip()  # a character this rulebook does not describe: no character rules

    def _opt_powers(self, raw: str, names: list[str]) -> dict[str, int]:
        raw = raw.strip()
        counts = {n: BOARD_MAX for n in names}

        def check(v: str) -> int:
            if not v.strip().isdigit() or not 1 <= int(v) <= BOARD_MAX:
                raise OptionError(f"powers: {v.strip()!r} must be a number of powers from 1 to {BOARD_MAX}")
            return int(v)

        if "=" not in raw:
            value = check(raw or "6")
            return {n: value for n in names}
        for part in raw.split(","):
            if not part.strip():
                continue
            who, _, v = part.partition("=")
            try:
                player = match(who.strip(), names, "player", hint="nearest")
            except (MoveSyntaxError, AmbiguousMove) as exc:
                raise OptionError(f"powers: {exc}") from None
            counts[player] = check(v)
        return counts

    # ------------------------------------------------------------------ parse

    def parse(self, state: State, words: list[str]) -> Change:
        words = [w for w in words if w.strip()]
        if not words:
            raise MoveSyntaxError(f"empty command; verbs: {', '.join(self.COMMANDS)}")
        head = words[0].lower()
        verb = self.VERB_ALIASES.get(head, head)
        if verb not in self.COMMANDS:
            raise MoveSyntaxError(f"unknown verb {words[0]!r}; nearest: {', '.join(nearest(head, list(self.COMMANDS))) or 'none'}")
        rest = words[1:]
        return getattr(self, "_parse_" + verb.replace("-", "_"))(state, rest)

    def _need(self, rest: list[str], n: int, usage: str) -> None:
        if len(rest) < n:
            raise MoveSyntaxError(f"missing words; usage: {usage}")

    def _extra(self, rest: list[str], n: int, usage: str) -> None:
        if len(rest) > n:
            raise MoveSyntaxError(f"unexpected {rest[n]!r}; usage: {usage}")

    def _player(self, state: State, word: str) -> str:
        return match(word, [p.name for p in state.players], "player", hint="nearest")

    def _get_player(self, state: State, name: str) -> Player:
        return next(p for p in state.players if p.name == name)

    def _power(self, state: State, player: str, word: str, live: bool = True) -> str:
        """A power of this player by slot number (1-6) or by name; returns the slot number."""
        p = self._get_player(state, player)
        if not p.powers:
            raise MoveSyntaxError(f"{player} has no powers on the board")
        if word.isdigit():
            slot = int(word)
            if not 1 <= slot <= len(p.powers):
                raise MoveSyntaxError(f"{player} has no power {word}; powers are 1 to {len(p.powers)}")
        else:
            names = [pw.name for pw in p.powers]
            chosen = match(word, names, f"power of {player}", hint="nearest")
            slots = [i + 1 for i, n in enumerate(names) if n == chosen]
            if len(slots) > 1:
                raise AmbiguousMove(f"{player} has several powers named {chosen!r}", [str(s) for s in slots])
            slot = slots[0]
        if live and p.powers[slot - 1].status == DISCARDED:
            raise MoveSyntaxError(f"{player}'s power {slot} ({p.powers[slot - 1].name}) is discarded; "
                                  f"choose a power still on the board")
        return str(slot)

    def _target(self, state: State, word: str, allow_party: bool = True) -> str:
        """A player, an enemy (or 'enemy' for the only one in play) or the party, for counters."""
        low = word.lower()
        if allow_party and low == "party":
            return "party"
        players = [p.name for p in state.players]
        enemies = [e.name for e in state.enemies if not e.defeated]
        if low == "enemy":
            return "enemy:" + self._enemy(state, None)
        choices = players + enemies + (["party"] if allow_party else [])
        name = match(word, choices, "player or enemy", hint="nearest")
        if name == "party":
            return "party"
        return name if name in players else "enemy:" + name

    def _enemy(self, state: State, word: str | None) -> str:
        living = [e.name for e in state.enemies if not e.defeated]
        if word is None:
            if len(living) == 1:
                return living[0]
            if not living:
                raise MoveSyntaxError("no Enemy in play; add one: enemy \"Crab\" 8/10/12/14/16")
            raise AmbiguousMove("several Enemies are in play; name one", living)
        if not living:
            raise MoveSyntaxError("no Enemy in play; add one: enemy \"Crab\" 8/10/12/14/16")
        return match(word, living, "enemy", hint="nearest")

    def _parse_morale(self, state, rest):
        usage = self.COMMANDS["morale"]
        self._need(rest, 1, usage)
        self._extra(rest, 1, usage)
        return Change(verb="morale", args=(_change(rest[0], "Morale", ["morale"]),))

    def _parse_refresh(self, state, rest):
        if not rest:
            return Change(verb="refresh")
        usage = "refresh  |  refresh kpt ann 2 (Ice Elf Lich)"
        if rest[0].lower() != "kpt":
            raise MoveSyntaxError(f"unexpected {rest[0]!r}; usage: {usage}")
        self._need(rest, 3, usage)
        self._extra(rest, 3, usage)
        return Change(verb="refresh", args=("kpt", self._player(state, rest[1]),
                                            str(_positive(rest[2], "KPT to spend"))))

    def _parse_next_card(self, state, rest):
        self._extra(rest, 1, self.COMMANDS["next-card"])
        kind = match(rest[0], list(CARD_KINDS), "card kind", hint="nearest") if rest else "other"
        return Change(verb="next-card", args=(kind,))

    def _parse_resolved(self, state, rest):
        self._extra(rest, 0, "resolved")
        return Change(verb="resolved")

    def _parse_combat(self, state, rest):
        usage = self.COMMANDS["combat"]
        self._need(rest, 1, usage)
        self._extra(rest, 1, usage)
        options = ["start", "next", "round", "end", *STEP_WORDS]
        word = match(rest[0], options, "combat step", hint="nearest")
        return Change(verb="combat", args=(STEP_WORDS.get(word, word),))

    def _parse_enemy(self, state, rest):
        usage = self.COMMANDS["enemy"]
        self._need(rest, 1, usage)
        sub = rest[0].lower()
        if sub in ("damage", "armor", "armorshred"):
            self._need(rest, 2, usage)
            self._extra(rest, 3, usage)
            n = _positive(rest[1], sub)
            target = self._enemy(state, rest[2] if len(rest) > 2 else None)
            return Change(verb="enemy", args=(sub, str(n), target))
        if sub in ("defeated", "defeat", "dead", "killed"):
            self._extra(rest, 2, usage)
            target = self._enemy(state, rest[1] if len(rest) > 1 else None)
            return Change(verb="enemy", args=("defeated", target))
        # a new Enemy: NAME HEALTH-LIST [boss|monster] [armor N]
        name = rest[0]
        self._need(rest, 2, usage)
        kind = "boss" if state.phase == "card" and state.card == "boss" else "monster"
        armor = 0
        health_words: list[str] = []
        i = 1
        while i < len(rest):
            w = rest[i].lower()
            if w in ("boss", "monster"):
                kind = w
            elif w == "armor":
                if i + 1 >= len(rest):
                    raise MoveSyntaxError(f"armor needs a number; usage: {usage}")
                armor = _positive(rest[i + 1], "armor")
                i += 1
            else:
                health_words.append(rest[i])
            i += 1
        printed = "".join(health_words).replace(" ", "")
        if not re.fullmatch(r"\d+(/\d+)*", printed):
            raise MoveSyntaxError(f"{' '.join(health_words) or rest[1]!r} is not a health list; "
                                  f"type the printed values, e.g. 8/10/12/14/16 or 20")
        values = printed.split("/")
        if len(values) not in (1, 5):
            raise MoveSyntaxError(f"{printed!r}: an Enemy's health is printed as five values "
                                  f"(1 to 5 characters; Murder Mystery: 3 to 7) or a single value")
        taken = {e.name.lower() for e in state.enemies}
        final, k = name, 2
        while final.lower() in taken:
            final, k = f"{name} {k}", k + 1
        return Change(verb="enemy", args=("add", final, printed, kind, str(armor)))

    def _parse_damage(self, state, rest):
        usage = self.COMMANDS["damage"]
        self._need(rest, 3, usage)
        player = self._player(state, rest[0])
        args: list[str] = [player]
        op = None
        for w in rest[1:]:
            low = w.lower()
            if low in ("exhaust", "discard", "flip"):
                op = "discard" if low == "discard" else "exhaust"
                continue
            if op is None:
                raise MoveSyntaxError(f"{w!r}: say exhaust or discard before the power; usage: {usage}")
            args += [op, self._power(state, player, w, live=not self._get_player(state, player).dead)]
        if len(args) == 1:
            raise MoveSyntaxError(f"no power named; usage: {usage}")
        return Change(verb="damage", args=tuple(args))

    def _parse_powers_list(self, verb, state, rest, allow_role=False):
        usage = self.COMMANDS[verb]
        self._need(rest, 2, usage)
        player = self._player(state, rest[0])
        slots = []
        for w in rest[1:]:
            if allow_role and w.lower() == "role":
                slots.append("role")
            else:
                slots.append(self._power(state, player, w, live=not self._get_player(state, player).dead))
        return Change(verb=verb, args=(player, *slots))

    def _parse_exhaust(self, state, rest):
        return self._parse_powers_list("exhaust", state, rest)

    def _parse_heal(self, state, rest):
        return self._parse_powers_list("heal", state, rest, allow_role=True)

    def _parse_discard(self, state, rest):
        return self._parse_powers_list("discard", state, rest)

    def _parse_use(self, state, rest):
        usage = self.COMMANDS["use"]
        self._need(rest, 2, usage)
        player = self._player(state, rest[0])
        slot = self._power(state, player, rest[1])
        half, free = "top", False
        for w in rest[2:]:
            low = w.lower()
            if low in ("top", "bottom"):
                half = low
            elif low in ("free", "no-exhaust", "noexhaust"):
                free = True
            else:
                raise MoveSyntaxError(f"unexpected {w!r}; usage: {usage}")
        return Change(verb="use", args=(player, slot, half, *(("free",) if free else ())))

    def _parse_gain(self, state, rest):
        usage = self.COMMANDS["gain"]
        self._need(rest, 1, usage)
        player = self._player(state, rest[0])
        return Change(verb="gain", args=(player, " ".join(rest[1:]) or "new power"))

    def _parse_replace(self, state, rest):
        usage = self.COMMANDS["replace"]
        self._need(rest, 2, usage)
        player = self._player(state, rest[0])
        slot = self._power(state, player, rest[1])
        return Change(verb="replace", args=(player, slot, " ".join(rest[2:]) or "new power"))

    def _parse_rename(self, state, rest):
        usage = self.COMMANDS["rename"]
        self._need(rest, 3, usage)
        player = self._player(state, rest[0])
        slot = self._power(state, player, rest[1], live=False)
        return Change(verb="rename", args=(player, slot, " ".join(rest[2:])))

    def _parse_one_player(self, verb, state, rest):
        usage = self.COMMANDS[verb]
        self._need(rest, 1, usage)
        self._extra(rest, 1, usage)
        return Change(verb=verb, args=(self._player(state, rest[0]),))

    def _parse_flip(self, state, rest):
        return self._parse_one_player("flip", state, rest)

    def _parse_unflip(self, state, rest):
        return self._parse_one_player("unflip", state, rest)

    def _parse_drunk(self, state, rest):
        return self._parse_one_player("drunk", state, rest)

    def _parse_revive(self, state, rest):
        usage = self.COMMANDS["revive"]
        self._need(rest, 1, usage)
        self._extra(rest, 3, usage)
        player = self._player(state, rest[0])
        names = list(rest[1:3]) + ["revived 1", "revived 2"][len(rest[1:3]):]
        return Change(verb="revive", args=(player, *names))

    def _parse_player_amount(self, verb, state, rest, allow_all=False):
        usage = self.COMMANDS[verb]
        self._need(rest, 2, usage)
        self._extra(rest, 2, usage)
        who = "all" if allow_all and rest[0].lower() == "all" else self._player(state, rest[0])
        return Change(verb=verb, args=(who, _change(rest[1], verb, [verb, who])))

    def _parse_divinity(self, state, rest):
        return self._parse_player_amount("divinity", state, rest)

    def _parse_cobble(self, state, rest):
        return self._parse_player_amount("cobble", state, rest)

    def _parse_demonic(self, state, rest):
        return self._parse_player_amount("demonic", state, rest)

    def _parse_drinks(self, state, rest):
        return self._parse_player_amount("drinks", state, rest)

    def _parse_kpt(self, state, rest):
        return self._parse_player_amount("kpt", state, rest, allow_all=True)

    def _parse_power_amount(self, verb, state, rest):
        usage = self.COMMANDS[verb]
        self._need(rest, 3, usage)
        self._extra(rest, 3, usage)
        player = self._player(state, rest[0])
        slot = self._power(state, player, rest[1])
        return Change(verb=verb, args=(player, slot, _change(rest[2], verb, [verb, player, slot])))

    def _parse_combo(self, state, rest):
        return self._parse_power_amount("combo", state, rest)

    def _parse_ice(self, state, rest):
        return self._parse_power_amount("ice", state, rest)

    def _parse_level_up(self, state, rest):
        usage = self.COMMANDS["level-up"]
        self._need(rest, 2, usage)
        self._extra(rest, 2, usage)
        player = self._player(state, rest[0])
        return Change(verb="level-up", args=(player, self._power(state, player, rest[1])))

    def _parse_paradox(self, state, rest):
        usage = self.COMMANDS["paradox"]
        self._need(rest, 1, usage)
        self._extra(rest, 1, usage)
        return Change(verb="paradox", args=(_change(rest[0], "Paradox", ["paradox"]),))

    def _parse_counter(self, verb, kind, state, rest):
        usage = self.COMMANDS[verb]
        self._need(rest, 2, usage)
        self._extra(rest, 2, usage)
        target = self._target(state, rest[0])
        return Change(verb=verb, args=(target, kind, _change(rest[1], kind, [verb, rest[0]])))

    def _parse_burn(self, state, rest):
        return self._parse_counter("burn", "burn", state, rest)

    def _parse_spore(self, state, rest):
        return self._parse_counter("spore", "spore", state, rest)

    def _parse_status(self, state, rest):
        usage = self.COMMANDS["status"]
        self._need(rest, 3, usage)
        self._extra(rest, 3, usage)
        kind = rest[1].lower()
        if not re.fullmatch(r"[a-z][a-z0-9-]*", kind):
            raise MoveSyntaxError(f"{rest[1]!r} is not a counter name (letters, digits, '-')")
        target = self._target(state, rest[0])
        return Change(verb="status", args=(target, kind, _change(rest[2], kind, ["status", rest[0], kind])))

    # ------------------------------------------------------------------ check

    def check(self, state: State, change: Change) -> Verdict:
        reasons: list[Reason] = []
        alternatives: list[str] = []

        def no(rule: str, message: str, *alts: str) -> None:
            reasons.append(Reason(rule=R[rule], message=message))
            alternatives.extend(alts)

        if state.outcome == "lost":
            no("losing", "the party has lost; the game is over")
        else:
            getattr(self, "_check_" + change.verb.replace("-", "_"), lambda s, c, n: None)(state, change, no)
        if reasons:
            return Verdict(legal=False, reasons=tuple(reasons), alternatives=tuple(dict.fromkeys(alternatives)))
        _, effects = self.apply(state, change)
        return Verdict(legal=True, effects=tuple(effects))

    def _check_morale(self, state, change, no):
        n = int(change.args[0])
        if state.morale is None:
            no("no_morale", "this game has no Morale (morale=none)")
            return
        if n > 0 and state.morale + n > state.morale_start:
            room = state.morale_start - state.morale
            alts = (f"morale +{room}",) if room > 0 else ()
            no("max", f"Morale can't rise above its starting value {state.morale_start} "
                      f"(it is {state.morale})", *alts)

    def _refresh_window(self, state) -> tuple[str, str] | None:
        """None when a Morale refresh is allowed now, else (rule key, why)."""
        if state.phase == "setup":
            return "timing", "no Boss Deck card has been resolved yet (refresh comes after a card)"
        if state.phase == "card":
            return "too_late", (f"the revealed {state.card or 'card'} is not resolved yet; "
                                f"refresh after it (type `resolved` first)")
        if state.phase == "combat":
            step = state.combat_step
            if step in ("refresh", "end-of-round"):
                return None
            if step == "enemy-attack":
                return "refresh_phase", "the refresh comes after the Enemy attacks (combat refresh)"
            return "too_late", (f"round {state.round} has begun ({step}); refresh only at the end of a "
                                f"round, after the Enemy attacks")
        return None

    def _check_refresh(self, state, change, no):
        if change.args and change.args[0] == "kpt":
            player, n = change.args[1], int(change.args[2])
            if state.boss not in ("ice-elf-lich", "other") or state.morale is not None:
                no("kpt", "Kill Point Tokens refresh only in the Ice Elf Lich game; refresh with Morale",
                   "refresh")
            p = self._get_player(state, player)
            if p.kpt < n:
                no("kpt", f"{player} has only {p.kpt} Kill Point Tokens")
            if p.dead:
                no("dead_target", f"{player} is dead")
            return
        if state.morale is None:
            no("no_morale", "this game has no Morale; spend Kill Point Tokens to refresh",
               "refresh kpt NAME N")
            return
        window = self._refresh_window(state)
        if window:
            rule, why = window
            alts = {"enemy-attack": ("combat refresh",), None: ("resolved",) if state.phase == "card" else ()}
            no(rule, f"can't refresh now: {why}", *alts.get(state.combat_step, ()))

    def _check_next_card(self, state, change, no):
        if state.phase == "card" and state.card in ("monster", "boss"):
            if not state.enemies or any(not e.defeated for e in state.enemies):
                no("resolve_enemy", f"the revealed {state.card} must be fought and defeated first",
                   "enemy NAME 8/10/12/14/16", "combat start")
        if state.phase == "combat":
            living = [e.name for e in state.enemies if not e.defeated]
            if state.boss == "hundred-eyed-dragon":
                no("dragon", "against the 100-Eyed Dragon the party stays in one combat")
            elif living:
                no("resolve_enemy", f"defeat the Enemy first: {', '.join(living)} still standing",
                   "enemy damage N", "enemy defeated")
            else:
                no("resolve_enemy", "the combat is not over yet: end it first", "combat end")

    def _check_resolved(self, state, change, no):
        if state.phase != "card":
            no("loop", "no revealed card is waiting to be resolved", "next-card")
        elif state.card in ("monster", "boss"):
            no("resolve_enemy", "an Enemy card is resolved by fighting and defeating it", "combat start")

    def _check_combat(self, state, change, no):
        what = change.args[0]
        if what == "start":
            if state.phase == "combat":
                no("round_order", f"already in combat (round {state.round})", "combat round")
            elif state.phase == "setup":
                no("begin", "reveal the first Boss Deck card first", "next-card monster")
            return
        if state.phase != "combat":
            no("combat", "not in combat", "combat start")
            return
        if what == "end":
            living = [e.name for e in state.enemies if not e.defeated]
            if state.boss == "hundred-eyed-dragon":
                no("dragon", "the 100-Eyed Dragon combat does not end until the game does")
            elif living:
                no("resolve_enemy", f"the Enemy must be defeated: {', '.join(living)} still standing",
                   "enemy damage N", "enemy defeated")
            return
        if what in STEPS:
            if STEPS.index(what) < STEPS.index(state.combat_step):
                no("round_order", f"{what} comes before {state.combat_step} in a round; start the next "
                                  f"round instead", "combat round", "combat next")

    def _check_enemy(self, state, change, no):
        sub = change.args[0]
        if sub == "add":
            if state.phase == "setup":
                no("begin", "reveal the first Boss Deck card first", "next-card monster")
            printed = change.args[2]
            values = printed.split("/")
            if len(values) == 5:
                n = state.characters_started
                idx = n - 3 if state.boss == "murder-mystery" else n - 1
                if not 0 <= idx < 5:
                    no("health", f"the list {printed} has no value for {n} characters")

    def _check_damage(self, state, change, no):
        player = change.args[0]
        p = self._get_player(state, player)
        if p.dead:
            no("dead_target", f"{player} is dead and can't take damage")
            return
        statuses = {i + 1: pw.status for i, pw in enumerate(p.powers)}
        pairs = list(zip(change.args[1::2], change.args[2::2]))
        for op, slot_s in pairs:
            slot = int(slot_s)
            st = statuses[slot]
            name = p.powers[slot - 1].name
            if op == "exhaust":
                if st != FACE_UP:
                    alts = (f"damage {player} discard {slot}",) if st == EXHAUSTED else ()
                    no("damage", f"{player}'s power {slot} ({name}) is {st}: a point of damage exhausts a "
                                 f"face-up power", *alts)
                else:
                    statuses[slot] = EXHAUSTED
            else:
                if st != EXHAUSTED:
                    alts = (f"damage {player} exhaust {slot}",) if st == FACE_UP else ()
                    no("damage", f"{player}'s power {slot} ({name}) is {st}: only an exhausted power "
                                 f"can be discarded for a point of damage", *alts)
                statuses[slot] = DISCARDED

    def _check_use(self, state, change, no):
        player, slot = change.args[0], int(change.args[1])
        p = self._get_player(state, player)
        pw = p.powers[slot - 1]
        if p.dead:
            no("death", f"{player} is dead")
        if pw.status != FACE_UP:
            no("use", f"{player}'s power {slot} ({pw.name}) is exhausted: only face-up powers can be used",
               f"heal {player} {slot}")
        if state.phase == "card" and state.card in ("trap", "event"):
            no("no_powers", f"powers can't be used while a {state.card} is revealed")

    def _check_heal(self, state, change, no):
        player = change.args[0]
        p = self._get_player(state, player)
        if "role" in change.args[1:] and p.role == "flipped":
            no("heal_role", f"healing can't turn {player}'s Role face up; only a Morale refresh does",
               "refresh")
        if p.dead:
            no("dead_target", f"{player} is dead", f"revive {player}")

    def _check_gain(self, state, change, no):
        player = change.args[0]
        p = self._get_player(state, player)
        if p.dead:
            no("death", f"{player} is dead; a dead player gains no powers", f"revive {player}")
        live = [pw for pw in p.powers if pw.status != DISCARDED]
        if len(live) >= BOARD_MAX:
            no("add_full", f"{player}'s board already holds {BOARD_MAX} powers: discard one first, "
                           f"or discard the new power", f"discard {player} N")

    def _check_replace(self, state, change, no):
        player = change.args[0]
        ch = _character(state, player)
        if ch == "Luthia":
            no("luthia_replace", f"{player} (Luthia) has no deck and is immune to replace effects")
        elif ch == "Emberhoof":
            no("ember_replace", f"{player} (Emberhoof) has no deck and is immune to replace effects")

    def _check_flip(self, state, change, no):
        player = change.args[0]
        p = self._get_player(state, player)
        if p.role == "flipped":
            no("role_flip", f"{player}'s Role is already face down; its Flip can't be used again until "
                            f"it is unflipped")

    def _check_unflip(self, state, change, no):
        player = change.args[0]
        p = self._get_player(state, player)
        if p.role == "face-up":
            return
        if p.character == "Durhak":
            return
        if p.character in ("Emberhoof", "Lumi") and p.may_unflip:
            return
        if p.character == "Emberhoof":
            no("ember_unflip", f"{player} (Emberhoof) can unflip her Role only after someone gets Drunk",
               "drunk NAME")
        elif p.character == "Lumi":
            no("lumi_unflip", f"{player} (Lumi) can unflip her Role only after another character dies")
        else:
            rule = "only_unflip" if state.phase == "combat" else "role_unflip"
            no(rule, f"{player}'s Role turns face up only when the party spends Morale on a refresh",
               "refresh")

    def _only(self, state, player, character, rule, no) -> bool:
        ch = _character(state, player)
        if ch is not None and ch != character:
            no(rule, f"{player} plays {ch}; this counter belongs to {character}")
            return False
        return True

    def _check_divinity(self, state, change, no):
        player, n = change.args[0], int(change.args[1])
        if not self._only(state, player, "Durhak", "div_gain", no):
            return
        p = self._get_player(state, player)
        if n > 0 and p.vessel:
            no("no_gain", f"{player} is the Vessel and can't gain Divinity")
        if n < 0 and p.divinity + n < 0:
            no("div_spend", f"{player} has only {p.divinity} Divinity to spend")

    def _check_combo(self, state, change, no):
        player, slot, n = change.args[0], int(change.args[1]), int(change.args[2])
        if not self._only(state, player, "Goz", "combo", no):
            return
        pw = self._get_player(state, player).powers[slot - 1]
        if n > 0 and pw.status != FACE_UP:
            no("combo_exhaust", f"{player}'s power {slot} ({pw.name}) is exhausted and can hold no Combo")
        if pw.combo + n < 0:
            no("finisher", f"power {slot} ({pw.name}) holds only {pw.combo} Combo")

    def _check_cobble(self, state, change, no):
        player, n = change.args[0], int(change.args[1])
        if not self._only(state, player, "Luthia", "cobble_gain", no):
            return
        p = self._get_player(state, player)
        if p.cobble + n < 0:
            no("cobble_spend", f"{player} has only {p.cobble} Cobble")

    def _check_level_up(self, state, change, no):
        player, slot = change.args[0], int(change.args[1])
        if not self._only(state, player, "Luthia", "cobble_spend", no):
            return
        p = self._get_player(state, player)
        pw = p.powers[slot - 1]
        level = pw.level or 1
        if level >= 3:
            no("level3", f"{player}'s power {slot} ({pw.name}) is already Level 3, its ultimate form")
            return
        cost = LEVEL_COST[level + 1]
        if p.cobble < cost:
            no("level2" if level == 1 else "level3",
               f"Level {level} to {level + 1} costs {cost} Cobble; {player} has {p.cobble}")
        if not (state.phase == "combat" and state.combat_step == "player-attack"):
            no("cobble_spend", "Cobble is spent to level up during the Player Attack Phase", "combat attack")

    def _check_demonic(self, state, change, no):
        player, n = change.args[0], int(change.args[1])
        if not self._only(state, player, "Calyxia", "demonic_gain", no):
            return
        p = self._get_player(state, player)
        if n > 0 and p.role == "flipped":
            no("demonic_flipped", f"{player}'s Role is flipped: Calyxia gains no Demonic")
        if p.demonic + n < 0:
            no("demonic_spend", f"{player} has only {p.demonic} Demonic")

    def _check_drinks(self, state, change, no):
        player, n = change.args[0], int(change.args[1])
        if _all_known(state) and not _has_character(state, "Emberhoof"):
            no("drink_deck", "Drinks come from Emberhoof's Drink deck, and no one plays Emberhoof")
        p = self._get_player(state, player)
        if p.drinks + n > DRINKS_MAX:
            room = DRINKS_MAX - p.drinks
            no("drink_max", f"a player holds at most {DRINKS_MAX} Drinks; {player} has {p.drinks}",
               *((f"drinks {player} +{room}",) if room > 0 else ()))
        if p.drinks + n < 0:
            no("drink_levels", f"{player} holds only {p.drinks} Drinks")

    def _check_drunk(self, state, change, no):
        p = self._get_player(state, change.args[0])
        if p.drinks == 0:
            no("drunk_roll", f"{p.name} holds no Drinks: only players with Drinks make a Drunk roll")

    def _check_ice(self, state, change, no):
        player, slot, n = change.args[0], int(change.args[1]), int(change.args[2])
        if _all_known(state) and not _has_character(state, "Lumi"):
            no("ice_gen", "Ice comes from Lumi, and no one plays Lumi")
        pw = self._get_player(state, player).powers[slot - 1]
        if pw.ice + n < 0:
            no("ice_party", f"{player}'s power {slot} ({pw.name}) holds only {pw.ice} Ice")

    def _check_revive(self, state, change, no):
        player = change.args[0]
        p = self._get_player(state, player)
        if not p.dead:
            no("revive", f"{player} is alive; Lumi's Flip revives a player who has died")
        if _all_known(state) and not _has_character(state, "Lumi"):
            no("revive", "only Lumi's Flip revives a dead player, and no one plays Lumi")
        for lumi in state.players:
            if lumi.character == "Lumi" and lumi.name != player and lumi.role == "flipped":
                no("role_flip", f"{lumi.name}'s Role (Lumi) is already face down; her Flip is spent")

    def _check_kpt(self, state, change, no):
        who, n = change.args[0], int(change.args[1])
        if state.boss not in ("ice-elf-lich", "other"):
            no("kpt", "Kill Point Tokens belong to the Ice Elf Lich Boss Deck")
        targets = state.players if who == "all" else [self._get_player(state, who)]
        for p in targets:
            if p.kpt + n < 0:
                no("kpt", f"{p.name} has only {p.kpt} Kill Point Tokens")

    def _check_paradox(self, state, change, no):
        n = int(change.args[0])
        if state.boss not in ("battle-with-fate", "other"):
            no("paradox", "Paradox belongs to the Battle with Fate Boss Deck")
        if state.paradox + n < 0:
            no("paradox", f"the party has only {state.paradox} Paradox")

    # ------------------------------------------------------------------ apply

    def apply(self, state: State, change: Change) -> tuple[State, list[Effect]]:
        d = state.model_dump(mode="json")
        effects: list[Effect] = []
        getattr(self, "_apply_" + change.verb.replace("-", "_"))(d, change, effects)
        self._settle(d, effects)
        return State.model_validate(d), effects

    # -- shared pieces (operate on the dumped dict `d`) ------------------------

    @staticmethod
    def _p(d: dict, name: str) -> dict:
        return next(p for p in d["players"] if p["name"] == name)

    @staticmethod
    def _eff(effects: list[Effect], kind: str, message: str, rule: str | None) -> None:
        effects.append(Effect(kind=kind, message=message, rule=R[rule] if rule else None))

    def _settle(self, d: dict, effects: list[Effect]) -> None:
        """Game-end consequences: Morale at 0, everyone dead."""
        if d["outcome"] == "lost":
            return
        lost_rule = None
        if d["morale"] is not None and d["morale"] <= 0:
            lost_rule = "attack_zero" if d["combat_step"] == "enemy-attack" else "zero"
            why = "Morale has reached 0"
        elif d["players"] and all(p["dead"] for p in d["players"]):
            lost_rule = "all_dead"
            why = "every character is dead"
        if lost_rule:
            if d["outcome"] == "won":
                self._eff(effects, "lost", f"{why} while resolving the Boss's defeat: the party loses after "
                                           f"all", "win_lost")
            else:
                self._eff(effects, "lost", f"{why}: the party loses", lost_rule)
            d["outcome"] = "lost"

    def _set_morale(self, d: dict, new: int, effects: list[Effect]) -> None:
        old = d["morale"]
        new = max(0, new)  # the Morale tracker has no value below 0
        d["morale"] = new
        if new < old:
            for t in d["thresholds"]:  # highest first
                if new <= t["at"] < old and t["at"] not in d["thresholds_reached"]:
                    d["thresholds_reached"] = [*d["thresholds_reached"], t["at"]]
                    self._eff(effects, "threshold", f"Morale {t['at']} reached: {t['effect']}", "thresholds")
                elif new <= t["at"] < old:
                    self._eff(effects, "threshold-spent",
                              f"Morale {t['at']} again: its effect already happened once", "tier_once")
        if d["morale_start"] is not None and new > d["morale_start"]:
            self._eff(effects, "overruled", f"Morale {new} is above its start {d['morale_start']} "
                                            f"(kept as the table decided)", "max")

    def _exhaust_power(self, d: dict, player: dict, slot: int, effects: list[Effect], why: str) -> None:
        pw = player["powers"][slot - 1]
        if pw["status"] != FACE_UP:
            return
        pw["status"] = EXHAUSTED
        if pw["combo"]:
            self._eff(effects, "combo-lost", f"{player['name']}'s {pw['name']}: {pw['combo']} Combo lost "
                                             f"({why})", "combo_exhaust")
            pw["combo"] = 0
        if pw["ice"]:
            self._eff(effects, "ice-lost", f"{player['name']}'s {pw['name']}: {pw['ice']} Ice destroyed "
                                           f"({why})", "ice_gone")
            pw["ice"] = 0

    def _discard_power(self, d: dict, player: dict, slot: int, effects: list[Effect]) -> None:
        pw = player["powers"][slot - 1]
        if pw["status"] == DISCARDED:
            return
        pw.update(status=DISCARDED, combo=0, ice=0)
        self._check_death(d, player, effects)

    def _check_death(self, d: dict, player: dict, effects: list[Effect]) -> None:
        if player["dead"] or any(pw["status"] != DISCARDED for pw in player["powers"]):
            return
        player["dead"] = True
        self._eff(effects, "dead", f"{player['name']} has discarded the last power and is dead "
                                   f"(still counts for party size)", "death")
        for other in d["players"]:
            if other["character"] == "Lumi" and other["name"] != player["name"] and other["role"] == "flipped" \
                    and not other["dead"]:
                other["may_unflip"] = True
                self._eff(effects, "may-unflip", f"another character died: {other['name']} (Lumi) may unflip "
                                                 f"her Role (unflip {other['name']})", "lumi_unflip")

    def _unflip_role(self, d: dict, player: dict, effects: list[Effect], why: str,
                     in_combat: bool | None = None) -> None:
        if player["role"] == "face-up":
            return
        player["role"] = "face-up"
        player["may_unflip"] = False
        if player["character"] == "Durhak":
            self._eff(effects, "vessel", f"{player['name']} is no longer the Vessel ({why})", "revert")
            if in_combat is None:
                in_combat = d["phase"] == "combat"
            if in_combat:
                self._eff(effects, "durhak-damage", f"{player['name']} unflipped while in combat and takes "
                                                    f"damage (the amount is on her Role card)",
                          "unflip_damage")

    def _start_round(self, d: dict, effects: list[Effect]) -> None:
        d["combat_step"] = "start-of-round"
        self._eff(effects, "round", f"round {d['round']}: start of round", "start_of_round")
        for e in d["enemies"]:
            e["armor_absorbed"] = 0
        for p in d["players"]:
            if p["dead"]:
                continue
            if p["character"] == "Durhak" and p["role"] == "flipped":
                if p["divinity"] >= VESSEL_UPKEEP:
                    p["divinity"] -= VESSEL_UPKEEP
                    self._eff(effects, "vessel-upkeep", f"{p['name']} pays {VESSEL_UPKEEP} Divinity to stay "
                                                        f"the Vessel ({p['divinity']} left)", "upkeep")
                    if p["divinity"] == 0:
                        self._unflip_role(d, p, effects, "Divinity reached 0")
                else:
                    self._unflip_role(d, p, effects, f"only {p['divinity']} Divinity, the upkeep is "
                                                     f"{VESSEL_UPKEEP}")
            combos = [pw["name"] for pw in p["powers"] if pw["combo"] and pw["status"] != DISCARDED]
            if combos:
                self._eff(effects, "combo-fires", f"{p['name']}: top abilities fire for free on "
                                                  f"{', '.join(combos)}", "combo_fire")
            if p["drinks"]:
                self._eff(effects, "drunk-roll", f"{p['name']} holds {p['drinks']} Drinks: Drunk roll "
                                                 f"(Drunk on {p['drinks']} or less; `drunk {p['name']}`)",
                          "drunk_roll")
            if p["character"] == "Lumi" and p["role"] == "face-up":
                self._eff(effects, "ice", f"{p['name']} (Lumi) generates Ice this round", "ice_gen")
            if p["character"] == "Emberhoof":
                self._eff(effects, "drink", f"{p['name']} (Emberhoof) gains her Drink this round "
                                            f"(max {DRINKS_MAX})", "drink_max")
            for kind in ("burn", "spore"):
                if p["status"].get(kind):
                    self._eff(effects, kind, f"{p['name']} has {p['status'][kind]} {kind.capitalize()}: it "
                                             f"deals damage now", "burn_spore")
        for e in d["enemies"]:
            for kind in ("burn", "spore"):
                if not e["defeated"] and e["status"].get(kind):
                    self._eff(effects, kind, f"{e['name']} has {e['status'][kind]} {kind.capitalize()}: it "
                                             f"deals damage now", "burn_spore")

    def _end_combat(self, d: dict, effects: list[Effect], reward: str | None) -> None:
        for p in d["players"]:
            lost = sum(pw["combo"] for pw in p["powers"])
            if lost:
                for pw in p["powers"]:
                    pw["combo"] = 0
                self._eff(effects, "combo-lost", f"{p['name']}: {lost} Combo lost at the end of combat",
                          "combo_end")
            if p["character"] == "Durhak" and p["role"] == "flipped":
                self._unflip_role(d, p, effects, "the combat ended", in_combat=False)
            if p["character"] == "Durhak" and p["divinity"]:
                self._eff(effects, "divinity", f"{p['name']} keeps {p['divinity']} Divinity for the next "
                                               f"combat", "carryover")
        d.update(phase="between-cards", combat_step=None, round=0, enemies=[])
        if reward and d["outcome"] is None:
            if d["boss"] == "hundred-eyed-dragon":
                self._eff(effects, "no-reward", "no free healing against the 100-Eyed Dragon", "dragon_heal")
            else:
                self._eff(effects, "reward", reward[1], reward[0])
        if d["outcome"] is None:
            window = "refresh (1 Morale) before the next card" if d["morale"] is not None else "next card"
            self._eff(effects, "phase", f"combat over: {window}", "refresh_after_card")

    def _defeat_enemy(self, d: dict, enemy: dict, effects: list[Effect]) -> None:
        enemy["health"] = 0
        enemy["defeated"] = True
        self._eff(effects, "enemy-defeated", f"{enemy['name']} is defeated: resolve its On Defeat abilities",
                  "on_defeat")
        if d["boss"] == "ice-elf-lich" and enemy["kind"] == "monster":
            self._eff(effects, "kpt", "every party member gains Kill Point Tokens (the card says how many: "
                                      "kpt all +N)", "kpt")
        living = [e for e in d["enemies"] if not e["defeated"]]
        if living:
            return
        if any(e["kind"] == "boss" for e in d["enemies"]):
            if d["outcome"] is None:
                d["outcome"] = "won"
                self._eff(effects, "won", "the Boss is defeated and no Enemy is left: the party wins "
                                          "(unless its On Defeat drops Morale to 0 or kills everyone)", "win")
            if d["boss"] != "hundred-eyed-dragon":
                self._end_combat(d, effects, None)
            return
        if d["phase"] not in ("combat", "card"):
            return
        if d["boss"] == "hundred-eyed-dragon" and d["phase"] == "combat":
            self._eff(effects, "no-reward", "no free healing against the 100-Eyed Dragon; the fight goes on",
                      "dragon_heal")
            return
        step = d["combat_step"]
        if step == "start-of-round":
            reward = ("sor_defeat", "defeated at the start of the round: every player refreshes up to 2 "
                                    "powers (heal NAME N M)")
        elif step == "end-of-round":
            reward = ("eor_defeat", "defeated at the end of the round: every player heals up to 2 powers "
                                    "(heal NAME N M)")
        else:
            reward = ("heal_reward", "Monster beaten: each player heals 2 (heal NAME N M)")
        self._end_combat(d, effects, reward)

    # -- verbs -----------------------------------------------------------------

    def _apply_morale(self, d, change, effects):
        if d["morale"] is None:
            self._eff(effects, "no-morale", "this game has no Morale: nothing changed", "no_morale")
            return
        self._set_morale(d, d["morale"] + int(change.args[0]), effects)

    def _refresh_boards(self, d, players, effects, rule, what):
        count = 0
        for p in players:
            for pw in p["powers"]:
                if pw["status"] == EXHAUSTED:
                    pw["status"] = FACE_UP
                    count += 1
        self._eff(effects, "refresh", f"{what}: {count} exhausted powers face up again (discarded powers "
                                      f"stay discarded)", rule)

    def _apply_refresh(self, d, change, effects):
        if change.args and change.args[0] == "kpt":
            p = self._p(d, change.args[1])
            p["kpt"] = max(0, p["kpt"] - int(change.args[2]))
            self._refresh_boards(d, [p], effects, "kpt", f"{p['name']} spends {change.args[2]} KPT to refresh")
            return
        if d["morale"] is None:
            self._eff(effects, "no-morale", "this game has no Morale: nothing changed", "no_morale")
            return
        self._refresh_boards(d, d["players"], effects, "refresh", "refresh")
        for p in d["players"]:
            if p["role"] != "flipped":
                continue
            if p["character"] == "Emberhoof" and not p["may_unflip"]:
                self._eff(effects, "role-stays", f"{p['name']}'s Role (Emberhoof) stays flipped: it unflips "
                                                 f"only after someone gets Drunk", "ember_unflip")
            elif p["character"] == "Lumi" and not p["may_unflip"]:
                self._eff(effects, "role-stays", f"{p['name']}'s Role (Lumi) stays flipped: it unflips only "
                                                 f"after another character dies", "lumi_unflip")
            else:
                self._unflip_role(d, p, effects, "refresh")
                self._eff(effects, "role", f"{p['name']}'s Role is face up again", "refresh")
        self._set_morale(d, d["morale"] - 1, effects)
        if any(e.kind == "threshold" for e in effects):
            self._eff(effects, "order", "the threshold effect comes after the refresh", "after_refresh")

    def _apply_next_card(self, d, change, effects):
        if d["phase"] == "combat":  # overruled: leave the fight
            self._end_combat(d, effects, None)
        kind = change.args[0]
        d.update(phase="card", card=kind, cards_revealed=d["cards_revealed"] + 1)
        tips = {
            "monster": ("resolve_enemy", "an Enemy: add it (enemy NAME 8/10/12/14/16) and fight (combat start)"),
            "boss": ("resolve_enemy", "the Boss: add it (enemy NAME 8/10/12/14/16 boss) and fight "
                                      "(combat start)"),
            "trap": ("no_powers", "a Trap: no powers while it resolves; then `resolved`"),
            "event": ("no_powers", "an Event: no powers while it resolves; then `resolved`"),
            "special": ("loop", "a Special: follow the card; then `resolved`"),
            "other": ("loop", "follow the card; then `resolved`"),
        }
        rule, tip = tips[kind]
        self._eff(effects, "card", f"card {d['cards_revealed']} revealed, {tip}", rule)

    def _apply_resolved(self, d, change, effects):
        d["phase"] = "between-cards"
        window = "the party may refresh (1 Morale) before the next card" if d["morale"] is not None \
            else "reveal the next card"
        self._eff(effects, "phase", f"card resolved: {window}", "refresh_after_card")

    def _apply_combat(self, d, change, effects):
        what = change.args[0]
        if what == "start":
            if d["phase"] == "combat":
                self._end_combat(d, effects, None)
            d.update(phase="combat", round=1)
            self._eff(effects, "combat", "combat begins", "combat")
            self._start_round(d, effects)
            return
        if d["phase"] != "combat":  # overruled: treat as a combat begun now
            d.update(phase="combat", round=max(1, d["round"]), combat_step="start-of-round")
        if what == "end":
            self._end_combat(d, effects, None)
            return
        if what == "round" or (what == "next" and d["combat_step"] == STEPS[-1]):
            d["round"] += 1
            self._start_round(d, effects)
            return
        if what == "next":
            what = STEPS[STEPS.index(d["combat_step"]) + 1]
        d["combat_step"] = what
        notes = {
            "player-attack": ("too_late", "Player Attack Phase: roll and use powers (the refresh window is "
                                          "closed)"),
            "enemy-attack": ("round_order", "Enemy Attack Phase: follow the Attack line"),
            "refresh": ("refresh_phase", "Refresh Phase: the party may spend 1 Morale (refresh)"),
            "end-of-round": ("round_order", "End of Round: resolve end-of-round effects"),
            "start-of-round": ("start_of_round", "start of round"),
        }
        rule, note = notes[what]
        self._eff(effects, "step", f"round {d['round']}: {note}", rule)

    def _apply_enemy(self, d, change, effects):
        sub = change.args[0]
        if sub == "add":
            _, name, printed, kind, armor = change.args
            values = [int(v) for v in printed.split("/")]
            n = d["characters_started"]
            if len(values) == 1:
                health, rule = values[0], "single_value"
            else:
                mm = d["boss"] == "murder-mystery"
                idx = n - 3 if mm else n - 1
                idx = min(max(idx, 0), len(values) - 1)  # overruled: nearest printed value
                health, rule = values[idx], "mm_health" if mm else "health"
            d["enemies"] = [*d["enemies"], dict(name=name, kind=kind, printed=printed, start_health=health,
                                                health=health, armor=int(armor), armor_absorbed=0,
                                                defeated=False, status={})]
            self._eff(effects, "enemy", f"{name} ({kind}) has {health} health for {n} starting characters"
                      + (f", Armor {armor}" if int(armor) else ""), rule)
            if any(p["dead"] for p in d["players"]):
                self._eff(effects, "party-size", "dead characters still count for the Enemy's health",
                          "dead_count")
            if health <= 0:
                self._defeat_enemy(d, d["enemies"][-1], effects)
            return
        target = change.args[-1]
        enemy = next(e for e in d["enemies"] if e["name"] == target)
        if sub == "armor":
            enemy["armor"] = int(change.args[1])
            self._eff(effects, "armor", f"{target} has Armor {enemy['armor']}", "armor")
        elif sub == "armorshred":
            enemy["armor"] = max(0, enemy["armor"] - int(change.args[1]))
            self._eff(effects, "armor", f"{target}'s Armor is now {enemy['armor']} for good", "armorshred")
        elif sub == "defeated":
            if not enemy["defeated"]:
                self._defeat_enemy(d, enemy, effects)
        elif sub == "damage":
            dmg = int(change.args[1])
            soak = min(dmg, max(0, enemy["armor"] - enemy["armor_absorbed"]))
            if soak:
                enemy["armor_absorbed"] += soak
                self._eff(effects, "armor", f"{target}'s Armor absorbs {soak} this round", "armor")
            old = enemy["health"]
            enemy["health"] = max(0, old - (dmg - soak))
            self._eff(effects, "enemy-health", f"{target}: {old} -> {enemy['health']} health", "enemies")
            if enemy["health"] == 0 and not enemy["defeated"]:
                self._defeat_enemy(d, enemy, effects)

    def _apply_damage(self, d, change, effects):
        p = self._p(d, change.args[0])
        for op, slot_s in zip(change.args[1::2], change.args[2::2]):
            if p["dead"]:
                break
            slot = int(slot_s)
            pw = p["powers"][slot - 1]
            if op == "exhaust":
                if pw["status"] == FACE_UP:
                    self._eff(effects, "damage", f"{p['name']}'s {pw['name']} exhausted (1 damage)", "damage")
                self._exhaust_power(d, p, slot, effects, "damage")
            else:
                if pw["status"] != DISCARDED:
                    self._eff(effects, "damage", f"{p['name']}'s {pw['name']} discarded (1 damage)", "damage")
                self._discard_power(d, p, slot, effects)

    def _apply_exhaust(self, d, change, effects):
        p = self._p(d, change.args[0])
        for slot in change.args[1:]:
            if p["powers"][int(slot) - 1]["status"] == FACE_UP:
                self._eff(effects, "exhaust", f"{p['name']}'s {p['powers'][int(slot) - 1]['name']} is "
                                              f"exhausted", "exhaust")
            self._exhaust_power(d, p, int(slot), effects, "exhausted")

    def _apply_heal(self, d, change, effects):
        p = self._p(d, change.args[0])
        for slot in change.args[1:]:
            if slot == "role":
                self._unflip_role(d, p, effects, "healed, as the table decided")
                continue
            pw = p["powers"][int(slot) - 1]
            if pw["status"] == EXHAUSTED:
                pw["status"] = FACE_UP
                self._eff(effects, "heal", f"{p['name']}'s {pw['name']} is face up again", "heal")

    def _apply_discard(self, d, change, effects):
        p = self._p(d, change.args[0])
        for slot in change.args[1:]:
            self._discard_power(d, p, int(slot), effects)

    def _apply_use(self, d, change, effects):
        p = self._p(d, change.args[0])
        slot, half = int(change.args[1]), change.args[2]
        free = "free" in change.args[3:]
        pw = p["powers"][slot - 1]
        name = f"{p['name']}'s {pw['name']}"
        if p["character"] == "Luthia":
            p["cobble"] += 1
            self._eff(effects, "cobble", f"{p['name']} gains 1 Cobble ({p['cobble']})", "cobble_gain")
        if p["character"] == "Goz" and half == "top":
            if pw["ice"]:
                self._eff(effects, "ice-lost", f"{name}: {pw['ice']} Ice destroyed (used)", "ice_gone")
                pw["ice"] = 0
            pw["combo"] += 1
            self._eff(effects, "combo", f"{name} does not exhaust: 1 Combo placed ({pw['combo']}); the effect "
                                        f"fires at the start of each round", "combo")
            return
        if p["character"] == "Goz" and half == "bottom":
            self._eff(effects, "finisher", f"{name}: bottom ability removes {pw['combo']} Combo (the card "
                                           f"lists which counts do something)", "finisher")
            pw["combo"] = 0
        if pw["ice"]:
            self._eff(effects, "ice-lost", f"{name}: Ice kept it from exhausting; its {pw['ice']} Ice is "
                                           f"destroyed", "one_ice")
            pw["ice"] = 0
            return
        if free:
            return
        self._exhaust_power(d, p, slot, effects, "used")
        if pw["status"] == EXHAUSTED:
            self._eff(effects, "exhaust", f"{name} is exhausted", "activation")

    def _apply_gain(self, d, change, effects):
        p = self._p(d, change.args[0])
        level = 1 if p["character"] == "Luthia" else None
        new = dict(name=change.args[1], status=FACE_UP, combo=0, ice=0, level=level)
        for i, pw in enumerate(p["powers"]):
            if pw["status"] == DISCARDED:
                p["powers"][i] = new
                break
        else:
            if len(p["powers"]) >= BOARD_MAX:
                self._eff(effects, "board-full", f"{p['name']}'s board is full: nothing added", "board_limit")
                return
            p["powers"].append(new)
        if p["dead"]:
            p["dead"] = False
            self._eff(effects, "alive", f"{p['name']} has a power again (as the table decided)", "death")

    def _apply_replace(self, d, change, effects):
        p = self._p(d, change.args[0])
        slot = int(change.args[1])
        old = p["powers"][slot - 1]["name"]
        level = 1 if p["character"] == "Luthia" else None
        p["powers"][slot - 1] = dict(name=change.args[2], status=FACE_UP, combo=0, ice=0, level=level)
        self._eff(effects, "replace", f"{p['name']}: {old} discarded, {change.args[2]} drawn into the same "
                                      f"spot face up", "replace")

    def _apply_rename(self, d, change, effects):
        p = self._p(d, change.args[0])
        p["powers"][int(change.args[1]) - 1]["name"] = change.args[2]

    def _apply_flip(self, d, change, effects):
        p = self._p(d, change.args[0])
        p["role"] = "flipped"
        p["may_unflip"] = False
        if p["character"] == "Durhak":
            self._eff(effects, "vessel", f"{p['name']} becomes the Vessel: {VESSEL_UPKEEP} Divinity at the "
                                         f"start of each round, no Divinity gain", "vessel")
        elif p["character"] == "Calyxia":
            self._eff(effects, "role", f"{p['name']} gains no Demonic while her Role is flipped",
                      "demonic_flipped")
        else:
            self._eff(effects, "role", f"{p['name']}'s Role is face down: no Passive until a refresh",
                      "role_flip")

    def _apply_unflip(self, d, change, effects):
        p = self._p(d, change.args[0])
        if p["role"] == "face-up":
            return
        why = {"Durhak": "an effect unflipped it", "Emberhoof": "someone got Drunk",
               "Lumi": "another character died"}.get(p["character"], "as the table decided")
        self._unflip_role(d, p, effects, why)
        if p["character"] != "Durhak":
            self._eff(effects, "role", f"{p['name']}'s Role is face up ({why})",
                      {"Emberhoof": "ember_unflip", "Lumi": "lumi_unflip"}.get(p["character"], "role_unflip"))

    def _apply_divinity(self, d, change, effects):
        p = self._p(d, change.args[0])
        old, n = p["divinity"], int(change.args[1])
        new = old + n
        if new > DIVINITY_MAX:
            self._eff(effects, "cap", f"{p['name']} can hold {DIVINITY_MAX} Divinity: {new - DIVINITY_MAX} "
                                      f"lost", "div_max")
        p["divinity"] = min(DIVINITY_MAX, max(0, new))
        if p["character"] == "Durhak" and p["role"] == "flipped" and old > 0 and p["divinity"] == 0:
            self._unflip_role(d, p, effects, "Divinity reached 0")

    def _apply_combo(self, d, change, effects):
        p = self._p(d, change.args[0])
        pw = p["powers"][int(change.args[1]) - 1]
        pw["combo"] = max(0, pw["combo"] + int(change.args[2]))

    def _apply_cobble(self, d, change, effects):
        p = self._p(d, change.args[0])
        p["cobble"] = max(0, p["cobble"] + int(change.args[1]))

    def _apply_level_up(self, d, change, effects):
        p = self._p(d, change.args[0])
        pw = p["powers"][int(change.args[1]) - 1]
        level = pw["level"] or 1
        if level >= 3:
            self._eff(effects, "level", f"{pw['name']} is already Level 3", "level3")
            return
        cost = LEVEL_COST[level + 1]
        p["cobble"] = max(0, p["cobble"] - cost)
        pw["level"] = level + 1
        state_word = "stays exhausted" if pw["status"] == EXHAUSTED else "is face up"
        self._eff(effects, "level", f"{p['name']}'s {pw['name']} is now Level {level + 1} ({cost} Cobble, "
                                    f"{p['cobble']} left); it {state_word}",
                  "level2" if level == 1 else "level3")
        if pw["status"] == EXHAUSTED:
            self._eff(effects, "level", "leveling up does not unexhaust", "level_keep")

    def _apply_demonic(self, d, change, effects):
        p = self._p(d, change.args[0])
        old = p["demonic"]
        p["demonic"] = max(0, old + int(change.args[1]))
        if old < DEMON_UNLOCK <= p["demonic"]:
            self._eff(effects, "demon-power", f"{p['name']} holds {p['demonic']} Demonic: a Demon power can "
                                              f"be unlocked (gain {p['name']} NAME)", "demon_unlock")

    def _apply_drinks(self, d, change, effects):
        p = self._p(d, change.args[0])
        p["drinks"] = max(0, p["drinks"] + int(change.args[1]))
        if p["drinks"] > DRINKS_MAX:
            self._eff(effects, "overruled", f"{p['name']} holds {p['drinks']} Drinks, above {DRINKS_MAX} "
                                            f"(kept as the table decided)", "drink_max")

    def _apply_drunk(self, d, change, effects):
        p = self._p(d, change.args[0])
        self._eff(effects, "drunk", f"{p['name']} is Drunk: suffer the Drunk effect of each of the "
                                    f"{p['drinks']} Drinks, then shuffle them back into the Drink deck", "drunk")
        p["drinks"] = 0
        for e in d["players"]:
            if e["character"] == "Emberhoof" and e["role"] == "flipped" and not e["may_unflip"]:
                e["may_unflip"] = True
                self._eff(effects, "may-unflip", f"someone got Drunk: {e['name']} (Emberhoof) may unflip her "
                                                 f"Role (unflip {e['name']})", "ember_unflip")

    def _apply_ice(self, d, change, effects):
        p = self._p(d, change.args[0])
        pw = p["powers"][int(change.args[1]) - 1]
        pw["ice"] = max(0, pw["ice"] + int(change.args[2]))

    def _apply_revive(self, d, change, effects):
        p = self._p(d, change.args[0])
        level = 1 if p["character"] == "Luthia" else None
        p["powers"] = [dict(name=n, status=FACE_UP, combo=0, ice=0, level=level) for n in change.args[1:3]]
        p["dead"] = False
        for lumi in d["players"]:
            if lumi["character"] == "Lumi" and lumi["name"] != p["name"] and lumi["role"] == "face-up":
                lumi["role"] = "flipped"
                lumi["may_unflip"] = False
                break
        self._eff(effects, "revive", f"{p['name']} is back with 2 powers (Lumi's Flip)", "revive")

    def _apply_kpt(self, d, change, effects):
        who, n = change.args[0], int(change.args[1])
        for p in d["players"]:
            if who in ("all", p["name"]):
                p["kpt"] = max(0, p["kpt"] + n)

    def _apply_paradox(self, d, change, effects):
        d["paradox"] = max(0, d["paradox"] + int(change.args[0]))

    def _apply_counter(self, d, change, effects):
        target, kind, n = change.args[0], change.args[1], int(change.args[2])
        if target == "party":
            bag = d["party_status"]
        elif target.startswith("enemy:"):
            bag = next(e for e in d["enemies"] if e["name"] == target[6:])["status"]
        else:
            bag = self._p(d, target)["status"]
        value = max(0, bag.get(kind, 0) + n)
        if value:
            bag[kind] = value
        else:
            bag.pop(kind, None)

    _apply_burn = _apply_spore = _apply_status = _apply_counter

    # ------------------------------------------------------------------ summary

    def summary(self, state: State) -> dict[str, Any]:
        def power(i: int, pw: Power) -> dict[str, Any]:
            out: dict[str, Any] = {"slot": i + 1, "name": pw.name, "status": pw.status}
            if pw.combo:
                out["combo"] = pw.combo
            if pw.ice:
                out["ice"] = pw.ice
            if pw.level is not None:
                out["level"] = pw.level
            return out

        players = []
        for p in state.players:
            row: dict[str, Any] = {
                "name": p.name, "character": p.character, "dead": p.dead, "role": p.role,
                "face_up": sum(pw.status == FACE_UP for pw in p.powers),
                "exhausted": sum(pw.status == EXHAUSTED for pw in p.powers),
                "powers": [power(i, pw) for i, pw in enumerate(p.powers)],
            }
            ch = p.character
            if ch == "Durhak" or p.divinity:
                row["divinity"] = p.divinity
                row["vessel"] = p.vessel
            if ch == "Luthia" or p.cobble:
                row["cobble"] = p.cobble
            if ch == "Calyxia" or p.demonic:
                row["demonic"] = p.demonic
            if p.drinks or ch == "Emberhoof":
                row["drinks"] = p.drinks
            if state.boss == "ice-elf-lich" or p.kpt:
                row["kpt"] = p.kpt
            if p.status:
                row["status"] = dict(p.status)
            players.append(row)
        out: dict[str, Any] = {
            "boss": state.boss,
            "hard_mode": state.hard_mode,
            "morale": state.morale,
            "morale_start": state.morale_start,
            "thresholds": [{"at": t.at, "effect": t.effect, "reached": t.at in state.thresholds_reached}
                           for t in state.thresholds],
            "phase": state.phase,
            "card": state.card,
            "cards_revealed": state.cards_revealed,
            "combat_step": state.combat_step,
            "round": state.round,
            "characters_started": state.characters_started,
            "players": players,
            "enemies": [{"name": e.name, "kind": e.kind, "health": e.health, "start_health": e.start_health,
                         "armor": e.armor, "defeated": e.defeated, **({"status": dict(e.status)} if e.status
                                                                        else {})}
                        for e in state.enemies],
            "game_over": state.game_over,
            "outcome": state.outcome,
            "winner": "party" if state.outcome == "won" else None,
        }
        if state.boss == "battle-with-fate" or state.paradox:
            out["paradox"] = state.paradox
        if state.party_status:
            out["party_status"] = dict(state.party_status)
        return out
