"""Catharsis: the tracker verbs of each character's own counters: Durhak's Divinity, Goz's Combo,
Luthia's Cobble and Levels, Calyxia's Demonic, Emberhoof's Drinks and the Drunk roll, Lumi's Ice and
revive."""
from __future__ import annotations

from engine.tracking import Counter, Verb

from .model import DEMON_UNLOCK, DIVINITY_MAX, DRINKS_MAX, EXHAUSTED, FACE_UP, LEVEL_COST, State, is_duo, player_of
from . import notation_track as words
from .rule_ids import R
from .rules_combat import refuse_combo_outside_combat
from .table import Table
from .track_readings import COMBO_EXHAUSTED, DEAD_DRINKS, DRINKS, ICE_EXHAUSTED


def nobody_plays(state: State, character: str) -> bool:
    """Whether every player's character is known and none is `character`."""
    return all(p.character for p in state.players) and all(p.character != character for p in state.players)


def only(state, change, character: str, rule: str, no):
    """The player a change names; None (refused) when the player plays another character."""
    p = player_of(state, change.args[0])
    if p.character is not None and p.character != character:
        no.forbid(rule, f"{p.name} plays {p.character}; this counter belongs to {character}")
        return None
    return p


def own_counter(key: str, character: str, gain_rule: str, spend_rule: str, spent: str, barred=None):
    """The check of a character's own counter: that character's only, a gain refused where `barred(p)`
    gives (rule, why), never spent below 0."""
    def check(state, change, no):
        p, n = only(state, change, character, gain_rule, no), int(change.args[1])
        if p is None:
            return
        if n > 0 and barred and (why := barred(p)):
            no.forbid(*why)
        if getattr(p, key) + n < 0:
            no.forbid(spend_rule, f"{p.name} has only {getattr(p, key)} {spent}")
    return check


check_divinity = own_counter("divinity", "Durhak", R.DIVINITY_GAIN, R.DIVINITY_SPEND, "Divinity to spend",
                             lambda p: p.vessel and (R.VESSEL_NO_GAIN, f"{p.name} is the Vessel and can't gain Divinity"))
check_cobble = own_counter("cobble", "Luthia", R.COBBLE_GAIN, R.COBBLE_SPEND, "Cobble")
check_demonic = own_counter("demonic", "Calyxia", R.DEMONIC_GAIN, R.DEMONIC_SPEND, "Demonic",
                            lambda p: p.role == "flipped" and (R.DEMONIC_FLIPPED,
                                                               f"{p.name}'s Role is flipped: Calyxia gains no Demonic"))


def check_combo(state, change, no):
    p, slot, n = only(state, change, "Goz", R.COMBO, no), int(change.args[1]), int(change.args[2])
    if p is None:
        return
    pw = p.powers[slot - 1]
    if n > 0 and is_duo(state, pw.name):
        no.forbid(R.DUO_GOZ, f"{p.name}'s power {slot} ({pw.name}) is a duo power: Goz puts no Combo on duo powers")
    if n > 0:
        refuse_combo_outside_combat(state, no)
    if n > 0 and pw.status != FACE_UP:
        no.forbid(R.COMBO_EXHAUST, f"{p.name}'s power {slot} ({pw.name}) is {pw.status} and can hold no Combo")
        no.leave_open(COMBO_EXHAUSTED)
    if pw.combo + n < 0:
        no.forbid(R.FINISHER, f"power {slot} ({pw.name}) holds only {pw.combo} Combo")


def check_level_up(state, change, no):
    p, slot = only(state, change, "Luthia", R.COBBLE_SPEND, no), int(change.args[1])
    if p is None:
        return
    pw = p.powers[slot - 1]
    if is_duo(state, pw.name):
        no.forbid(R.DUO_LUTHIA, f"{p.name}'s power {slot} ({pw.name}) is a duo power: Luthia cannot level it up "
                                "with Cobble")
        return
    level = pw.level or 1
    if level >= 3:
        no.forbid(R.LEVEL_3, f"{p.name}'s power {slot} ({pw.name}) is already Level 3, its ultimate form")
        return
    cost = LEVEL_COST[level + 1]
    if p.cobble < cost:
        no.forbid(R.LEVEL_2 if level == 1 else R.LEVEL_3,
           f"Level {level} to {level + 1} costs {cost} Cobble; {p.name} has {p.cobble}")
    if not (state.phase == "combat" and state.combat_step == "player-attack"):
        no.forbid(R.COBBLE_SPEND, "Cobble is spent to level up during the Player Attack Phase", "combat attack")


def check_drinks(state, change, no):
    player, n = change.args[0], int(change.args[1])
    if nobody_plays(state, "Emberhoof"):
        no.forbid(R.DRINK_DECK, "Drinks come from Emberhoof's Drink deck, and no one plays Emberhoof")
    p = player_of(state, player)
    if n > 0 and p.dead:
        no.forbid(R.DEATH, f"{p.name} is dead: a dead party member can't be affected, a Drink neither",
                  *(f"drinks {words.quoted(q.name)} {n:+d}" for q in state.players if not q.dead))
        no.leave_open(DEAD_DRINKS)
    if p.drinks + n > DRINKS_MAX:
        why = f"a player holds at most {DRINKS_MAX} Drinks; {player} has {p.drinks}"
        if p.character != "Emberhoof":
            no.leave_open(DRINKS)
            why = (f"{player} has {p.drinks} Drinks, and every player is held to {DRINKS_MAX} (a reading: the rulebook "
                   f"states the cap for Emberhoof's own Drinks and gives a Drink {DRINKS_MAX} levels)")
        room = DRINKS_MAX - p.drinks
        no.forbid(R.DRINK_MAX, why,
           *((f"drinks {words.quoted(player)} +{room}",) if room > 0 else ()))
    if p.drinks + n < 0:
        no.forbid(R.DRINK_LEVELS, f"{player} holds only {p.drinks} Drinks")


def check_drunk(state, change, no):
    p = player_of(state, change.args[0])
    if p.drinks == 0:
        no.forbid(R.DRUNK_ROLL, f"{p.name} holds no Drinks: only players with Drinks make a Drunk roll")
    elif p.character == "Emberhoof" and p.role == "face-up" and p.drinks <= 2:
        no.forbid(R.EMBER_TOLERANCE, f"{p.name} holds {p.drinks} Drinks: her Passive adds 2 to her Drunk roll, so no "
                                     "roll makes her Drunk")


def check_ice(state, change, no):
    player, slot, n = change.args[0], int(change.args[1]), int(change.args[2])
    if nobody_plays(state, "Lumi"):
        no.forbid(R.ICE_GENERATION, "Ice comes from Lumi, and no one plays Lumi")
    p = player_of(state, player)
    pw = p.powers[slot - 1]
    if n > 0 and pw.status != FACE_UP:
        no.forbid(R.ICE_GONE, f"{p.name}'s power {slot} ({pw.name}) is {pw.status}: exhausting a power destroys "
                              "its Ice, so an exhausted or discarded power holds none",
                  *(f"ice {words.quoted(p.name)} {i} {n:+d}" for i, q in enumerate(p.powers, 1) if q.status == FACE_UP))
        if pw.status == EXHAUSTED:
            no.leave_open(ICE_EXHAUSTED)
    if pw.ice + n < 0:
        no.forbid(R.ICE_PARTY, f"{player}'s power {slot} ({pw.name}) holds only {pw.ice} Ice")


def check_revive(state, change, no):
    p = player_of(state, change.args[0])
    if not p.dead:
        no.forbid(R.REVIVE, f"{p.name} is alive; Lumi's Flip revives a player who has died")
    if nobody_plays(state, "Lumi"):
        no.forbid(R.REVIVE, "only Lumi's Flip revives a dead player, and no one plays Lumi")
    lumis = [q for q in state.players if q.character == "Lumi"]
    if lumis and all(q.dead for q in lumis):
        no.forbid(R.DEATH, f"{lumis[0].name} (Lumi) is dead: a dead player uses nothing, her Flip neither")
    for lumi in (q for q in state.players if q.character == "Lumi" and q.name != p.name and q.role == "flipped"):
        no.forbid(R.ROLE_FLIP, f"{lumi.name}'s Role (Lumi) is already face down; her Flip is spent")


def apply_divinity(t: Table, change) -> None:
    p = t.player(change.args[0])
    old, n = p["divinity"], int(change.args[1])
    new = old + n
    if new > DIVINITY_MAX:
        t.say("cap", f"{p['name']} can hold {DIVINITY_MAX} Divinity: {new - DIVINITY_MAX} "
                     f"lost", R.DIVINITY_MAX, who=p["name"], amount=new - DIVINITY_MAX)
    p["divinity"] = min(DIVINITY_MAX, max(0, new))
    if p["character"] == "Durhak" and p["role"] == "flipped" and old > 0 and p["divinity"] == 0:
        t.unflip_role(p, "Divinity reached 0")


def moved(key: str):
    """The transition of a plain counter (a player's or, named, a power's), never below 0."""
    def apply(t: Table, change) -> None:
        holder = t.player(change.args[0])
        if len(change.args) == 3:
            holder = holder["powers"][int(change.args[1]) - 1]
        holder[key] = max(0, holder[key] + int(change.args[-1]))
    return apply


def apply_level_up(t: Table, change) -> None:
    p = t.player(change.args[0])
    pw = p["powers"][int(change.args[1]) - 1]
    level = pw["level"] or 1
    if level >= 3:
        t.say("level", f"{pw['name']} is already Level 3", R.LEVEL_3)
        return
    cost = LEVEL_COST[level + 1]
    had = p["cobble"]
    p["cobble"] = max(0, had - cost)
    pw["level"] = level + 1
    state_word = "stays exhausted" if pw["status"] == EXHAUSTED else "is face up"
    paid = (f"{cost} Cobble, {p['cobble']} left" if had >= cost else
            f"it costs {cost} Cobble; {p['name']} had {had}, so {had} spent and {cost - had} short, as the table "
            "decided")
    t.say("level", f"{p['name']}'s {pw['name']} is now Level {level + 1} ({paid}); it {state_word}",
          R.LEVEL_2 if level == 1 else R.LEVEL_3, who=p["name"], amount=level + 1, card=pw["name"])
    if pw["status"] == EXHAUSTED:
        t.say("level", "leveling up does not unexhaust", R.LEVEL_KEEP)


def apply_demonic(t: Table, change) -> None:
    p = t.player(change.args[0])
    old = p["demonic"]
    p["demonic"] = max(0, old + int(change.args[1]))
    if old < DEMON_UNLOCK <= p["demonic"]:
        t.say("demon-power", f"{p['name']} holds {p['demonic']} Demonic: a Demon power can "
                             f"be unlocked (gain {p['name']} NAME)", R.DEMON_UNLOCK,
              who=p["name"], amount=p["demonic"])


def apply_drinks(t: Table, change) -> None:
    p = t.player(change.args[0])
    p["drinks"] = max(0, p["drinks"] + int(change.args[1]))
    if p["drinks"] > DRINKS_MAX:
        t.say("overruled", f"{p['name']} holds {p['drinks']} Drinks, above {DRINKS_MAX} "
                           f"(kept as the table decided)", R.DRINK_MAX)


def apply_drunk(t: Table, change) -> None:
    p = t.player(change.args[0])
    t.say("drunk", f"{p['name']} is Drunk: suffer the Drunk effect of each of the "
                   f"{p['drinks']} Drinks, then shuffle them back into the Drink deck", R.DRUNK,
          who=p["name"], amount=p["drinks"])
    p["drinks"] = 0
    for e in t.d["players"]:
        if e["character"] == "Emberhoof" and e["role"] == "flipped" and not e["may_unflip"]:
            e["may_unflip"] = True
            t.say("may-unflip", f"someone got Drunk: {e['name']} (Emberhoof) may unflip her "
                                f"Role (unflip {words.quoted(e['name'])})", R.EMBER_UNFLIP, who=e["name"])


def apply_revive(t: Table, change) -> None:
    p = t.player(change.args[0])
    given = change.args[1:3]  # the powers' names the table gave; the others are numbered (the echo stays as typed)
    names = [*given, *("revived 1", "revived 2")[len(given):]]
    p["powers"] = [t.new_power(p, name) for name in names]
    p["dead"] = False
    for lumi in t.d["players"]:
        if lumi["character"] == "Lumi" and lumi["name"] != p["name"] and lumi["role"] == "face-up":
            lumi["role"] = "flipped"
            lumi["may_unflip"] = False
            break
    t.say("revive", f"{p['name']} is back with 2 powers (Lumi's Flip)", R.REVIVE, who=p["name"])


#: this topic's verbs (engine.tracking.Verb rows)
VERBS = {
    "divinity": Verb(check_divinity, apply_divinity, read=("player", "change"), counter=Counter("divinity"),
                     usage="Durhak's Divinity (0-10): divinity ann +3 | divinity ann -2"),
    "combo": Verb(check_combo, moved("combo"), read=("player", "power", "change"),
                  usage="Goz's Combo on a power: combo ann 3 +1"),
    "cobble": Verb(check_cobble, moved("cobble"), read=("player", "change"), counter=Counter("cobble"),
                   usage="Luthia's Cobble: cobble ann +1 | cobble ann -7"),
    "level-up": Verb(check_level_up, apply_level_up, ("levelup", "level"), read=("player", "power"),
                     usage="Luthia levels up a power (7 Cobble to Level 2, 12 to Level 3): level-up ann 2"),
    "demonic": Verb(check_demonic, apply_demonic, read=("player", "change"), counter=Counter("demonic"),
                    usage="Calyxia's Demonic: demonic ann +1 | demonic ann -3"),
    "drinks": Verb(check_drinks, apply_drinks, ("drink",), read=("player", "change"), counter=Counter("drinks", high=DRINKS_MAX),
                   usage="Drinks a player holds (0-4): drinks ben +1 | drinks ben -1"),
    "drunk": Verb(check_drunk, apply_drunk, read=("player",),
                  usage="a player failed the Drunk roll (Drinks discarded): drunk ben"),
    "ice": Verb(check_ice, moved("ice"), read=("player", "power", "change"),
                usage="Lumi's Ice on a power: ice ben 2 +1 | ice ben 2 -1"),
    "revive": Verb(check_revive, apply_revive, read=words.read_revive,
                   usage="Lumi's Flip brings a dead player back with 2 powers: revive ben"),
}
