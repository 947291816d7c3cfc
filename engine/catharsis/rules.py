"""Catharsis: the referee of plays: check(), apply() and legal_moves(), pure functions of the State
(a tracker command as a play is judged and made by the tracker's verbs)."""
from __future__ import annotations

from collections import Counter
from functools import partial
from typing import Any

from engine.base import EngineError, Effect, Verdict
from engine.tracking import Change, Findings
from engine.words import quote

from . import rules_combat, track, track_boards
from .model import (DISCARDED, PowerCard, State, ability_of, ability_shown, card_of, character_named,
                    player_of, round_at, shipped)
from .notation import Play, format_card, format_play
from .notation_track import quoted
from .rule_ids import R
from .rules_combat import dice_partners, judge_alternation, refuse_activation
from .rules_costs import dice_word, parse_cost, pay, solve, why_not
from .rules_cards import unknown
from .table import Table
from .track_readings import readings_of

DICE_PLAYS = ("roll", "reroll", "adjust", "use", "boost")
REROLLS = 2


def unused(p) -> list[int]:
    return [d.value for d in p.dice if not d.used]


def _dice_text(values) -> str:
    return " ".join(str(v) for v in sorted(values)) or "none"


def shortfall(named, have) -> str:
    """What the named dice lack, value by value: "only 2 unused dice show 4, 3 named" ("": none)."""
    want, got = Counter(named), Counter(have)
    parts = []
    for value in sorted(v for v in want if want[v] > got[v]):
        if got[value]:
            shown = "unused die shows" if got[value] == 1 else "unused dice show"
            parts.append(f"only {got[value]} {shown} {value}, {want[value]} named")
        else:
            parts.append(f"no unused die shows {value}" + (f", {want[value]} named" if want[value] > 1 else ""))
    return "; ".join(parts)


# ------------------------------------------------------------------------------------- check

def check(state: State, play: Play, advise: bool = True) -> Verdict:
    """A play's verdict; a play that is a tracker command is judged by the tracker's verbs (track.py)."""
    v = Findings()
    if play.kind == "change":
        return track.check(state, play.change)
    if play.kind == "pay":  # a question about dice, whatever the table's state: do these dice pay this cost?
        judge_payment(parse_cost(play.target), list(play.values), True, v)
        return v.verdict()
    if state.outcome is not None:
        v.forbid(R.WIN if state.outcome == "won" else R.LOSING, f"the game is over (the party has {state.outcome}); no more plays")
        return v.verdict()
    if play.kind in DICE_PLAYS:
        _check_phase(state, play, v)
    if not v.problems:
        globals()["_check_" + play.kind](state, play, v)
    if not v.problems:
        _, effects = _apply(state, play)
        v.effects = effects + v.effects
        v.leave_open(*readings_of(play, effects))  # what its table work rests on, as a tracker change's
    elif advise:
        v.advice = [a for a in v.advice if track.works(state, a, partial(check, advise=False))]
    return v.verdict()


def _check_phase(state: State, play: Play, v: Findings) -> None:
    p = player_of(state, play.player)
    if p.dead:
        v.forbid(R.DEATH, f"{p.name} is dead: a dead player rolls and uses nothing")
    if state.phase == "card" and state.card in ("trap", "event"):
        v.forbid(R.NO_POWERS, f"no powers or dice while a {state.card} is revealed")
    elif state.phase == "card" and state.card == "special":
        v.note(R.SPECIALS, "dice outside combat (a Special's cost): the rulebook gives no procedure")
        v.note(R.QUICK_SPECIAL, track_boards.SPECIAL_POWERS)
    rules_combat.refuse_dice_off_step(state, v)


def _check_roll(state: State, play: Play, v: Findings) -> None:
    p = player_of(state, play.player)
    if p.dice:
        left = REROLLS - p.rerolls
        v.forbid(R.ROLL_ALL, f"{p.name} has already rolled this phase ({_dice_text(unused(p))} unused); "
                             f"{left} reroll{'s' if left != 1 else ''} left",
                 *((f"reroll {quoted(p.name)} {_dice_text(unused(p))} to ...",) if left > 0 and unused(p) else ()))
    if len(play.values) != p.dice_count:
        v.forbid(R.SIX_DICE, f"{p.name} rolls all {dice_word(p.dice_count)}, {len(play.values)} given")
    if not v.problems:
        v.say("roll", f"{p.name} rolls {_dice_text(play.values)}; {REROLLS} rerolls left this phase", R.ROLL_ALL,
              who=p.name)


def _check_reroll(state: State, play: Play, v: Findings) -> None:
    p = player_of(state, play.player)
    if not p.dice:
        v.forbid(R.ROLL_ALL, f"{p.name} has not rolled yet this phase: roll all dice first",
                 f"roll {quoted(p.name)} ...")
        return
    if p.rerolls >= REROLLS:
        v.forbid(R.REROLL_LIMIT, f"{p.name} has rerolled {p.rerolls} times this phase; at most {REROLLS} "
                                 f"(as Dave, who is stuck with his dice after his second reroll)")
        v.forbid(R.DAVE_EXAMPLE, "after two rerolls the dice stay as they are; a partner may still adjust them")
    if not play.values:
        v.forbid(R.REROLL_WHICH, "name the dice to reroll (any number of them, rolled together)")
    if shortfall(play.values, unused(p)):
        used = [d.value for d in p.dice if d.used]
        v.forbid(R.REROLL_WHICH, f"{p.name}: {shortfall(play.values, unused(p))} to reroll "
                                 f"(unused: {_dice_text(unused(p))}" + (f"; used: {_dice_text(used)}" if used else "")
                 + ")")
    if play.results is not None and len(play.results) != len(play.values):
        v.forbid(R.REROLL_WHICH, f"{dice_word(len(play.values))} rerolled together, {len(play.results)} "
                                 f"result{'s' if len(play.results) != 1 else ''} given")
    if not v.problems:
        left = REROLLS - p.rerolls - 1
        v.say("reroll", f"{p.name} rerolls {_dice_text(play.values)} together (any dice may be "
                        f"chosen; the rest are kept)", R.REROLL_WHICH, who=p.name)
        v.say("rerolls-left", f"reroll {p.rerolls + 1} of {REROLLS}: {left} left this phase", R.REROLL_LIMIT,
              who=p.name, amount=left)
        if play.results is None:
            v.note(R.REROLL_WHICH, "what the rerolled dice came up: add `to 1 2 5` to play it")


def _check_adjust(state: State, play: Play, v: Findings) -> None:
    p = player_of(state, play.player)
    value, by = play.values[0], play.amount
    if play.by and player_of(state, play.by).dead:
        v.forbid(R.DEATH, f"{play.by} is dead and activates nothing")
    if by == 0:
        v.forbid(R.ADJUST, "an adjustment changes a die up or down by its number; +0 changes nothing")
        return
    if not p.dice:
        v.forbid(R.ADJUST, f"{p.name} has not rolled yet: there is no die to adjust")
        return
    if value not in unused(p):
        if any(d.used and d.value == value for d in p.dice):
            v.forbid(R.ADJUST_USED, f"{p.name}'s die showing {value} is used: used dice cannot be adjusted")
        else:
            v.forbid(R.ADJUST, f"{p.name} has no unused die showing {value} (unused: {_dice_text(unused(p))})")
        return
    new = value + by
    if not 1 <= new <= 6:
        other = value - by
        source = (f" by {quoted(play.by)}" + (f" {play.slot} {play.half}" if play.slot else "")) if play.by else ""
        alts = (f"adjust {quoted(p.name)} {value} {-by:+d}{source}",) if 1 <= other <= 6 else ()
        v.forbid(R.ADJUST_WRAP, f"{value} {by:+d} would leave 1..6; dice do not wrap around")
        v.forbid(R.ADJUST_DIRECTION, "adjust it the other way or choose another die" if alts else "choose another die",
                 *alts)
        return
    die = adjusted_die(p, value)
    who = f" by {play.by}" if play.by else ""
    v.say("adjust", f"{p.name}'s {value} becomes {new}{who} (any player's unused dice may be adjusted)", R.ADJUST,
          who=p.name, amount=new)
    if die.adjusted:
        v.say("stacked", f"that die was already adjusted {die.adjusted:+d} this phase; adjustments stack "
                         f"({die.adjusted + by:+d} in all)", R.ADJUST)
    if play.by and play.slot:
        _granted(state, play, v)
    else:
        v.note(R.ADJUST, "which ability makes this adjustment is not named, so its size is not judged (name it: "
                         f"adjust {quoted(p.name)} {value} {by:+d} by PLAYER POWER top|bottom)")


def _granted(state: State, play: Play, v: Findings) -> None:
    """An adjustment tied to the ability that grants it: that ability was activated this round,
    it adjusts by exactly its number, and no more dice than it says."""
    owner = player_of(state, play.by)
    pw, card, ability = ability_of(state, owner, play.slot, play.half)
    what = f"{owner.name}'s {pw.name} ({play.half})"
    if not pw.used_round:
        v.forbid(R.ADJUST, f"{what} has not been activated this round: its adjustment comes with activating it",
                 f"use {quoted(owner.name)} {play.slot} {play.half}")
        return
    if pw.used_half not in (None, play.half):  # one ability per power: the other one was activated
        v.forbid(R.ONE_PER_POWER, f"{what}: {owner.name} activated its {pw.used_half} ability this round, not its "
                                  f"{play.half}, so the {play.half}'s adjustment never came (one ability per power)")
        return
    if ability is None or ability.adjust is None:
        v.note(R.ADJUST, unknown(pw.name, f"{play.half} adjustment", f"{play.half}-adjust", card)
               + ": the size is not judged")
        return
    if abs(play.amount) != ability.adjust:
        v.forbid(R.ADJUST, f"{what} adjusts a die by {ability.adjust}, up or down: {play.amount:+d} given",
                 *(f"adjust {quoted(play.player)} {play.values[0]} {s:+d} by {quoted(owner.name)} {play.slot} {play.half}"
                   for s in (ability.adjust, -ability.adjust)))
        return
    if ability.adjust_dice is None:
        v.note(R.ADJUST, unknown(pw.name, f"{play.half} adjustment's number of dice", f"{play.half}-adjust-dice", card)
               + ": how many dice it adjusts is not judged")
    elif pw.adjusted_round >= ability.adjust_dice:
        v.forbid(R.ADJUST, f"{what} adjusts {dice_word(ability.adjust_dice)}; {pw.adjusted_round} already adjusted "
                           f"this round")


def _check_use(state: State, play: Play, v: Findings) -> None:
    p = player_of(state, play.player)
    pw, card, ability = ability_of(state, p, play.slot, play.half)
    refuse_activation(state, p, pw, play.slot, v, play.half)
    if pw.status == DISCARDED:
        return
    if not p.dice:
        v.forbid(R.ROLL_ALL, f"{p.name} has not rolled yet this phase", f"roll {quoted(p.name)} ...")
        return
    if card and card.duo and p.character:
        payer = card.duo[0] if play.half == "top" else card.duo[1]
        if payer != p.character:
            v.forbid(R.DUO_HALF, f"{pw.name} is a duo power: {play.half} is paid by {payer}, {p.name} plays "
                                 f"{p.character}")
    if pw.ice >= 2:
        v.note(R.MORE_ICE, f"{pw.name} holds {pw.ice} Ice, which makes it cheaper to activate; by how much is "
                           f"on Lumi's cards, so the cost is judged as printed")
    judge_alternation(p, pw, card, v)
    have = unused(p)
    if play.with_dice and shortfall(play.values, have):
        partners = dice_partners(state, p)
        if not partners or shortfall(play.values, have + [x for q in partners for x in unused(q)]):
            v.forbid(R.OWN_DICE, f"{p.name}: {shortfall(play.values, have)} (unused: {_dice_text(have)}); only a "
                                 "player's own dice pay")
            return
        soraten = ", ".join(q.name for q in [p, *partners] if q.character == "Soraten" and q.role == "flipped")
        v.say("partner-dice", f"what {p.name}'s own unused dice ({_dice_text(have)}) lack of {_dice_text(play.values)} "
                              f"comes from {' or '.join(q.name for q in partners)}: {soraten} (Soraten) flipped his Role, "
                              "which Partners him with another player to share dice", R.SORATEN_PARTNER, who=p.name)
        v.note(R.SORATEN_PARTNER, f"whom {soraten} Partnered and on what terms is on his Role card, which the rulebook "
                                  "does not print: the sharing is not judged")
    cost_text, unknown_why = cost_to_pay(pw, card, ability, play.half)
    level = f", Level {pw.level}" if pw.level and pw.level > 1 else ""
    if cost_text is None:
        v.note(R.DICE_COSTS, f"{unknown_why}: the dice are not judged against it")
        if not play.with_dice:
            v.note(R.ACTIVATION, "no dice named: none are set aside")
    elif not judge_payment(cost := parse_cost(cost_text), list(play.values) if play.with_dice else have, play.with_dice, v,
                           f"of {pw.name} ({play.half}{level})"):
        v.advice.extend(f"use {quoted(p.name)} {play.slot} {play.half} with {_dice_text(have[i] for i in payment.positions())}"
                        for payment in solve(cost, have))
        return
    if short := rules_combat.short_of_divinity(p, ability):
        v.forbid(R.DIVINITY_SPEND, f"{pw.name} ({play.half}): {short}; Divinity that is not there cannot be spent")
        return
    if cost_text is not None or not v.problems:  # a refused use of an unknown cost says nothing of what it does
        rules_combat.combo_verdict(state, p, pw, card, ability, play, v)
        _what_it_does(p, pw, card, ability, play, v)


def cost_to_pay(pw, card, ability, half: str) -> tuple[str | None, str]:
    """(the cost the power's ability asks now, or None; when None, what is unknown and the command
    that teaches it). A Luthia power above Level 1 asks its Level's cost."""
    if card is None and pw.name.isdigit():
        return None, (f"power {pw.name} has no name, so its card and {half} cost are unknown (name it: "
                      f"rename PLAYER {pw.name} NAME)")
    if card is not None and ability is None and (card.ground or card.flight):
        if pw.side is None:
            return None, (f"the side {pw.name} shows is not recorded, so which side's {half} cost applies is "
                          f"unknown (record it: side PLAYER N ground|flight)")
        return None, unknown(pw.name, f"{pw.side.capitalize()} {half} cost", f"{pw.side}-{half}", card)
    level = pw.level if pw.level and pw.level > 1 else None  # Level 1 pays the printed `cost`
    cost = None if ability is None else ability.levels.get(str(level)) if level else ability.cost
    if cost is not None:
        return cost, ""
    if ability is not None and level:
        return None, unknown(pw.name, f"{half} cost at Level {level}", f"{half}-level-{level}", card)
    return None, unknown(pw.name, f"{half} cost", half, card)


def _what_it_does(p, pw, card, ability, play: Play, v: Findings) -> None:
    """What the card says the ability does: its attacks and its adjustment (a Goz top places a Combo
    instead, so its effect is not reported here). The damage it prevents is the table's: Table.prevent."""
    if ability is None or (p.character == "Goz" and play.half == "top" and not (card and card.duo)):
        return
    if ability.attacks:
        parts = ", ".join(str(a) for a in ability.attacks)
        v.say("attacks", f"{pw.name} ({play.half}) deals {parts} damage"
                         + (f" ({len(ability.attacks)} attacks, each may target another Enemy)" if len(ability.attacks) > 1 else ""),
              R.ATTACK, who=p.name, amount=sum(ability.attacks), card=pw.name)
    if ability.adjust:
        n = ability.adjust_dice or 1
        v.say("may-adjust", f"{pw.name} ({play.half}) adjusts {dice_word(n)} by {ability.adjust} "
                            f"(adjust PLAYER DIE +-{ability.adjust} by {p.name} {play.slot} {play.half})", R.ADJUST,
              who=p.name, amount=ability.adjust, card=pw.name)


def judge_payment(cost, dice: list[int], exact: bool, v: Findings, what: str = "") -> bool:
    """Whether the dice pay the cost (all of them, when `exact`): the payment as an effect, or for
    each alternative the symbol or group that cannot be formed."""
    if any(letter > "B" for option in cost.options for letter, _ in option.groups):
        v.note(R.SYM_BB, "reading: a CC (or later letter) is judged like BB, its value unlike every other die on "
                         "the ability (open in the rulebook: 'Player Decks' defines only AA and BB)")
    payments = [payment for payment in solve(cost, dice) if not exact or payment.option.size == len(dice)]
    if not payments:
        for option in cost.options:
            if exact and option.size != len(dice) and pay(option, dice) is not None:
                v.forbid(R.PAY_FULL, f"`{option.text()}` takes exactly {dice_word(option.size)}, {len(dice)} given "
                                     f"(paid in full, nothing extra)")
            else:
                v.forbid(_symbol_rule(option), f"{_dice_text(dice)} cannot pay `{option.text()}`: "
                                               f"{why_not(option, dice, 'given' if exact else 'unused')}")
        if len(cost.options) > 1:
            v.forbid(R.DOUBLE_LINE, f"no alternative of `{cost.text()}` is paid")
        return False
    paid = payments[0]
    v.say("paid", f"{_dice_text(sorted(dice[i] for i in paid.positions()))} pay "
                  f"`{paid.option.text()}`{' ' + what if what else ''}: "
                  + ", ".join(f"{sym}={dice[i]}" for sym, i in paid.uses), _symbol_rule(paid.option))
    if len(cost.options) > 1:
        v.say("choice", f"of `{cost.text()}` the choice `{paid.option.text()}` is paid", R.DOUBLE_LINE)
    return True


def _symbol_rule(option) -> str:
    if any(letter != "A" for letter, _ in option.groups):
        return R.SYM_BB
    if option.groups:
        return R.SYM_AA
    if option.exact:
        return R.SYM_NUMBER
    return R.SYM_WILD


_check_boost = rules_combat.boost_verdict  # check() finds each kind's check by its name


def _check_attack(state: State, play: Play, v: Findings) -> None:
    if state.phase != "combat" or state.combat_step != "enemy-attack":
        v.forbid(R.READ_ATTACK, "the Enemy attacks in the Enemy Attack Phase", "combat enemy")
        return
    if play.amount <= 0:
        v.forbid(R.READ_ATTACK, "an attack deals 1 damage or more")
        return
    if state.attack is not None:  # a second attack would drop the first one's damage
        to, waiting = state.attack
        v.forbid(R.READ_ATTACK, f"the attack of {waiting} to the {to} is not shared yet: share it first (assign NAME "
                                "N ...), then record the next attack",
                 *(format_play(a) for a in rules_combat.assignments(state)[:5]))
        return
    rule = R.TO_PARTY if play.to == "party" else R.A_PLAYER
    whom = "to the party: the players share it" if play.to == "party" else "to one player of the party's choice"
    v.say("attack", f"{play.amount} damage {whom} (assign NAME N ...)", rule, amount=play.amount)


_check_assign = rules_combat.assign_verdict


def _check_card(state: State, play: Play, v: Findings) -> None:
    before = card_of(state, play.card.name)
    over = " (only the fields given change; the rest of the card stays)" if before is not None else ""
    v.say("card", f"{play.card.name} described for this table{over}: "
                  + format_card(play.card).removeprefix(f"card {quote(play.card.name)} "),
          R.DICE_COSTS, card=play.card.name)


# ------------------------------------------------------------------------------------- apply

def apply(state: State, play: Play, overruled: bool = False) -> State:
    """The State after a play; a play that is a tracker command is made by the tracker's verbs."""
    if play.kind == "change":
        return track.apply(state, play.change)[0]
    if play.kind == "pay":
        raise EngineError("`pay COST with DICE` is a question for `companion check`; it changes nothing to play")
    if play.kind == "reroll" and play.results is None:
        raise EngineError(f"say what the dice came up: reroll {play.player} {_dice_text(play.values)} to ...")
    if not overruled:
        verdict = check(state, play)
        if not verdict.legal:
            raise EngineError(f"illegal play {format_play(play)!r}: {verdict.reasons[0].message} "
                              f"({verdict.reasons[0].rule}); play it with --overrule if the table insists")
    return _apply(state, play)[0]


def _apply(state: State, play: Play) -> tuple[State, list[Effect]]:
    """A play's transition on the working table (an ability's use is the tracker's `use` on it)."""
    if play.kind == "reroll" and play.results is None:  # only asked about: nothing thrown yet
        return state, []
    table = Table(state)
    TRANSITIONS[play.kind](state, table, play)
    return table.freeze(), table.effects


def _use(state: State, table: Table, play: Play) -> None:
    """The dice paying the ability set aside (the cheapest payment when none are named), then the
    tracker's `use` and the ability's damage."""
    p = player_of(state, play.player)
    have = unused(p)
    values = list(play.values)
    if not play.with_dice:
        pw, card, ability = ability_of(state, p, play.slot, play.half)
        cost_text, _ = cost_to_pay(pw, card, ability, play.half)
        if cost_text is not None:
            pays = solve(parse_cost(cost_text), have)
            if pays:
                values = [have[i] for i in pays[0].positions()]
    table.set_aside(play.player, values, play.slot, [q.name for q in dice_partners(state, p)])
    mid = table.freeze()
    pl = player_of(mid, play.player)
    pw, card, ability = ability_of(mid, pl, play.slot, play.half)
    finish, _, _ = rules_combat.finisher(mid, pl, pw, card, ability, play.half)
    duo = card is not None and card.duo is not None
    free = ability is not None and not ability.exhausts and (pl.character != "Goz" or duo)
    track.change_table(table, Change(verb="use", args=(play.player, play.slot, play.half, *(("free",) if free else ()),
                                                 *(("duo",) if duo else ()))))
    if spend := rules_combat.divinity_spent(ability):
        track.change_table(table, Change(verb="divinity", args=(play.player, f"-{spend}")))
        table.say("divinity", f"{play.player} spends {spend} Divinity on {pw.name} ({play.half}): "
                              f"{table.player(play.player)['divinity']} left", R.DIVINITY_SPEND)
    if ability is not None and not (pl.character == "Goz" and play.half == "top" and not duo):  # a Goz top: Combo
        table.ability_damage(play.player, f"{pw.name} ({play.half})", ability.attacks)
    if finish:  # a Goz finisher deals what the Combo count removed lists, as printed attacks are dealt
        table.ability_damage(play.player, f"{pw.name} ({pw.combo} Combo removed)", finish)


#: play kind -> its transition on the working table
TRANSITIONS = {
    "roll": lambda state, table, play: table.roll(play.player, play.values),
    "reroll": lambda state, table, play: table.reroll(play.player, play.values, play.results),
    "adjust": lambda state, table, play: table.adjust(play.player, play.values[0], play.amount, play.by, play.slot),
    "use": _use,
    "attack": lambda state, table, play: table.d.update(attack=[play.to, play.amount]),
    "assign": lambda state, table, play: table.share_attack(play.shares, rules_combat.prevented(state, play.shares)),
    "card": lambda state, table, play: table.add_card(play.card),
    "boost": lambda state, table, play: None,  # the damage it changes is the table's to deal
}


# ------------------------------------------------------------------------------------- moves

def legal_moves(state: State) -> list[Play]:
    if state.outcome is not None:
        return []
    if state.attack is not None:
        return rules_combat.assignments(state)
    if not _dice_time(state):
        return []
    out: list[Play] = []
    for p in (p for p in state.players if not p.dead and p.dice):
        have = unused(p)
        for slot, card, costs in _costs(state, p):
            for half, cost_text in costs.items():
                if cost_text is None or card.duo and p.character and card.duo[0 if half == "top" else 1] != p.character:
                    continue
                if rules_combat.short_of_divinity(p, ability_shown(p.powers[slot - 1], card, half)):
                    continue
                out += [Play("use", p.name, values=tuple(sorted(have[j] for j in payment.positions())), slot=str(slot),
                             half=half, with_dice=True) for payment in solve(parse_cost(cost_text), have)]
    return out


def adjusted_die(p, value: int):
    """The unused die showing `value` an adjustment moves: one not adjusted yet first (an ability selects
    its number of dice; Table.adjust takes the same one)."""
    return min((d for d in p.dice if not d.used and d.value == value), key=lambda d: abs(d.adjusted))


def _dice_time(state: State) -> bool:
    """Whether dice plays are judged now: a combat's Player Attack Phase, or a revealed Special (the main
    rules forbid powers only while a Trap or Event is; `_check_phase` says the quickplay's word unchecked)."""
    return (state.phase == "combat" and state.combat_step == "player-attack") or \
        (state.phase == "card" and state.card == "special")


def _costs(state: State, p):
    """Each power of a player whose ability may be activated now (face up and not used this round, or a
    duo power its partner's half exhausted this round; for Soraten, showing the side his alternation
    asks): (its slot, its card, half -> the cost that half asks now, None where the card or the cost is
    unknown)."""
    for i, pw in enumerate(p.powers):
        card, no = card_of(state, pw.name), Findings()
        refuse_activation(state, p, pw, str(i + 1), no)
        judge_alternation(p, pw, card, no)
        if not no.problems:
            yield i + 1, card, {half: cost_to_pay(pw, card, ability_shown(pw, card, half), half)[0]
                                for half in ("top", "bottom")}


# -- the declaration's turns (engine/game.py)


def with_turn(state: State, player: str) -> State:
    """Nothing to change: every player may act at any time."""
    return state


def mover(state: State, move: Play) -> str | None:
    return move.by if move.kind == "adjust" and move.by else move.player  # the ability's owner adjusts


def moves_note(state: State, page: bool = False, aside=None) -> str | None:
    """Why `moves` lists nothing, or what it leaves out; `page`: as a phone's tap picker says it
    (page_note); `aside`: the powers' cards the card library set aside (name -> its line), whose uses
    `play` refuses: said refused, not among the uses judged as said."""
    if state.outcome is not None:
        return f"the game is over (the party has {state.outcome})"
    if state.attack is not None:
        return None
    if state.phase != "combat" and not _dice_time(state):
        return "abilities are activated in a combat's Player Attack Phase; no combat is on now"
    if state.phase == "combat" and state.combat_step != "player-attack":  # the step in the rulebook's words
        return ("abilities are activated in the Player Attack Phase; " + round_at(state)
                + (" (`companion track combat attack` begins the Player Attack Phase)"
                   if state.combat_step == "start-of-round" else ", past it"))
    return "\n".join(_left_out(state, page, {n.casefold(): (n, line) for n, line in (aside or {}).items()})) or None


def page_note(state: State, aside=None) -> str | None:
    """moves_note as a served page says it: what to enter in words and where on the page, no play
    notation (the page leaves a `companion ...` command out)."""
    return moves_note(state, page=True, aside=aside)


#: where a served page takes a typed play or change (its own control, as index.html names it)
TYPED = "under “Type a play or a change”"


def _left_out(state: State, page: bool = False, aside=None) -> list[str]:
    """What `moves` cannot list in the Player Attack Phase (rolls, rerolls, uses of an unknown cost,
    uses `play` refuses of a power whose card the library set aside: `aside`, folded name -> (name,
    the library's line)), said instead of listing it: with the play to type on a terminal, in words
    on a page."""
    out = [f"unchecked: {track_boards.SPECIAL_POWERS}"] if state.phase == "card" else []
    if state.damage_to_deal:  # an ability's damage while several Enemies stand: no play, a tracker change
        standing = ", ".join(e.name for e in state.enemies if not e.defeated)
        out.append(f"{state.damage_to_deal} damage the party's abilities dealt is held: say which Enemy takes it "
                   + (f"(a change, typed {TYPED}; standing: {standing})" if page else
                      f"(`enemy damage N NAME`, a tracker change, not a play; standing: {standing})"))
    for p in (p for p in state.players if not p.dead):
        name, dice = quoted(p.name), dice_word(p.dice_count)
        if not p.dice:
            out.append(f"{p.name} has not rolled: "
                       + (f"roll all {dice} and type what they came up {TYPED}" if page else
                          f"`roll {name}` and the {dice} as they came up")
                       + " (a roll is not listed: its dice are the table's)")
        elif p.rerolls < REROLLS and unused(p):
            out.append(f"{p.name} may reroll ({REROLLS - p.rerolls} of {REROLLS} left): "
                       + (f"type the dice rerolled and what they came up {TYPED}" if page else
                          f"`reroll {name} DICE to NEW DICE`")
                       + " (not listed: the new dice are the table's)")
        if not p.dice:
            continue
        if not unused(p):  # every die paid for something: a cost is paid with unused dice, so nothing is left to list
            out.append(f"{p.name} has no unused die left this round: no use of a power that costs dice is left "
                       "(one whose card asks none is judged as said)")
            continue
        open_cost = [str(slot) for slot, _, costs in _costs(state, p) if None in costs.values()]
        refused = [s for s in open_cost if p.powers[int(s) - 1].name.casefold() in (aside or {})]
        out += [_set_aside(p, s, *aside[p.powers[int(s) - 1].name.casefold()], page) for s in refused]
        open_cost = [s for s in open_cost if s not in refused]
        if open_cost:
            use = (f"a use typed {TYPED}, naming the power, top or bottom and the dice paid," if page else
                   f"`use {name} N top with DICE`")
            out.append(f"unchecked: {p.name}'s power{'s' * (len(open_cost) > 1)} {', '.join(open_cost)}: a card or "
                       f"cost is unknown, so those uses are not listed ({use} is judged as said, the cost unchecked)")
    return out


def _set_aside(p, slot: str, card: str, line: str, page: bool) -> str:
    """A power whose card the library set aside: its use refused, in play's words (the library's line
    with why and the fix on a terminal; in words on a page)."""
    if page:
        return (f"{p.name}'s power {slot} ({card}) cannot be used: {card} is a card the card library has set "
                "aside (the card library says why and how to fix it)")
    return f"refused: `use {quoted(p.name)} {slot} ...`: {card} is a card the card library has set aside: {line}"


def load_check(state: State, source: str = "situation") -> State:
    """What a situation file must also hold: each player's character, and each of its own cards',
    spelt as `track new` and the card library take them (a near misspelling names the one meant)."""
    from engine.errors import SituationError

    for i, seat in enumerate(state.players):
        try:
            character_named(seat.character or "")
        except ValueError as exc:
            raise SituationError(f"{source}: field players.{i}.character: {exc}") from None
    for i, card in enumerate(state.cards):
        problem = PowerCard.entry_problem(card.model_dump())
        if problem:
            raise SituationError(f"{source}: field cards.{i}.{problem.removeprefix('field ')}")
    return state


def position(state: State) -> dict[str, Any]:
    """What the Enemy's attack still asks of the party (shares not yet taken), if anything."""
    pending = rules_combat.owed_text(state)
    return {"damage_owed": pending} if pending else {}


def card_names(state: State | None = None) -> list[str]:
    return [card.name for card in (*shipped().values(), *(state.cards if state is not None else ()))]
