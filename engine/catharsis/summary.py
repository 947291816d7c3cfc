"""Catharsis: the small JSON-ready view of the table that `companion track` shows."""
from __future__ import annotations

from typing import Any

from .model import Power, State
from .vocabulary import EXHAUSTED, FACE_UP


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
