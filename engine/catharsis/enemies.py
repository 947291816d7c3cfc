"""Catharsis: Enemies in play: their health for the party size, Armor, damage and defeat."""
from __future__ import annotations

from engine.base import Effect

from .rule_ids import R


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
