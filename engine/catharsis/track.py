"""Catharsis: the Tracker: check() and apply() of a tracker command (a change goes to its verb's
_check_VERB / _apply_VERB in the track_* modules, then the game's end is settled), the summary the
table sees, and the option, command and verb-alias tables."""
from __future__ import annotations

from typing import Any, ClassVar

from engine.base import EngineError, Effect, Reason, Verdict
from engine.tracking import Change
from engine.tracking import Tracker as _Tracker

from .model import BOSS_DECKS, EXHAUSTED, FACE_UP, Power, State
from .notation_track import NewGame, Parsing, Reading, is_pattern
from .rule_ids import RULE_IDS, R
from .track_boards import BoardRules, RoleRules
from .track_characters import CharacterRules
from .track_combat import EnemyRules, FlowRules
from .track_morale import CounterRules, MoraleRules
from .track_readings import AFTER_WIN, readings_of


class Refusals:
    """What a verb's _check_VERB collects: called as `no(R.RULE, message, *advice)` for a refusal;
    `no.unchecked(Reason)` names what the verdict cannot judge, or which reading of the rulebook it took,
    and the rule that leaves it open."""

    def __init__(self) -> None:
        self.reasons: list[Reason] = []
        self.alternatives: list[str] = []
        self.notes: list[Reason] = []

    def __call__(self, rule: str, message: str, *alts: str) -> None:
        self.reasons.append(Reason(rule=rule, message=message))
        self.alternatives.extend(alts)

    def unchecked(self, note: Reason) -> None:
        self.notes.append(note)


class Judge:
    """The entry points check() and apply(), and the shared pieces of apply (on the dumped dict `d`)."""

    def check(self, state: State, change: Change) -> Verdict:
        no = Refusals()
        self._route_check(state, change, no)
        if no.reasons:
            advice = tuple(a for a in dict.fromkeys(no.alternatives) if self._works(state, a))
            return Verdict(legal=False, reasons=tuple(no.reasons), alternatives=advice,
                           unchecked=tuple(dict.fromkeys(no.notes)))
        _, effects = self.apply(state, change)
        notes = [*no.notes, *readings_of(change, effects)]
        return Verdict(legal=True, effects=tuple(effects), unchecked=tuple(dict.fromkeys(notes)))

    def _works(self, state: State, advice: str) -> bool:
        """Advice is offered only if it is a command the table can type now and the rules allow
        (advice with placeholders such as NAME or N is a pattern and is kept)."""
        words = advice.split()
        if is_pattern(advice):
            return True
        try:
            change = self.parse(state, words)
        except EngineError:
            return False
        no = Refusals()
        self._route_check(state, change, no)
        return not no.reasons

    def _route_check(self, state: State, change: Change, no) -> None:
        if state.outcome == "lost":
            no(R.LOSING, "the party has lost; the game is over")
        elif state.outcome == "won" and not self._on_defeat_change(change):
            no(R.WIN, "the party has won; the game is over (only the Boss's On Defeat effects may still "
                      "cost Morale or deal damage)", "morale -1")
            no.unchecked(AFTER_WIN)
        else:
            getattr(self, "_check_" + change.verb.replace("-", "_"), lambda s, c, n: None)(state, change, no)

    @staticmethod
    def _on_defeat_change(change: Change) -> bool:
        """After the Boss falls, its On Defeat abilities may still drop Morale or deal damage (and so
        lose the game after all); nothing else changes the table any more."""
        if change.verb == "morale":
            return int(change.args[0]) < 0
        return change.verb == "damage"

    def apply(self, state: State, change: Change) -> tuple[State, list[Effect]]:
        d = state.model_dump(mode="json")
        effects: list[Effect] = []
        getattr(self, "_apply_" + change.verb.replace("-", "_"))(d, change, effects)
        self._settle(d, effects)
        return State(**d), effects

    # -- shared pieces (operate on the dumped dict `d`) ------------------------

    @staticmethod
    def _p(d: dict, name: str) -> dict:
        return next(p for p in d["players"] if p["name"] == name)

    @staticmethod
    def _eff(effects: list[Effect], kind: str, message: str, rule: str | None, who: str | None = None,
             amount: int | None = None, card: str | None = None) -> None:
        """An effect: its message for people, and for code the player (`who`), the number and the card
        (a power or an Enemy) it concerns."""
        effects.append(Effect(kind=kind, message=message, rule=rule, who=who, amount=amount, card=card))

    def _settle(self, d: dict, effects: list[Effect]) -> None:
        """Game-end consequences: Morale at 0, everyone dead."""
        if d["outcome"] == "lost":
            return
        lost_rule = None
        if d["morale"] is not None and d["morale"] <= 0:
            lost_rule = R.ATTACK_MORALE_ZERO if d["combat_step"] == "enemy-attack" else R.MORALE_ZERO
            why = "Morale has reached 0"
        elif d["players"] and all(p["dead"] for p in d["players"]):
            lost_rule = R.ALL_DEAD
            why = "every character is dead"
        if lost_rule:
            if d["outcome"] == "won":
                self._eff(effects, "lost", f"{why} while resolving the Boss's defeat: the party loses after "
                                           f"all", R.WIN_LOST)
            else:
                self._eff(effects, "lost", f"{why}: the party loses", lost_rule)
            d["outcome"] = "lost"


class Summary:
    """summary()."""

    def summary(self, state: State) -> dict[str, Any]:
        def power(i: int, pw: Power) -> dict[str, Any]:
            out: dict[str, Any] = {"slot": i + 1, "name": pw.name, "status": pw.status}
            if pw.combo:
                out["combo"] = pw.combo
            if pw.ice:
                out["ice"] = pw.ice
            if pw.level is not None:
                out["level"] = pw.level
            if pw.side is not None:
                out["side"] = pw.side
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
            if p.dice:
                row["dice"] = " ".join(str(d.value) for d in sorted(p.dice, key=lambda d: d.value) if not d.used) or "-"
                used = [d.value for d in p.dice if d.used]
                if used:
                    row["used_dice"] = " ".join(str(v) for v in sorted(used))
                row["rerolls_left"] = max(0, 2 - p.rerolls)
            if p.damage_due:
                row["damage_due"] = p.damage_due
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
        if state.attack is not None:
            out["attack"] = {"to": state.attack[0], "damage": state.attack[1]}
        if state.party_status:
            out["party_status"] = dict(state.party_status)
        return out


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
