"""Cataclysm Arcade: the referee: `violations` (what a play breaks), `play` (carrying it out),
`legal_moves`; the Line's own mechanics are in rules_line.py. Pure functions of the State."""
from __future__ import annotations

from engine.base import Effect, Reason
from engine.untaught import undescribed
from engine.words import quote

from . import rules_cards, rules_readings
from . import table
from . import rules_line as line
from .model import BOSS, EFFECTS, CardSpec, LineItem, Move, Player, State, replace_player, catalogue, spec
from .notation import actor
from .rule_ids import R

INITIATIVE_MOVES = ("fighter", "tactic", "weapon", "wield", "attack", "pass", "fortify")
TARGETED = ("damage", "heal", "gain-health", "destroy", "stun", "untap")
TECHNIQUES = {"block": R.BLOCK, "phantasmal": R.PHANTASMAL, "fortify": R.FORTIFY, "transform": R.TRANSFORM}


def _r(rule: str, message: str) -> Reason:
    return Reason(rule=rule, message=message)


# ---------------------------------------------------------------- what a play breaks


def violations(state: State, move: Move) -> tuple[list[Reason], list[Reason]]:
    """The rules a play breaks (empty: legal) and what the engine cannot judge about it."""
    unchecked: list[Reason] = []
    if state.winner:
        return [_r(R.WIN_LOSE, f"the game is over: {state.winner} has won")], unchecked
    if move.kind == "next-level" or state.level_over:
        if move.kind == "next-level" and state.level_over:
            return [], unchecked
        if move.kind == "next-level":
            waiting = ", ".join(p.name for p in state.in_game if not p.passed)
            return [_r(R.LEVEL_ENDS, f"level {state.level} ends only when everyone has passed; not passed: {waiting}")], []
        return [_r(R.LEVEL_ENDS, f"everyone has passed: level {state.level} is over; `next-level` starts the next")], []
    if move.kind == "trigger":
        p = state.player(move.player)
        unchecked.append(rules_readings.TRIGGER_CONDITION)
        if p.out:
            return [_r(R.DEFEATED_REMOVED, f"{p.name} is out of the game")], unchecked
        return _trigger_order(state, p.name), unchecked
    who = actor(state)
    if who is None:
        return [_r(R.PRIORITY_STARTS, "nobody is to act on this table (see `companion status`)")], unchecked
    me = state.player(who)
    if state.line:
        if move.kind in INITIATIVE_MOVES:
            rule = R.TACTIC_WHEN if move.kind == "tactic" else R.LINE_REPEAT
            reasons = [_r(rule, f"the Line is not empty ({state.line[-1].label()} on top): the player with priority "
                          "may respond or decline; a new move waits until the whole Line has resolved")]
            if who != state.initiative:
                reasons.append(_r(R.RESPONSE_OFF_INITIATIVE, f"{state.initiative} has the initiative: {who} may "
                                  "only add responses"))
            return reasons, unchecked
        if state.line[-1].controller == who:
            rule = R.NO_SELF_RESPONSE if move.kind != "activate" else R.RESPONSE_NOT_OWN
            return [_r(rule, f"the top of the Line is {who}'s own: nobody responds to their own move or response")], \
                unchecked
        if move.kind == "decline":
            return [], unchecked
    else:
        if move.kind == "decline":
            # no holder named: under `play --by` this table gives the player judged the initiative
            # (with_turn), while the out-of-turn reason before it names the player who has it
            return [_r(R.RESPONSE_WHEN, "the Line is empty: there is nothing to let resolve; the player with the "
                       "initiative chooses a move")], unchecked
        if move.kind == "respond":  # the empty Line decides, after a pass too (a pass starts no Line)
            return [_r(R.RESPONSE_NOT_EMPTY, "the Line is empty: a Response is played only with priority after "
                       "another player's move (it is not a move)")], unchecked
        if me.passed:
            return [_r(R.PASSING, f"{who} has passed and may only respond this level")], unchecked
    return _CHECKS[move.kind](state, me, move, unchecked), unchecked


def _trigger_order(state: State, controller: str) -> list[Reason]:
    """Triggers of one event go on from the initiative player clockwise: a trigger added on top of
    another nobody has answered yet may not belong to a player earlier in that order."""
    if not state.line or state.line[-1].kind != "trigger" or state.declined:
        return []
    holder = state.initiative or state.player_one
    order = [holder] + [n for n in table.clockwise_after(state, holder) if n != holder]
    below = state.line[-1].controller
    if order.index(controller) < order.index(below):
        return [_r(R.TRIGGER_ORDER, f"triggers of one event go on the Line from {holder} clockwise: {controller}'s "
                   f"trigger comes before {below}'s (if it belongs to a new event, overrule)")]
    return []


def _from_hand(state: State, me: Player, move: Move, kind: str, unchecked: list[Reason]) -> tuple[list[Reason], CardSpec | None]:
    """The card must be in the hand (or the hand unknown) and be of the move's type."""
    reasons: list[Reason] = []
    card = spec(state, move.card)
    played = R.RESPONSE_DEF if kind == "response" else R.MOVES  # a card played from the hand
    if move.card.lower() not in (c.lower() for c in me.hand):
        if me.hand_unknown:
            unchecked.append(_r(played, f"that {me.name} holds {move.card}: the table does not know their whole hand"))
        else:
            reasons.append(_r(played, f"{me.name} has no {move.card} in hand (hand: {', '.join(me.hand) or 'no cards'})"))
    if card is None:
        unchecked.append(undescribed(R.MOVES, move.card, "its type, costs and text are", "type",
                                     rules_cards.teach(move.card, "type", kind),
                                     f"companion track card {quote(move.card)} {kind} ...", session_type=kind))
    elif card.type != kind:
        rule = R.RESPONSE_DEF if "response" in (kind, card.type) else R.MOVES
        reasons.append(_r(rule, f"{card.name} is a {card.type} card, not a {kind}{_fitting_play(card, move)}"))
    return reasons, card


#: the play that puts a card of each type from the hand (a Boss starts in play)
_PLAY_OF = {"fighter": "fighter", "weapon": "weapon", "tactic": "tactic", "response": "respond"}


def _fitting_play(card: CardSpec, move: Move) -> str:
    """`: the play is `fighter Grunt`` for a card played as another type (a target only where one is named)."""
    verb = _PLAY_OF.get(card.type)
    if verb is None:
        return ""
    aim = f" at {move.target_player} {move.target}" if move.target and verb in ("tactic", "respond") else ""
    return f": the play for it is `{verb} {card.name}{aim}`"


def _of_kind(card: CardSpec | None, kind: str) -> bool:
    """The card is unknown or of the type played (what it does is checked only then)."""
    return card is None or card.type == kind


def _pay(me: Player, cost: int | None, rule: str, what: str, unchecked: list, card: str, field: str = "cost",
         kind: str | None = None) -> list[Reason]:
    """The cost must be in the pool; an unknown cost is `unchecked`, naming the card's field."""
    if cost is None:
        unchecked.append(rules_cards.unknown(card, field, rule, kind))
        return []
    if cost > me.coins:
        return [_r(rule, f"{me.name} has {table.coins_text(me.coins)} and cannot pay {cost} for {what}")]
    return []


def _level_ok(state: State, card: CardSpec | None, rule: str, unchecked: list[Reason]) -> list[Reason]:
    if card is None:
        return []
    if card.level is None:
        unchecked.append(rules_cards.unknown(card.name, "level", rule, card.type))
        return []
    if card.level > state.level:
        return [_r(rule, f"{card.name} needs level {card.level}; the game is at level {state.level}")]
    return []


def _word(effect: str | None) -> str:
    """The effect's word without its number (`damage 2` -> `damage`)."""
    return (effect or "").split(" ")[0]


def _target_ok(state: State, me: Player, move: Move, effect: str | None, unchecked: list[Reason]) -> list[Reason]:
    if _word(effect) in TARGETED and move.target is None:
        return [_r(R.TARGET, f"{move.card} needs a target: add 'at PLAYER CHARACTER'")]
    if move.target is not None:
        owner = state.player(move.target_player)
        if owner.out or table.character(owner, move.target) is None:
            return [_r(R.TARGET, f"{move.target_player}'s {move.target} is not in play")]
        if _word(effect) == "destroy" and move.target == BOSS:
            unchecked.append(rules_readings.DESTROY_BOSS)
    card = spec(state, move.card) if move.kind != "activate" else None
    if effect is None and card is not None and card.text is None:
        unchecked.append(rules_cards.unknown(card.name, "effect", R.GOLDEN_RULE, card.type))
    elif effect is None and move.card:
        unchecked.append(_r(R.GOLDEN_RULE, f"what {move.card} does, and whether its target is allowed: card text"))
    return []


def _others_hold(state: State, me: Player, card: CardSpec | None, move: Move, kind: str) -> bool:
    """An opponent has a Fighter (or Weapon) of the card's name in play."""
    name = (card.name if card else move.card).lower()
    return any(c.name.lower() == name for p in state.in_game if p.name != me.name for c in getattr(p, kind))


def _check_fighter(state, me, move, unchecked):
    reasons, card = _from_hand(state, me, move, "fighter", unchecked)
    if _others_hold(state, me, card, move, "fighters"):
        unchecked.append(rules_readings.SAME_NAME_OWNER)
    return reasons + _level_ok(state, card, R.FIGHTER_WHEN_PLAYABLE, unchecked)


def _check_weapon(state, me, move, unchecked):
    reasons, card = _from_hand(state, me, move, "weapon", unchecked)
    if _others_hold(state, me, card, move, "weapons"):
        unchecked.append(rules_readings.SAME_NAME_OWNER_WEAPON)
    return reasons + _level_ok(state, card, R.WEAPON_WHEN, unchecked)


def _check_tactic(state, me, move, unchecked):
    reasons, card = _from_hand(state, me, move, "tactic", unchecked)
    if not _of_kind(card, "tactic"):  # refused as another type of card: what it would do is beside the point
        return reasons
    if card is not None:
        reasons += _pay(me, card.cost, R.TACTIC_COST, card.name, unchecked, card.name, kind=card.type)
    return reasons + _target_ok(state, me, move, card.effect if card else None, unchecked)


def _check_respond(state, me, move, unchecked):
    reasons, card = _from_hand(state, me, move, "response", unchecked)
    if not _of_kind(card, "response"):
        return reasons
    if card is not None:
        reasons += _pay(me, card.cost, R.RESPONSE_COST, card.name, unchecked, card.name, kind=card.type)
    effect = card.effect if card else None
    if effect != "stop":
        reasons += _target_ok(state, me, move, effect, unchecked)
    return reasons


def _check_wield(state, me, move, unchecked):
    weapon = next((w for w in me.weapons if w.name == move.card), None)
    if weapon is None:
        return [_r(R.WIELD_MOVE, f"{me.name} has no Weapon {move.card} in play")]
    if weapon.wielder == move.on:
        return [_r(R.WIELD_MOVE, f"{move.card} is already wielded by {move.on}")]
    if table.character(me, move.on) is None:
        return [_r(R.WIELD_MOVE, f"{me.name} has no Fighter {move.on} in play")]
    return _pay(me, rules_cards.weapon_fact(state, weapon, "wield_cost"), R.WIELD_COST, f"wielding {weapon.name}",
                unchecked, weapon.name, "wield_cost", kind="weapon")


def _check_attack(state, me, move, unchecked):
    who = table.character(me, move.card)
    reasons: list[Reason] = []
    if who is None:
        return [_r(R.CHOOSE_ATTACKER, f"{me.name} has no character {move.card} in play")]
    if who.stunned:
        reasons.append(_r(R.STUN, f"{move.card} is stunned: it may not attack (the Stun has not been ended)"))
        unchecked.append(rules_readings.STUN_DURATION)
    elif not table.can_tap(who):
        rule = R.AGILITY if who.has("agility") else R.CHOOSE_ATTACKER
        reasons.append(_r(rule, f"{move.card} is tapped: only an untapped character may attack"
                          + (" (Agility: twice a level at most)" if who.has("agility") else "")))
    cost = rules_cards.character_fact(state, me, move.card, "attack_cost")
    if cost is None:
        unchecked.append(rules_cards.unknown_character(me, move.card, "attack_cost", R.PAY_ATTACK))
    elif cost > me.coins:
        reasons.append(_r(R.ATTACK_UNPAID, f"{me.name} has {table.coins_text(me.coins)} and cannot pay {move.card}'s "
                          f"attack cost {cost}"))
    if rules_cards.character_fact(state, me, move.card, "attack") is None:
        unchecked.append(rules_cards.unknown_character(me, move.card, "attack", R.DAMAGE_ON_RESOLUTION))
    owner = state.player(move.target_player)
    victim = table.character(owner, move.target)
    if victim is not None and victim.has("armor") and not victim.armor:
        unchecked.append(rules_cards.unknown_character(owner, move.target, "armor", R.ARMOR))
    return reasons + target_problems(state, me, move.target_player, move.target, unchecked)


def target_problems(state: State, me: Player, target_player: str, target: str,
                    unchecked: list[Reason] | None = None) -> list[Reason]:
    """Why an attack may not target that character (an Enforcer of a team with several: any one may be
    picked, a reading said into `unchecked`)."""
    owner = state.player(target_player)
    if owner.name == me.name:
        return [_r(R.CHOOSE_TARGET, "an attack targets a character an opponent controls")]
    if owner.out:
        return [_r(R.DEFEATED_REMOVED, f"{owner.name} is out of the game")]
    victim = table.character(owner, target)
    if victim is None:
        return [_r(R.CHOOSE_TARGET, f"{owner.name} has no character {target} in play")]
    if _stealthy_now(state, victim):
        when = "came into play" if victim.entered_level == state.level else "gained Stealthy"
        return [_r(R.STEALTHY, f"{target} is Stealthy and {when} this level: it cannot be attacked yet")]
    if victim is owner.boss and victim.has("stealthy") and state.level == 1 and unchecked is not None:
        unchecked.append(rules_readings.STEALTHY_BOSS)
    enforcers = [c for c in (owner.boss, *owner.fighters) if c.has("enforcer") and not _stealthy_now(state, c)]
    if enforcers and not victim.has("enforcer"):
        names = ", ".join(BOSS if c is owner.boss else c.name for c in enforcers)
        return [_r(R.ENFORCER, f"{owner.name}'s Enforcer ({names}) must be attacked before their other characters")]
    if len(enforcers) > 1 and victim.has("enforcer") and unchecked is not None:
        unchecked.append(rules_readings.ENFORCER_ANY)
    return []


def _stealthy_now(state: State, who) -> bool:
    """Stealthy protects the level the character came into play and the level it gained the keyword."""
    return who.has("stealthy") and state.level in (who.entered_level, who.stealthy_level)


def _ability(state: State, me: Player, move: Move):
    """(is_technique, catalogue Ability or None, the character's card spec or None)."""
    who = table.character(me, move.card)
    name = me.boss.name if move.card == BOSS else (who.name if who else None)
    card = spec(state, name)
    found = next((a for a in card.abilities if a.name.lower() == move.ability), None) if card else None
    return move.ability in TECHNIQUES, found, card


def _check_activate(state, me, move, unchecked):
    who = table.character(me, move.card)
    if who is None:
        return [_r(R.MOVES, f"{me.name} has no character {move.card} in play")]
    technique, found, card = _ability(state, me, move)
    reasons: list[Reason] = []
    if who.stunned:
        unchecked.append(rules_readings.STUN_DURATION)
        return [_r(R.STUN, f"{move.card} is stunned: it may not use abilities (the Stun has not been ended)")]
    if technique:
        if not who.has(move.ability):
            return [_r(TECHNIQUES[move.ability], f"{move.card} does not have {move.ability}")]
        if move.ability == "fortify":
            return [_r(R.FORTIFY, "Fortify is used from the hand, not by a character in play: "
                       "`fortify CARD on CHARACTER`")]
        unchecked += {"transform": [rules_readings.TRANSFORM_MOVE, rules_readings.TRANSFORM_NOT_DONE],
                      "block": [rules_readings.BLOCK_RESPONSE], "phantasmal": [rules_readings.PHANTASMAL_MOVE]
                      }.get(move.ability, [])
        if move.ability == "phantasmal" and who.phantasmal:  # its effect is for a Fighter not Phantasmal yet
            unchecked.append(_r(R.PHANTASMAL, f"{move.card} is Phantasmal already, so this does nothing when it "
                                "resolves; the rulebook does not say whether the ability may be used then"))
        responding = move.ability == "block"
    elif found is None:
        if card is not None:
            return [_r(R.MOVES, f"{card.name} has no ability {move.ability!r} in the catalogue")]
        unchecked.append(_r(R.MOVES, f"{move.card}'s ability {move.ability!r}: not in the catalogue"))
        responding = bool(state.line)
    else:
        responding = found.response
        if found.tap and not table.can_tap(who):
            reasons.append(_r(R.AGILITY, f"{move.card} has tapped twice this level: Agility allows no third") if
                           who.has("agility") else
                           _r(R.TAPPING, f"{move.card} is tapped: no tap ability again this level"))
        reasons += _pay(me, found.cost, R.PAY_FROM_POOL, f"{move.card}'s {found.name}", unchecked, move.card)
        reasons += _target_ok(state, me, move, found.effect, unchecked) if _word(found.effect) in TARGETED else []
    if state.line and not responding:
        reasons.append(_r(R.RESPONSE_ACTIONS, f"{move.ability} is not a response: on the Line only Response "
                          "cards and abilities that say Response may be added"))
    if not state.line and responding:
        reasons.append(_r(R.RESPONSE_NOT_EMPTY, f"{move.ability} is a response: it is added to the Line with priority "
                          "after another player's move, not chosen as a move"))
    if move.ability == "block" and state.line and not any(
            i.kind == "attack" and i.controller != me.name for i in state.line):
        reasons.append(_r(R.BLOCK, "there is no opponent's attack on the Line to block"))
    if move.ability == "block" and _blocks_past_a_trait(state, me, who):
        unchecked.append(rules_readings.BLOCK_PAST_TRAIT)
    return reasons


def _blocks_past_a_trait(state: State, me, blocker) -> bool:
    """The blocker is one an attacker may not pick now: Stealthy this level, or a non-Enforcer on a team
    whose Enforcer can be attacked."""
    enforcer = any(c.has("enforcer") and not _stealthy_now(state, c) for c in (me.boss, *me.fighters))
    return _stealthy_now(state, blocker) or (enforcer and not blocker.has("enforcer"))


def _check_fortify(state, me, move, unchecked):
    """Fortify is used from the hand: the Fighter card goes under a Synth character of the player's."""
    unchecked.append(rules_readings.FORTIFY_MOVE)
    reasons, card = _from_hand(state, me, move, "fighter", unchecked)
    if card is not None and card.type == "fighter" and "fortify" not in card.keywords:
        reasons.append(_r(R.FORTIFY, f"{card.name} has no Fortify"))
    if card is not None and card.level is not None and card.level > state.level:
        unchecked.append(rules_readings.FORTIFY_LEVEL)
    target = table.character(me, move.on)
    if target is None:
        return reasons + [_r(R.FORTIFY, f"{me.name} has no character {move.on} in play")]
    target_card = spec(state, me.boss.name if move.on == BOSS else target.name)
    if target_card is None or target_card.faction is None:
        unknown = rules_cards.unknown_character(me, move.on, "faction", R.FORTIFY)
        unchecked.append(_r(R.FORTIFY, f"whether {move.on} is a Synth: {unknown.message}"))
    elif target_card.faction.lower() != "synth":
        reasons.append(_r(R.FORTIFY, f"{move.on} is {target_card.faction}, not a Synth: Fortify goes under a Synth"))
    return reasons


_CHECKS = {"fighter": _check_fighter, "tactic": _check_tactic, "weapon": _check_weapon, "wield": _check_wield,
           "attack": _check_attack, "activate": _check_activate, "respond": _check_respond,
           "fortify": _check_fortify, "pass": lambda state, me, move, unchecked: []}


# ---------------------------------------------------------------- carrying a play out


def play(state: State, move: Move) -> tuple[State, list[Effect]]:
    """The State after the play and what happened. Also used for an overruled play: it then goes
    as far as it can (costs are paid as far as the pool goes)."""
    if move.kind == "next-level":
        t = table.Table(state)
        t.start_next_level()
        return t.freeze(), t.effects
    if move.kind == "trigger":
        return line.push_trigger(state, LineItem(kind="trigger", controller=move.player, text=move.text))
    who = actor(state) or state.initiative or state.player_one
    if move.kind == "decline":
        if not state.line:
            return state, []
        if state.priority is None:
            state = state.model_copy(update={"priority": who})
        return line.decline(state)
    if move.kind == "pass":
        t = table.Table(state)
        t.pass_player(who)
        t.say("passed", f"{who} passes and may only respond this level", R.PASSING)
        if t.now.level_over:
            t.say("level-over", f"everyone has passed: level {t.now.level} ends", R.LEVEL_ENDS)
            t.start_next_level()
        else:
            t.say("initiative", f"nothing to respond to; {t.now.initiative} has the initiative", R.LINE_WHEN_USED)
        return t.freeze(), t.effects
    first = not state.line
    me = state.player(who)
    item, me, effects = _start(state, me, move)
    state = replace_player(state, me)
    if first:
        effects.insert(0, Effect(kind="move", rule=R.LINE_FIRST, message=f"{who} chooses: {item.label()}"))
    state, more = line.push(state, item, first)
    return state, effects + more


def _start(state: State, me: Player, move: Move) -> tuple[LineItem, Player, list[Effect]]:
    """Costs paid, the card taken from the hand, the attacker tapped; the item for the Line."""
    card = spec(state, move.card)
    base = dict(controller=me.name, card=move.card, target_player=move.target_player, target=move.target, on=move.on)
    if move.keep_old:
        base["keep_old"] = True
    effects: list[Effect] = []
    if move.kind in ("fighter", "weapon", "tactic", "respond", "fortify"):
        me = table.take_from_hand(me, move.card)
    if move.kind == "fortify":
        return LineItem(kind="fortify", **base), me, [
            Effect(kind="uses-line", rule=R.FORTIFY, message=f"Fortify from the hand: {move.card} waits on the Line")]
    if move.kind == "fighter":
        effects += [Effect(kind="free", rule=R.FIGHTER_NO_COST, message="Fighters cost no coins"),
                    Effect(kind="uses-line", rule=R.FIGHTER_LINE, message="playing a Fighter uses the Line")]
        return LineItem(kind="fighter", **base), me, effects
    if move.kind == "weapon":
        effects += [Effect(kind="free", rule=R.WEAPON_NO_COST, message="Weapons cost no coins to play"),
                    Effect(kind="uses-line", rule=R.WEAPON_LINE, message="playing a Weapon uses the Line")]
        return LineItem(kind="weapon", **base), me, effects
    if move.kind in ("tactic", "respond"):
        rule = R.TACTIC_COST if move.kind == "tactic" else R.RESPONSE_COST
        me, paid = table.spend(me, card.cost if card else None, rule, move.card)
        kind = "tactic" if move.kind == "tactic" else "response"
        effects += paid + [Effect(kind="uses-line", rule=R.TACTIC_LINE if move.kind == "tactic" else R.RESPONSE_LINE,
                                  message=f"the {kind} uses the Line and may be responded to")]
        return LineItem(kind=kind, effect=card.effect if card else None, text=card.text if card else None,
                        **base), me, effects
    if move.kind == "wield":
        weapon = next((w for w in me.weapons if w.name == move.card), None)
        cost = rules_cards.weapon_fact(state, weapon, "wield_cost") if weapon else None
        me, paid = table.spend(me, cost, R.WIELD_COST, f"wielding {move.card}")
        return LineItem(kind="wield", **base), me, paid + [
            Effect(kind="uses-line", rule=R.WIELD_LINE, message="wielding uses the Line")]
    if move.kind == "attack":
        who = table.character(me, move.card)
        cost = rules_cards.character_fact(state, me, move.card, "attack_cost") if who else None
        me, paid = table.spend(me, cost, R.PAY_ATTACK, f"{move.card}'s attack")
        me = table.tap(me, move.card)
        if who is not None and move.card != BOSS and who.entered_level == state.level:
            effects.append(Effect(kind="no-waiting", rule=R.NO_SUMMONING_SICKNESS,
                                  message=f"{move.card} came into play this level and may attack at once"))
        effects += paid + _taps(who, move.card, R.TAP_ATTACKER) + [
            Effect(kind="uses-line", rule=R.ATTACK_LINE, message="the attack uses the Line")]
        return LineItem(kind="attack", **base), me, effects
    # activate
    technique, found, _ = _ability(state, me, move)
    if found is not None:
        me, paid = table.spend(me, found.cost, R.PAY_FROM_POOL, f"{move.card}'s {found.name}")
        effects += paid
        if found.tap:
            me = table.tap(me, move.card)
            effects += _taps(table.character(state.player(me.name), move.card), move.card, R.TAPPING)
    arrived = table.character(me, move.card)
    if not state.line and move.card != BOSS and arrived is not None and arrived.entered_level == state.level:
        effects.append(Effect(kind="no-waiting", rule=R.NO_SUMMONING_SICKNESS,
                              message=f"{move.card} came into play this level and may use its abilities at once"))
    effect = found.effect if found else None
    return LineItem(kind="activate", ability=move.ability, effect=effect,
                    text=found.text if found else None, **base), me, effects


def _taps(who, name: str, rule: str) -> list[Effect]:
    """The tap of an attack or a tap ability; a second one in the level rests on Agility and says so."""
    tapped = [Effect(kind="tapped", rule=rule, message=f"{name} taps")]
    if who is not None and who.tapped:
        tapped.append(Effect(kind="agility", rule=R.AGILITY,
                             message=f"{name} was tapped already: Agility lets it tap a second time this level"))
    return tapped


# ---------------------------------------------------------------- what the player to act may do


def legal_moves(state: State) -> list[Move]:
    """Every play `violations` accepts for the player to act with every cost known (the others, which
    `advice` gives apart, are never listed as legal); cards in an unknown hand are not listed."""
    return advice(state, most=None)[0]


def _accepted(state: State) -> list[Move]:
    """Every play `violations` accepts for the player to act (cards in an unknown hand are not listed)."""
    if state.winner:
        return []
    if state.level_over:
        return [Move(kind="next-level")]
    who = actor(state)
    if who is None:
        return []
    me = state.player(who)
    candidates: list[Move] = []
    cards = catalogue(state)
    hand = [cards.get(c.lower()) for c in dict.fromkeys(me.hand)]
    if state.line:
        candidates.append(Move(kind="decline"))
        for card in hand:
            if card is not None and card.type == "response":
                candidates += _with_targets(state, Move(kind="respond", card=card.name), card.effect)
    else:
        candidates.append(Move(kind="pass"))
        for card in hand:
            if card is None or card.type not in ("fighter", "tactic", "weapon"):
                continue
            if "fortify" in card.keywords:
                candidates += [Move(kind="fortify", card=card.name, on=c) for c in [BOSS] + [f.name for f in me.fighters]]
            if card.type == "tactic":
                candidates += _with_targets(state, Move(kind="tactic", card=card.name), card.effect)
            elif card.type == "weapon" and me.fighters:
                candidates += [Move(kind="weapon", card=card.name, on=f.name) for f in me.fighters]
            else:
                candidates.append(Move(kind=card.type, card=card.name))
            in_play = me.fighters if card.type == "fighter" else me.weapons if card.type == "weapon" else ()
            if any(c.name.lower() == card.name.lower() for c in in_play):  # one of its name in play: keep which
                candidates.append(Move(kind=card.type, card=card.name, keep_old=True))
        for w in me.weapons:
            candidates += [Move(kind="wield", card=w.name, on=f.name) for f in me.fighters if f.name != w.wielder]
        opponents = [p for p in state.in_game if p.name != who]
        candidates += [Move(kind="attack", card=name, target_player=p.name, target=t)
                       for name in [BOSS] + [f.name for f in me.fighters]
                       for p in opponents for t in [BOSS] + [f.name for f in p.fighters]]
    for name in [BOSS] + [f.name for f in me.fighters]:
        who_c = table.character(me, name)
        card = spec(state, me.boss.name if name == BOSS else name)
        abilities = [a for a in ("block", "phantasmal", "transform") if who_c.has(a)]
        abilities += [a.name.lower() for a in card.abilities] if card else []
        for ability in abilities:
            found = next((a for a in card.abilities if a.name.lower() == ability), None) if card else None
            candidates += _with_targets(state, Move(kind="activate", card=name, ability=ability),
                                        found.effect if found else None)
    return [m for m in candidates if not violations(state, m)[0]]


#: the rules of a cost: a play whose cost is unknown cannot be confirmed as payable
COST_RULES = frozenset({R.PAY_ATTACK, R.TACTIC_COST, R.RESPONSE_COST, R.WIELD_COST, R.PAY_FROM_POOL})


def advice(state: State, most: int | None = 12) -> tuple[list[Move], list[tuple[Move, Reason]]]:
    """The plays to offer instead of a refused one: those accepted with every cost known, and apart those a
    cost left open, each with its note (offered as unchecked, never as legal)."""
    judged = [(move, next((u for u in violations(state, move)[1] if u.rule in COST_RULES), None))
              for move in _accepted(state)]
    return [move for move, why in judged if why is None][:most], [(move, why) for move, why in judged if why]


def _with_targets(state: State, move: Move, effect: str | None) -> list[Move]:
    if _word(effect) not in TARGETED:
        return [move]
    return [move.model_copy(update={"target_player": p.name, "target": t})
            for p in state.in_game for t in [BOSS] + [f.name for f in p.fighters]]


__all__ = ["violations", "play", "legal_moves", "advice", "EFFECTS"]
