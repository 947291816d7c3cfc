"""Catharsis: what is impossible about a described table (a situation file or a session)."""
from __future__ import annotations

from engine.base import Reason
from engine.tracking import Findings

from .model import BOARD_MAX, DISCARDED, DIVINITY_MAX, DRINKS_MAX, FACE_UP, duo_copies, is_duo, round_at
from .rule_ids import R
from .rules_combat import capacity, owed, owed_rule
from .rules_costs import dice_word


def status(state) -> list[Reason]:
    no = Findings()
    low, high = (3, 7) if state.boss == "murder-mystery" else (1, 5)
    if not low <= len(state.players) <= high and state.players:
        no.forbid(R.PLAYER_COUNT, f"{state.boss} is for {low} to {high} characters, this table has "
                                  f"{len(state.players)}" + ("; only murder-mystery takes 6 or 7" if high == 5 else ""))
    if state.morale is not None and state.morale < 0:
        no.forbid(R.MORALE_ZERO, f"Morale {state.morale} is below 0: the tracker goes no lower "
                                 "(at 0 the party has lost)")
    if state.morale is not None and state.morale_start is not None and state.morale > state.morale_start:
        no.forbid(R.MORALE_MAX, f"Morale {state.morale} is above its start {state.morale_start}")
    if state.morale == 0 and state.outcome != "lost":
        no.forbid(R.MORALE_ZERO, "Morale is 0, yet the party has not lost (at 0 the party loses)")
    if state.players and all(p.dead for p in state.players) and state.outcome != "lost":
        no.forbid(R.ALL_DEAD, "every character is dead, yet the party has not lost")
    # the end marked while its condition cannot hold, as every game's status says it (Morale not tracked:
    # the table's word is taken)
    everyone_dead = bool(state.players) and all(p.dead for p in state.players)
    if state.outcome == "lost" and state.morale not in (None, 0) and not everyone_dead:
        no.forbid(R.LOSING, f"the party is marked lost, yet Morale is {state.morale} and not every character is dead")
    standing = [e.name for e in state.enemies if not e.defeated]
    if state.outcome == "won" and standing:
        no.forbid(R.WIN, f"the party is marked won, yet {', '.join(standing)} still "
                         f"{'stands' if len(standing) == 1 else 'stand'}")
    for p in state.players:
        if p.rerolls > 2:
            no.forbid(R.REROLL_LIMIT, f"{p.name} has rerolled {p.rerolls} times; at most 2")
        if p.dice and len(p.dice) != p.dice_count:
            no.forbid(R.SIX_DICE, f"{p.name} has {dice_word(len(p.dice))}, {p.dice_count} expected")
        if p.rerolls and not p.dice:
            no.forbid(R.ROLL_ALL, f"{p.name} has rerolled without a roll")
        if p.dead and any(pw.status != "discarded" for pw in p.powers):
            no.forbid(R.DEATH, f"{p.name} is dead yet has powers on the board")
        if not p.dead and p.powers and all(pw.status == "discarded" for pw in p.powers):
            no.forbid(R.DEATH, f"{p.name} has discarded every power yet is alive")
        if p.damage_due > capacity(state, p) and not p.dead and not _shared_card_spent(state, p):
            no.forbid(R.TO_PARTY, f"{p.name} owes {p.damage_due} damage, more than would kill them ({capacity(state, p)})")
        if any(d.used for d in p.dice) and not any(pw.used_round for pw in p.powers):
            no.forbid(R.ACTIVATION, f"{p.name} has used dice but no power activated this round")
        _counters(p, no)
    _duo_copies(state, no)
    for e in state.enemies:
        if not e.defeated and e.health < 1:
            no.forbid(R.ON_DEFEAT, f"{e.name} has {e.health} health yet is not defeated")
        if e.health > e.start_health:
            no.forbid(R.ENEMIES, f"{e.name} has {e.health} health, more than its {e.start_health} at the start "
                                 "(an Enemy is never healed)")
    if state.phase == "combat" and not state.enemies and state.card in ("monster", "boss"):
        no.forbid(R.COMBAT, f"round {state.round} of a combat against the revealed {state.card} with no Enemy in "
                            "play: add it (enemy \"NAME\" 8/10/12/14/16)")
    # owed damage may still be taken in the Enemy Attack Phase, or after the attack's combat ended
    # (an Enemy beaten meanwhile); a later step or the next card means the table moved on without it.
    # A Morale threshold's damage is owed from wherever Morale reached it (a refresh in the Refresh Phase
    # or at the Start of Round, a Trap's loss), and the tracker lets a combat's steps go on past it: not
    # a table moved on
    threshold = state.threshold_owed and state.attack is None
    if state.phase != "between-cards" and not threshold \
            and not (state.phase == "combat" and state.combat_step == "enemy-attack"):
        where = (round_at(state) if state.phase == "combat"
                 else f"a {state.card} card is revealed" if state.phase == "card" and state.card else state.phase)
        for name, n in owed(state):
            no.forbid(owed_rule(state), f"{name} still owes {n} damage, yet the table has moved on ({where})")
    return no.problems


def _counters(p, no) -> None:
    """A player's counters past their limits: Divinity (and the Vessel without any), Drinks, powers on the
    board, Levels, Combo on a power that is not face up (exhausting a power discards it) and Ice on a
    discarded power."""
    if p.divinity > DIVINITY_MAX:
        no.forbid(R.DIVINITY_MAX, f"{p.name} holds {p.divinity} Divinity; at most {DIVINITY_MAX}")
    if p.vessel and not p.divinity:
        no.forbid(R.VESSEL_REVERT, f"{p.name} is the Vessel with 0 Divinity; at 0 she turns back at once")
    if sum(pw.status != DISCARDED for pw in p.powers) > BOARD_MAX:
        no.forbid(R.BOARD_LIMIT, f"{p.name}'s board holds {sum(pw.status != DISCARDED for pw in p.powers)} powers; "
                                 f"at most {BOARD_MAX} (a reading: the cap counts powers, the Role not counted)")
    if p.drinks > DRINKS_MAX:
        no.forbid(R.DRINK_MAX, f"{p.name} holds {p.drinks} Drinks; at most {DRINKS_MAX}")
    for i, pw in enumerate(p.powers, 1):
        if pw.level is not None and not 1 <= pw.level <= 3:
            no.forbid(R.LEVEL_3, f"{p.name}'s power {i} ({pw.name}) is at Level {pw.level}; Levels run 1 to 3")
        if pw.combo and pw.status != FACE_UP:
            no.forbid(R.COMBO_EXHAUST, f"{p.name}'s power {i} ({pw.name}) is {pw.status} yet holds {pw.combo} Combo")
        if pw.ice and pw.status == DISCARDED:
            no.forbid(R.ICE_GONE, f"{p.name}'s power {i} ({pw.name}) is {pw.status} yet holds {pw.ice} Ice")


def _shared_card_spent(state, p) -> bool:
    """Whether p holds a duo power no longer face up: a partner's points may have spent it after p's share
    was assigned, leaving p owing more than their board now takes (the rulebook does not say what becomes
    of the rest; p takes what kills them)."""
    return any(pw.status != FACE_UP and is_duo(state, pw.name) for pw in p.powers)


def _duo_copies(state, no) -> None:
    """A duo power is one card: its copies on the partners' boards show the same side up and the same Ice."""
    said = set()
    for p in state.players:
        for pw in p.powers:
            for q, slot in duo_copies(state, p.name, pw.name):
                other, pair = q.powers[slot - 1], frozenset((p.name, q.name, pw.name.lower()))
                if pair not in said and (pw.status, pw.ice) != (other.status, other.ice):
                    said.add(pair)
                    no.forbid(R.DUO_SHARED, f"{pw.name} is one duo card, yet it is {pw.status} with {pw.ice} Ice on "
                                            f"{p.name}'s board and {other.status} with {other.ice} Ice on {q.name}'s")
