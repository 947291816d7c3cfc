"""Catharsis: the Boss Decks' counters (Kill Point Tokens, Paradox) and status counters (Burn, Spore,
any other) on a player, an Enemy or the party."""
from __future__ import annotations

from .rule_ids import R


class CounterRules:
    """check and apply of `kpt`, `paradox`, `burn`, `spore` and `status`."""

    def _check_kpt(self, state, change, no):
        who, n = change.args[0], int(change.args[1])
        if state.boss not in ("ice-elf-lich", "other"):
            no(R.KPT, "Kill Point Tokens belong to the Ice Elf Lich Boss Deck")
        targets = state.players if who == "all" else [self._get_player(state, who)]
        for p in targets:
            if p.kpt + n < 0:
                no(R.KPT, f"{p.name} has only {p.kpt} Kill Point Tokens")

    def _check_paradox(self, state, change, no):
        n = int(change.args[0])
        if state.boss not in ("battle-with-fate", "other"):
            no(R.PARADOX, "Paradox belongs to the Battle with Fate Boss Deck")
        if state.paradox + n < 0:
            no(R.PARADOX, f"the party has only {state.paradox} Paradox")

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
