"""CATastrophe: the referee: `judge` says whether a play is allowed (and why not), `play_out` carries it
out on the working table; check/apply are built from the two. How the chain of cards in play runs, and
the readings where the rulebook is silent: docs/moves-catastrophe.md."""
from __future__ import annotations

from engine.base import Reason, Verdict
from engine.errors import IllegalMove
from engine.tracking import Findings

from .model import (
    DIE_FACES, PHASE_TITLES, REACTIONS, TABLE_SOURCE, TYPE_TITLES, CardSpec, ChainCard, State, builtin_catalogue, catalogue,
)
from .notation import Move, played_spec, spec_of
from . import rules_effects, rules_readings
from .rules_reveals import reveal_plays
from .rule_ids import R
from .table import Table, basket_short, moving_on, unrevealed


def a_type(kind: str) -> str:
    """The card type's title with its article: "an Attack", "a Curiosity"."""
    title = TYPE_TITLES[kind]
    return f"{'an' if title[0] in 'AEIOU' else 'a'} {title}"


def refused(r: Findings, reason: Reason | None) -> bool:
    """A refusal a shared check (table.py) gave, if any, kept in `r`; True when there was one."""
    if reason is not None:
        r.problems.append(reason)
    return reason is not None


# ------------------------------------------------------------------------------ the chain


def being_played(chain) -> ChainCard | None:
    """The card the reactions in play are about: the most recent card that is not a Reaction."""
    return next((c for c in reversed(chain) if c.type not in REACTIONS), None)


def waiting_roller(state: State) -> str | None:
    """The target who must roll now for the Attack on top of the chain, if any."""
    if not state.chain or state.chain[-1].type != "attack":
        return None
    top = state.chain[-1]
    if top.reroll:
        return top.reroll
    in_turn_order = [state.players[i].name for i in state.turn_order()]  # the cats still in
    return next((t for t in in_turn_order if t in top.targets and t not in top.rolls), None)


def _others(state: State, who: str | None) -> list[str]:
    """The players still in the game other than `who`, in turn order."""
    return [state.players[i].name for i in state.turn_order() if state.players[i].name != who]


def next_in_chain(state: State) -> list[str]:
    """What moves the cards in play along: the roll an Attack waits for, else `resolve`."""
    roller = waiting_roller(state)
    if roller is not None:
        return [f"{roller} roll {d}" for d in range(1, 7)]
    return ["resolve"] if state.chain else []


# ------------------------------------------------------------------------------ judging


def judge(state: State, move: Move) -> Findings:
    r = Findings()
    if state.game_over:
        if state.grim_reapurr_wins:
            r.forbid(R.REAPURR_WINS, "the game is over: the Grim Reapurr won")
        else:
            r.forbid(R.LAST_STANDING, f"the game is over: {state.winner} won")
        return r
    if move.player and state.player(move.player).eliminated and move.kind != "end":
        own_turn = move.player == state.players[state.current].name  # their turn is over: `end` passes it on
        r.forbid(R.OUT, f"{move.player} has been eliminated and is out of the game",
                 *([f"{move.player} end"] if own_turn else []))
        return r
    {"play": _judge_play, "roll": _judge_roll, "yarn": _judge_yarn, "resolve": _judge_resolve,
     "draw": _judge_draw, "reveal": _judge_reveal, "end": _judge_end}[move.kind](state, move, r)
    return r


def _judge_play(state: State, move: Move, r: Findings) -> None:
    spec = played_spec(state, move.player, move.card)
    state.player(move.player)  # refuses a name that is not at the table
    cur = state.players[state.current].name
    if spec is not None and spec.type in ("event", "reapurr"):
        r.forbid(R.CATASTROPHE_ONE, f"{spec.name} is a CATastrophe card: it is revealed from its deck in the "
                 "CATastrophe Phase, never played from a hand", f"{cur} reveal {spec.name}")
        return
    rgd = state.red_glowy_dot
    if rgd is not None:
        r.forbid(R.RGD_NO_OTHER, f"{rgd.label()} has the Red Glowy Dot and is not finished: no other card may be "
             "played until it is (rolls and Yarn Balls still may)")
        if spec is not None and "catfinity" in spec.symbols:
            r.forbid(R.CATFINITY_NOT_RGD, f"{spec.name} has Catfinity, which does not reach past a Red Glowy Dot")
        return
    if spec is None:
        r.leave_open(rules_effects.uncatalogued(R.CLAW_HOW, move.card))
        _judge_holding(state, move, None, r)
        return
    top = state.chain[-1] if state.chain else None
    if spec in builtin_catalogue() and spec.name == "Mice Mischief":
        r.unchecked.append(rules_readings.MICE_MISCHIEF)
    if spec.type == "attack" and (move.number or spec.number or 0) > DIE_FACES:
        r.unchecked.append(rules_readings.ATTACK_ABOVE_DIE)
    if "catfinity" in spec.symbols:
        if spec.type in REACTIONS:
            _judge_reaction(state, move, spec, r)
        else:
            _judge_targets(state, move, spec, r)
        _judge_holding(state, move, spec, r)
        return
    if spec.type == "power-cat" and state.chain:  # the Reaction Cards Example's hint, nothing more
        r.unchecked.append(rules_readings.POWER_CAT_WHEN)
    else:
        if move.player != cur:
            why = ("with no card in play a Power Cat is used in its owner's Claw Phase" if spec.type == "power-cat"
                   else f"only {cur} plays cards without Catfinity, in the Claw Phase; {spec.name} has no Catfinity")
            r.forbid(R.CLAW_PLAY, f"it is {cur}'s turn: {why}")
        elif state.phase != "claw":
            r.forbid(R.CLAW_PLAY, f"{cur} is in the {PHASE_TITLES[state.phase]}: cards are played in the Claw Phase")
        if top is not None:
            r.forbid(R.CATFINITY_INTERRUPTS, f"{top.label()} is being played: only a card with Catfinity can "
                     "interrupt it", *next_in_chain(state))
    _judge_targets(state, move, spec, r)
    _judge_holding(state, move, spec, r)


def _judge_targets(state: State, move: Move, spec: CardSpec, r: Findings) -> None:
    """An Attack or Curiosity aimed at one player, or a described effect on `target` (only Allies,
    Power Cats and Events carry one), needs the player the card is aimed at (`at NAME`)."""
    if spec.targets == "others" and move.target is not None:
        r.forbid(R.SPECIAL_ATTACKS if spec.type == "attack" else R.CLAW_HOW,
                 f"{spec.name} aims at every other cat, not at one chosen cat: no `at {move.target}`",
                 f"{move.player} play {spec.name}")
        return
    aimed = spec.type in ("attack", "curiosity") and spec.targets == "one"
    if not aimed and not any(rules_effects.parse_effect(text).who == "target" for text in spec.effect):
        if move.target is not None:
            _target_unused(move, spec, r)
        return
    if move.target is not None:
        if not state.player(move.target).eliminated:
            if aimed and state.player(move.target).name == state.player(move.player).name:
                r.unchecked.append(rules_readings.SELF_TARGET)
            return
        r.forbid(R.OUT, f"{move.target} has been eliminated and is out of the game")
    elif aimed:
        r.forbid(R.ATTACK_CHOOSE if spec.type == "attack" else R.CURIOSITY, f"{spec.name} needs a player to aim at: `at NAME`")
    else:
        r.forbid(R.CLAW_HOW, f"{spec.name}'s effect ({'; '.join(spec.effect)}) reaches a chosen player: `at NAME`")
    number = f" {move.number}" if move.number is not None else ""
    r.advice.extend(f"{move.player} play {spec.name}{number} at {o}" for o in _others(state, move.player))


def _target_unused(move: Move, spec: CardSpec, r: Findings) -> None:
    """A cat named for a card that reaches no chosen player: refused, offering the play without it; an
    Ally or Power Cat whose text the table has not described may aim at one (its text decides): a note."""
    rule = R.ALLY if spec.type == "ally" else R.CLAW_HOW
    if spec.type in rules_effects.EFFECT_TYPES and not spec.effect:
        r.note(rule, f"whether {spec.name} aims at {move.target}: its text decides (the rulebook prints none); "
               f"the referee does nothing at {move.target} (record what the card does with `track`)")
        return
    does = f" (its effect: {'; '.join(spec.effect)})" if spec.effect else ""
    number = f" {move.number}" if move.number is not None else ""
    r.forbid(rule, f"{spec.name} reaches no chosen player{does}: no `at {move.target}`",
             f"{move.player} play {spec.name}{number}")


def _judge_holding(state: State, move: Move, spec: CardSpec | None, r: Findings) -> None:
    """The card must be where it is played from: the hand (Main deck) or the table (Power Cat)."""
    me = state.player(move.player)
    label = f"{move.card} {move.number}" if move.number is not None else move.card
    if spec is not None and spec.type == "power-cat":
        if me.power_cats == 0:
            r.forbid(R.POWER_FROM_TABLE, f"{me.name} has no Power Cat in front of them")
        elif me.power_cat_cards is not None and spec.name.casefold() != "power cat" \
                and label.casefold() not in [c.casefold() for c in me.power_cat_cards]:
            r.forbid(R.POWER_FROM_TABLE, f"{me.name}'s Power Cats are {', '.join(me.power_cat_cards)}")
        return
    if me.hand == 0:
        r.forbid(R.FROM_HAND, f"{me.name} has no cards in hand")
    elif me.hand_cards is not None:
        if label.casefold() not in [c.casefold() for c in me.hand_cards]:
            r.forbid(R.FROM_HAND, f"{me.name}'s hand is {', '.join(me.hand_cards) or 'empty'}: no {label}")
            same = [c for c in me.hand_cards if c.split()[0].casefold() == (move.card or "").split()[0].casefold()]
            tail = f" at {move.target}" if move.target else ""
            r.advice.extend(f"{move.player} play {c}{tail}" for c in same)
    elif label.casefold() not in [c.casefold() for c in me.seen_cards]:
        r.note(R.HAND_SECRET, f"whether {me.name} holds {label}: the hand is secret")


def _judge_reaction(state: State, move: Move, spec: CardSpec, r: Findings) -> None:
    top = state.chain[-1] if state.chain else None
    being = being_played(state.chain)
    if being is not None and being.type == "attack" and (being.rolls or being.reroll is not None):
        r.forbid(R.REACTIONS_BEFORE_DICE, f"{being.label()}'s dice have been rolled: Reactions come before the roll")
        return
    if spec.type in ("cucumber", "take"):
        rule = R.CUCUMBER if spec.type == "cucumber" else R.TAKE
        if top is None:
            r.forbid(rule, f"{spec.name} blocks the most recent card played, and no card is in play")
        elif move.target is not None:
            r.forbid(rule, f"{spec.name} blocks the most recent card played ({top.label()}), not a player: "
                     f"no `at {move.target}`", f"{move.player} play {spec.name}")
        return
    if being is None:
        r.forbid(R.PASS, "Pass hands on an Attack or Curiosity, and none is being played")
        return
    if being.type == "ally":
        r.forbid(R.PASS_NOT_ALLY, f"{being.label()} is an Ally: Ally cards cannot be passed")
        return
    if being.type not in ("attack", "curiosity"):
        r.forbid(R.PASS, f"only an Attack or Curiosity can be passed; {being.label()} is {a_type(being.type)}")
        return
    r.unchecked.append(rules_readings.PASS_TARGET)
    if move.player not in being.targets:
        aimed, waits = ", ".join(being.targets) or "nobody", [c for c in state.chain[state.chain.index(being):]
                                                                if c.pass_to == move.player]
        r.unchecked.extend([rules_readings.PASS_WAITING] if waits else [])
        r.forbid(R.PASS, f"Pass hands on a card aimed at you; {being.label()} is aimed at {aimed}" + (
            f" until {waits[-1].controller}'s Pass takes effect (a reading: the rulebook does not say)" if waits else ""))
        return
    instead = [f"{move.player} play {spec.name} to {o}" for o in _others(state, move.player)]
    if move.target is None or move.target == move.player:
        r.unchecked.extend([rules_readings.PASS_NOT_SELF] if move.target else [])
        r.forbid(R.PASS, "Pass needs the player who becomes the target: `to NAME`" if move.target is None
                 else f"{move.player} passes the card on to another player, not to themselves (a reading: the "
                      "card says any player, but the card then aims at them instead of the passer)", *instead)
    elif state.player(move.target).eliminated:
        r.forbid(R.OUT, f"{move.target} has been eliminated and is out of the game", *instead)


def _judge_roll(state: State, move: Move, r: Findings) -> None:
    top = state.chain[-1] if state.chain else None
    if top is None or top.type != "attack":
        being = being_played(state.chain)
        if top is not None and being is not None and being.type == "attack":
            r.forbid(R.REACTION_ORDER, f"{top.label()} is the most recent card in play and takes effect first; "
                     f"the roll for {being.label()} comes after", *next_in_chain(state))
        else:
            r.forbid(R.ATTACK_ROLL, "no Attack is waiting for a roll (rolls for other cards are the table's: "
                 "use the tracker)")
        return
    who = move.player
    if top.reroll is not None and who != top.reroll:
        r.forbid(R.YARN_REROLL, f"a Yarn Ball was spent: {top.reroll} re-rolls first", f"{top.reroll} roll {move.number}")
    elif who not in top.targets:
        roller = waiting_roller(state)
        r.forbid(R.ATTACK_ROLL, f"{top.label()} is aimed at {', '.join(top.targets)}: only the attacked player rolls",
                 *([f"{roller} roll {move.number}"] if roller else []))
    elif who in top.rolls and top.reroll != who:
        r.forbid(R.YARN_REROLL, f"{who} has rolled {top.rolls[who]} already; another roll takes a Yarn Ball",
                 *(f"{p.name} yarn for {who}" for p in state.players if p.yarn_balls and not p.eliminated))


def _judge_yarn(state: State, move: Move, r: Findings) -> None:
    refused(r, basket_short(state.player(move.player), 1))
    top = state.chain[-1] if state.chain else None
    if top is None or top.type != "attack" or not top.rolls:
        r.forbid(R.YARN_REROLL, "a Yarn Ball is spent after a roll, and no die of an Attack has been rolled "
             "(for other rolls, the tracker: `yarn NAME -1`)")
        return
    if top.reroll is not None:
        r.forbid(R.YARN_REROLL, f"{top.reroll} has to re-roll already; roll first", *next_in_chain(state))
        return
    target = yarn_target(top, move)
    if move.target is None:
        r.unchecked.append(rules_readings.YARN_OWN_DIE)
    if target not in top.rolls:
        r.forbid(R.YARN_REROLL, f"{target} has not rolled for {top.label()}",
                 *(f"{move.player} yarn for {x}" for x in top.rolls))


def yarn_target(top: ChainCard, move: Move) -> str | None:
    """Whose die a Yarn Ball re-rolls: the one named (`yarn for NAME`); unnamed, the spender's own
    failed roll if they have one (at a table, "I spend a Yarn Ball" means on my own die), else the
    die rolled last."""
    if move.target:
        return move.target
    mine = top.rolls.get(move.player)
    if mine is not None and mine < (top.number or 1):
        return move.player
    return top.last_roller


def _judge_resolve(state: State, move: Move, r: Findings) -> None:
    if not state.chain:
        r.forbid(R.CLAW_HOW, "no card is in play")
        return
    roller = waiting_roller(state)
    if roller is not None:
        top = state.chain[-1]
        r.forbid(R.ATTACK_ROLL, f"{top.label()} waits for {roller}'s roll: {top.number} or higher defends",
                 *next_in_chain(state))


def _judge_draw(state: State, move: Move, r: Findings) -> None:
    cur = state.players[state.current].name
    if move.player != cur:
        r.forbid(R.CLOCKWISE, f"it is {cur}'s turn: only {cur} draws in the Paw Phase")
    elif refused(r, moving_on(state, "paw")):
        r.advice.extend(next_in_chain(state))


def _judge_reveal(state: State, move: Move, r: Findings) -> None:
    cur = state.players[state.current].name
    spec = spec_of(state, move.card)
    if move.player != cur:
        r.forbid(R.CLOCKWISE, f"it is {cur}'s turn: {cur} reveals the CATastrophe card")
    elif state.revealed:
        r.forbid(R.CATASTROPHE_ONE, "this turn's CATastrophe card has been revealed already: one per turn")
        r.advice.extend(next_in_chain(state) if state.chain else [f"{cur} end"])
    elif refused(r, moving_on(state, "catastrophe", again=True)):
        r.advice.extend(next_in_chain(state) if state.chain else [f"{cur} draw"])
    if spec is None:
        r.note(R.REVEAL, f"{move.card!r} is not in the card catalogue: its effect is the table's call")
    elif spec.type not in ("event", "reapurr"):
        r.forbid(R.CATASTROPHE_KINDS, f"{spec.name} is {a_type(spec.type)}; the CATastrophe deck holds "
             "CATastrophic Events and Grim Reapurr cards")


def _judge_end(state: State, move: Move, r: Findings) -> None:
    cur = state.players[state.current]
    if move.player != cur.name:
        r.forbid(R.CLOCKWISE, f"it is {cur.name}'s turn, not {move.player}'s")
        return
    if refused(r, moving_on(state, "next")):
        r.advice.extend(next_in_chain(state) if state.chain else [f"{cur.name} draw", *reveal_plays(cur.name)])
    elif refused(r, unrevealed(state)):
        r.advice.extend(reveal_plays(cur.name))


# ------------------------------------------------------------------------------ playing out


def play_out(t: Table, move: Move) -> None:
    """Carry the move out on the working table (also when overruled: as far as it goes)."""
    {"play": _play, "roll": _roll, "yarn": _yarn, "resolve": _resolve, "reveal": _reveal,
     "draw": _draw, "end": lambda t, move: t.advance_turn()}[move.kind](t, move)


def _draw(t: Table, move: Move) -> None:
    """The Paw Phase's draw. Made again, or after the CATastrophe card (overruled), the cards are drawn
    as the table says and the phase stays where the turn is: its phases run only forward."""
    if t.phase == "claw":
        t.enter_phase("paw", drawn=move.cards)
    else:
        t.draw_three(move.cards)


def _play(t: Table, move: Move) -> None:
    state = t.state
    spec = played_spec(state, move.player, move.card)
    i = t.state.index(move.player)
    label = f"{move.card} {move.number}" if move.number is not None else move.card
    t.remove_card(i, "power_cats" if spec is not None and spec.type == "power-cat" else "hand", label)
    kind = spec.type if spec else "unknown"
    targets: tuple[str, ...] = ()
    if spec is not None and spec.targets == "others":
        targets = tuple(_others(state, move.player))
    elif move.target and kind != "pass":
        targets = (move.target,)
    card = _into_play(spec, label, controller=move.player, targets=targets,
                      number=move.number if move.number is not None else (spec.number if spec else None),
                      lives=spec.lives if spec else 1, pass_to=move.target if kind == "pass" else None)
    top = t.chain[-1] if t.chain else None
    t.chain.append(card)
    aim = f" at {', '.join(targets)}" if targets else (f" to {card.pass_to}" if card.pass_to else "")
    t.say("in-play", f"{move.player} plays {card.label()}{aim}: it waits in play until it takes effect", R.CLAW_HOW)
    if card.red_glowy_dot:
        t.say("red-glowy-dot", f"{card.label()} has the Red Glowy Dot: it is carried out now, and no other card "
              "may be played until it is finished", R.RGD_IMMEDIATE)
        if card.type == "power-cat":
            t.say("red-glowy-dot", "every Power Cat carries the Red Glowy Dot", R.RGD_CARDS)
    if top is not None and card.catfinity:
        t.say("interrupts", f"{card.label()} interrupts {top.label()} and takes effect before it", R.CATFINITY_INTERRUPTS)
        t.say("order", "cards in play take effect most recent first", R.CATFINITY_MOST_RECENT)
        if top.catfinity:
            rule = R.CUCUMBER_ON_CUCUMBER if card.type == top.type == "cucumber" else R.CATFINITY_ON_CATFINITY
            t.say("catfinity-on-catfinity", f"a Catfinity card may interrupt another ({top.label()})", rule)
    if kind == "pass":
        rule = R.PASS_UNLIMITED if any(c.type == "pass" for c in t.chain[:-1]) else R.PASS
        t.say("pass", f"if it takes effect, {card.pass_to} becomes the target instead of {move.player}", rule)
    if kind in ("cucumber", "take") and top is not None:
        t.say("block", f"if it takes effect, {top.label()} is blocked"
              + (f" and goes to {move.player}'s hand" if kind == "take" else ""),
              R.CUCUMBER if kind == "cucumber" else R.TAKE)


def _into_play(spec: CardSpec | None, said: str, unknown_symbols: tuple[str, ...] = (), **fields) -> ChainCard:
    """A card going into play: its name, type, symbols and effect from the catalogue entry where
    there is one, else the name the table said, of unknown type (with `unknown_symbols`: a
    CATastrophe card carries the Red Glowy Dot whatever it is)."""
    if spec is None:
        return ChainCard(name=said, type="unknown", symbols=unknown_symbols, known=False, **fields)
    return ChainCard(name=spec.name, type=spec.type, symbols=spec.symbols, effect=spec.effect, known=True, **fields)


def _roll(t: Table, move: Move) -> None:
    if not t.chain or t.chain[-1].type != "attack":
        return
    top = t.chain[-1]
    who = move.player or waiting_roller(t.state)
    if who is None:
        return
    rolls = {**top.rolls, who: move.number}
    t.chain[-1] = top.model_copy(update={"rolls": rolls, "reroll": None, "last_roller": who})
    if move.number >= (top.number or 1):
        t.say("defended", f"{who} rolls {move.number} against {top.label()}: {top.number} or higher, defended",
              R.ATTACK_ROLL)
    else:
        t.say("not-defended", f"{who} rolls {move.number} against {top.label()}: below {top.number}; {who} "
              f"loses {top.lives} li{'fe' if top.lives == 1 else 'ves'} when it takes effect, unless a Yarn Ball "
              "buys a re-roll", R.SPECIAL_ATTACKS if top.lives > 1 else R.ATTACK_LOSE)


def _yarn(t: Table, move: Move) -> None:
    i = t.state.index(move.player)
    before = t.players[i]["yarn_balls"]
    t.apply_yarn(i, -1)
    if before:
        t.say("yarn-spent", f"{move.player} spends a Yarn Ball: it goes to the Sanctuary (now {t.yarn_sanctuary})",
              R.YARN_SPENT)
    if not t.chain or t.chain[-1].type != "attack":
        return
    top = t.chain[-1]
    target = yarn_target(top, move)
    if target is None:
        return
    rolls = {k: v for k, v in top.rolls.items() if k != target}
    t.chain[-1] = top.model_copy(update={"rolls": rolls, "reroll": target})
    t.say("re-roll", f"{target} re-rolls the die", R.YARN_REROLL)
    if t.state.red_glowy_dot is not None:
        t.say("re-roll", f"Yarn Balls work even while {t.state.red_glowy_dot.label()} (Red Glowy Dot) is in play",
              R.YARN_DURING_RGD)


def _resolve(t: Table, move: Move) -> None:
    if not t.chain:
        return
    top = t.chain.pop()
    name = top.label()
    if top.type in ("cucumber", "take"):
        blocked = t.chain.pop() if t.chain else None
        if blocked is not None:
            rule = R.TAKE if top.type == "take" else R.CUCUMBER_ON_CUCUMBER if blocked.type == "cucumber" else R.CUCUMBER
            t.say("blocked", f"{name} ({top.controller}) blocks {blocked.label()}: it has no effect", rule)
            if top.type == "take":
                t.add_cards(t.state.index(top.controller), "hand", 1, [blocked.label()])
                t.say("taken", f"{blocked.label()} goes into {top.controller}'s hand", R.TAKE)
            else:  # blocked, the card is finished: face up onto its own deck's discard pile
                t.say("discarded", f"{blocked.label()}, blocked, goes face up onto {_pile(blocked.type)}", R.CLAW_HOW,
                      card=blocked.label())
    elif top.type == "pass":
        being = next((k for k in range(len(t.chain) - 1, -1, -1) if t.chain[k].type in ("attack", "curiosity")), None)
        if being is not None and top.pass_to and top.controller not in t.chain[being].targets:
            t.say("pass-void", f"{name} ({top.controller}) has no effect: {t.chain[being].label()} no longer aims "
                  f"at {top.controller}", R.PASS)
        elif being is not None and top.pass_to:
            card = t.chain[being]
            if top.pass_to in card.targets:  # a cat the card aims at already stays one target
                t.leave_open(rules_readings.PASS_ONTO_TARGET)
            if not t.alive(t.state.index(top.pass_to)):  # named when in, out before the Pass took effect
                t.leave_open(rules_readings.PASS_TO_OUT)
            targets = tuple(dict.fromkeys(top.pass_to if x == top.controller else x for x in card.targets))
            t.chain[being] = card.model_copy(update={"targets": targets})
            t.say("passed", f"{card.label()} now aims at {top.pass_to} instead of {top.controller}", R.PASS)
    elif top.type == "curiosity":
        targets = _still_in(t, top)
        ops = [(t.state.index(x), "-", top.lives) for x in targets]
        lives = f"{top.lives} li{'fe' if top.lives == 1 else 'ves'}"
        loses = "loses" if len(targets) == 1 else "lose"
        if targets:
            t.say("curiosity", f"{name} takes effect: {', '.join(targets)} {loses} {lives}", R.CURIOSITY)
        t.apply_lives(ops)
    elif top.type == "attack":
        targets = _still_in(t, top)
        ops = [(t.state.index(x), "-", top.lives) for x in targets if top.rolls.get(x, 7) < (top.number or 1)]
        hit = [t.name(i) for i, _, _ in ops]
        if targets:
            t.say("attack", f"{name} takes effect: " + (f"{', '.join(hit)} lose{'s' if len(hit) == 1 else ''} "
                  f"{top.lives} li{'fe' if top.lives == 1 else 'ves'}" if hit else "every target defended"),
                  R.SPECIAL_ATTACKS if top.lives > 1 else R.ATTACK_LOSE)
        t.apply_lives(ops)
    elif top.type == "reapurr":
        if top.reapurr is not None:
            short = t.apply_reapurr("+" if top.reapurr >= 0 else "-", abs(top.reapurr))
            t.say("reapurr", f"the Grim Reapurr card moves him {top.reapurr:+d} (now on {t.grim_reapurr}){short}",
                  R.REAPURR_RANGE if short else R.REAPURR_FOLLOW)
        else:
            t.note(R.REAPURR_FOLLOW, f"{name}: how far it moves the Grim Reapurr is the card's text; record it "
                   "with `companion track reapurr +N`")
    else:
        what = {"ally": R.ALLY, "power-cat": R.POWER_ONE_TIME, "event": R.EVENT_FOLLOW}.get(top.type, R.CLAW_HOW)
        if top.effect:
            rules_effects.carry_out(t, top, what)
        elif any(top.name == c.name for c in builtin_catalogue() if c.type == top.type):
            t.note(what, f"{name}'s own text is not in the rulebook: do what it says and record the result with "
                   "tracker commands (lives, yarn, hand ...)")
        else:
            t.leave_open(_unknown_effect(what, t.state, top))
    if top.type == "power-cat":
        t.say("discarded", f"{name} is used once and discarded, face up onto {_pile(top.type)}", R.POWER_ONE_TIME,
              card=name)
    elif top.type == "take":
        t.say("discarded", f"{name} is discarded, face up onto {_pile(top.type)}", R.DISCARD_AFTER, card=name)
    elif top.type in ("event", "reapurr"):  # 3. CATastrophe Phase: finished, onto its own deck's pile
        t.say("discarded", f"{name} is discarded, face up onto {_pile(top.type)}", R.PHASE_DISCARD)
    else:  # a Main deck card: face up onto the Main deck's own pile
        t.say("discarded", f"{name} is discarded, face up onto {_pile(top.type)}", R.DISCARD_AFTER, card=name)
    if t.chain:
        t.say("new-reactions", f"{t.chain[-1].label()} is now the most recent card in play: new reactions may "
              "come before it takes effect", R.NEW_REACTIONS)
        t.say("order", "cards in play take effect most recent first", R.REACTION_ORDER)


def _still_in(t: Table, top) -> list[str]:
    """The card's targets still in the game; one eliminated while the card waited is out of the game, and
    the line says the card costs that cat nothing."""
    out = [x for x in top.targets if not t.alive(t.state.index(x))]
    if out:
        t.say("out-of-game", f"{', '.join(out)} {'is' if len(out) == 1 else 'are'} out of the game (eliminated "
              f"while {top.label()} waited): it costs {'that cat' if len(out) == 1 else 'them'} nothing", R.OUT)
    return [x for x in top.targets if x not in out]


def _pile(card_type: str) -> str:
    """The discard pile a finished card goes to: each of the three decks has its own."""
    deck = {"power-cat": "Power Cat", "event": "CATastrophe", "reapurr": "CATastrophe"}.get(card_type, "Main deck")
    return f"the {deck} discard pile"


def _unknown_effect(rule: str, state: State, top) -> Reason:
    """The note for a card whose effect is unknown, with the command that teaches it (`cards add`, `cards
    edit`, or both where the card library may or may not have it)."""
    spec = catalogue(state).get(top.name.casefold()) if top.known else None
    if spec is None:  # a Power Cat the table named, known by no catalogue, keeps its type
        return rules_effects.unknown(rule, top.name, "TYPE" if top.type == "unknown" else top.type)
    if spec.source == TABLE_SOURCE:
        return rules_effects.unknown(rule, top.name, spec.type)
    shipped = any(c.name.casefold() == spec.name.casefold() for c in builtin_catalogue())
    return rules_effects.unknown(rule, top.name, None if shipped else spec.type, edit=True)


def _reveal(t: Table, move: Move) -> None:
    state = t.state
    spec = spec_of(state, move.card)
    t.enter_phase("catastrophe")
    min_players = move.min_players or (spec.min_players if spec else None)
    if min_players and len(state.turn_order()) < min_players:
        t.say("event-replaced", f"{move.card} is for {min_players}+ players and only {len(state.turn_order())} "
              "are left: discard it and reveal another", R.EVENT_THREE_PLUS)
        return
    t.revealed = True
    card = _into_play(spec, move.card, ("red-glowy-dot",), controller=move.player,
                      reapurr=move.number if move.number is not None else (spec.reapurr if spec else None))
    t.chain.append(card)
    t.say("revealed", f"{move.player} reveals {card.name}: it carries the Red Glowy Dot, nothing else may be "
          "played until it is finished", R.RGD_CARDS)
    t.say("revealed", "read it out and follow it", R.REVEAL)


# ------------------------------------------------------------------------------ check and apply


def check(state: State, move: Move, refusal=None) -> Verdict:
    """The referee's verdict; a refusal is handed to `refusal(state, move, found)` (what it offers)."""
    found = judge(state, move)
    if found.problems:
        return refusal(state, move, found) if refusal else found.verdict()
    t = run(state, move)
    found.effects, found.unchecked = t.effects, found.unchecked + t.unchecked
    found.leave_open(*rules_readings.from_effects(t.effects))
    return found.verdict()


def run(state: State, move: Move) -> Table:
    t = Table(state)
    play_out(t, move)
    t.settle()
    return t


def apply(state: State, move: Move, overruled: bool = False) -> State:
    ruling = judge(state, move)
    if not overruled and ruling.problems:
        raise IllegalMove("; ".join(f"{x.message} ({x.rule})" for x in ruling.problems))
    t = run(state, move)
    t.plays_recorded = True  # from now on the tracker ends a turn as `end` does
    return t.freeze()

