"""Catharsis: the tracker verbs of the party's Morale and the refresh (its limits, thresholds, timing
and effects), and of the Boss Decks' counters (Kill Point Tokens, Paradox) and status counters (Burn,
Spore, any other) on a player, an Enemy or the party."""
from __future__ import annotations

from engine.base import Reason
from engine.tracking import Counter, Verb

from .model import EXHAUSTED, player_of
from . import notation_track as words
from .rule_ids import R
from .table import Table
from .track_boards import OWN_UNFLIP
from .track_combat import fight_advice, owed_first
from .track_readings import DURHAK_REFRESH, EMPTY_REFRESH, KPT, REFRESH_AT_START


def check_morale(state, change, no):
    n = int(change.args[0])
    if state.morale is None:
        no.forbid(R.NO_MORALE, "this game has no Morale (morale=none)")
        return
    if n > 0 and state.morale + n > state.morale_start:
        room = state.morale_start - state.morale
        alts = (f"morale +{room}",) if room > 0 else ()
        no.forbid(R.MORALE_MAX, f"Morale can't rise above its starting value {state.morale_start} "
                         f"(it is {state.morale})", *alts)


def refresh_window(state) -> tuple[str, str] | None:
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


def refresh_advice(state) -> tuple[str, ...]:
    """A command that works now and leads towards a refresh window."""
    if state.phase == "card":
        return (fight_advice(state),) if state.card in ("monster", "boss") else ("resolved",)
    if state.phase == "combat" and state.combat_step == "enemy-attack":
        return ("combat refresh",)
    return ()


def check_refresh(state, change, no):
    if change.args and change.args[0] == "kpt":
        player, n = change.args[1], int(change.args[2])
        if state.boss not in ("ice-elf-lich", "other") or state.morale is not None:
            no.forbid(R.KPT, "Kill Point Tokens refresh only in the Ice Elf Lich game; refresh with Morale",
               *(("refresh",) if state.morale and refresh_window(state) is None else ()))
        p = player_of(state, player)
        if p.kpt < n:
            no.forbid(R.KPT, f"{player} has only {p.kpt} Kill Point Tokens")
        if p.dead:
            no.forbid(R.DEAD_TARGET, f"{player} is dead")
        return
    if state.morale is None:
        no.forbid(R.NO_MORALE, "this game has no Morale; spend Kill Point Tokens to refresh",
           "refresh kpt NAME N")
        return
    window = refresh_window(state)
    if window:
        rule, why = window
        no.forbid(rule, f"can't refresh now: {why}", *refresh_advice(state))
        return
    owed_by = R.THRESHOLDS if state.threshold_owed and state.attack is None else R.REFRESH_PHASE
    if owed_first(state, no, owed_by, "; the refresh comes after it"):
        return
    if state.phase == "combat" and state.combat_step in ("start-of-round", "player-attack"):
        no.leave_open(REFRESH_AT_START)
        if state.combat_step == "player-attack":
            no.note(R.REFRESH_TOO_LATE, "whether anyone has rolled: only rolls typed with `roll` are known")
    if not refreshes_something(state):
        no.leave_open(EMPTY_REFRESH)


def refreshes_something(state) -> bool:
    """Whether a Morale refresh would turn any power or Role face up now."""
    return any(any(pw.status == EXHAUSTED for pw in p.powers)
               or p.role == "flipped" and (p.character not in OWN_UNFLIP or p.may_unflip)
               for p in state.players)


def apply_morale(t: Table, change) -> None:
    if t.d["morale"] is None:
        t.say("no-morale", "this game has no Morale: nothing changed", R.NO_MORALE)
        return
    t.set_morale(t.d["morale"] + int(change.args[0]))


def apply_refresh(t: Table, change) -> None:
    if change.args and change.args[0] == "kpt":
        p = t.player(change.args[1])
        p["kpt"] = max(0, p["kpt"] - int(change.args[2]))
        if not any(pw["status"] == EXHAUSTED for pw in p["powers"]):
            t.say("nothing-refreshed", f"nothing was refreshed: none of {p['name']}'s powers could turn face up; "
                                       f"{change.args[2]} KPT spent all the same", R.KPT)
        t.refresh_boards([p], R.KPT, f"{p['name']} spends {change.args[2]} KPT to refresh")
        return
    if t.d["morale"] is None:
        t.say("no-morale", "this game has no Morale: nothing changed", R.NO_MORALE)
        return
    if not refreshes_something(t.freeze()):
        t.say("nothing-refreshed", "nothing was refreshed: no power or Role could turn face up; "
                                   "1 Morale spent all the same", R.REFRESH)
    t.refresh_boards(t.d["players"], R.REFRESH, "refresh")
    for p in (q for q in t.d["players"] if q["role"] == "flipped"):
        if p["character"] in OWN_UNFLIP and not p["may_unflip"]:
            when, rule = OWN_UNFLIP[p["character"]]
            t.say("role-stays", f"{p['name']}'s Role ({p['character']}) stays flipped: it unflips only after {when}", rule)
        else:
            t.unflip_role(p, "refresh")
            t.say("role", f"{p['name']}'s Role is face up again", R.REFRESH)
    t.set_morale(t.d["morale"] - 1)
    if any(e.kind == "threshold" for e in t.effects):
        t.say("order", "the threshold effect comes after the refresh", R.THRESHOLD_AFTER_REFRESH)


def check_kpt(state, change, no):
    who, n = change.args[0], int(change.args[1])
    if state.boss not in ("ice-elf-lich", "other"):
        no.forbid(R.KPT, "Kill Point Tokens belong to the Ice Elf Lich Boss Deck")
    targets = state.players if who == "all" else [player_of(state, who)]
    for p in targets:
        if p.kpt + n < 0:
            no.forbid(R.KPT, f"{p.name} has only {p.kpt} Kill Point Tokens")


def check_paradox(state, change, no):
    n = int(change.args[0])
    if state.boss not in ("battle-with-fate", "other"):
        no.forbid(R.PARADOX, "Paradox belongs to the Battle with Fate Boss Deck")
    if state.paradox + n < 0:
        no.forbid(R.PARADOX, f"the party has only {state.paradox} Paradox")


def apply_kpt(t: Table, change) -> None:
    who, n = change.args[0], int(change.args[1])
    for p in (p for p in t.d["players"] if who in ("all", p["name"])):
        p["kpt"] = max(0, p["kpt"] + n)


def apply_paradox(t: Table, change) -> None:
    t.d["paradox"] = max(0, t.d["paradox"] + int(change.args[0]))


def apply_counter(t: Table, change) -> None:
    target, kind, n = change.args[0], change.args[1], int(change.args[2])
    if target == "party":
        bag = t.d["party_status"]
    elif target.startswith("enemy:"):
        bag = next(e for e in t.d["enemies"] if e["name"] == target[6:])["status"]
    else:
        bag = t.player(target)["status"]
    value = max(0, bag.get(kind, 0) + n)
    if value:
        bag[kind] = value
    else:
        bag.pop(kind, None)


def refresh_readings(change, kinds, rules) -> list[Reason]:
    """The readings a legal refresh decided: Durhak's damage from it, and what a KPT refresh turns up."""
    out = [DURHAK_REFRESH] if "durhak-damage" in kinds else []
    if change.args and change.args[0] == "kpt":
        out.append(KPT)
    return out


#: this topic's verbs (engine.tracking.Verb rows); its tokens' verbs are listed last (track.VERBS)
VERBS = {
    "morale": Verb(check_morale, apply_morale, read=("party-change",), counter=Counter("morale", of_player=False),
                   after_win=lambda change: int(change.args[0]) < 0,  # a Boss's On Defeat may still cost Morale
                   usage="change Morale: morale -1 | morale +1 (never above the start)"),
    "refresh": Verb(check_refresh, apply_refresh, read=words.read_refresh, readings=refresh_readings,
                    usage="spend 1 Morale: all powers unexhaust, Roles unflip: refresh "
                          "(Ice Elf Lich: refresh kpt ann 2 spends Ann's KPT)"),
}
#: the verbs of the Boss Decks' counters and the status counters
TOKEN_VERBS = {
    "kpt": Verb(check_kpt, apply_kpt, ("kill-points", "kp"), read=("player-or-all", "change"), counter=Counter("kpt"),
                usage="Kill Point Tokens (Ice Elf Lich): kpt ann +2 | kpt all +1 | kpt ann -3"),
    "paradox": Verb(check_paradox, apply_paradox, read=("party-change",), counter=Counter("paradox", of_player=False),
                    usage="party Paradox (Battle with Fate): paradox +2"),
    "burn": Verb(None, apply_counter, read=("target", "verb", "change"),
                 usage="Burn counters on a player, an enemy or the party: burn crab +2 | burn ann -1"),
    "spore": Verb(None, apply_counter, ("spores",), read=("target", "verb", "change"),
                  usage="Spore counters: spore ann +1"),
    "status": Verb(None, apply_counter, ("counter",), read=("target", "name", "change"),
                   usage="any other counter: status party treasure +1 | status crab poison +2"),
}
