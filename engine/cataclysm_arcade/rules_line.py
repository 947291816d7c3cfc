"""Cataclysm Arcade: the Line: priority, resolution, the initiative, and what each item does when it
resolves (on table.py's working Table). How we read the rulebook's Line: docs/moves-cataclysm-arcade.md."""
from __future__ import annotations

from engine.base import Effect

from . import table
from .model import BOSS, Fighter, LineItem, State, Weapon, character_label, spec
from .rule_ids import R


def may_respond(state: State, name: str) -> bool:
    """Still in the game, and the top of the Line is not their own."""
    return bool(state.line) and not state.winner and not state.player(name).out and state.line[-1].controller != name


def next_priority(state: State, after: str, include_self: bool = True) -> str | None:
    """The first player clockwise after `after` who may respond and has not declined."""
    return next((name for name in table.clockwise_after(state, after)
                 if (name != after or include_self) and name not in state.declined and may_respond(state, name)), None)


# ---------------------------------------------------------------- adding to the Line


def push(state: State, item: LineItem, first: bool) -> tuple[State, list[Effect]]:
    """A move starts the Line (first) or a response goes on top; priority moves on clockwise."""
    state = state.model_copy(update={"line": (*state.line, item), "declined": ()})
    who = next_priority(state, item.controller)
    rule = R.PRIORITY_STARTS if first else R.RESPONSES_ON_TOP
    return _waits(state, who, Effect(kind="line", rule=rule, message=f"on the Line: {item.label()}; "
                                     + (f"{who} has priority" if who else "nobody may respond")))


def push_trigger(state: State, item: LineItem) -> tuple[State, list[Effect]]:
    """A triggered ability goes on top; the player with the initiative gets priority (or the next
    player who may respond, when the trigger is theirs). On an empty Line the move that set it off is
    already complete: when it resolves the initiative stays where it went."""
    if not state.line:
        item = item.model_copy(update={"after_move": True})
    state = state.model_copy(update={"line": (*state.line, item), "declined": ()})
    holder = state.initiative or state.player_one
    who = holder if may_respond(state, holder) else next_priority(state, holder)
    return _waits(state, who, Effect(kind="trigger", rule=R.TRIGGER,
                                     message=f"on top of the Line: {item.label()}; {who or 'nobody'} has priority"))


def _waits(state: State, who: str | None, said: Effect) -> tuple[State, list[Effect]]:
    """The new top waits with `who` holding priority (`said` says so), or resolves when nobody may respond."""
    state = state.model_copy(update={"priority": who})
    if who is not None:
        return state, [said]
    state, more = resolve_all_unanswered(state)
    return state, [said, *more]


def decline(state: State) -> tuple[State, list[Effect]]:
    """The player with priority lets the top item be; when all who may respond have, it resolves."""
    who = state.priority
    state = state.model_copy(update={"declined": (*state.declined, who)})
    nxt = next_priority(state, who)
    if nxt is not None:
        state = state.model_copy(update={"priority": nxt})
        return state, [Effect(kind="priority", rule=R.RESOLVE_TOP,
                              message=f"{who} lets it be; {nxt} has priority")]
    return resolve_all_unanswered(state)


def priority_from_the_defeated(state: State) -> tuple[State, list[Effect]]:
    """A player knocked out (by a change the table records) while holding priority can no longer
    respond: priority goes on clockwise as if they had let the top be, and the top resolves when
    nobody is left who may respond."""
    gone = state.priority
    if not state.line or gone is None or not state.player(gone).out:
        return state, []
    state = state.model_copy(update={"declined": (*state.declined, gone)})
    nxt = next_priority(state, gone)
    said = Effect(kind="priority", rule=R.DEFEATED_REMOVED,
                  message=f"{gone} is out of the game and cannot respond; "
                  + (f"{nxt} has priority" if nxt else "nobody else may respond"))
    if nxt is not None:
        return state.model_copy(update={"priority": nxt}), [said]
    state, more = resolve_all_unanswered(state)
    return state, [said, *more]


def resolve_all_unanswered(state: State) -> tuple[State, list[Effect]]:
    """Resolve the top item; go on while nobody may respond to the new top."""
    effects: list[Effect] = []
    last = None
    while state.line and not state.winner:
        last = state.line[-1]
        state, more = resolve_top(state)
        effects += more
        if state.priority is not None:
            break
    if not state.line:
        if last is not None and last.after_move:
            return state.model_copy(update={"priority": None, "declined": ()}), effects
        state, more = finish_move(state)
        effects += more
    return state, effects


def resolve_top(state: State) -> tuple[State, list[Effect]]:
    item = state.line[-1]
    state = state.model_copy(update={"line": state.line[:-1], "declined": (), "priority": None})
    effects = [Effect(kind="resolve", rule=R.RESOLVE_TOP, message=f"resolves: {_as_resolved(state, item).label()}")]
    state, more = carry_out(state, item)
    effects += more
    if state.line and not state.winner and not any(e.kind == "trigger" for e in more):
        who = next_priority(state, item.controller)
        state = state.model_copy(update={"priority": who})
        if who:  # the item's own player answered the one below: they get it again (a reading)
            again = "priority-again" if may_respond(state, item.controller) else "priority"
            effects.append(Effect(kind=again, rule=R.PRIORITY_AFTER, message=f"{who} has priority"))
    return state, effects


def _as_resolved(state: State, item: LineItem) -> LineItem:
    """The item as its resolve line names it: a Weapon played without naming its Fighter says the
    Fighter it goes to (one played `keep old` is left as played: it may be destroyed instead)."""
    if item.kind != "weapon" or item.on or item.keep_old or state.player(item.controller).out:
        return item
    return item.model_copy(update={"on": _wielder(state.player(item.controller), item)})


def _wielder(player, item: LineItem) -> str | None:
    """The Fighter a resolving Weapon goes to: the one named with the play while it is in play, else
    its player's first Fighter; None with no Fighter in play (it enters unwielded)."""
    chosen = table.character(player, item.on) if item.on else None
    return chosen.name if chosen is not None else player.fighters[0].name if player.fighters else None


def finish_move(state: State) -> tuple[State, list[Effect]]:
    """The Line is empty: the move is complete; the initiative passes clockwise."""
    state = state.model_copy(update={"priority": None, "declined": ()})
    if state.winner:
        return state, []
    holder = table.next_initiative(state, state.initiative or state.player_one)
    if holder is None:  # the mover left the game during their move and everyone left has passed
        t = table.Table(state.model_copy(update={"initiative": None}))
        t.say("level-over", f"the Line is empty and everyone left has passed: level {state.level} ends", R.LEVEL_ENDS)
        t.start_next_level()
        return t.freeze(), t.effects
    state = state.model_copy(update={"initiative": holder})
    return state, [Effect(kind="initiative", rule=R.INITIATIVE_CLOCKWISE,
                          message=f"the Line is empty; {holder} has the initiative")]


# ---------------------------------------------------------------- what an item does


def carry_out(state: State, item: LineItem) -> tuple[State, list[Effect]]:
    """What a Line item does when it resolves, worked out on the working table."""
    if state.player(item.controller).out:
        return state, []
    t = table.Table(state)
    _HANDLERS[item.kind](t, _as_described(state, item))
    return t.freeze(), t.effects


def _as_described(state: State, item: LineItem) -> LineItem:
    """A Tactic, Response or ability that went on the Line before its card was described (a card
    from an unnamed hand, a situation's Line item naming only its card) does what the catalogue
    now says, as a character in play takes its attack cost from it."""
    if item.effect or item.text or item.kind not in ("tactic", "response", "activate"):
        return item
    card = spec(state, item.card)
    if item.kind == "activate":
        who = table.character(state.player(item.controller), item.card or "")
        card = spec(state, who.name if who else None)
        card = next((a for a in card.abilities if a.name.lower() == (item.ability or "").lower()), None) if card else None
    if card is None or not (card.effect or card.text):
        return item
    return item.model_copy(update={"effect": card.effect, "text": card.text})


def _fighter_enters(t: table.Table, item: LineItem) -> None:
    card = spec(t.now, item.card)
    name = card.name if card else item.card
    stats = table.card_stats(card) if card else {}
    fighter = Fighter(name=name, health=card.health if card else None, starting_health=card.health if card else None,
                      level=card.level if card else None, entered_level=t.now.level, **stats)
    kept_before = len(t.effects)
    t.enter_fighter(item.controller, fighter, f"play it as `fighter {name} keep old`", item.keep_old)
    if not any(e.kind == "kept-old" for e in t.effects[kept_before:]):
        t.say("enters", f"{name} enters play for {item.controller}", R.RESOLVE_TOP)


def _weapon_enters(t: table.Table, item: LineItem) -> None:
    card = spec(t.now, item.card)
    name = card.name if card else item.card
    player = t.player(item.controller)
    weapons = player.weapons
    if any(w.name.lower() == name.lower() for w in weapons):
        if item.keep_old:
            t.say("kept-old", f"{item.controller} keeps the {name} already in play: the new one is destroyed and "
                  "goes to the discard pile", R.WEAPON_ONE_PER_NAME)
            return
        weapons = tuple(w for w in weapons if w.name.lower() != name.lower())
        t.say("destroyed", f"{item.controller} may keep one {name}: the old one is destroyed "
              f"(to keep the old one, play it as `weapon {name} keep old`)", R.WEAPON_ONE_PER_NAME)
    wielder = _wielder(player, item)
    if wielder is not None:
        if item.on and table.character(player, item.on) is None:  # the Fighter named left play while it waited
            several = len(player.fighters) > 1
            t.say("wielder-first" if several else "wielder-only",
                  f"{item.on} has left play: {name} goes to {wielder}, "
                  + (f"the first of {item.controller}'s Fighters (`wield` moves it)" if several
                     else f"{item.controller}'s only Fighter"), R.WEAPON_WIELDED)
        t.say("wielded", f"{name} enters wielded by {wielder}", R.WEAPON_WIELDED)
    else:
        t.say("unwielded", f"{item.controller} has no Fighter in play: {name} enters unwielded", R.WEAPON_UNWIELDED)
    weapon = Weapon(name=name, wielder=wielder, attack_modifier=card.attack_modifier if card else None,
                    wield_cost=card.wield_cost if card else None)
    t.replace_player(player.model_copy(update={"weapons": (*weapons, weapon)}))


def _wield(t: table.Table, item: LineItem) -> None:
    player = t.player(item.controller)
    target = table.character(player, item.on or "")
    if target is None or not any(w.name == item.card for w in player.weapons):
        t.say("fizzles", "the Weapon or the Fighter has left play", R.RESOLVE_TOP)
        return
    weapons = tuple(w.model_copy(update={"wielder": target.name}) if w.name == item.card else w for w in player.weapons)
    t.replace_player(player.model_copy(update={"weapons": weapons}))
    t.say("wielded", f"{item.card} is now wielded by {target.name}", R.WEAPON_WIELDED)


def _attack(t: table.Table, item: LineItem) -> None:
    attacker_owner = t.player(item.controller)
    target_owner = t.player(item.target_player)
    if table.character(attacker_owner, item.card) is None or target_owner.out \
            or table.character(target_owner, item.target) is None:
        t.say("fizzles", "the attacker or its target has left play: no damage (the rulebook does not say)",
              R.DAMAGE_ON_RESOLUTION)
        return
    amount = table.attack_value(t.now, attacker_owner, item.card)
    if amount is None:
        t.say("damage-unknown", f"{item.card}'s attack value is unknown: record the damage with `track damage`",
              R.DAMAGE_ON_RESOLUTION)
        return
    name = item.target if item.target == BOSS else table.character(target_owner, item.target).name
    start = len(t.effects)
    t.deal_damage(item.target_player, name, amount, R.DAMAGE_ON_RESOLUTION, announce=True)
    t.effects[start:start] = [Effect(kind="weapon", message=f"{w} adds {m} to {item.card}'s attack",  # said first
                                     rule=R.WEAPON_MODIFIER)
                              for w, m in table.wielded_modifiers(t.now, attacker_owner, item.card)]
    t.say("no-reciprocal", "the target deals no damage back", R.NO_RECIPROCAL)


def _card_effect(t: table.Table, item: LineItem) -> None:
    """A Tactic, Response or ability: the engine carries out the effects it knows; text it does not
    know is left to the table (the card's text beats the rules)."""
    if item.kind in ("tactic", "response"):
        t.say("discard", f"{item.card} goes to the discard pile", R.LEAVING_PLAY)
    technique = _TECHNIQUES.get(item.ability or "") if item.kind == "activate" else None
    if technique:
        technique(t, item)
        return
    if not item.effect:
        t.say("card-text", f"{item.text or item.card}: the table carries out its text (record changes with `track`)",
              R.GOLDEN_RULE)
        return
    word, _, number = item.effect.partition(" ")
    n = int(number) if number.strip().lstrip("-").isdigit() else 0
    if word == "stop":
        if t.now.line:
            stopped = t.now.line[-1]
            t.update(line=t.now.line[:-1])
            t.say("stopped", f"stopped, off the Line: {stopped.label()}", R.STOP)
        return
    if word == "coins":
        before = t.player(item.controller).coins
        t.add_coins(item.controller, n, quiet=True)
        after = t.player(item.controller).coins
        change = f"gives {item.controller} {table.coins_text(after - before)}" if after >= before \
            else f"takes {table.coins_text(before - after)} from {item.controller}"
        t.say("coins", f"{item.card} {change}: their pool is now {table.coins_text(after)}", R.GOLDEN_RULE)
        return
    owner = t.player(item.target_player) if item.target_player else None
    who = table.character(owner, item.target) if owner and item.target else None
    if who is None or owner.out:
        t.say("fizzles", "its target has left play", R.RESOLVE_TOP)
        return
    name = BOSS if item.target == BOSS else who.name
    if word == "damage":
        t.deal_damage(owner.name, name, n, R.DAMAGE_ON_RESOLUTION, announce=True)
    elif word in ("heal", "gain-health"):
        t.add_health(owner.name, name, n, capped=word == "heal", announce=True)
    elif word == "destroy" and name != BOSS:
        t.destroy_by_effect(owner.name, name)
    elif word == "destroy":
        t.say("boss-destroy", f"{item.card} would destroy {character_label(name, owner.name)}: the rulebook does not "
              "say what that does to a Boss; the table carries out the card's text (record it with `track`)", R.DESTROY)
    elif word == "stun":
        t.with_character(owner.name, name, who.model_copy(update={"stunned": True, "tapped": True}))
        t.say("stunned", f"{character_label(name, owner.name)} is stunned and tapped; the rulebook gives Stun "
              "no duration: it lasts until a card untaps it (`track untap`)", R.STUN)
    elif word == "untap":
        t.untap(owner.name, name)
        t.say("untapped", f"{character_label(name, owner.name)} untaps"
              + (" and is no longer stunned" if who.stunned else ""), R.UNTAP)
    else:
        t.say("card-text", f"{item.effect}: the table carries it out", R.GOLDEN_RULE)


def _phantasmal(t: table.Table, item: LineItem) -> None:
    who = table.character(t.player(item.controller), item.card)
    if who is None or who.phantasmal:
        t.say("fizzles", f"{item.card} is already Phantasmal or gone", R.PHANTASMAL)
        return
    t.with_character(item.controller, item.card, who.model_copy(update={"counters": who.counters + 1,
                                                                        "phantasmal": True}))
    t.say("phantasmal", f"{item.card} gets a +1 Attack counter and is Phantasmal", R.PHANTASMAL)


def _transform(t: table.Table, item: LineItem) -> None:
    """Transform: the Fighter is destroyed (Determination may keep it); revealing the deck for the Fighter
    that takes its place is the table's."""
    who = table.character(t.player(item.controller), item.card)
    if who is None:
        t.say("fizzles", f"{item.card} has left play: there is nothing to transform", R.TRANSFORM)
        return
    if t.determination_saves(item.controller, who):
        t.say("transform-reveal", f"Transform: Determination keeps {item.card} in play; the rulebook does not say "
              "whether the reveal from the deck still follows: the table decides", R.TRANSFORM)
        return
    t.destroy_fighter(item.controller, who.name, R.TRANSFORM,
                      f"Transform: {who.name} ({item.controller}) is destroyed and goes to the discard pile")
    level = f"level {who.level} or lower" if who.level is not None else f"a level no higher than {who.name}'s"
    t.say("transform-reveal", f"{item.controller} reveals cards from the top of the deck until a Fighter of {level}, "
          f"of another name and not in play, turns up: record it with `companion track fighter {item.controller} "
          "NAME HEALTH --overrule`, then shuffle the other revealed cards back", R.TRANSFORM)


def _block(t: table.Table, item: LineItem) -> None:
    """Block: the nearest attack under it on the Line now targets the blocker."""
    who = table.character(t.player(item.controller), item.card)
    line = t.now.line
    for i in range(len(line) - 1, -1, -1):
        attack = line[i]
        if attack.kind == "attack" and attack.controller != item.controller and who is not None:
            target = BOSS if item.card == BOSS else who.name
            moved = attack.model_copy(update={"target_player": item.controller, "target": target})
            t.update(line=line[:i] + (moved,) + line[i + 1:])
            t.say("blocked", f"the {attack.label()} now targets {item.card}", R.BLOCK)
            return
    t.say("fizzles", "no attack left on the Line to block", R.BLOCK)


def _fortify(t: table.Table, item: LineItem) -> None:
    """The card goes under the character, which gains the card's Starting Health as health and as
    Starting Health."""
    who = table.character(t.player(item.controller), item.on)
    if who is None:
        t.say("fizzles", f"{item.on} has left play", R.FORTIFY_HEALTH)
        return
    gain = getattr(spec(t.now, item.card), "health", None)
    update: dict = {"fortifications": (*who.fortifications, item.card)}
    if gain is None or who.health is None:
        kind, message = "health-unknown", f"{item.card} goes under {item.on}; record the health it adds with `track`"
    else:
        update["health"] = who.health + gain
        update["starting_health"] = (who.starting_health or who.health) + gain
        kind, message = "fortified", f"{item.card} goes under {item.on}: +{gain} health and Starting Health"
    t.with_character(item.controller, item.on if item.on == BOSS else who.name, who.model_copy(update=update))
    t.say(kind, message, R.FORTIFY_HEALTH)


def _trigger(t: table.Table, item: LineItem) -> None:
    t.say("card-text", f"the table carries out the trigger: {item.text}", R.TRIGGERED)


_HANDLERS = {"fighter": _fighter_enters, "weapon": _weapon_enters, "wield": _wield, "attack": _attack,
             "tactic": _card_effect, "response": _card_effect, "activate": _card_effect, "trigger": _trigger,
             "fortify": _fortify}


#: the techniques the engine carries out when they resolve (Fortify has its own Line item)
_TECHNIQUES = {"phantasmal": _phantasmal, "block": _block, "transform": _transform}
