"""Catharsis: the one working table: the State written out as a dict while a play (rules.py) or a
tracker verb (track_*.py) changes it, and the effects it sets off; `freeze()` is the State after."""
from __future__ import annotations

import re

from engine.tracking import WorkingTable
from engine.words import count

from .model import (DISCARDED, DRINKS_MAX, EXHAUSTED, FACE_UP, REWARD_HEAL, VESSEL_UPKEEP, Face, PowerCard, State,
                    card_of, duo_copies, merge_card)
from .notation_track import quoted
from .rule_ids import R


EVERYONE = r"(?:everyone|everybody|each player|every player|all players|each character|every character)"
#: a threshold effect the tracker carries out: every living character takes N damage
EVERYONE_DAMAGE = re.compile(EVERYONE + r" takes? (\d+) damage")
#: a threshold effect held the same way: every living character discards N powers ("each player discards a power")
EVERYONE_DISCARDS = re.compile(EVERYONE + r" discards? (a|an|one|two|three|\d+) powers?")
COUNT_WORDS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3}


def fires(name: str, top) -> str:
    """A Combo power firing its top for free, with what its card says the top does."""
    if top is None:
        return name
    said = [top.effect] if top.effect and not (top.attacks or top.prevent) else []
    said += ["deals " + ", ".join(str(a) for a in top.attacks) + " damage"] if top.attacks else []
    said += [f"prevents {top.prevent} damage"] if top.prevent else []
    return f"{name} ({'; '.join(said)})" if said else name


class Table(WorkingTable):
    """A State being changed (`d`, written out), and what the change set off."""

    def __init__(self, state: State) -> None:
        super().__init__(state)
        self.d = state.model_dump(mode="json")

    def freeze(self) -> State:
        return State(**self.d)

    def player(self, name: str) -> dict:
        return next(p for p in self.d["players"] if p["name"] == name)

    def settle(self) -> None:
        """The game's end: Morale at 0, or every character dead."""
        d = self.d
        if d["outcome"] == "lost":
            return
        if d["morale"] is not None and d["morale"] <= 0:
            why, rule = "Morale has reached 0", R.ATTACK_MORALE_ZERO if d["combat_step"] == "enemy-attack" else R.MORALE_ZERO
        elif d["players"] and all(p["dead"] for p in d["players"]):
            why, rule = "every character is dead", R.ALL_DEAD
        else:
            return
        if d["outcome"] == "won":
            self.say("lost", f"{why} while resolving the Boss's defeat: the party loses after all", R.WIN_LOST)
        else:
            self.say("lost", f"{why}: the party loses", rule)
        d["outcome"] = "lost"

    # -- Morale, Roles, boards, combat --------------------------------------------------------

    def set_morale(self, new: int) -> None:
        """Morale to a new value (never below 0), firing each threshold passed for the first time."""
        old = self.d["morale"]
        new = max(0, new)  # the Morale tracker has no value below 0
        self.d["morale"] = new
        for t in (t for t in self.d["thresholds"] if new <= t["at"] < old):  # highest first, each passed
            if t["at"] not in self.d["thresholds_reached"]:
                self.d["thresholds_reached"] = [*self.d["thresholds_reached"], t["at"]]
                self.say("threshold", f"Morale {t['at']} reached: {t['effect']}", R.THRESHOLDS, amount=t["at"])
                self.threshold_damage(t["effect"])
            else:
                self.say("threshold-spent", f"Morale {t['at']} again: its effect already happened once", R.TIER_ONCE,
                         amount=t["at"])
        if self.d["morale_start"] is not None and new > self.d["morale_start"]:
            self.say("overruled", f"Morale {new} is above its start {self.d['morale_start']} "
                                  f"(kept as the table decided)", R.MORALE_MAX)

    def threshold_damage(self, effect: str) -> None:
        """A threshold reading "each player discards a power" or "everyone takes N damage" (the Morale
        section's example) held as owed by each living character; any other wording is the table's."""
        discards = EVERYONE_DISCARDS.fullmatch(effect.strip().lower().rstrip("."))
        if discards:
            n = COUNT_WORDS.get(discards.group(1)) or int(discards.group(1))
            owing = self.owe("discard_due", n, lambda p: sum(pw["status"] != DISCARDED for pw in p["powers"]) or None)
            if owing:
                self.say("discard-due", f"each living character owes {n} discard{'s' if n > 1 else ''} "
                                        f"({', '.join(owing)}: discard NAME N), made before play goes on",
                         R.THRESHOLDS, amount=n)
        damage = EVERYONE_DAMAGE.fullmatch(effect.strip().lower())
        if damage:
            n = int(damage.group(1))
            owing = self.owe("damage_due", n, lambda p: sum(2 if pw["status"] == FACE_UP else pw["status"] == EXHAUSTED
                                                            for pw in p["powers"]))
            if owing:
                self.say("damage-due", f"each living character owes {n} damage ({', '.join(owing)}: damage NAME "
                                       "exhaust N ...), taken before play goes on", R.THRESHOLDS, amount=n)

    def owe(self, key: str, n: int, most) -> list[str]:
        """Each living character owes `n` more of `key` to a threshold, at most `most(player)` (None: that
        player owes nothing); the names of those who owe."""
        owing = [p for p in self.d["players"] if not p["dead"] and most(p) is not None]
        for p in owing:
            p[key] = p.get(key, 0) + min(n, most(p))
        if owing:
            self.d["threshold_owed"] = True
        return [p["name"] for p in owing]

    def refresh_boards(self, players: list[dict], rule: str, what: str) -> None:
        """Every exhausted power of these players face up again (discarded ones stay discarded)."""
        exhausted = [pw for p in players for pw in p["powers"] if pw["status"] == EXHAUSTED]
        for pw in exhausted:
            pw["status"] = FACE_UP
        self.say("refresh", f"{what}: {count(len(exhausted), 'exhausted power')} face up again (discarded powers "
                            f"stay discarded)", rule, amount=len(exhausted))

    def unflip_role(self, player: dict, why: str, in_combat: bool | None = None) -> None:
        if player["role"] == "face-up":
            return
        player["role"] = "face-up"
        player["may_unflip"] = False
        if player["character"] == "Durhak":
            self.say("vessel", f"{player['name']} is no longer the Vessel ({why})", R.VESSEL_REVERT,
                     who=player["name"])
            if in_combat is None:
                in_combat = self.d["phase"] == "combat"
            if in_combat:
                self.say("durhak-damage", f"{player['name']} unflipped while in combat and takes "
                                          f"damage (the amount is on her Role card)",
                         R.UNFLIP_DAMAGE, who=player["name"])

    @staticmethod
    def new_power(player: dict, name: str) -> dict:
        """A power new on a player's board, face up (a Luthia power at Level 1)."""
        return dict(name=name, status=FACE_UP, combo=0, ice=0, level=1 if player["character"] == "Luthia" else None)

    def exhaust_power(self, player: dict, slot: int, why: str) -> None:
        pw = player["powers"][slot - 1]
        if pw["status"] != FACE_UP:
            return
        pw["status"] = EXHAUSTED
        for key, lost, rule in (("combo", "Combo lost", R.COMBO_EXHAUST), ("ice", "Ice destroyed", R.ICE_GONE)):
            if pw[key]:
                self.say(f"{key}-lost", f"{player['name']}'s {pw['name']}: {pw[key]} {lost} ({why})", rule,
                         who=player["name"], amount=pw[key], card=pw["name"])
                pw[key] = 0

    def discard_power(self, player: dict, slot: int) -> None:
        """A power discarded: a player whose last power it was is dead (and another character's death frees Lumi)."""
        pw = player["powers"][slot - 1]
        if pw["status"] == DISCARDED:
            return
        pw.update(status=DISCARDED, combo=0, ice=0)
        if not player["dead"] and all(q["status"] == DISCARDED for q in player["powers"]):
            player["dead"] = True
            self.say("dead", f"{player['name']} has discarded the last power and is dead "
                             f"(still counts for party size)", R.DEATH, who=player["name"])
            for lumi in self.d["players"]:
                if lumi["character"] == "Lumi" and lumi["name"] != player["name"] and lumi["role"] == "flipped" \
                        and not lumi["dead"]:
                    lumi["may_unflip"] = True
                    self.say("may-unflip", f"another character died: {lumi['name']} (Lumi) may unflip "
                                           f"her Role (unflip {quoted(lumi['name'])})", R.LUMI_UNFLIP, who=lumi["name"])
        if player["dead"]:
            player["discard_due"] = 0

    def mirror_duo(self) -> None:
        """A duo power is one card shared by two boards: what a change did to one copy (exhausted, face up,
        discarded, its Ice) happens to the partner's copy too; a copy the change reached itself stays."""
        before = {(p.name, i): pw for p in self.state.players for i, pw in enumerate(p.powers)}
        changed = [(p, i, pw) for p in self.d["players"] for i, pw in enumerate(p["powers"])
                   if (old := before.get((p["name"], i))) is not None and old.name == pw["name"]
                   and (old.status, old.ice) != (pw["status"], pw["ice"])]
        reached = {(p["name"], i) for p, i, _ in changed}
        for p, i, pw in changed:
            for partner, slot in duo_copies(self.state, p["name"], pw["name"]):
                if (partner.name, slot - 1) in reached:
                    continue
                reached.add((partner.name, slot - 1))
                q = self.player(partner.name)
                copy = q["powers"][slot - 1]
                was = copy["status"]
                copy["ice"] = pw["ice"]
                if pw["status"] == DISCARDED:
                    self.discard_power(q, slot)
                else:
                    copy["status"] = pw["status"]
                now = f"{pw['status']} on {q['name']}'s board too" if was != pw["status"] else \
                    f"its Ice is {pw['ice']} on {q['name']}'s board too"
                self.say("duo", f"{q['name']}'s {copy['name']} is the same duo card: {now}", R.DUO_SHARED,
                         who=q["name"], card=copy["name"])

    def owed_settled(self) -> None:
        """Once nobody owes damage or discards, nothing is owed to a threshold any more."""
        if not any(p.get("damage_due") or p.get("discard_due") for p in self.d["players"] if not p["dead"]):
            self.d["threshold_owed"] = False

    def clear_dice(self) -> None:
        """A new round: no dice rolled, no rerolls made, every power's ability may be used again."""
        for p in self.d["players"]:
            p.update(dice=[], rerolls=0)
            for pw in p["powers"]:
                pw.update(used_round=False, used_half=None, adjusted_round=0)
        self.d["attack"] = None
        self.d["prevention"] = 0  # prevention lasts the round it is made in

    def start_round(self) -> None:
        """A round opens: dice cleared, the Vessel's upkeep, and the start-of-round reminders."""
        self.d["combat_step"] = "start-of-round"
        self.clear_dice()
        self.say("round", f"round {self.d['round']}: start of round", R.START_OF_ROUND)
        for e in self.d["enemies"]:
            e["armor_absorbed"] = 0
        cards = self.freeze()  # the table's cards: a round's start changes none
        for p in (p for p in self.d["players"] if not p["dead"]):
            if p["character"] == "Durhak" and p["role"] == "flipped":
                if p["divinity"] >= VESSEL_UPKEEP:
                    p["divinity"] -= VESSEL_UPKEEP
                    self.say("vessel-upkeep", f"{p['name']} pays {VESSEL_UPKEEP} Divinity to stay "
                                              f"the Vessel ({p['divinity']} left)", R.VESSEL_UPKEEP,
                             who=p["name"], amount=VESSEL_UPKEEP)
                    if p["divinity"] == 0:
                        self.unflip_role(p, "Divinity reached 0")
                else:
                    self.unflip_role(p, f"only {p['divinity']} Divinity, the upkeep is "
                                        f"{VESSEL_UPKEEP}")
            combos = [(pw["name"], (card_of(cards, pw["name"]) or Face()).top) for pw in p["powers"]
                      if pw["combo"] and pw["status"] != DISCARDED]
            if combos:
                self.say("combo-fires", f"{p['name']}: top abilities fire for free on "
                                        f"{', '.join(fires(name, top) for name, top in combos)}", R.COMBO_FIRE)
                for name, top in combos:
                    if top is not None and top.prevent:
                        self.prevent(top.prevent, p["name"], name, f"{name} (top, fired by its Combo)")
                    if top is not None and top.attacks:
                        self.ability_damage(p["name"], f"{name} (top, fired by its Combo)", top.attacks)
                    elif top is None or not (top.prevent or top.effect):
                        self.say("combo-unknown", f"what {name}'s top ability does is not described: carry it out "
                                 "and record it (enemy damage N, ...); describe it with "
                                 f"`card \"{name}\" top COST attacks N`", R.COMBO_FIRE, who=p["name"], card=name)
            if p["drinks"]:
                self._drunk_roll(p)
            if p["character"] == "Lumi" and p["role"] == "face-up":
                self.say("ice", f"{p['name']} (Lumi) generates Ice this round", R.ICE_GENERATION)
            if p["character"] == "Emberhoof":
                gains = "gains her Drink this round" if p["drinks"] < DRINKS_MAX else \
                    f"holds {DRINKS_MAX} Drinks already: no Drink this round"
                self.say("drink", f"{p['name']} (Emberhoof) {gains} (max {DRINKS_MAX})", R.DRINK_MAX)
            for kind in ("burn", "spore"):
                if p["status"].get(kind):
                    self.say(kind, f"{p['name']} has {p['status'][kind]} {kind.capitalize()}: it "
                                   f"deals damage now", R.BURN_SPORE, who=p["name"], amount=p["status"][kind])
        for e in self.d["enemies"]:
            for kind in ("burn", "spore"):
                if not e["defeated"] and e["status"].get(kind):
                    self.say(kind, f"{e['name']} has {e['status'][kind]} {kind.capitalize()}: it "
                                   f"deals damage now", R.BURN_SPORE, amount=e["status"][kind], card=e["name"])

    def _drunk_roll(self, p) -> None:
        """The Drunk roll a player with Drinks makes at the start of a round: Drunk on a roll of the
        number of Drinks or less; Emberhoof's Passive (her Role face up) adds 2 to her roll."""
        tolerant = p["character"] == "Emberhoof" and p["role"] == "face-up"
        drunk_on = p["drinks"] - 2 if tolerant else p["drinks"]
        when = (f"Drunk on {drunk_on} or less" + (" with her Passive's +2" if tolerant else "") + f"; `drunk {p['name']}`"
                if drunk_on >= 1 else "her Passive's +2 keeps every roll from making her Drunk")
        self.say("drunk-roll", f"{p['name']} holds {count(p['drinks'], 'Drink')}: Drunk roll ({when})",
                 R.EMBER_TOLERANCE if tolerant else R.DRUNK_ROLL, who=p["name"], amount=p["drinks"])

    def end_combat(self, reward: tuple[str, str] | None) -> None:
        """The combat is over: Combo gone, the Vessel ended, the reward (rule, what) if any."""
        for p in self.d["players"]:
            lost = sum(pw["combo"] for pw in p["powers"])
            if lost:
                for pw in p["powers"]:
                    pw["combo"] = 0
                self.say("combo-lost", f"{p['name']}: {lost} Combo lost at the end of combat",
                         R.COMBO_END, who=p["name"], amount=lost)
            if p["character"] == "Durhak" and p["role"] == "flipped":
                self.unflip_role(p, "the combat ended", in_combat=False)
            if p["character"] == "Durhak" and p["divinity"] and self.d["outcome"] is None:  # no next combat after a win
                self.say("divinity", f"{p['name']} keeps {p['divinity']} Divinity for the next "
                                     f"combat", R.DIVINITY_CARRYOVER, who=p["name"], amount=p["divinity"])
        self.clear_dice()
        self.d.update(phase="between-cards", combat_step=None, round=0, enemies=[], damage_to_deal=0)
        if reward and self.d["outcome"] is None:
            if self.d["boss"] == "hundred-eyed-dragon":
                self.say("no-reward", "no free healing against the 100-Eyed Dragon", R.DRAGON_HEAL)
            else:
                self.say("reward", reward[1], reward[0])
                for p in self.d["players"]:
                    p["reward_heal"] = None if p["dead"] else REWARD_HEAL
        if self.d["outcome"] is None:
            window = "refresh (1 Morale) before the next card" if self.d["morale"] is not None else "next card"
            self.say("phase", f"combat over: {window}", R.REFRESH_AFTER_CARD)

    def damage_enemy(self, enemy: dict, dmg: int, source: str = "") -> None:
        """Damage dealt to an Enemy: its Armor soaks the first points of each round, the rest comes
        off its health; at 0 it is defeated. `source`: the ability that dealt it, if one did."""
        target = enemy["name"]
        soak = min(dmg, max(0, enemy["armor"] - enemy["armor_absorbed"]))
        if soak:
            enemy["armor_absorbed"] += soak
            self.say("armor", f"{target}'s Armor absorbs {soak} this round", R.ARMOR, amount=soak, card=target)
        if self.d.get("damage_to_deal"):  # damage an ability dealt, now put on an Enemy
            self.d["damage_to_deal"] = max(0, self.d["damage_to_deal"] - dmg)
        old = enemy["health"]
        enemy["health"] = max(0, old - (dmg - soak))
        self.say("enemy-health", f"{source + ' hits ' if source else ''}{target}: {old} -> {enemy['health']} health",
                 R.ENEMIES, amount=enemy["health"], card=target)
        if enemy["health"] == 0 and not enemy["defeated"]:
            self.defeat_enemy(enemy)

    def ability_damage(self, who: str, source: str, attacks) -> None:
        """An ability's attacks, as its card gives them, dealt to the one Enemy standing (through its
        Armor). With several standing each attack may pick its own, so the table says which."""
        if not attacks or self.d["phase"] != "combat":
            return
        living = [e for e in self.d["enemies"] if not e["defeated"]]
        total = sum(attacks)
        if len(living) == 1:
            self.damage_enemy(living[0], total, source)
        elif living:
            self.d["damage_to_deal"] = self.d.get("damage_to_deal", 0) + total
            self.say("damage-to-deal", f"{source} deals {total}: several Enemies stand, so the party says whom each "
                                       f"attack hits (enemy damage N NAME); {self.d['damage_to_deal']} held to deal "
                                       f"until then", R.ATTACK, who=who, amount=total, card=source)

    def defeat_enemy(self, enemy: dict) -> None:
        """An Enemy falls: the Boss wins the game; the last Monster ends the combat with its reward."""
        enemy["health"] = 0
        enemy["defeated"] = True
        self.say("enemy-defeated", f"{enemy['name']} is defeated: resolve its On Defeat abilities",
                 R.ON_DEFEAT, card=enemy["name"])
        if self.d["boss"] == "ice-elf-lich" and enemy["kind"] == "monster":
            self.say("kpt", "every party member gains Kill Point Tokens (the card says how many: "
                            "kpt all +N)", R.KPT)
        if any(not e["defeated"] for e in self.d["enemies"]):
            return
        if any(e["kind"] == "boss" for e in self.d["enemies"]):
            if self.d["outcome"] is None:
                self.d["outcome"] = "won"
                self.say("won", "the Boss is defeated and no Enemy is left: the party wins "
                                "(unless its On Defeat drops Morale to 0 or kills everyone)", R.WIN)
            if self.d["boss"] != "hundred-eyed-dragon":
                self.end_combat(None)
            return
        if self.d["phase"] not in ("combat", "card"):
            return
        if self.d["boss"] == "hundred-eyed-dragon" and self.d["phase"] == "combat":
            self.say("no-reward", "no free healing against the 100-Eyed Dragon; the fight goes on",
                     R.DRAGON_HEAL)
            return
        rewards = {"start-of-round": (R.START_OF_ROUND_DEFEAT, "defeated at the start of the round: every player "
                                                               "refreshes up to 2 powers (heal NAME N M)"),
                   "end-of-round": (R.END_OF_ROUND_DEFEAT, "defeated at the end of the round: every player heals up "
                                                           "to 2 powers (heal NAME N M)")}
        self.end_combat(rewards.get(self.d["combat_step"], (R.HEAL_REWARD, "Monster beaten: each player heals 2 "
                                                                          "(heal NAME N M)")))

    # -- the dice of the Player Attack Phase, the Enemy's attack, the table's cards (plays) ------

    def roll(self, name: str, values: tuple[int, ...]) -> None:
        p = self.player(name)
        p["dice"] = [dict(value=v, used=False, adjusted=0) for v in values]
        p["rerolls"] = 0

    def reroll(self, name: str, values: tuple[int, ...], results: tuple[int, ...]) -> None:
        """The dice showing `values` are rolled together and come up `results` (one reroll)."""
        p = self.player(name)
        for old, new in zip(values, results):
            die = next((x for x in p["dice"] if not x["used"] and x["value"] == old and not x.get("_new")), None)
            if die is None:  # overruled: a die the player does not have
                p["dice"].append(dict(value=new, used=False, adjusted=0, _new=True))
            else:
                die.update(value=new, adjusted=0, _new=True)
        for x in p["dice"]:
            x.pop("_new", None)
        p["rerolls"] += 1

    def adjust(self, name: str, value: int, amount: int, by: str | None = None, slot: str | None = None) -> None:
        """One unused die showing `value` moves by `amount` (within 1..6), counted on the granting power."""
        if by and slot:
            self.player(by)["powers"][int(slot) - 1]["adjusted_round"] += 1
        # a die not adjusted yet first: an ability selects its number of dice (rules.adjusted_die, the same die)
        die = min((x for x in self.player(name)["dice"] if not x["used"] and x["value"] == value),
                  key=lambda x: abs(x["adjusted"]), default=None)
        if die is not None:
            die["value"] = min(6, max(1, die["value"] + amount))
            die["adjusted"] += amount

    def set_aside(self, name: str, values: list[int], slot: str, partners: list[str] = ()) -> None:
        """The dice paying an ability are used for the round, and the power has had its ability: the
        player's own dice first, then those of the players sharing dice with them (Soraten's Partner)."""
        p = self.player(name)
        pools = [p["dice"], *(self.player(q)["dice"] for q in partners)]
        for value in values:
            die = next((x for pool in pools for x in pool if not x["used"] and x["value"] == value), None)
            if die is not None:
                die["used"] = True
        p["powers"][int(slot) - 1]["used_round"] = True

    def share_attack(self, shares: tuple[tuple[str, int], ...], prevented: int = 0) -> None:
        """The attack's shares are owed; `prevented` points of it were the party's prevention, now spent."""
        for name, n in shares:
            self.player(name)["damage_due"] += n
        self.d["attack"] = None
        self.d["prevention"] = max(0, self.d["prevention"] - prevented)

    def prevent(self, amount: int, who: str, card: str, what: str) -> None:
        """An ability that prevents damage: `amount` more prevention for the rest of this round."""
        self.d["prevention"] += amount
        self.say("prevent", f"{what} prevents {amount} damage until the round ends (the quickplay's 'this turn'): "
                            f"{self.d['prevention']} in all this round", R.PREVENT,
                 who=who, amount=amount, card=card)

    def add_card(self, card: PowerCard) -> None:
        """A power card of the table's own, laid over an earlier one of the same name."""
        low = card.name.lower()
        earlier = next((PowerCard(**c) for c in self.d["cards"] if c["name"].lower() == low), None)
        if card.source == "table":  # described by this session's own play (rules_cards.SESSION)
            card = card.model_copy(update={"source": "session"})
        self.d["cards"] = [c for c in self.d["cards"] if c["name"].lower() != low]
        self.d["cards"].append(merge_card(earlier, card).model_dump(mode="json"))
