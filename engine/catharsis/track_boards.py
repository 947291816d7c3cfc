"""Catharsis: the tracker verbs of the Player Boards and the Roles: damage, using, exhausting,
healing, discarding, gaining, replacing and naming powers, a player's death when the last power is
discarded; a Role's Flip, and when a flipped Role turns face up again."""
from __future__ import annotations

from engine.tracking import Verb

from .model import (BOARD_MAX, CHARACTERS, DISCARDED, EXHAUSTED, FACE_UP, REWARD_HEAL, VESSEL_UPKEEP, ability_of, card_of,
                    duo_copies, is_duo, player_of)
from . import notation_track as words
from .rule_ids import R
from .rules_combat import (damage_status, duo_partner_used, finisher, judge_alternation, owed, owed_rule,
                           refuse_activation, refuse_combo_outside_combat, refuse_dice_off_step, unlisted)
from .table import Table
from .track_readings import BOARD_POWERS, DUO_SORATEN_DAMAGE, LUTHIA_FLIP


def check_damage(state, change, no):
    # a point of damage: exhaust or discard -> (the status it needs, the status it leaves, the other, why)
    point = {"exhaust": (FACE_UP, EXHAUSTED, "discard", "a point of damage exhausts a face-up power"),
             "discard": (EXHAUSTED, DISCARDED, "exhaust",
                         "only an exhausted power can be discarded for a point of damage")}
    p = player_of(state, change.args[0])
    if p.dead:
        no.forbid(R.DEAD_TARGET, f"{p.name} is dead and can't take damage")
        return
    statuses = {i + 1: damage_status(state, p, pw) for i, pw in enumerate(p.powers)}  # a Soraten Flight side: exhausted
    pairs = list(zip(change.args[1::2], change.args[2::2]))
    debtors = owed(state)
    if debtors and not p.damage_due:
        who = ", ".join(f"{name} {n}" for name, n in debtors)
        no.forbid(owed_rule(state), f"{p.name} owes no damage now (owed: {who}); damage from another effect "
                          f"can be overruled",
           *(f"damage {words.quoted(name)} exhaust N ..." for name, _ in debtors))
    elif debtors and len(pairs) > p.damage_due:
        source = "the Morale threshold" if owed_rule(state) == R.THRESHOLDS else "the Enemy's attack"
        no.forbid(owed_rule(state), f"{p.name} owes {p.damage_due} damage of {source}, {len(pairs)} points given")
    if state.prevention and not p.damage_due:
        no.note(R.PREVENT, f"the party's powers have {state.prevention} damage prevention left this round; whether "
                           "it covers this damage (from a player's power or another effect) is the table's to judge")
    if p.character == "Soraten" and any(is_duo(state, p.powers[int(slot) - 1].name) for _, slot in pairs):
        no.leave_open(DUO_SORATEN_DAMAGE)
    for op, slot_s in pairs:
        slot, (needs, leaves, other, why) = int(slot_s), point[op]
        if statuses[slot] != needs:
            flight = statuses[slot] != p.powers[slot - 1].status
            shown = "showing its Flight side, which counts as exhausted: a point of damage discards it" if flight \
                else f"{statuses[slot]}: {why}"
            no.forbid(R.PER_POINT, f"{p.name}'s power {slot} ({p.powers[slot - 1].name}) is {shown}",
                      *((f"damage {words.quoted(p.name)} {other} {slot}",) if statuses[slot] == point[other][0] else ()))
        if statuses[slot] == needs or op == "discard":  # a refused exhaust leaves the power as it was
            statuses[slot] = leaves


#: a power used while a Special is revealed: where the rulebook disagrees with itself
SPECIAL_POWERS = ("a Special is revealed: the main rules forbid powers only while a Trap or Event is, the quickplay "
                  "adds Specials; the use is judged by the main rules")


def check_use(state, change, no):
    player, slot = change.args[0], int(change.args[1])
    p = player_of(state, player)
    pw = p.powers[slot - 1]
    if p.dead:
        no.forbid(R.DEATH, f"{player} is dead")
    refuse_activation(state, p, pw, str(slot), no, change.args[2])
    if state.phase == "card" and state.card in ("trap", "event"):
        no.forbid(R.NO_POWERS, f"powers can't be used while a {state.card} is revealed")
    elif state.phase == "card" and state.card == "special":
        no.note(R.QUICK_SPECIAL, SPECIAL_POWERS)
    refuse_dice_off_step(state, no)  # as the play `use` (rules._check_phase)
    card = card_of(state, pw.name)
    half = change.args[2]
    if card is not None and card.duo and p.character and card.duo[half == "bottom"] != p.character:
        no.forbid(R.DUO_HALF, f"{pw.name} is a duo power: its {half} is {card.duo[half == 'bottom']}'s half, "
                              f"{p.name} plays {p.character}")
    if p.character == "Goz" and half == "top" and not (card and card.duo):
        refuse_combo_outside_combat(state, no, f"{p.name}'s top ability places a Combo, and ")
    judge_alternation(p, pw, card, no)


def check_heal(state, change, no):
    p = player_of(state, change.args[0])
    slots = [s for s in change.args[1:] if s != "role"]
    if p.dead:
        no.forbid(R.DEAD_TARGET, f"{p.name} is dead", f"revive {words.quoted(p.name)}")
        return
    healed = [s for s in dict.fromkeys(slots) if damage_status(state, p, p.powers[int(s) - 1]) == EXHAUSTED]
    if state.phase == "between-cards" and p.reward_heal is not None and len(healed) > p.reward_heal:
        left = p.reward_heal
        no.forbid(R.HEAL_REWARD, f"the reward for the Enemy just beaten heals {p.name} {left} more "
                          f"power{'s' if left != 1 else ''}, {len(healed)} named" if left else
           f"{p.name} has already healed the {REWARD_HEAL} powers of the reward for the Enemy just beaten",
           *((f"heal {words.quoted(p.name)} {' '.join(healed[:left])}",) if left else ()))
    if "role" in change.args[1:]:
        no.forbid(R.HEAL_ROLE, f"healing can't turn {p.name}'s Role face up; only a Morale refresh does"
                  if p.role == "flipped" else f"{p.name}'s Role is face up already, and healing never turns a Role",
                  *(("refresh",) if p.role == "flipped" else ()))
    exhausted = [str(i + 1) for i, pw in enumerate(p.powers) if damage_status(state, p, pw) == EXHAUSTED]
    for s in dict.fromkeys(slots):
        pw = p.powers[int(s) - 1]
        if pw.status == EXHAUSTED or (p.character == "Soraten" and pw.side != "ground" and not is_duo(state, pw.name)):
            continue  # a Flight power counts as exhausted: a heal turns it to Ground (unrecorded: not judged)
        if pw.status == FACE_UP and state.phase != "combat":
            continue  # between cards (the reward's heal) it is said, not refused: an old session still opens
        no.forbid(R.HEAL, f"{p.name}'s power {s} ({pw.name}) is {pw.status}: healing turns an exhausted power "
                          "face up" + (" (a discarded power stays discarded)" if pw.status == DISCARDED else ""),
                  *((f"heal {words.quoted(p.name)} {' '.join(exhausted)}",) if exhausted else ()))


#: what a duo power's card makes it count as for Soraten (its `side`), as a refusal says it
COUNTS_AS = {"ground": "Ground", "flight": "Flight", "both": "both Ground and Flight"}


def check_side(state, change, no):
    p = player_of(state, change.args[0])
    pw = p.powers[int(change.args[1]) - 1]
    card = card_of(state, pw.name)
    if card is not None and card.duo is not None:  # Duo Powers: the card fixes it; it has no side to turn
        from .rules_cards import unknown

        no.forbid(R.DUO_SORATEN, f"{p.name}'s {pw.name} is a duo power, not one of Soraten's two-sided powers: no "
                  "side is turned on it; " + (f"its card makes it count as {COUNTS_AS[card.side]}" if card.side else
                                              "its card says what it counts as: " +
                                              unknown(pw.name, "side", "side", card)))
        return
    if p.character is not None and p.character != "Soraten":
        no.forbid(R.SORATEN_SIDES, f"{p.name} plays {p.character}; only Soraten's powers have a Ground and a "
                                   "Flight side")
        return
    no.note(R.SORATEN_SIDES, "when a side may be turned (start of the game, a Morale refresh, a replace, his Passive "
                             "at the start of a round, damage and heal effects) is the table's to judge")


def apply_side(t: Table, change) -> None:
    p = t.player(change.args[0])
    pw = p["powers"][int(change.args[1]) - 1]
    pw["side"] = change.args[2]
    t.say("side", f"{p['name']}'s {pw['name']} shows its {change.args[2].capitalize()} side",
          R.SORATEN_SIDES)


#: a power the table adds without naming it (`gain Ann`, `replace Ann 1`), as older logs wrote it into the change
NEW_POWER = "new power"


def new_power_name(change, at: int) -> str:
    """The name the table gave the new power (argument `at` of the change), else NEW_POWER."""
    return change.args[at] if len(change.args) > at else NEW_POWER


def check_gain(state, change, no):
    p = player_of(state, change.args[0])
    if p.dead:
        no.forbid(R.DEATH, f"{p.name} is dead; a dead player gains no powers", f"revive {words.quoted(p.name)}")
    name = new_power_name(change, 1)
    if duo_discarded(state, name):
        no.forbid(R.DUO_DISCARDED, f"{name} is a duo power already discarded: it never comes back; each partner "
                                   "draws a power from their own deck instead", f"gain {words.quoted(p.name)}")
    refuse_duo_elsewhere(state, p, name, no)
    held = sum(pw.status != DISCARDED for pw in p.powers)
    if held >= BOARD_MAX:
        no.forbid(R.ADD_WHEN_FULL, f"{p.name}'s board already holds {BOARD_MAX} powers: discard one first, "
                            f"or discard the new power", f"discard {words.quoted(p.name)} N")
    elif held == BOARD_MAX - 1 and not no.problems:
        no.leave_open(BOARD_POWERS)  # the sixth power beside the Role: the cap read as counting powers


def refuse_duo_elsewhere(state, p, name: str, no) -> None:
    """A duo power is one card laid between the two players of its pair: no third board holds it, nor the
    board of a character it does not name."""
    if not is_duo(state, name):
        return
    holders = [q.name for q, _ in duo_copies(state, p.name, name)]
    pair = card_of(state, name).duo
    if len(holders) >= 2:
        no.forbid(R.DUO_PLACEMENT, f"{name} is one duo card, laid between {holders[0]} and {holders[1]}: "
                                   f"{p.name}'s board cannot hold it too")
    elif p.character in CHARACTERS and p.character.lower() not in {c.split()[0].lower() for c in pair if c.split()}:
        no.forbid(R.DUO_PLACEMENT, f"{name} is the duo power of {pair[0]} and {pair[1]}; {p.name} plays "
                                   f"{p.character}")


def duo_discarded(state, name: str) -> bool:
    """Whether `name` is a duo power some board holds discarded (it never comes back)."""
    return is_duo(state, name) and any(pw.name.lower() == name.lower() and pw.status == DISCARDED
                                       for q in state.players for pw in q.powers)


def check_rename(state, change, no):
    """A power still in play named as a duo card already discarded would bring that card back."""
    p = player_of(state, change.args[0])
    slot, name = int(change.args[1]), change.args[2]
    pw = p.powers[slot - 1]
    if pw.name.lower() != name.lower():
        refuse_duo_elsewhere(state, p, name, no)
    if pw.status != DISCARDED and pw.name.lower() != name.lower() and duo_discarded(state, name):
        who = words.quoted(p.name)
        no.forbid(R.DUO_DISCARDED, f"{name} is a duo power already discarded: it never comes back, so "
                  f"{p.name}'s power {slot} ({pw.name}, {pw.status}) is not that card; if it is, it was "
                  f"discarded with it: `discard {who} {slot}`, then name it", f"discard {who} {slot}")


def check_replace(state, change, no):
    p = player_of(state, change.args[0])
    pw = p.powers[int(change.args[1]) - 1]
    if is_duo(state, pw.name):  # first: it decides for the card, whoever holds it
        no.forbid(R.DUO_NO_REPLACE, f"{p.name}'s {pw.name} is a duo power: a duo power is never replaced")
    if immune := {"Luthia": R.LUTHIA_REPLACE, "Emberhoof": R.EMBER_REPLACE}.get(p.character):  # no deck of their own
        no.forbid(immune, f"{p.name} ({p.character}) has no deck and is immune to replace effects; made to replace "
                          "more than one card at a time, she takes damage instead (`damage NAME exhaust N`; "
                          "the amount is on the card)")


def apply_damage(t: Table, change) -> None:
    p = t.player(change.args[0])
    d = t.d
    if d["phase"] == "combat" and d["combat_step"] == "enemy-attack" and d["attack"] is None \
            and not any(q.get("damage_due") for q in d["players"] if not q["dead"]):
        n = len(change.args[1::2])
        t.say("nothing-owed", f"none owed: every share of the attack is taken, so {p['name']}'s {n} "
                              f"point{'s are' if n > 1 else ' is'} taken as another effect's (an attack not typed "
                              "with `attack party N` is not checked)", R.READ_ATTACK, who=p["name"], amount=n)
    p["damage_due"] = max(0, p.get("damage_due", 0) - len(change.args[1::2]))
    for op, slot_s in zip(change.args[1::2], change.args[2::2]):
        if p["dead"]:
            break
        slot = int(slot_s)
        pw = p["powers"][slot - 1]
        to_flight = p["character"] == "Soraten" and pw.get("side") == "ground" and pw["status"] == FACE_UP \
            and not is_duo(t.state, pw["name"])  # a duo power has no Flight side: face down, as for its partner
        if pw["status"] == FACE_UP or op == "discard" and pw["status"] == EXHAUSTED:
            done = "turned to its Flight side" if to_flight and op == "exhaust" else f"{op}ed"
            t.say("damage", f"{p['name']}'s {pw['name']} {done} (1 damage)", R.PER_POINT,
                  who=p["name"], amount=1, card=pw["name"])
        if op == "discard":
            t.discard_power(p, slot)
            continue
        t.exhaust_power(p, slot, "damage")
        if to_flight:  # his damage turns a Ground power to its Flight side (counted as exhausted, its Ice gone),
            pw.update(side="flight", status=FACE_UP)  # not face down: its Flight abilities are his to use
    t.owed_settled()


def apply_exhaust(t: Table, change) -> None:
    p = t.player(change.args[0])
    for slot in change.args[1:]:
        pw = p["powers"][int(slot) - 1]
        if pw["status"] == FACE_UP:
            t.say("exhaust", f"{p['name']}'s {pw['name']} is exhausted", R.EXHAUST, who=p["name"], card=pw["name"])
        t.exhaust_power(p, int(slot), "exhausted")


def apply_heal(t: Table, change) -> None:
    p = t.player(change.args[0])
    healed = 0
    idle = [p["powers"][int(s) - 1]["name"] for s in dict.fromkeys(change.args[1:]) if s != "role"
            and p["powers"][int(s) - 1]["status"] == FACE_UP
            and (p["character"] != "Soraten" or is_duo(t.state, p["powers"][int(s) - 1]["name"]))]
    for slot in change.args[1:]:
        if slot == "role":
            t.unflip_role(p, "healed, as the table decided")
            continue
        pw = p["powers"][int(slot) - 1]
        if p["character"] == "Soraten" and pw.get("side") == "flight" and not is_duo(t.state, pw["name"]):
            pw["side"] = "ground"  # a heal turns a Flight power back to Ground (a duo power has no sides)
            if pw["status"] == FACE_UP:  # its Flight side counted as exhausted: a power healed all the same
                healed += 1
                t.say("heal", f"{p['name']}'s {pw['name']} turns to its Ground side", R.HEAL, who=p["name"],
                      card=pw["name"])
        if pw["status"] == EXHAUSTED:
            pw["status"] = FACE_UP
            healed += 1
            t.say("heal", f"{p['name']}'s {pw['name']} is face up again", R.HEAL, who=p["name"], card=pw["name"])
    if idle:
        t.say("nothing-healed", f"{p['name']}'s {', '.join(idle)} {'is' if len(idle) == 1 else 'are'} face up "
                                "already: healing turns only exhausted powers face up", R.HEAL, who=p["name"])
    if t.d["phase"] == "between-cards" and p.get("reward_heal") is not None:
        p["reward_heal"] = max(0, p["reward_heal"] - healed)
        t.say("reward-left", f"{p['name']} may heal {p['reward_heal']} more from the reward",
              R.HEAL_REWARD, who=p["name"], amount=p["reward_heal"])


def apply_discard(t: Table, change) -> None:
    p = t.player(change.args[0])
    for slot in change.args[1:]:
        if p.get("discard_due") and p["powers"][int(slot) - 1]["status"] != DISCARDED:
            p["discard_due"] -= 1  # a discard a threshold asked for
        t.discard_power(p, int(slot))
    t.owed_settled()


#: Emberhoof's Brewfest: a Drink for each party member, at most BREWFEST_MOST in all (the table records
#: each with `drinks`, so the line says the limit; which Drinks came from it is not kept)
BREWFEST, BREWFEST_MOST = "Brewfest", 5


def _brewfest(t: Table, name: str) -> None:
    living = [q["name"] for q in t.d["players"] if not q["dead"]]
    choose = f"; {len(living)} party members, so choose which {BREWFEST_MOST} get one" \
        if len(living) > BREWFEST_MOST else ""
    t.say("brewfest", f"{name} gives each party member a Drink, at most {BREWFEST_MOST} Drinks{choose}: "
                      "record each one (`drinks NAME +1`)", R.BREWFEST)


def apply_use(t: Table, change) -> None:
    p = t.player(change.args[0])
    slot, half = int(change.args[1]), change.args[2]
    free = "free" in change.args[3:]
    pw = p["powers"][slot - 1]
    name = f"{p['name']}'s {pw['name']}"
    if t.d["phase"] == "combat":
        before = player_of(t.state, p["name"])
        if partner := duo_partner_used(t.state, before, before.powers[slot - 1]):
            t.say("duo-both", f"{partner} used the other half of {pw['name']} this round: both halves together "
                              "earn the bonus printed in the middle of the card", R.DUO_BOTH, who=p["name"],
                  card=pw["name"])
        pw["used_round"] = True  # one ability of a power a round (cleared when the next round starts)
        pw["used_half"] = half
    if p["character"] == "Soraten":
        fixed = card_of(t.freeze(), pw["name"])
        side = pw.get("side") or (fixed.side if fixed is not None else None)
        p["last_side"] = side if side in ("ground", "flight") else "unknown"
    if p["character"] == "Luthia":
        p["cobble"] += 1
        t.say("cobble", f"{p['name']} gains 1 Cobble ({p['cobble']})", R.COBBLE_GAIN,
              who=p["name"], amount=1)
    if pw["name"].casefold() == BREWFEST.casefold():
        _brewfest(t, name)
    duo = "duo" in change.args[3:] or is_duo(t.freeze(), pw["name"])
    goz = p["character"] == "Goz" and not duo  # no Combo on duo powers
    if goz and half == "top":
        if pw["ice"]:
            t.say("ice-lost", f"{name}: {pw['ice']} Ice destroyed (used)", R.ICE_GONE)
            pw["ice"] = 0
        pw["combo"] += 1
        t.say("combo", f"{name} does not exhaust: 1 Combo placed ({pw['combo']}); the top "
                       f"effect does not trigger now, it fires at the start of each round",
              R.COMBO, who=p["name"], amount=1, card=pw["name"])
        return
    if goz and half == "bottom":
        _finisher(t, p, slot, name)
    if t.d["phase"] == "combat":
        _prevents(t, p["name"], slot, half)
    if goz and half == "bottom":
        pw["combo"] = 0
    if pw["ice"]:
        t.say("ice-lost", f"{name}: Ice kept it from exhausting; its {pw['ice']} Ice is "
                          f"destroyed", R.ONE_ICE)
        pw["ice"] = 0
        return
    if free or pw["status"] != FACE_UP:  # (a duo power its partner's half exhausted this round stays so)
        return
    t.exhaust_power(p, slot, "used")
    if pw["status"] == EXHAUSTED:
        t.say("exhaust", f"{name} is exhausted", R.ACTIVATION, who=p["name"], card=pw["name"])


def _finisher(t: Table, p: dict, slot: int, name: str) -> None:
    """A Goz bottom removes the power's Combo: for a count its card does not list, nothing happens (a
    reading: the Combo still goes and the power exhausts)."""
    state = t.freeze()
    pw, _, ability = ability_of(state, player_of(state, p["name"]), str(slot), "bottom")
    nothing = unlisted(pw, ability)
    if nothing:
        t.say("no-effect", nothing, R.COMBO_UNLISTED, who=p["name"], amount=pw.combo, card=pw.name)
    else:
        t.say("finisher", f"{name}: bottom ability removes {pw.combo} Combo (the card lists which counts do "
                          "something)", R.FINISHER, who=p["name"], amount=pw.combo, card=pw.name)


def _prevents(t: Table, name: str, slot: int, half: str) -> None:
    """The damage the used ability prevents (its card's `prevent`, or the listed effect of the Combo
    a Goz finisher removes), added to the round's prevention."""
    state = t.freeze()
    p = player_of(state, name)
    pw, card, ability = ability_of(state, p, str(slot), half)
    if ability is not None and ability.prevent:
        t.prevent(ability.prevent, name, pw.name, f"{name}'s {pw.name} ({half})")
    _, prevent, _ = finisher(state, p, pw, card, ability, half)
    if prevent:
        t.prevent(prevent, name, pw.name, f"{name}'s {pw.name} ({pw.combo} Combo removed)")


def apply_gain(t: Table, change) -> None:
    p = t.player(change.args[0])
    new = t.new_power(p, new_power_name(change, 1))
    for i, pw in enumerate(p["powers"]):
        if pw["status"] == DISCARDED:
            p["powers"][i] = new
            break
    else:
        if len(p["powers"]) >= BOARD_MAX:
            t.say("board-full", f"{p['name']}'s board is full: nothing added", R.BOARD_LIMIT)
            return
        p["powers"].append(new)
    if p["dead"]:
        p["dead"] = False
        t.say("alive", f"{p['name']} has a power again (as the table decided)", R.DEATH, who=p["name"])


def apply_replace(t: Table, change) -> None:
    p = t.player(change.args[0])
    slot = int(change.args[1])
    old = p["powers"][slot - 1]["name"]
    name = new_power_name(change, 2)
    p["powers"][slot - 1] = t.new_power(p, name)
    t.say("replace", f"{p['name']}: {old} discarded, {name} drawn into the same "
                     f"spot face up", R.REPLACE, who=p["name"], card=name)


def apply_rename(t: Table, change) -> None:
    """A power named; named as a duo power a partner's board already holds, it is that card, as it lies."""
    p = t.player(change.args[0])
    pw = p["powers"][int(change.args[1]) - 1]
    pw["name"] = change.args[2]
    partner = next(iter(duo_copies(t.state, p["name"], change.args[2])), None)
    if partner is not None and pw["status"] != DISCARDED:
        q, slot = partner
        pw.update(status=q.powers[slot - 1].status, ice=q.powers[slot - 1].ice)


def check_alive(state, change, no):
    """A dead player's board holds only discarded powers: none is exhausted or discarded again."""
    p = player_of(state, change.args[0])
    if p.dead:
        no.forbid(R.DEAD_TARGET, f"{p.name} is dead: every power is discarded already")


def check_flip(state, change, no):
    p = player_of(state, change.args[0])
    if p.dead:
        no.forbid(R.DEATH, f"{p.name} is dead: a dead player uses nothing, the Role's Flip neither")
    elif p.role == "flipped":
        no.forbid(R.ROLE_FLIP, f"{p.name}'s Role is already face down; its Flip can't be used again until "
                        f"it is unflipped")
    elif p.character == "Luthia":
        no.leave_open(LUTHIA_FLIP)


#: the Roles that turn face up only on their own condition, not by a refresh: character -> (when, rule)
OWN_UNFLIP = {"Emberhoof": ("someone gets Drunk", R.EMBER_UNFLIP), "Lumi": ("another character dies", R.LUMI_UNFLIP)}


def check_unflip(state, change, no):
    p = player_of(state, change.args[0])
    if p.role == "face-up":
        no.forbid(R.ROLE_UNFLIP, f"{p.name}'s Role is already face up: only a flipped Role is unflipped")
        return
    if p.character == "Durhak" or p.character in OWN_UNFLIP and p.may_unflip:
        return
    if p.character in OWN_UNFLIP:
        when, rule = OWN_UNFLIP[p.character]
        no.forbid(rule, f"{p.name} ({p.character}) can unflip her Role only after {when}",
                  *(("drunk NAME",) if p.character == "Emberhoof" else ()))
    else:
        rule = R.ONLY_UNFLIP if state.phase == "combat" else R.ROLE_UNFLIP
        no.forbid(rule, f"{p.name}'s Role turns face up only when the party spends Morale on a refresh",
           "refresh")


def apply_flip(t: Table, change) -> None:
    p = t.player(change.args[0])
    p["role"] = "flipped"
    p["may_unflip"] = False
    if p["character"] == "Durhak":
        t.say("vessel", f"{p['name']} becomes the Vessel: {VESSEL_UPKEEP} Divinity at the "
                        f"start of each round, no Divinity gain", R.VESSEL)
        if not p["divinity"]:  # she leaves the Vessel the instant her Divinity is 0
            t.unflip_role(p, "she holds 0 Divinity, so she turns back at once")
    elif p["character"] == "Calyxia":
        t.say("role", f"{p['name']} gains no Demonic while her Role is flipped",
              R.DEMONIC_FLIPPED)
    else:
        t.say("role", f"{p['name']}'s Role is face down: no Passive until a refresh",
              R.ROLE_FLIP)


def apply_unflip(t: Table, change) -> None:
    p = t.player(change.args[0])
    if p["role"] == "face-up":
        return
    why = {"Durhak": "an effect unflipped it", "Emberhoof": "someone got Drunk",
           "Lumi": "another character died"}.get(p["character"], "as the table decided")
    t.unflip_role(p, why)
    if p["character"] != "Durhak":
        t.say("role", f"{p['name']}'s Role is face up ({why})", OWN_UNFLIP.get(p["character"], ("", R.ROLE_UNFLIP))[1])


#: this topic's verbs (engine.tracking.Verb rows)
VERBS = {
    "damage": Verb(check_damage, apply_damage, read=words.read_damage, after_win=lambda change: True,
                   usage="damage ann exhaust 2 | damage ann discard 2 | damage ann exhaust 1 4 discard 1"),
    "use": Verb(check_use, apply_use, ("activate",), read=words.read_use,
                usage="activate an ability: use ann 3 [top|bottom] [free]"),
    "exhaust": Verb(check_alive, apply_exhaust, read=words.read_powers,
                    usage="exhaust powers without damage: exhaust ann 3"),
    "heal": Verb(check_heal, apply_heal, ("unexhaust",), read=words.read_powers_or_role,
                 usage="turn exhausted powers face up: heal ann 1 4"),
    "discard": Verb(check_alive, apply_discard, read=words.read_powers,
                    usage="discard powers (a Special's price, a Flip): discard ann 5"),
    "gain": Verb(check_gain, apply_gain, read=words.read_gain,
                 usage="add a power to a board: gain ann \"Demon Lord\""),
    "replace": Verb(check_replace, apply_replace, read=words.read_replace,
                    usage="replace a power (discard, draw into the same spot): replace ann 2 [\"New name\"]"),
    "rename": Verb(check_rename, apply_rename, read=words.read_rename,
                   usage="name a power: rename ann 3 Nail to the Eye"),
    "side": Verb(check_side, apply_side, read=("player", "power", "side"),
                 usage="the side a Soraten power shows: side ann 2 ground | side ann 2 flight"),
    "flip": Verb(check_flip, apply_flip, read=("player",),
                 usage="use a Role's Flip effect (Durhak: become the Vessel): flip ann"),
    "unflip": Verb(check_unflip, apply_unflip, read=("player",),
                   usage="turn a Role face up where a Role allows it (Durhak, Emberhoof, Lumi): unflip ann"),
}
