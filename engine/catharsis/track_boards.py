"""Catharsis: the tracker verbs of the Player Boards and the Roles: damage, using, exhausting,
healing, discarding, gaining, replacing and naming powers, a player's death when the last power is
discarded; a Role's Flip, and when a flipped Role turns face up again."""
from __future__ import annotations

from engine.base import Effect, Reason

from .model import BOARD_MAX, DISCARDED, EXHAUSTED, FACE_UP, REWARD_HEAL, VESSEL_UPKEEP, character_of
from .rule_ids import R
from .rules_combat import alternation, owed
from .track_readings import LUTHIA_FLIP


class BoardRules:
    """check and apply of `damage`, `use`, `exhaust`, `heal`, `discard`, `gain`, `replace`, `rename`."""

    def _check_damage(self, state, change, no):
        player = change.args[0]
        p = self._get_player(state, player)
        if p.dead:
            no(R.DEAD_TARGET, f"{player} is dead and can't take damage")
            return
        statuses = {i + 1: pw.status for i, pw in enumerate(p.powers)}
        pairs = list(zip(change.args[1::2], change.args[2::2]))
        debtors = owed(state)
        if debtors and not p.damage_due:
            who = ", ".join(f"{name} {n}" for name, n in debtors)
            no(R.READ_ATTACK, f"{player} was assigned none of the Enemy's attack (owed: {who}); damage from "
                              f"another effect, such as a Morale threshold, can be overruled",
               *(f"damage {name} exhaust N ..." for name, _ in debtors))
        elif debtors and len(pairs) > p.damage_due:
            no(R.READ_ATTACK, f"{player} owes {p.damage_due} damage of the Enemy's attack, {len(pairs)} points "
                              f"given")
        for op, slot_s in pairs:
            slot = int(slot_s)
            st = statuses[slot]
            name = p.powers[slot - 1].name
            if op == "exhaust":
                if st != FACE_UP:
                    alts = (f"damage {player} discard {slot}",) if st == EXHAUSTED else ()
                    no(R.PER_POINT, f"{player}'s power {slot} ({name}) is {st}: a point of damage exhausts a "
                                 f"face-up power", *alts)
                else:
                    statuses[slot] = EXHAUSTED
            else:
                if st != EXHAUSTED:
                    alts = (f"damage {player} exhaust {slot}",) if st == FACE_UP else ()
                    no(R.PER_POINT, f"{player}'s power {slot} ({name}) is {st}: only an exhausted power "
                                 f"can be discarded for a point of damage", *alts)
                statuses[slot] = DISCARDED

    def _check_use(self, state, change, no):
        player, slot = change.args[0], int(change.args[1])
        p = self._get_player(state, player)
        pw = p.powers[slot - 1]
        if p.dead:
            no(R.DEATH, f"{player} is dead")
        if pw.status != FACE_UP:
            no(R.USE, f"{player}'s power {slot} ({pw.name}) is exhausted: only face-up powers can be used",
               f"heal {player} {slot}")
        if state.phase == "card" and state.card in ("trap", "event"):
            no(R.NO_POWERS, f"powers can't be used while a {state.card} is revealed")
        why, notes = alternation(p, pw)
        if why:
            no(R.SORATEN_ALTERNATE, why)
        for note in notes:
            no.unchecked(note)

    def _check_heal(self, state, change, no):
        player = change.args[0]
        p = self._get_player(state, player)
        slots = [s for s in change.args[1:] if s != "role"]
        healed = [s for s in dict.fromkeys(slots) if p.powers[int(s) - 1].status == EXHAUSTED]
        if state.phase == "between-cards" and p.reward_heal is not None and len(healed) > p.reward_heal:
            left = p.reward_heal
            no(R.HEAL_REWARD, f"the reward for the Enemy just beaten heals {player} {left} more "
                              f"power{'s' if left != 1 else ''}, {len(healed)} named" if left else
               f"{player} has already healed the {REWARD_HEAL} powers of the reward for the Enemy just beaten",
               *((f"heal {player} {' '.join(healed[:left])}",) if left else ()))
        if "role" in change.args[1:] and p.role == "flipped":
            no(R.HEAL_ROLE, f"healing can't turn {player}'s Role face up; only a Morale refresh does",
               "refresh")
        if p.dead:
            no(R.DEAD_TARGET, f"{player} is dead", f"revive {player}")

    def _check_side(self, state, change, no):
        player = change.args[0]
        ch = character_of(state, player)
        if ch is not None and ch != "Soraten":
            no(R.SORATEN_SIDES, f"{player} plays {ch}; only Soraten's powers have a Ground and a Flight side")
            return
        no.unchecked(Reason(rule=R.SORATEN_SIDES, message="when a side may be turned (start of the game, a Morale "
                            "refresh, a replace, his Passive at the start of a round, damage and heal effects) is "
                            "the table's to judge"))

    def _apply_side(self, d, change, effects):
        p = self._p(d, change.args[0])
        pw = p["powers"][int(change.args[1]) - 1]
        pw["side"] = change.args[2]
        self._eff(effects, "side", f"{p['name']}'s {pw['name']} shows its {change.args[2].capitalize()} side",
                  R.SORATEN_SIDES)

    def _check_gain(self, state, change, no):
        player = change.args[0]
        p = self._get_player(state, player)
        if p.dead:
            no(R.DEATH, f"{player} is dead; a dead player gains no powers", f"revive {player}")
        live = [pw for pw in p.powers if pw.status != DISCARDED]
        if len(live) >= BOARD_MAX:
            no(R.ADD_WHEN_FULL, f"{player}'s board already holds {BOARD_MAX} powers: discard one first, "
                           f"or discard the new power", f"discard {player} N")

    def _check_replace(self, state, change, no):
        player = change.args[0]
        ch = character_of(state, player)
        if ch == "Luthia":
            no(R.LUTHIA_REPLACE, f"{player} (Luthia) has no deck and is immune to replace effects")
        elif ch == "Emberhoof":
            no(R.EMBER_REPLACE, f"{player} (Emberhoof) has no deck and is immune to replace effects")

    def _exhaust_power(self, d: dict, player: dict, slot: int, effects: list[Effect], why: str) -> None:
        pw = player["powers"][slot - 1]
        if pw["status"] != FACE_UP:
            return
        pw["status"] = EXHAUSTED
        if pw["combo"]:
            self._eff(effects, "combo-lost", f"{player['name']}'s {pw['name']}: {pw['combo']} Combo lost "
                                             f"({why})", R.COMBO_EXHAUST, who=player["name"], amount=pw["combo"], card=pw["name"])
            pw["combo"] = 0
        if pw["ice"]:
            self._eff(effects, "ice-lost", f"{player['name']}'s {pw['name']}: {pw['ice']} Ice destroyed "
                                           f"({why})", R.ICE_GONE, who=player["name"], amount=pw["ice"], card=pw["name"])
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
                                   f"(still counts for party size)", R.DEATH, who=player["name"])
        for other in d["players"]:
            if other["character"] == "Lumi" and other["name"] != player["name"] and other["role"] == "flipped" \
                    and not other["dead"]:
                other["may_unflip"] = True
                self._eff(effects, "may-unflip", f"another character died: {other['name']} (Lumi) may unflip "
                                                 f"her Role (unflip {other['name']})", R.LUMI_UNFLIP, who=other["name"])

    def _apply_damage(self, d, change, effects):
        p = self._p(d, change.args[0])
        p["damage_due"] = max(0, p.get("damage_due", 0) - len(change.args[1::2]))
        for op, slot_s in zip(change.args[1::2], change.args[2::2]):
            if p["dead"]:
                break
            slot = int(slot_s)
            pw = p["powers"][slot - 1]
            if op == "exhaust":
                if pw["status"] == FACE_UP:
                    self._eff(effects, "damage", f"{p['name']}'s {pw['name']} exhausted (1 damage)", R.PER_POINT,
                              who=p["name"], amount=1, card=pw["name"])
                if p["character"] == "Soraten" and pw.get("side") == "ground":
                    pw["side"] = "flight"  # his damage turns a Ground power to its Flight side
                self._exhaust_power(d, p, slot, effects, "damage")
            else:
                if pw["status"] != DISCARDED:
                    self._eff(effects, "damage", f"{p['name']}'s {pw['name']} discarded (1 damage)", R.PER_POINT,
                              who=p["name"], amount=1, card=pw["name"])
                self._discard_power(d, p, slot, effects)

    def _apply_exhaust(self, d, change, effects):
        p = self._p(d, change.args[0])
        for slot in change.args[1:]:
            if p["powers"][int(slot) - 1]["status"] == FACE_UP:
                self._eff(effects, "exhaust", f"{p['name']}'s {p['powers'][int(slot) - 1]['name']} is "
                                              f"exhausted", R.EXHAUST, who=p["name"],
                          card=p["powers"][int(slot) - 1]["name"])
            self._exhaust_power(d, p, int(slot), effects, "exhausted")

    def _apply_heal(self, d, change, effects):
        p = self._p(d, change.args[0])
        healed = 0
        for slot in change.args[1:]:
            if slot == "role":
                self._unflip_role(d, p, effects, "healed, as the table decided")
                continue
            pw = p["powers"][int(slot) - 1]
            if p["character"] == "Soraten" and pw.get("side") == "flight":
                pw["side"] = "ground"  # a heal turns a Flight power back to Ground
            if pw["status"] == EXHAUSTED:
                pw["status"] = FACE_UP
                healed += 1
                self._eff(effects, "heal", f"{p['name']}'s {pw['name']} is face up again", R.HEAL, who=p["name"], card=pw["name"])
        if d["phase"] == "between-cards" and p.get("reward_heal") is not None:
            p["reward_heal"] = max(0, p["reward_heal"] - healed)
            self._eff(effects, "reward-left", f"{p['name']} may heal {p['reward_heal']} more from the reward",
                      R.HEAL_REWARD, who=p["name"], amount=p["reward_heal"])

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
        if p["character"] == "Soraten":
            p["last_side"] = pw.get("side") or "unknown"
        if p["character"] == "Luthia":
            p["cobble"] += 1
            self._eff(effects, "cobble", f"{p['name']} gains 1 Cobble ({p['cobble']})", R.COBBLE_GAIN,
                      who=p["name"], amount=1)
        goz = p["character"] == "Goz" and "duo" not in change.args[3:]  # no Combo on duo powers
        if goz and half == "top":
            if pw["ice"]:
                self._eff(effects, "ice-lost", f"{name}: {pw['ice']} Ice destroyed (used)", R.ICE_GONE)
                pw["ice"] = 0
            pw["combo"] += 1
            self._eff(effects, "combo", f"{name} does not exhaust: 1 Combo placed ({pw['combo']}); the top "
                                        f"effect does not trigger now, it fires at the start of each round",
                      R.COMBO, who=p["name"], amount=1, card=pw["name"])
            return
        if goz and half == "bottom":
            self._eff(effects, "finisher", f"{name}: bottom ability removes {pw['combo']} Combo (the card "
                                           f"lists which counts do something)", R.FINISHER,
                      who=p["name"], amount=pw["combo"], card=pw["name"])
            pw["combo"] = 0
        if pw["ice"]:
            self._eff(effects, "ice-lost", f"{name}: Ice kept it from exhausting; its {pw['ice']} Ice is "
                                           f"destroyed", R.ONE_ICE)
            pw["ice"] = 0
            return
        if free:
            return
        self._exhaust_power(d, p, slot, effects, "used")
        if pw["status"] == EXHAUSTED:
            self._eff(effects, "exhaust", f"{name} is exhausted", R.ACTIVATION, who=p["name"], card=pw["name"])

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
                self._eff(effects, "board-full", f"{p['name']}'s board is full: nothing added", R.BOARD_LIMIT)
                return
            p["powers"].append(new)
        if p["dead"]:
            p["dead"] = False
            self._eff(effects, "alive", f"{p['name']} has a power again (as the table decided)", R.DEATH, who=p["name"])

    def _apply_replace(self, d, change, effects):
        p = self._p(d, change.args[0])
        slot = int(change.args[1])
        old = p["powers"][slot - 1]["name"]
        level = 1 if p["character"] == "Luthia" else None
        p["powers"][slot - 1] = dict(name=change.args[2], status=FACE_UP, combo=0, ice=0, level=level)
        self._eff(effects, "replace", f"{p['name']}: {old} discarded, {change.args[2]} drawn into the same "
                                      f"spot face up", R.REPLACE, who=p["name"], card=change.args[2])

    def _apply_rename(self, d, change, effects):
        p = self._p(d, change.args[0])
        p["powers"][int(change.args[1]) - 1]["name"] = change.args[2]


class RoleRules:
    """check and apply of `flip` and `unflip`, and the unflip every topic uses."""

    def _check_flip(self, state, change, no):
        player = change.args[0]
        p = self._get_player(state, player)
        if p.role == "flipped":
            no(R.ROLE_FLIP, f"{player}'s Role is already face down; its Flip can't be used again until "
                            f"it is unflipped")
        elif p.character == "Luthia":
            no.unchecked(LUTHIA_FLIP)

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
            no(R.EMBER_UNFLIP, f"{player} (Emberhoof) can unflip her Role only after someone gets Drunk",
               "drunk NAME")
        elif p.character == "Lumi":
            no(R.LUMI_UNFLIP, f"{player} (Lumi) can unflip her Role only after another character dies")
        else:
            rule = R.ONLY_UNFLIP if state.phase == "combat" else R.ROLE_UNFLIP
            no(rule, f"{player}'s Role turns face up only when the party spends Morale on a refresh",
               "refresh")

    def _unflip_role(self, d: dict, player: dict, effects: list[Effect], why: str,
                     in_combat: bool | None = None) -> None:
        if player["role"] == "face-up":
            return
        player["role"] = "face-up"
        player["may_unflip"] = False
        if player["character"] == "Durhak":
            self._eff(effects, "vessel", f"{player['name']} is no longer the Vessel ({why})", R.VESSEL_REVERT,
                      who=player["name"])
            if in_combat is None:
                in_combat = d["phase"] == "combat"
            if in_combat:
                self._eff(effects, "durhak-damage", f"{player['name']} unflipped while in combat and takes "
                                                    f"damage (the amount is on her Role card)",
                          R.UNFLIP_DAMAGE, who=player["name"])

    def _apply_flip(self, d, change, effects):
        p = self._p(d, change.args[0])
        p["role"] = "flipped"
        p["may_unflip"] = False
        if p["character"] == "Durhak":
            self._eff(effects, "vessel", f"{p['name']} becomes the Vessel: {VESSEL_UPKEEP} Divinity at the "
                                         f"start of each round, no Divinity gain", R.VESSEL)
        elif p["character"] == "Calyxia":
            self._eff(effects, "role", f"{p['name']} gains no Demonic while her Role is flipped",
                      R.DEMONIC_FLIPPED)
        else:
            self._eff(effects, "role", f"{p['name']}'s Role is face down: no Passive until a refresh",
                      R.ROLE_FLIP)

    def _apply_unflip(self, d, change, effects):
        p = self._p(d, change.args[0])
        if p["role"] == "face-up":
            return
        why = {"Durhak": "an effect unflipped it", "Emberhoof": "someone got Drunk",
               "Lumi": "another character died"}.get(p["character"], "as the table decided")
        self._unflip_role(d, p, effects, why)
        if p["character"] != "Durhak":
            self._eff(effects, "role", f"{p['name']}'s Role is face up ({why})",
                      {"Emberhoof": R.EMBER_UNFLIP, "Lumi": R.LUMI_UNFLIP}.get(p["character"], R.ROLE_UNFLIP))
