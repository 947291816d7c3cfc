"""Catharsis: the tracker verbs of the party's Morale and the refresh (its limits, thresholds, timing
and effects), and of the Boss Decks' counters (Kill Point Tokens, Paradox) and status counters (Burn,
Spore, any other) on a player, an Enemy or the party."""
from __future__ import annotations

from engine.base import Effect, Reason

from .model import EXHAUSTED, FACE_UP, State
from .rule_ids import R
from .rules_combat import owed, owed_text
from .track_readings import EMPTY_REFRESH, REFRESH_AT_START


class MoraleRules:
    """check and apply of `morale` and `refresh`."""

    def _check_morale(self, state, change, no):
        n = int(change.args[0])
        if state.morale is None:
            no(R.NO_MORALE, "this game has no Morale (morale=none)")
            return
        if n > 0 and state.morale + n > state.morale_start:
            room = state.morale_start - state.morale
            alts = (f"morale +{room}",) if room > 0 else ()
            no(R.MORALE_MAX, f"Morale can't rise above its starting value {state.morale_start} "
                      f"(it is {state.morale})", *alts)

    def _refresh_window(self, state) -> tuple[str, str] | None:
        """None when a Morale refresh is allowed now, else (rule key, why). In combat the window is
        open from the Refresh Phase until someone rolls dice for the next round (Morale; Step 4)."""
        if state.phase == "setup":
            return R.REFRESH_TIMING, "no Boss Deck card has been resolved yet (refresh comes after a card)"
        if state.phase == "card" and state.card in ("monster", "boss"):
            return R.REFRESH_TOO_LATE, (f"the revealed {state.card} is fought first; refresh after the Enemy "
                                f"is defeated (at the end of a combat round, or after the combat)")
        if state.phase == "card":
            return R.REFRESH_TOO_LATE, (f"the revealed {state.card or 'card'} is not resolved yet; "
                                f"refresh after it (type `resolved` first)")
        if state.phase == "combat":
            step = state.combat_step
            if step in ("refresh", "end-of-round"):
                return None
            if step == "enemy-attack":
                return R.REFRESH_PHASE, "the refresh comes after the Enemy attacks (combat refresh)"
            if state.round <= 1:
                return R.REFRESH_TOO_LATE, ("the Enemy's card has been revealed and no round has ended yet; the next "
                                    "refresh comes after the Enemy attacks")
            rolled = [p.name for p in state.players if p.dice]
            if step == "player-attack" and rolled:
                return R.REFRESH_TOO_LATE, (f"dice have been rolled for round {state.round} ({', '.join(rolled)}): "
                                    f"the refresh comes before anyone rolls")
        return None

    @staticmethod
    def _refresh_advice(state) -> tuple[str, ...]:
        """A command that works now and leads towards a refresh window."""
        if state.phase == "card":
            return ("combat start",) if state.card in ("monster", "boss") else ("resolved",)
        if state.phase == "combat" and state.combat_step == "enemy-attack":
            return ("combat refresh",)
        return ()

    def _check_refresh(self, state, change, no):
        if change.args and change.args[0] == "kpt":
            player, n = change.args[1], int(change.args[2])
            if state.boss not in ("ice-elf-lich", "other") or state.morale is not None:
                no(R.KPT, "Kill Point Tokens refresh only in the Ice Elf Lich game; refresh with Morale",
                   *(("refresh",) if state.morale and self._refresh_window(state) is None else ()))
            p = self._get_player(state, player)
            if p.kpt < n:
                no(R.KPT, f"{player} has only {p.kpt} Kill Point Tokens")
            if p.dead:
                no(R.DEAD_TARGET, f"{player} is dead")
            return
        if state.morale is None:
            no(R.NO_MORALE, "this game has no Morale; spend Kill Point Tokens to refresh",
               "refresh kpt NAME N")
            return
        window = self._refresh_window(state)
        if window:
            rule, why = window
            no(rule, f"can't refresh now: {why}", *self._refresh_advice(state))
            return
        pending = owed_text(state)
        if pending:
            no(R.REFRESH_PHASE, f"the Enemy's attack is not fully dealt: {pending}; the refresh comes after it",
               *(f"damage {name} exhaust N ..." for name, _ in owed(state)))
            return
        if state.phase == "combat" and state.combat_step in ("start-of-round", "player-attack"):
            no.unchecked(REFRESH_AT_START)
            if state.combat_step == "player-attack":
                no.unchecked(Reason(rule=R.REFRESH_TOO_LATE,
                                    message="whether anyone has rolled: only rolls typed with `roll` are known"))
        if not self._refreshes_something(state):
            no.unchecked(EMPTY_REFRESH)

    @staticmethod
    def _refreshes_something(state) -> bool:
        """Whether a Morale refresh would turn any power or Role face up now."""
        for p in state.players:
            if any(pw.status == EXHAUSTED for pw in p.powers):
                return True
            if p.role == "flipped" and (p.character not in ("Emberhoof", "Lumi") or p.may_unflip):
                return True
        return False

    def _set_morale(self, d: dict, new: int, effects: list[Effect]) -> None:
        old = d["morale"]
        new = max(0, new)  # the Morale tracker has no value below 0
        d["morale"] = new
        if new < old:
            for t in d["thresholds"]:  # highest first
                if new <= t["at"] < old and t["at"] not in d["thresholds_reached"]:
                    d["thresholds_reached"] = [*d["thresholds_reached"], t["at"]]
                    self._eff(effects, "threshold", f"Morale {t['at']} reached: {t['effect']}", R.THRESHOLDS,
                              amount=t["at"])
                elif new <= t["at"] < old:
                    self._eff(effects, "threshold-spent",
                              f"Morale {t['at']} again: its effect already happened once", R.TIER_ONCE,
                              amount=t["at"])
        if d["morale_start"] is not None and new > d["morale_start"]:
            self._eff(effects, "overruled", f"Morale {new} is above its start {d['morale_start']} "
                                            f"(kept as the table decided)", R.MORALE_MAX)

    def _apply_morale(self, d, change, effects):
        if d["morale"] is None:
            self._eff(effects, "no-morale", "this game has no Morale: nothing changed", R.NO_MORALE)
            return
        self._set_morale(d, d["morale"] + int(change.args[0]), effects)

    def _refresh_boards(self, d, players, effects, rule, what):
        count = 0
        for p in players:
            for pw in p["powers"]:
                if pw["status"] == EXHAUSTED:
                    pw["status"] = FACE_UP
                    count += 1
        self._eff(effects, "refresh", f"{what}: {count} exhausted powers face up again (discarded powers "
                                      f"stay discarded)", rule, amount=count)

    def _apply_refresh(self, d, change, effects):
        if change.args and change.args[0] == "kpt":
            p = self._p(d, change.args[1])
            p["kpt"] = max(0, p["kpt"] - int(change.args[2]))
            self._refresh_boards(d, [p], effects, R.KPT, f"{p['name']} spends {change.args[2]} KPT to refresh")
            return
        if d["morale"] is None:
            self._eff(effects, "no-morale", "this game has no Morale: nothing changed", R.NO_MORALE)
            return
        if not self._refreshes_something(State(**d)):
            self._eff(effects, "nothing-refreshed", "nothing to refresh: every power and Role already face up; "
                                                    "1 Morale spent all the same", R.REFRESH)
        self._refresh_boards(d, d["players"], effects, R.REFRESH, "refresh")
        for p in d["players"]:
            if p["role"] != "flipped":
                continue
            if p["character"] == "Emberhoof" and not p["may_unflip"]:
                self._eff(effects, "role-stays", f"{p['name']}'s Role (Emberhoof) stays flipped: it unflips "
                                                 f"only after someone gets Drunk", R.EMBER_UNFLIP)
            elif p["character"] == "Lumi" and not p["may_unflip"]:
                self._eff(effects, "role-stays", f"{p['name']}'s Role (Lumi) stays flipped: it unflips only "
                                                 f"after another character dies", R.LUMI_UNFLIP)
            else:
                self._unflip_role(d, p, effects, "refresh")
                self._eff(effects, "role", f"{p['name']}'s Role is face up again", R.REFRESH)
        self._set_morale(d, d["morale"] - 1, effects)
        if any(e.kind == "threshold" for e in effects):
            self._eff(effects, "order", "the threshold effect comes after the refresh", R.THRESHOLD_AFTER_REFRESH)


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
