"""Catharsis: the Roles: a Flip, and when a flipped Role turns face up again."""
from __future__ import annotations

from engine.base import Effect

from .readings import LUTHIA_FLIP
from .vocabulary import VESSEL_UPKEEP
from .rule_ids import R


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
