"""Catharsis: what is impossible about a described table (a situation file or a session)."""
from __future__ import annotations

from engine.base import Reason

from .rule_ids import R
from .rules_combat import capacity, owed, owed_rule
from .rules_costs import dice_word


def status(state) -> list[Reason]:
    out: list[Reason] = []
    if state.morale is not None and state.morale < 0:
        out.append(Reason(rule=R.MORALE_ZERO, message=f"Morale {state.morale} is below 0: the tracker goes no lower "
                                                      "(at 0 the party has lost)"))
    if state.morale is not None and state.morale_start is not None and state.morale > state.morale_start:
        out.append(Reason(rule=R.MORALE_MAX, message=f"Morale {state.morale} is above its start {state.morale_start}"))
    for p in state.players:
        if p.rerolls > 2:
            out.append(Reason(rule=R.REROLL_LIMIT, message=f"{p.name} has rerolled {p.rerolls} times; at most 2"))
        if p.dice and len(p.dice) != p.dice_count:
            out.append(Reason(rule=R.SIX_DICE, message=f"{p.name} has {dice_word(len(p.dice))}, {p.dice_count} expected"))
        if p.rerolls and not p.dice:
            out.append(Reason(rule=R.ROLL_ALL, message=f"{p.name} has rerolled without a roll"))
        if p.dead and any(pw.status != "discarded" for pw in p.powers):
            out.append(Reason(rule=R.DEATH, message=f"{p.name} is dead yet has powers on the board"))
        if not p.dead and p.powers and all(pw.status == "discarded" for pw in p.powers):
            out.append(Reason(rule=R.DEATH, message=f"{p.name} has discarded every power yet is alive"))
        if p.damage_due > capacity(p) and not p.dead:
            out.append(Reason(rule=R.TO_PARTY, message=f"{p.name} owes {p.damage_due} damage, more than "
                                                       f"would kill them ({capacity(p)})"))
        used_dice = sum(d.used for d in p.dice)
        if used_dice and not any(pw.used_round for pw in p.powers):
            out.append(Reason(rule=R.ACTIVATION, message=f"{p.name} has used dice but no power activated "
                                                         f"this round"))
    if state.phase == "combat" and not state.enemies and state.card in ("monster", "boss"):
        out.append(Reason(rule=R.COMBAT, message=f"round {state.round} of a combat against the revealed {state.card} with no Enemy in play: add it "
                                                 "(enemy \"NAME\" 8/10/12/14/16)"))
    debtors = owed(state)
    # owed damage may still be taken in the Enemy Attack Phase, or after the attack's combat ended
    # (an Enemy beaten meanwhile); a later step or the next card means the table moved on without it
    if debtors and state.phase != "between-cards" and not (state.phase == "combat"
                                                          and state.combat_step == "enemy-attack"):
        where = f"round {state.round}, {state.combat_step}" if state.phase == "combat" else state.phase
        for name, n in debtors:
            out.append(Reason(rule=owed_rule(state), message=f"{name} still owes {n} damage, "
                                                             f"yet the table has moved on ({where})"))
    return out
