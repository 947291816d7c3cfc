"""CATastrophe: A Game of 9 Lives: the table tracker's verbs, each a row of VERBS (its check, then its
transition on table.Table). The counters it keeps and the readings it takes where the rulebook is
unclear are in docs/track-catastrophe.md."""
from __future__ import annotations

import re
from functools import partial
from typing import Any, Callable

from engine.base import Effect, MoveSyntaxError, Reason, Verdict, field_problem
from engine.tracking import (Change, Counter, Findings, OptionError, Verb, apply_verb, check_verb, judged,
                             options as read_options, row)
from engine.words import count

from .model import (
    GAME, HAND_LIMIT, MAX_PLAYERS, MIN_PLAYERS, PHASES, POWER_CAT_LIMIT, REAPURRS_LAIR, TOP_SPACE,
    VARIANT_ALIASES, VARIANT_TITLES, VARIANTS,
    CardSpec, Player, State, card_entry, named_entry,
)
from . import notation_track, rules_readings
from .rule_ids import R
from .rules import next_in_chain
from .table import Table, basket_short, moving_on, next_step, reapurr_target, space, unrevealed


# Lives, the Grim Reapurr, Yarn Balls, hand and Power Cat counts, turn and phase.

OPTIONS = {
    "variant": "standard (default), king (King of the Meowtain) or turbo (Turbo King of the Meowtain)",
    "first": "the player who takes the first turn (whoever petted a cat most recently); "
             "default: the first player named",
    "cards": "the table's own cards for the validator, NAME:TYPE[:NUMBER][:SYMBOL...], comma-separated, "
             "e.g. cards=Hiss:cucumber:catfinity,Hairball:attack:5 (types: attack, curiosity, ally, cucumber, "
             "take, pass, power-cat, event, reapurr; symbols: catfinity, red-glowy-dot); default: none",
}

# ------------------------------------------------------------------ new game


def new_state(players: list[str], options: dict[str, str]) -> State:
    options = read_options(options, OPTIONS, GAME, {"first-player": "first"})
    names = [str(n).strip() for n in players or []]
    if len(names) < MIN_PLAYERS or len(names) > MAX_PLAYERS:
        raise OptionError(
            f"players: CATastrophe needs {MIN_PLAYERS} to {MAX_PLAYERS} players "
            f"(the box has {MAX_PLAYERS} token bases and dice), got {len(names)}"
        )
    for k, n in enumerate(names):
        if not n:
            raise OptionError("players: a player name is empty")
        if n.lower() in (m.lower() for m in names[:k]):
            raise OptionError(f"players: {n!r} is named twice; every player needs a different name")
        if n.lower() in ("all", "everyone", "set", "lair") or re.fullmatch(r"[+\-=]?\d+", n):
            raise OptionError(f"players: {n!r} cannot be a player name (it is a command word or a number)")

    raw_variant = options.get("variant", "standard").lower().replace(" ", "-").replace("_", "-")
    variant = VARIANT_ALIASES.get(raw_variant)
    if variant is None:
        raise OptionError(f"variant: {options['variant']!r} is not a variant; choose one of: {', '.join(VARIANTS)}")

    # the Grim Reapurr starts in his Lair; the Sanctuary holds the Yarn Balls no basket has (State)
    return State(
        variant=variant,
        players=tuple(Player(name=n) for n in names),
        current=_option_player(names, options["first"]) if "first" in options else 0,
        cards=_card_option(options.get("cards", "")),
    )


def _option_player(names: list[str], text: str) -> int:
    low = text.strip().lower()
    found = [i for i, n in enumerate(names) if n.lower() == low] or \
        [i for i, n in enumerate(names) if low and n.lower().startswith(low)]
    if len(found) != 1:
        raise OptionError(f"first: {text!r} is not one of the players; choose one of: {', '.join(names)}")
    return found[0]

# ------------------------------------------------------------------ check


def check(state: State, change: Change) -> Verdict:
    """engine.tracking's sequence, after the game's end is checked first; a legal change adds the
    readings its effects decided (the step says each once per game: engine/readings.py)."""
    return judged(VERBS, state, change, apply, found=_violations(state, change),
                  readings=lambda state, change, found: found.leave_open(*rules_readings.from_effects(found.effects)))


def _violations(state: State, change: Change) -> Findings:
    """The rules the change breaks, and the commands the table might type instead (its advice)."""
    if not state.game_over:
        return check_verb(VERBS, state, change, Findings())
    row(VERBS, change.verb)  # an unknown command is named first
    if state.grim_reapurr_wins:
        return Findings([Reason(rule=R.REAPURR_WINS, message="the game is over: the Grim Reapurr won")])
    return Findings([Reason(rule=R.LAST_STANDING, message=f"the game is over: {state.winner} won")])

# ------------------------------------------------------------------ apply


def apply(state: State, change: Change) -> tuple[State, list[Effect]]:
    t = apply_verb(VERBS, Table(state), change)
    t.settle()
    return t.freeze(), t.effects

# ------------------------------------------------------------------ what stays secret


def hide(state: State, player):
    """The named cards are left out; the count stays."""
    return player.model_copy(update={"hand_cards": None}) if player.hand_cards is not None else player


def own_hand(state: State, name: str) -> dict[str, Any]:
    p = next(p for p in state.players if p.name == name)
    return {"player": name, "cards": None if p.hand_cards is None else list(p.hand_cards), "count": p.hand}

# ------------------------------------------------------------------ summary


#: each player's counters the summary shows (in the Player's field order)
SUMMED = {"name", "lives", "yarn_balls", "hand", "power_cats", "eliminated"}


def summary(state: State) -> dict[str, Any]:
    cur = state.players[state.current]
    return {
        "game": GAME,
        "variant": state.variant,
        "turn": state.turn,
        "current": cur.name,
        "phase": state.phase,
        "grim_reapurr": state.grim_reapurr,
        "grim_reapurr_space": "Reapurr's Lair" if state.grim_reapurr == REAPURRS_LAIR else str(state.grim_reapurr),
        "yarn_sanctuary": state.yarn_sanctuary,
        "players": [p.model_dump(include=SUMMED) for p in state.players],
        "game_over": state.game_over,
        "winner": state.winner,
        "grim_reapurr_wins": state.grim_reapurr_wins,
        "in_play": [_in_play(c) for c in state.chain],
        "revealed": state.revealed,
    }


# ---------------------------------------------------------------------------- the verbs
# Each check(state, change, found) adds the rules the change breaks to `found.problems` and the
# commands the table might type instead to `found.advice`; each transition(table, change) changes the
# working Table (notation_track reads the change's words).


def _out(state: State, i: int, found: Findings) -> None:
    found.forbid(R.OUT, f"{state.players[i].name} has been eliminated and is out of the game")


def _check_lives(state: State, change: Change, found: Findings) -> None:
    ops = notation_track.lives_ops(state, change)
    for i, sign, n in ops:
        if state.players[i].eliminated:
            _out(state, i, found)
    if len(ops) == 1 and ops[0][1] == "=" and not found.problems:
        i, _, n = ops[0]
        name = state.players[i].name
        if not 1 <= n <= TOP_SPACE:
            found.forbid(R.LIFE_TRACK, f"the life track runs from 1 to {TOP_SPACE}; {name} cannot be set to "
                         f"{n}", *([f"lives {name} ={TOP_SPACE}"] if n > TOP_SPACE else []))
        elif state.variant in ("king", "turbo") and n != TOP_SPACE:
            others = [p.name for j, p in enumerate(state.players) if j != i and not p.eliminated and p.lives == n]
            if others:
                found.forbid(R.KING_NO_SHARING, f"in {VARIANT_TITLES[state.variant]} {others[0]} already "
                             f"holds the {n} space; only the 9 space is shared")


def _check_reapurr(state: State, change: Change, found: Findings) -> None:
    sign, n = notation_track.reapurr_amount(change)
    at = state.grim_reapurr
    target, now = reapurr_target(at, sign, n), space(at)
    if target > TOP_SPACE:
        found.forbid(R.REAPURR_RANGE, f"the life track ends at the {TOP_SPACE} space; the Grim Reapurr is on "
                     f"{now} and cannot move {n} up", *([f"reapurr ={TOP_SPACE}"] if at < TOP_SPACE else []))
    elif target < REAPURRS_LAIR:
        found.forbid(R.REAPURR_START, f"the Reapurr's Lair is the lowest space; the Grim Reapurr is on {now} "
                     f"and cannot move {n} down", *(["reapurr lair"] if at > REAPURRS_LAIR else []))


def _check_yarn(state: State, change: Change, found: Findings) -> None:
    i, sign, n = notation_track.counter_amount(state, change, settable=False)
    p = state.players[i]
    if p.eliminated:
        _out(state, i, found)
    elif sign == "-" and basket_short(p, n):
        # issue 12: a Yarn Ball is spent from a basket that holds one, or not at all
        found.problems.append(basket_short(p, n))
        if p.yarn_balls:
            found.advice.append(f"yarn {p.name} -{p.yarn_balls}")


def _check_capped(verb: str, limit: int, rule: str, too_many: str, face_up: bool = False):
    """The check of a count a cat may set but not past `limit` (`hand`, `power-cats`): the cat is
    still in, and `=N` above the limit breaks `rule` (`too_many` names the limit, the cat and N). With
    `face_up` (Power Cats, in sight on the table), `-N` past what the cat has is refused as a Yarn Ball
    is (`_check_yarn`): only a Power Cat in front of the cat can be used or discarded."""

    def check(state: State, change: Change, found: Findings) -> None:
        i, sign, n = notation_track.counter_amount(state, change)
        p = state.players[i]
        if p.eliminated:
            _out(state, i, found)
        elif sign == "=" and n > limit:
            found.forbid(rule, too_many.format(limit=limit, name=p.name, n=n), f"{verb} {p.name} ={limit}")
        elif face_up and sign == "-" and n > p.power_cats:
            found.forbid(R.POWER_FROM_TABLE, f"{p.name} has {count(p.power_cats, 'Power Cat')} face up; {n} "
                         "cannot be used or discarded", *([f"{verb} {p.name} -{p.power_cats}"] if p.power_cats else []))

    return check


def _check_card_count(state: State, change: Change, found: Findings) -> None:
    """`draw` and `discard`: the cat is still in."""
    i, _ = notation_track.card_count(state, change)
    if state.players[i].eliminated:
        _out(state, i, found)


def _check_card(state: State, change: Change, found: Findings) -> None:
    name, kind, extras, held_as, to = notation_track.card_words(change)
    try:
        checked_card(name, kind, extras)
    except ValueError as exc:
        raise MoveSyntaxError(f"card {name}: {exc}") from None
    if to is not None:
        i = state.index(to)
        held = [p.name for p in state.players
                if name.casefold() in (c.casefold() for c in (*(p.power_cat_cards or ()), *p.named_power_cats))]
        me = state.players[i]
        if me.eliminated:
            _out(state, i, found)
        elif held_as == "of" and me.power_cats == 0:  # naming a Power Cat the cat has face up
            found.forbid(R.POWER_FACE_UP, f"{me.name} has no Power Cat face up to name; one dealt now is "
                         f"`card {name} power-cat to {me.name.lower()}`")
        elif held and (held_as != "of" or held != [me.name]):
            found.forbid(R.POWER_UNIQUE, f"{held[0]} already has {name} face up, and every Power Cat is unique")
        elif held_as == "of" and me.power_cat_cards is not None and not held:
            found.forbid(R.POWER_FACE_UP, f"{me.name}'s Power Cats are {', '.join(me.power_cat_cards)}: none "
                         f"is {name}")


def _moving_on(to: Callable[[State], str], instead: str | None = None, again: bool = False):
    """The check of a verb that moves the table on to `to(state)` (a phase, or `next`: the next cat's
    turn); refused, the advice: what moves the cards in play along, as a play's refusal offers it (the
    roll an Attack waits for, else `resolve`), else `instead`, else the step ahead. Ending the turn
    in a session that records plays also waits for the reveal (`_unrevealed`)."""

    def check(state: State, change: Change, found: Findings) -> None:
        refusal = moving_on(state, to(state), again=again)
        if refusal is None and to(state) == "next" and state.plays_recorded:
            _unrevealed(state, found)
        elif refusal is not None:
            found.problems.append(refusal)
            ahead = next_step(state)
            step = f"phase {ahead}" if ahead in PHASES else "next"
            found.advice.extend(next_in_chain(state) or [instead or step])

    return check


def _unrevealed(state: State, found: Findings) -> None:
    """A session that records plays ends a turn as the play `end` does: once its CATastrophe card is
    revealed, and the reveal is a play (a table of counters never records one, so it is not asked)."""
    if unrevealed(state) is not None:
        cur = state.players[state.current].name
        found.forbid(R.LAST_PHASE, f"a turn ends with its CATastrophe Phase, and {cur} has not revealed this "
                     f"turn's CATastrophe card; this session records plays, so reveal it first: companion play "
                     f"\"{cur} reveal CARD\" (a CATastrophic Event or a Grim Reapurr card)")


def _check_phase(state: State, change: Change, found: Findings) -> None:
    cur = state.players[state.current]
    named = notation_track.phase_named(change)
    if named and cur.eliminated:
        found.forbid(R.OUT, f"{cur.name} has been eliminated; their turn is over, use next", "next")
        return
    _moving_on(lambda state: named, again=True)(state, change, found)


def _yarn(t: Table, change: Change) -> None:
    i, sign, n = notation_track.counter_amount(t.state, change, settable=False)
    t.apply_yarn(i, n if sign == "+" else -n)


def _cards(what: str, sign: str | None = None) -> Callable[[Table, Change], None]:
    """The transition of a count of cards (`what`: the Player's hand or power_cats): by the change's own sign and
    amount (`hand ann +1`), or by `sign` and the count a `draw` or `discard` names."""

    def apply(t: Table, change: Change) -> None:
        if sign is None:
            i, said, n = notation_track.counter_amount(t.state, change)
        else:
            (i, n), said = notation_track.card_count(t.state, change), sign
        t.apply_cards(i, what, said, n)

    return apply


def _card(t: Table, change: Change) -> None:
    name, kind, extras, held_as, to = notation_track.card_words(change)
    entry, kept = named_entry(t.state, name, kind, extras)
    t.know_card(CardSpec(**entry), kept)  # checked by check() when typed or imported
    if held_as == "of":
        t.name_power_cat(t.state.index(to), name)
    elif to is not None:
        t.deal_power_cat(t.state.index(to), name)


def _next_phase(t: Table, change: Change) -> None:
    if not t.alive(t.current) or t.phase == "catastrophe":
        t.advance_turn()
    else:
        t.enter_phase(PHASES[PHASES.index(t.phase) + 1])


#: verb -> its row: its check, its transition of the working Table, the other words read as it, its reader
#: (notation_track) and usage, and what it moves when it is a counter
VERBS: dict[str, Verb] = {
    "lives": Verb(_check_lives, lambda t, change: t.apply_lives(notation_track.lives_ops(t.state, change)),
                  ("life", "lifes"), read=notation_track.read_lives, counter=Counter("lives"),
                  usage="a cat gains/loses lives, or several at once: `lives ben -2`, `lives ann +1`, "
                        "`lives all -1`, `lives ann -1 ben -2 cy +1`, `lives ann ben -1`; `lives ann =5` sets"),
    "reapurr": Verb(_check_reapurr, lambda t, change: t.apply_reapurr(*notation_track.reapurr_amount(change)),
                    ("reaper", "grim", "grim-reapurr"), read=notation_track.read_reapurr,
                    counter=Counter("grim_reapurr", of_player=False),
                    usage="move the Grim Reapurr on the life track: `reapurr +1`, `reapurr -1`, `reapurr =3`, "
                          "`reapurr lair`"),
    "yarn": Verb(_check_yarn, _yarn, ("yarn-balls", "yarnballs", "yarn-ball"), counter=Counter("yarn_balls"),
                 read=partial(notation_track.read_counter, allow_set=False, example_amount="-1"),
                 usage="Yarn Balls used or lost (to the Sanctuary) or gained (from it): `yarn ann -1`, `yarn ben +2`"),
    "hand": Verb(_check_capped("hand", HAND_LIMIT, R.HAND_LIMIT,
                               "a hand holds at most {limit} cards; {name} cannot hold {n}"), _cards("hand"),
                 ("cards",),
                 read=notation_track.read_counter, counter=Counter("hand"),
                 usage="change a hand-size count: `hand ann +1`, `hand ann -2`, `hand ann =5` (limit 7)"),
    "draw": Verb(_check_card_count, _cards("hand", "+"), read=notation_track.read_count,
                 usage="a cat draws cards into its hand: `draw ann 2` (the Paw Phase draw of 3 is automatic)"),
    "discard": Verb(_check_card_count, _cards("hand", "-"), read=notation_track.read_count,
                    usage="a cat discards cards from its hand: `discard ben 1`"),
    "power-cats": Verb(_check_capped("power-cats", POWER_CAT_LIMIT, R.POWER_CAT_LIMIT,
                                     "a cat keeps at most {limit} Power Cats; {name} cannot have {n}", face_up=True),
                       _cards("power_cats"),
                       ("powercats", "power-cat", "power", "pc"), read=notation_track.read_counter, counter=Counter("power_cats"),
                       usage="change a Power Cat count: `power-cats ann +1`, `power-cats ann -1`, "
                             "`power-cats ann =2` (limit 3)"),
    "next-phase": Verb(_moving_on(next_step), _next_phase, ("nextphase",),
                       usage="go on to the next phase (Claw -> Paw -> CATastrophe -> next cat's Claw): `next-phase`"),
    "phase": Verb(_check_phase, lambda t, change: t.enter_phase(notation_track.phase_named(change)),
                  read=notation_track.read_phase,
                  usage="name the phase reached: `phase paw`, `phase catastrophe`"),
    "next": Verb(_moving_on(lambda state: "next", instead="next-phase"), lambda t, change: t.advance_turn(),
                 ("end-turn",),
                 usage="end the turn after the CATastrophe Phase; the next cat still in, clockwise: `next`"),
    "card": Verb(_check_card, _card, ("new-card",), read=notation_track.read_card,
                 usage="a card the validator should know, added mid-game: `card Hairball attack 5`, "
                       "`card Hiss cucumber`, `card Catnip Dealer ally lives=self+1`; a Power Cat dealt face up to a "
                       "cat: `card Nine Lives power-cat to ann` (NAME TYPE [NUMBER] [SYMBOL ...] [EFFECT ...] [to PLAYER])"),
}


def _in_play(card) -> str:
    aim = f" at {', '.join(card.targets)}" if card.targets else (f" to {card.pass_to}" if card.pass_to else "")
    rolls = f" (rolled {', '.join(f'{k} {v}' for k, v in card.rolls.items())})" if card.rolls else ""
    return f"{card.label()} by {card.controller}{aim}{rolls}"


def _card_option(text: str) -> tuple[CardSpec, ...]:
    """cards=NAME:TYPE[:NUMBER][:SYMBOL...],...: the table's own catalogue entries."""
    found = []
    for item in (x.strip() for x in text.split(",")):
        if not item:
            continue
        parts = [x.strip() for x in item.split(":")]
        if len(parts) < 2:
            raise OptionError(f"cards: {item!r} needs NAME:TYPE, e.g. Hiss:cucumber:catfinity")
        try:
            found.append(checked_card(parts[0], parts[1], parts[2:]))
        except ValueError as exc:
            raise OptionError(f"cards: {item!r}: {exc}") from None
    return tuple(found)


def checked_card(name: str, kind: str, extras) -> CardSpec:
    """A catalogue entry the table typed (or an import brought), checked by pydantic, which loads
    only here; ValueError names the field."""
    from pydantic import ValidationError

    try:
        return CardSpec.model_validate(card_entry(name, kind, extras))
    except ValidationError as exc:
        raise ValueError(field_problem(exc)) from None
