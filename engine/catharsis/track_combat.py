"""Catharsis: the tracker verbs of the flow of a game: Boss Deck cards revealed and resolved, combat
and its rounds (the steps in order, the start-of-round reminders, the end of a combat and its
reward), and the Enemies in play (their health for the party size, Armor, damage and defeat)."""
from __future__ import annotations

from engine.base import Effect

from .model import DISCARDED, DRINKS_MAX, REWARD_HEAL, STEPS, VESSEL_UPKEEP
from .rule_ids import R
from .rules_combat import owed, owed_text


class FlowRules:
    """check and apply of `next-card`, `resolved` and `combat`."""

    def _check_next_card(self, state, change, no):
        if self._owed_first(state, no):
            return
        if state.phase == "card" and state.card in ("monster", "boss"):
            if not state.enemies or any(not e.defeated for e in state.enemies):
                no(R.RESOLVE_ENEMY, f"the revealed {state.card} must be fought and defeated first",
                   "enemy NAME 8/10/12/14/16", "combat start")
        if state.phase == "combat":
            living = [e.name for e in state.enemies if not e.defeated]
            if state.boss == "hundred-eyed-dragon":
                no(R.DRAGON, "against the 100-Eyed Dragon the party stays in one combat")
            elif living:
                no(R.RESOLVE_ENEMY, f"defeat the Enemy first: {', '.join(living)} still standing",
                   "enemy damage N", "enemy defeated")
            else:
                no(R.RESOLVE_ENEMY, "the combat is not over yet: end it first", "combat end")

    def _check_resolved(self, state, change, no):
        if state.phase != "card":
            no(R.LOOP, "no revealed card is waiting to be resolved",
               *(("next-card",) if state.phase in ("setup", "between-cards") else ()))
        elif state.card in ("monster", "boss"):
            no(R.RESOLVE_ENEMY, "an Enemy card is resolved by fighting and defeating it", "combat start")

    def _owed_first(self, state, no) -> bool:
        """Moving on from the Enemy Attack Phase waits until its damage is shared and taken."""
        pending = owed_text(state)
        if pending:
            no(R.READ_ATTACK, f"the Enemy's attack is not fully dealt: {pending}",
               *(("assign NAME N ...",) if state.attack is not None else ()),
               *(f"damage {name} exhaust N ..." for name, _ in owed(state)))
        return bool(pending)

    def _check_combat(self, state, change, no):
        what = change.args[0]
        if state.phase == "combat" and what != "enemy-attack" and self._owed_first(state, no):
            return
        if what == "start":
            if state.phase == "combat":
                no(R.ROUND_ORDER, f"already in combat (round {state.round})", "combat round")
            elif state.phase == "setup":
                no(R.BEGIN, "reveal the first Boss Deck card first", "next-card monster")
            return
        if state.phase != "combat":
            fight = state.phase == "card" and state.card in ("monster", "boss")
            no(R.COMBAT, "not in combat", "combat start" if fight else "next-card monster")
            return
        if what == "end":
            living = [e.name for e in state.enemies if not e.defeated]
            if state.boss == "hundred-eyed-dragon":
                no(R.DRAGON, "the 100-Eyed Dragon combat does not end until the game does")
            elif living:
                no(R.RESOLVE_ENEMY, f"the Enemy must be defeated: {', '.join(living)} still standing",
                   "enemy damage N", "enemy defeated")
            return
        if what in STEPS:
            if STEPS.index(what) < STEPS.index(state.combat_step):
                no(R.ROUND_ORDER, f"{what} comes before {state.combat_step} in a round; start the next "
                                  f"round instead", "combat round", "combat next")

    @staticmethod
    def _clear_dice(d: dict) -> None:
        """A new round: no dice rolled, no rerolls made, every power's ability may be used again."""
        for p in d["players"]:
            p.update(dice=[], rerolls=0)
            for pw in p["powers"]:
                pw["used_round"] = False
        d["attack"] = None

    def _start_round(self, d: dict, effects: list[Effect]) -> None:
        d["combat_step"] = "start-of-round"
        self._clear_dice(d)
        self._eff(effects, "round", f"round {d['round']}: start of round", R.START_OF_ROUND)
        for e in d["enemies"]:
            e["armor_absorbed"] = 0
        for p in d["players"]:
            if p["dead"]:
                continue
            if p["character"] == "Durhak" and p["role"] == "flipped":
                if p["divinity"] >= VESSEL_UPKEEP:
                    p["divinity"] -= VESSEL_UPKEEP
                    self._eff(effects, "vessel-upkeep", f"{p['name']} pays {VESSEL_UPKEEP} Divinity to stay "
                                                        f"the Vessel ({p['divinity']} left)", R.VESSEL_UPKEEP,
                              who=p["name"], amount=VESSEL_UPKEEP)
                    if p["divinity"] == 0:
                        self._unflip_role(d, p, effects, "Divinity reached 0")
                else:
                    self._unflip_role(d, p, effects, f"only {p['divinity']} Divinity, the upkeep is "
                                                     f"{VESSEL_UPKEEP}")
            combos = [pw["name"] for pw in p["powers"] if pw["combo"] and pw["status"] != DISCARDED]
            if combos:
                self._eff(effects, "combo-fires", f"{p['name']}: top abilities fire for free on "
                                                  f"{', '.join(combos)}", R.COMBO_FIRE)
            if p["drinks"]:
                self._eff(effects, "drunk-roll", f"{p['name']} holds {p['drinks']} Drinks: Drunk roll "
                                                 f"(Drunk on {p['drinks']} or less; `drunk {p['name']}`)",
                          R.DRUNK_ROLL, who=p["name"], amount=p["drinks"])
            if p["character"] == "Lumi" and p["role"] == "face-up":
                self._eff(effects, "ice", f"{p['name']} (Lumi) generates Ice this round", R.ICE_GENERATION)
            if p["character"] == "Emberhoof":
                self._eff(effects, "drink", f"{p['name']} (Emberhoof) gains her Drink this round "
                                            f"(max {DRINKS_MAX})", R.DRINK_MAX)
            for kind in ("burn", "spore"):
                if p["status"].get(kind):
                    self._eff(effects, kind, f"{p['name']} has {p['status'][kind]} {kind.capitalize()}: it "
                                             f"deals damage now", R.BURN_SPORE, who=p["name"], amount=p["status"][kind])
        for e in d["enemies"]:
            for kind in ("burn", "spore"):
                if not e["defeated"] and e["status"].get(kind):
                    self._eff(effects, kind, f"{e['name']} has {e['status'][kind]} {kind.capitalize()}: it "
                                             f"deals damage now", R.BURN_SPORE, amount=e["status"][kind], card=e["name"])

    def _end_combat(self, d: dict, effects: list[Effect], reward: str | None) -> None:
        for p in d["players"]:
            lost = sum(pw["combo"] for pw in p["powers"])
            if lost:
                for pw in p["powers"]:
                    pw["combo"] = 0
                self._eff(effects, "combo-lost", f"{p['name']}: {lost} Combo lost at the end of combat",
                          R.COMBO_END, who=p["name"], amount=lost)
            if p["character"] == "Durhak" and p["role"] == "flipped":
                self._unflip_role(d, p, effects, "the combat ended", in_combat=False)
            if p["character"] == "Durhak" and p["divinity"] and d["outcome"] is None:  # no next combat after the win
                self._eff(effects, "divinity", f"{p['name']} keeps {p['divinity']} Divinity for the next "
                                               f"combat", R.DIVINITY_CARRYOVER, who=p["name"], amount=p["divinity"])
        self._clear_dice(d)
        d.update(phase="between-cards", combat_step=None, round=0, enemies=[])
        if reward and d["outcome"] is None:
            if d["boss"] == "hundred-eyed-dragon":
                self._eff(effects, "no-reward", "no free healing against the 100-Eyed Dragon", R.DRAGON_HEAL)
            else:
                self._eff(effects, "reward", reward[1], reward[0])
                for p in d["players"]:
                    p["reward_heal"] = None if p["dead"] else REWARD_HEAL
        if d["outcome"] is None:
            window = "refresh (1 Morale) before the next card" if d["morale"] is not None else "next card"
            self._eff(effects, "phase", f"combat over: {window}", R.REFRESH_AFTER_CARD)

    def _apply_next_card(self, d, change, effects):
        if d["phase"] == "combat":  # overruled: leave the fight
            self._end_combat(d, effects, None)
        kind = change.args[0]
        d.update(phase="card", card=kind, cards_revealed=d["cards_revealed"] + 1)
        for p in d["players"]:
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
        self._eff(effects, "card", f"card {d['cards_revealed']} revealed, {tip}", rule)

    def _apply_resolved(self, d, change, effects):
        d["phase"] = "between-cards"
        window = "the party may refresh (1 Morale) before the next card" if d["morale"] is not None \
            else "reveal the next card"
        self._eff(effects, "phase", f"card resolved: {window}", R.REFRESH_AFTER_CARD)

    def _apply_combat(self, d, change, effects):
        what = change.args[0]
        if what == "start":
            if d["phase"] == "combat":
                self._end_combat(d, effects, None)
            d.update(phase="combat", round=1)
            self._eff(effects, "combat", "combat begins", R.COMBAT)
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
            "player-attack": (R.REFRESH_TOO_LATE, "Player Attack Phase: roll and use powers (the refresh window is "
                                          "closed)"),
            "enemy-attack": (R.ROUND_ORDER, "Enemy Attack Phase: follow the Attack line"),
            "refresh": (R.REFRESH_PHASE, "Refresh Phase: the party may spend 1 Morale (refresh)"),
            "end-of-round": (R.ROUND_ORDER, "End of Round: resolve end-of-round effects"),
            "start-of-round": (R.START_OF_ROUND, "start of round"),
        }
        rule, note = notes[what]
        self._eff(effects, "step", f"round {d['round']}: {note}", rule)


class EnemyRules:
    """check and apply of `enemy`, and what an Enemy's defeat sets off."""

    def _check_enemy(self, state, change, no):
        sub = change.args[0]
        if sub == "add":
            if state.phase == "setup":
                no(R.BEGIN, "reveal the first Boss Deck card first", "next-card monster")
            printed = change.args[2]
            values = printed.split("/")
            if len(values) == 5:
                n = state.characters_started
                idx = n - 3 if state.boss == "murder-mystery" else n - 1
                if not 0 <= idx < 5:
                    no(R.HEALTH, f"the list {printed} has no value for {n} characters")

    def _defeat_enemy(self, d: dict, enemy: dict, effects: list[Effect]) -> None:
        enemy["health"] = 0
        enemy["defeated"] = True
        self._eff(effects, "enemy-defeated", f"{enemy['name']} is defeated: resolve its On Defeat abilities",
                  R.ON_DEFEAT, card=enemy["name"])
        if d["boss"] == "ice-elf-lich" and enemy["kind"] == "monster":
            self._eff(effects, "kpt", "every party member gains Kill Point Tokens (the card says how many: "
                                      "kpt all +N)", R.KPT)
        living = [e for e in d["enemies"] if not e["defeated"]]
        if living:
            return
        if any(e["kind"] == "boss" for e in d["enemies"]):
            if d["outcome"] is None:
                d["outcome"] = "won"
                self._eff(effects, "won", "the Boss is defeated and no Enemy is left: the party wins "
                                          "(unless its On Defeat drops Morale to 0 or kills everyone)", R.WIN)
            if d["boss"] != "hundred-eyed-dragon":
                self._end_combat(d, effects, None)
            return
        if d["phase"] not in ("combat", "card"):
            return
        if d["boss"] == "hundred-eyed-dragon" and d["phase"] == "combat":
            self._eff(effects, "no-reward", "no free healing against the 100-Eyed Dragon; the fight goes on",
                      R.DRAGON_HEAL)
            return
        step = d["combat_step"]
        if step == "start-of-round":
            reward = (R.START_OF_ROUND_DEFEAT, "defeated at the start of the round: every player refreshes up to 2 "
                                    "powers (heal NAME N M)")
        elif step == "end-of-round":
            reward = (R.END_OF_ROUND_DEFEAT, "defeated at the end of the round: every player heals up to 2 powers "
                                    "(heal NAME N M)")
        else:
            reward = (R.HEAL_REWARD, "Monster beaten: each player heals 2 (heal NAME N M)")
        self._end_combat(d, effects, reward)

    def _apply_enemy(self, d, change, effects):
        sub = change.args[0]
        if sub == "add":
            _, name, printed, kind, armor = change.args
            values = [int(v) for v in printed.split("/")]
            n = d["characters_started"]
            if len(values) == 1:
                health, rule = values[0], R.SINGLE_VALUE
            else:
                mm = d["boss"] == "murder-mystery"
                idx = n - 3 if mm else n - 1
                idx = min(max(idx, 0), len(values) - 1)  # overruled: nearest printed value
                health, rule = values[idx], R.MURDER_MYSTERY_HEALTH if mm else R.HEALTH
            d["enemies"] = [*d["enemies"], dict(name=name, kind=kind, printed=printed, start_health=health,
                                                health=health, armor=int(armor), armor_absorbed=0,
                                                defeated=False, status={})]
            self._eff(effects, "enemy", f"{name} ({kind}) has {health} health for {n} starting characters"
                      + (f", Armor {armor}" if int(armor) else ""), rule, amount=health, card=name)
            if any(p["dead"] for p in d["players"]):
                self._eff(effects, "party-size", "dead characters still count for the Enemy's health",
                          R.DEAD_COUNT)
            if health <= 0:
                self._defeat_enemy(d, d["enemies"][-1], effects)
            return
        target = change.args[-1]
        enemy = next(e for e in d["enemies"] if e["name"] == target)
        if sub == "armor":
            enemy["armor"] = int(change.args[1])
            self._eff(effects, "armor", f"{target} has Armor {enemy['armor']}", R.ARMOR, amount=enemy["armor"], card=target)
        elif sub == "armorshred":
            enemy["armor"] = max(0, enemy["armor"] - int(change.args[1]))
            self._eff(effects, "armor", f"{target}'s Armor is now {enemy['armor']} for good", R.ARMORSHRED, amount=enemy["armor"],
                      card=target)
        elif sub == "defeated":
            if not enemy["defeated"]:
                self._defeat_enemy(d, enemy, effects)
        elif sub == "damage":
            dmg = int(change.args[1])
            soak = min(dmg, max(0, enemy["armor"] - enemy["armor_absorbed"]))
            if soak:
                enemy["armor_absorbed"] += soak
                self._eff(effects, "armor", f"{target}'s Armor absorbs {soak} this round", R.ARMOR, amount=soak,
                          card=target)
            old = enemy["health"]
            enemy["health"] = max(0, old - (dmg - soak))
            self._eff(effects, "enemy-health", f"{target}: {old} -> {enemy['health']} health", R.ENEMIES,
                      amount=enemy["health"], card=target)
            if enemy["health"] == 0 and not enemy["defeated"]:
                self._defeat_enemy(d, enemy, effects)
