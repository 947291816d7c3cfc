"""Catharsis: the tracker verbs of the flow of a game: Boss Deck cards revealed and resolved, combat
and its rounds (the steps in order, the start-of-round reminders, the end of a combat and its
reward), and the Enemies in play (their health for the party size, Armor, damage and defeat)."""
from __future__ import annotations

from engine.base import Reason
from engine.tracking import Verb

from .model import STEPS
from . import notation_track as words
from .rule_ids import R
from .rules_combat import owed, owed_rule, owed_text
from .table import Table
from .track_readings import NEXT_ROUND, ROUND_END, VESSEL


def check_next_card(state, change, no):
    if owed_first(state, no):
        return
    if state.phase == "card" and state.card in ("monster", "boss"):
        if not state.enemies or any(not e.defeated for e in state.enemies):
            no.forbid(R.RESOLVE_ENEMY, f"the revealed {state.card} must be fought and defeated first",
                      fight_advice(state))
    if state.phase == "combat":
        living = [e.name for e in state.enemies if not e.defeated]
        if state.boss == "hundred-eyed-dragon":
            no.forbid(R.DRAGON, "against the 100-Eyed Dragon the party stays in one combat")
        elif living:
            no.forbid(R.RESOLVE_ENEMY, f"defeat the Enemy first: {', '.join(living)} still standing",
               "enemy damage N", "enemy defeated")
        else:
            no.forbid(R.RESOLVE_ENEMY, "the combat is not over yet: end it first", "combat end")


def check_resolved(state, change, no):
    if state.phase != "card":
        no.forbid(R.LOOP, "no revealed card is waiting to be resolved",
           *(("next-card",) if state.phase in ("setup", "between-cards") else ()))
    elif state.card in ("monster", "boss"):
        no.forbid(R.RESOLVE_ENEMY, "an Enemy card is resolved by fighting and defeating it", fight_advice(state))


def owed_first(state, no, rule: str | None = None, after: str = "") -> bool:
    """Moving on from the Enemy Attack Phase (or past a Morale threshold) waits until its damage is
    shared and taken and its discards made; a refresh (`rule`, `after` its reason) waits the same way."""
    pending = owed_text(state)
    if pending:
        no.forbid(rule or owed_rule(state), f"what is owed is not all taken: {pending}{after}",
           *(("assign NAME N ...",) if state.attack is not None and rule is None else ()),
           *(f"damage {words.quoted(name)} exhaust N ..." for name, _ in owed(state)),
           *(f"discard {words.quoted(name)} N" for name, _ in owed(state, "discard_due")))
    return bool(pending)


def check_combat(state, change, no):
    what = change.args[0]
    if state.damage_to_deal and state.phase == "combat" and what != "end":
        no.forbid(R.ATTACK, f"{state.damage_to_deal} damage the party's abilities dealt is not on an Enemy yet: "
                            "each attack may hit another Enemy, so say whom it hits",
                  *(f"enemy damage {state.damage_to_deal} {words.quoted(e.name, several_words=True)}" for e in state.enemies if not e.defeated))
        return
    if state.phase == "combat" and state.combat_step != "enemy-attack" and (owed(state) or owed(state, "discard_due")) \
            and state.attack is None:
        # owed outside the Enemy Attack Phase: a Morale threshold's damage or discards (a refresh's comes after
        # it), not an attack's; said, not refused, so a session recorded before it was held still opens
        no.note(R.THRESHOLDS, f"still owed: {owed_text(state)}; take it with `damage NAME exhaust N ...` "
                              "or `discard NAME N`")
    elif state.phase == "combat" and what != "enemy-attack" and owed_first(state, no):
        return
    if what == "start":
        if state.phase == "combat":
            no.forbid(R.ROUND_ORDER, f"already in combat (round {state.round})", "combat round")
        elif state.phase == "setup":
            no.forbid(R.BEGIN, "reveal the first Boss Deck card first", "next-card monster")
        elif state.phase == "card" and state.card in ("trap", "event", "special") and not state.enemies:
            no.forbid(R.RESOLVE_CARD, f"a {state.card} is not fought: carry out what its card says, then it is "
                                      "resolved", "resolved")
        elif not any(not e.defeated for e in state.enemies):
            _no_enemy(state, no, "a combat is fought against an Enemy, and none is in play")
        return
    if state.phase != "combat":
        fight = state.phase == "card" and state.card in ("monster", "boss")
        no.forbid(R.COMBAT, "not in combat", fight_advice(state) if fight else "next-card monster")
        return
    if not state.enemies and what in (*STEPS, "next", "round"):
        _no_enemy(state, no, "this combat has no Enemy to fight")
        return
    if what == "end":
        living = [e.name for e in state.enemies if not e.defeated]
        if state.boss == "hundred-eyed-dragon":
            no.forbid(R.DRAGON, "the 100-Eyed Dragon combat does not end until the game does")
        elif living:
            no.forbid(R.RESOLVE_ENEMY, f"the Enemy must be defeated: {', '.join(living)} still standing",
               "enemy damage N", "enemy defeated")
        return
    if what in STEPS and STEPS.index(what) < STEPS.index(state.combat_step):
        no.forbid(R.ROUND_ORDER, f"{what} comes before {state.combat_step} in a round; start the next round "
                                 "instead", "combat round", "combat next")


def fight_advice(state) -> str:
    """The command that starts the fight against a revealed Enemy card: `combat start` once its
    Enemy is in play, else adding it (a pattern)."""
    if any(not e.defeated for e in state.enemies):
        return "combat start"
    return 'enemy "NAME" 8/10/12/14/16' + (" boss" if state.card == "boss" else "")


def _no_enemy(state, no, why: str) -> None:
    """A combat needs its Enemy in play first (Combat: it is fought against a Monster or the Boss)."""
    boss = " boss" if state.phase == "card" and state.card == "boss" else ""
    no.forbid(R.COMBAT, f"{why}: add the revealed card's Enemy first",
              f'enemy "NAME" 8/10/12/14/16{boss}')


def apply_next_card(t: Table, change) -> None:
    if t.d["phase"] == "combat":  # overruled: leave the fight
        t.end_combat(None)
    kind = change.args[0]
    t.d.update(phase="card", card=kind, cards_revealed=t.d["cards_revealed"] + 1)
    for p in t.d["players"]:
        p["reward_heal"] = None  # the reward is taken before the next card
    tips = {
        "monster": (R.RESOLVE_ENEMY, "an Enemy: add it (enemy NAME 8/10/12/14/16) and fight (combat start)"),
        "boss": (R.RESOLVE_ENEMY, "the Boss: add it (enemy NAME 8/10/12/14/16 boss) and fight "
                                  "(combat start)"),
        "trap": (R.NO_POWERS, "a Trap: no powers while it resolves; then `resolved`"),
        "event": (R.NO_POWERS, "an Event: no powers while it resolves; then `resolved`"),
        "special": (R.LOOP, "a Special: follow the card; then `resolved`"),
        "other": (R.LOOP, "follow the card; then `resolved`"),
    }
    rule, tip = tips[kind]
    t.say("card", f"card {t.d['cards_revealed']} revealed, {tip}", rule)


def apply_resolved(t: Table, change) -> None:
    t.d["phase"] = "between-cards"
    window = "the party may refresh (1 Morale) before the next card" if t.d["morale"] is not None \
        else "reveal the next card"
    t.say("phase", f"card resolved: {window}", R.REFRESH_AFTER_CARD)


def apply_combat(t: Table, change) -> None:
    what = change.args[0]
    if what == "start":
        if t.d["phase"] == "combat":
            t.end_combat(None)
        t.d.update(phase="combat", round=1)
        t.say("combat", "combat begins", R.COMBAT)
        t.start_round()
        return
    if t.d["phase"] != "combat":  # overruled: treat as a combat begun now
        t.d.update(phase="combat", round=max(1, t.d["round"]), combat_step="start-of-round")
    if what == "end":
        t.end_combat(None)
        return
    if what == "round" or (what == "next" and t.d["combat_step"] == STEPS[-1]):
        t.d["round"] += 1
        t.start_round()
        return
    if what == "next":
        what = STEPS[STEPS.index(t.d["combat_step"]) + 1]
    t.d["combat_step"] = what
    notes = {
        "player-attack": (R.REFRESH_TOO_LATE, "Player Attack Phase: roll and use powers (no refresh once "
                                              "anyone has rolled)"),
        "enemy-attack": (R.ROUND_ORDER, "Enemy Attack Phase: follow the Attack line"),
        "refresh": (R.REFRESH_PHASE, "Refresh Phase: the party may spend 1 Morale (refresh)"),
        "end-of-round": (R.ROUND_ORDER, "End of Round: resolve end-of-round effects"),
        "start-of-round": (R.START_OF_ROUND, "start of round"),
    }
    rule, note = notes[what]
    t.say("step", f"round {t.d['round']}: {note}", rule)


def check_enemy(state, change, no):
    sub = change.args[0]
    if sub == "add":
        if state.phase == "setup":
            no.forbid(R.BEGIN, "reveal the first Boss Deck card first", "next-card monster")
        printed = change.args[2]
        if len(printed.split("/")) == 5:
            n = state.characters_started
            idx = n - 3 if state.boss == "murder-mystery" else n - 1
            if not 0 <= idx < 5:
                no.forbid(R.HEALTH, f"the list {printed} has no value for {n} characters")


def apply_enemy(t: Table, change) -> None:
    sub = change.args[0]
    if sub == "add":
        _, name, printed, kind, *rest = change.args
        armor = rest[-1] if rest else "0"  # logged as `... armor N` (earlier: a bare N; none when 0)
        others = [e["name"] for e in t.d["enemies"] if not e["defeated"]]
        values = [int(v) for v in printed.split("/")]
        n = t.d["characters_started"]
        if len(values) == 1:
            health, rule = values[0], R.SINGLE_VALUE
        else:
            mm = t.d["boss"] == "murder-mystery"
            idx = n - 3 if mm else n - 1
            idx = min(max(idx, 0), len(values) - 1)  # overruled: nearest printed value
            health, rule = values[idx], R.MURDER_MYSTERY_HEALTH if mm else R.HEALTH
        t.d["enemies"] = [*t.d["enemies"], dict(name=name, kind=kind, printed=printed, start_health=health,
                                            health=health, armor=int(armor), armor_absorbed=0,
                                            defeated=False, status={})]
        t.say("enemy", f"{name} ({kind}) has {health} health for {n} starting characters"
                       + (f", Armor {armor}" if int(armor) else ""), rule, amount=health, card=name)
        if others:
            t.say("another-enemy", f"{name} joins {', '.join(others)}: {len(others) + 1} Enemies stand (undo if the "
                                   "same Enemy was added twice)", R.ENEMIES, card=name)
        if any(p["dead"] for p in t.d["players"]):
            t.say("party-size", "dead characters still count for the Enemy's health",
                  R.DEAD_COUNT)
        if health <= 0:
            t.defeat_enemy(t.d["enemies"][-1])
        return
    target = change.args[-1]
    enemy = next(e for e in t.d["enemies"] if e["name"] == target)
    if sub == "armor":
        enemy["armor"] = int(change.args[1])
        t.say("armor", f"{target} has Armor {enemy['armor']}", R.ARMOR, amount=enemy["armor"], card=target)
    elif sub == "armorshred":
        enemy["armor"] = max(0, enemy["armor"] - int(change.args[1]))
        t.say("armor", f"{target}'s Armor is now {enemy['armor']} for good", R.ARMORSHRED, amount=enemy["armor"],
              card=target)
    elif sub == "defeated" and not enemy["defeated"]:
        t.defeat_enemy(enemy)
    elif sub == "damage":
        t.damage_enemy(enemy, int(change.args[1]))


def combat_readings(change, kinds, rules) -> list[Reason]:
    """The readings a legal combat step decided (the round's end and start, the Vessel's upkeep)."""
    what = change.args[0]
    out = [ROUND_END] if what == "end-of-round" else []
    if what in ("round", "next") and "round" in kinds:
        out.append(NEXT_ROUND)
    if "vessel-upkeep" in kinds or R.VESSEL_REVERT in rules:
        out.append(VESSEL)
    return out


#: this topic's verbs (engine.tracking.Verb rows)
VERBS = {
    "next-card": Verb(check_next_card, apply_next_card, ("next", "card", "reveal"), read=words.read_next_card,
                      usage="reveal the next Boss Deck card: next-card monster|boss|trap|event|special"),
    "resolved": Verb(check_resolved, apply_resolved, ("resolve",), read=words.read_resolved,
                     usage="the revealed Trap/Event/Special is resolved: resolved"),
    "combat": Verb(check_combat, apply_combat, read=("step",), readings=combat_readings,
                   usage="combat start | combat attack | combat enemy | combat refresh | combat end-round | "
                         "combat next | combat round (a combat ends by itself once its last Enemy is defeated)"),
    "enemy": Verb(check_enemy, apply_enemy, read=words.read_enemy,
                  usage="enemy \"Crab\" 8/10/12/14/16 [boss] [armor 2] | enemy damage 4 [crab] | "
                        "enemy defeated [crab] | enemy armor 2 [crab] | enemy armorshred 1 [crab]"),
}
