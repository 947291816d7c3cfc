"""Cataclysm Arcade: a play judged as the referee answers it, who acts (the initiative, priority),
and what a described table must hold beyond its fields."""
from __future__ import annotations

from typing import Any

from engine.base import Reason, SituationError, Verdict
from engine.errors import IllegalMove
from engine.tracking import Findings

from . import notation, rules, rules_cards, rules_readings
from .model import Move, State
from .rule_ids import R


def load_check(state: State, source: str = "situation") -> State:
    names = {p.name for p in state.players}
    for i, seat in enumerate(state.players):
        if not seat.name.strip():
            raise SituationError(f"{source}: field players.{i}.name: should not be empty")
    if len(state.players) < 2:
        raise SituationError(f"{source}: field players: needs at least 2 players, not {len(state.players)}")
    if len(names) != len(state.players):
        twice = next(p.name for i, p in enumerate(state.players) if p.name in [q.name for q in state.players[:i]])
        raise SituationError(f"{source}: field players: the name {twice!r} is used twice; each player needs "
                             f"a name of their own")
    for field in ("player_one", "initiative", "priority", "winner"):
        value = getattr(state, field)
        if value is not None and value not in names:
            raise SituationError(f"{source}: field {field}: {value!r} is not a player ({', '.join(sorted(names))})")
    for i, item in enumerate(state.line):
        for who in (item.controller, item.target_player):
            if who is not None and who not in names:
                raise SituationError(f"{source}: field line.{i}: {who!r} is not a player")
        missing = next((f for f in LINE_ITEM_NEEDS.get(item.kind, ("card",)) if getattr(item, f) is None), None)
        if missing is not None:
            raise SituationError(f"{source}: field line.{i}.{missing}: a {item.kind} on the Line needs it "
                                 f"({', '.join(LINE_ITEM_NEEDS.get(item.kind, ('card',)))})")
    return state


#: what a Line item of each kind must name (a trigger needs only its controller; every other kind its card)
LINE_ITEM_NEEDS = {"trigger": (), "attack": ("card", "target_player", "target")}


def check(state: State, move: Move) -> Verdict:
    found = Findings(*rules.violations(state, move))
    if found.problems:
        sure, unsure = rules.advice(state)
        found.leave_open(*rules_cards.unconfirmed([(notation.format_move(m), why) for m, why in unsure]))
        return found.verdict([notation.format_move(m) for m in sure])
    _, found.effects = rules.play(state, move)
    found.leave_open(*rules_readings.from_effects(found.effects))
    return found.verdict()


def apply(state: State, move: Move, overruled: bool = False) -> State:
    if not overruled:
        reasons, _ = rules.violations(state, move)
        if reasons:
            raise IllegalMove(f"illegal: {reasons[0].message} ({reasons[0].rule}); overrule to play it anyway")
    return rules.play(state, move)[0]


def check_deck(data: dict, source: str = "deck") -> Verdict:
    """A constructed deck against the Constructed Deck Rules and Card Limits (rules_deck.py)."""
    from .rules_deck import check_deck, load_deck

    return check_deck(load_deck(data, source))


def to_act(state: State) -> str | None:
    """The player with priority or the initiative; None once the game is won, and at a level's end
    (everyone passed, the Line empty): the next level then begins, no player's move, so anyone at
    the table may start it (`next-level`, Turns.acting)."""
    if state.winner or (state.level_over and not state.line):
        return None
    return state.player_one if state.level_over else notation.actor(state)


def out(state: State, player: str) -> Reason | None:
    """Why a player whose Boss was defeated makes no play: they are out of the game (Winning the Game)."""
    if not state.player(player).out:
        return None
    return Reason(rule=R.DEFEATED_REMOVED, message=f"{player} is out of the game (their Boss was defeated) and "
                  "takes no further part")


def acting(state: State, page: bool = False) -> str | None:
    """What the table does next when no player acts: everyone has passed and the Line is empty, so
    the level is over and the next one is started (`next-level`); None otherwise (the player to act)."""
    if state.winner or not state.level_over or state.line:
        return None
    return f"the table, to start level {state.level + 1}" + ("" if page else " (`next-level`)")


def with_turn(state: State, player: str) -> State:
    """An overruled play out of turn: `player` holds priority (Line pending) or the initiative."""
    return state.model_copy(update={"priority" if state.line else "initiative": player})


def mover(state: State, move: Move) -> str | None:
    """A trigger names its controller; every other play is made by the player to act."""
    return move.player if move.kind == "trigger" else None


def out_of_turn(state: State, player: str) -> Reason:
    """With the Line pending the one who may act holds priority; otherwise the initiative."""
    who = to_act(state)
    if state.line:
        return Reason(rule=R.PRIORITY_STARTS, message=f"{who} has priority, not {player}: only the player with "
                      "priority may add a response or let the top of the Line be")
    return Reason(rule=R.INITIATIVE_CLOCKWISE, message=f"{who} has the initiative, not {player}: only the player "
                  "with the initiative chooses a move")


def moves_note(state: State) -> str | None:
    who = to_act(state)
    if state.winner:
        return f"the game is over: {state.winner} has won"
    if state.level_over and not state.line:  # everyone has passed: no card is played until the next level
        return (f"level {state.level} is over: any player may start level {state.level + 1} "
                "(`next-level`, or `companion track next-level`)")
    if who is None:
        return None
    me = state.player(who)
    lines = []
    if me.hand_unknown:
        lines.append(f"{who}'s hand is not fully known ({me.hand_unknown} unnamed card"
                     f"{'s' * (me.hand_unknown != 1)}): plays of those cards are not listed")
    # the plays left out of the list because a cost they need is unknown (as a refusal's notes say them)
    unsure = rules.advice(state, most=None)[1]
    lines += [f"unchecked: {note.message} [{note.rule}]" for note in
              rules_cards.unconfirmed([(notation.format_move(m), why) for m, why in unsure], "not listed as legal")]
    return "\n".join(lines) or None


def position(state: State) -> dict[str, Any]:
    """The level, who has the initiative and priority, and the Line from the bottom up."""
    return {
        "level": state.level,
        "initiative": state.initiative,
        "priority": state.priority,
        "to_act": to_act(state),
        "line": [item.label() for item in state.line],  # bottom first; each names who added it
    }
