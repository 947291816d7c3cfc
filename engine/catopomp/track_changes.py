"""The Catopomp tracker's transitions, one per verb (the apply of a row of track.VERBS), each
(state, seat, value, change) -> (state, effects) on a TableChange of the State, most through `_step`.
"""
from __future__ import annotations

from functools import partial

from engine.base import Effect
from engine.tracking import Change
from engine.words import signed

from .model import Cleared, State, norm_card
from .notation_track import DIE_FACES
from .rule_ids import R
from .rules import to_table
from .table import TableChange, end_round, score as round_score, setup_todo
from .track_rounds import late_reveal, settle, still_holding
from .track_view import result, standings


def target(now: int, sign: str, n: int) -> int:
    """A counter after `sign` n (`=` sets it)."""
    return n if sign == "=" else now + n if sign == "+" else now - n


def _nothing(d: dict, value: str | None, change: Change) -> None:
    """After the game's end, the change records nothing on its player."""


def _step(change_table, state: State, seat: int | None, value: str | None, change: Change, *,
          deal: bool = True, after_the_end=_nothing) -> tuple[State, list[Effect]]:
    """After a round's end the next round is dealt first (`deal`: the change is not of the round that
    ended); after the game's end the change records only what it can on its player (`after_the_end`)
    and the result is told again; else the verb's own change, then the round settled."""
    dealt: list[Effect] = []
    if deal and state.phase == "round-over":
        state, dealt = settle(state, deal_now=True)
    t = TableChange(state)
    t.effects.extend(dealt)
    if state.game_over:
        if seat is not None:  # a change that names no player (`dice`) records nothing on anyone
            after_the_end(t.players[seat], value, change)
        t.say("after-the-end", f"the game is already over: {change.label()} is recorded, the game stays over",
              R.END_GAME_END)
        result(t.freeze(), t)
        return t.freeze(), t.effects
    change_table(t, seat, value, change)
    new, dealt = settle(t.freeze())
    t.effects.extend(dealt)
    if new.phase == "setup" and not setup_todo(new):
        new = new.model_copy(update={"phase": "play"})
        t.say("round-starts", f"round {new.round} starts: {new.turn} leads", R.ROUND_TURN_ORDER)
    return new, t.effects


# ---- the round's set-up


def _first(t: TableChange, seat: int, value, change: Change) -> None:
    name = t.state.players[seat].name
    t.fields["turn"] = name
    t.say("first-player", f"{name} starts round 1", R.SETUP_FIRST_PLAYER)


def _dice(t: TableChange, seat, value, change: Change) -> None:
    faces = tuple(sorted(min(6, max(1, int(a))) for a in change.args))
    t.fields["centre_dice"] = faces
    t.say("centre-dice", f"the centre dice show {' '.join(map(str, faces))}", R.SETUP_CENTRE_DICE)


def _hand(t: TableChange, seat: int, value, change: Change) -> None:
    t.players[seat]["hand"] = tuple(norm_card(c) for c in change.args[1:])
    t.say("hand", f"{t.state.players[seat].name}'s hand is recorded ({len(change.args) - 1} cards; the "
                  "others' stay hidden)", R.SETUP_DEAL)


def _reserve(t: TableChange, seat: int, value: str, change: Change) -> None:
    lo, hi = DIE_FACES
    name = t.players[seat]["name"]
    shown = min(hi, max(lo, int(value)))
    t.players[seat]["reserve_die"] = shown
    if name not in t.state.reserve_dice:
        t.fields["reserve_dice"] = (*t.state.reserve_dice, name)
    t.say("reserve-die", f"{name}'s reserve die shows {shown} this round; only {name} may use it, and it goes "
                         f"to the centre if {name} boosts without it", R.RESERVE_DIE_CHOOSE_NUMBER)


def _reserve_after_the_end(d: dict, value: str, change: Change) -> None:
    d["reserve_die"] = min(DIE_FACES[1], max(DIE_FACES[0], int(value)))


# ---- the end of a round


def _end_round(t: TableChange, loser: int, gems_before: int | None) -> None:
    """`loser` is the last player holding cards: the engine takes their soul gem and says what follows
    (the round is over; the next one is dealt when its centre dice are entered). `gems_before`: their
    gems just before the lost one (a direct `gems` change), else their current gems."""
    state = t.freeze()
    if gems_before is not None:
        state = state.model_copy(update={"players": tuple(
            p.model_copy(update={"gems": gems_before}) if i == loser else p for i, p in enumerate(state.players))})
    table, effs = end_round(to_table(state), loser)
    names = state.names
    _others, read_so = still_holding(state, names[loser])
    for i, d in enumerate(t.players):
        d["gems"] = table.gems[i]
        d["points"] = table.points[i]
    if state.options.competitive:
        unscored = [c.name for c in state.cleared if c.points is None and c.name != names[loser]]
        for who in unscored:
            t.say("unscored", f"{who}'s points for round {state.round} were not worked out (no prediction or "
                              f"last set recorded): add them with `points {who.lower()} +N`",
                  R.COMPETITIVE_RECORD_POINTS)
    for e in effs:
        if e.kind == "reserve-dice" and not any(g == 1 for g in table.gems):
            continue
        message = e.message
        if e.kind == "round-over" and read_so:  # the table's word, not what the record shows
            message = (f"round over: no play recorded this round: taken as {names[loser]} losing the round; "
                       f"{names[loser]} loses a soul gem ({table.gems[loser]} left)")
        t.say(e.kind, message, e.rule, who=e.who, amount=e.amount, card=e.card)
    t.fields.update(loser=names[loser], turn=names[loser], phase=table.phase)


def _lost(t: TableChange, seat: int, value, change: Change) -> None:
    _end_round(t, seat, gems_before=None)


def _lost_after_the_end(d: dict, value, change: Change) -> None:
    d["gems"] = max(0, d["gems"] - 1)


def _gems(t: TableChange, seat: int, value: str, change: Change) -> None:
    now = t.players[seat]["gems"]
    to = max(0, target(now, *signed(value, change.verb)))
    name = t.players[seat]["name"]
    if to < now:
        # a lost soul gem is a lost round: the engine takes one gem, so start one above the target
        _end_round(t, seat, gems_before=to + 1)
    elif to > now:
        t.players[seat]["gems"] = to
        t.say("gems", f"{name} now has {to} soul gem{'s' if to != 1 else ''} (a correction; this "
                      "round's dice stay as they were set up)", R.SETUP_SOUL_GEMS)


def _gems_after_the_end(d: dict, value: str, change: Change) -> None:
    d["gems"] = max(0, target(d["gems"], *signed(value, change.verb)))


def _cleared(t: TableChange, seat: int, value: str | None, change: Change) -> None:
    state = t.state
    name = t.players[seat]["name"]
    size = int(value) if value is not None else None
    t.players[seat]["hand"] = () if isinstance(t.players[seat]["hand"], (list, tuple)) else 0
    t.players[seat]["hell_domain"] = ()
    t.say("player-safe", f"{name} has no Heaven or Hell cards left and is safe this round", R.ROUND_SAFE_WHEN_CLEAR)
    points = _reveal(t, seat, size) if state.options.competitive else None
    cleared = [*(c for c in state.cleared if c.name != name), Cleared(name=name, last_set=size, points=points)]
    t.fields["cleared"] = tuple(cleared)
    left = [j for j, p in enumerate(state.players) if p.name not in {c.name for c in cleared}]
    if len(left) == 1:
        t.say("last-holding-cards", f"only {state.players[left[0]].name} still holds cards: the round is over",
              R.ROUND_ROUND_END_TRIGGER)
        _end_round(t, left[0], gems_before=None)


# ---- predictions and points (the competitive variant)


def _reveal(t: TableChange, i: int, size: int | None) -> int | None:
    """Competitive: the cleared player's prediction against their last set; the points it earns
    (None when the prediction or the size is not known yet)."""
    name = t.players[i]["name"]
    pred = t.players[i]["prediction"]
    if size is None:
        t.say("prediction", f"{name}'s last set is not recorded: no points worked out", R.COMPETITIVE_REVEAL)
        return None
    if pred is None:
        t.say("prediction", f"{name} reveals their prediction: enter it with `predict {name.lower()} N` and the "
                            f"last set of {size} card{'s' if size != 1 else ''} is scored", R.COMPETITIVE_REVEAL)
        return None
    gain, rule = round_score(pred, size)
    t.say("prediction", f"{name} reveals prediction {pred}; the last set had {size} card{'s' if size != 1 else ''} "
                        "(a dice substitute counts as a card)", R.COMPETITIVE_REVEAL, who=name, amount=pred)
    t.players[i]["points"] += gain
    t.say("score", f"{name} scores {gain} point{'s' if gain != 1 else ''} "
                   f"({t.players[i]['points']} in all)", rule, who=name, amount=gain)
    return gain


def _predict(t: TableChange, seat: int, value: str, change: Change) -> None:
    state = t.state
    k = int(value)
    name = t.players[seat]["name"]
    before = t.players[seat]["prediction"]
    t.players[seat]["prediction"] = k
    done = state.cleared_record(name)
    if done is not None and (done.points is not None or done.last_set is not None and state.options.competitive):
        # a late reveal scores the last set; an overruled change of a revealed prediction scores it again
        t.players[seat]["points"] -= done.points or 0
        points = _reveal(t, seat, done.last_set)
        t.fields["cleared"] = tuple(c.model_copy(update={"points": points}) if c.name == name else c
                                    for c in state.cleared)
    else:
        what = "changed" if before is not None and before != k else "noted"
        t.say("prediction", f"{name}'s prediction for round {state.round} is {what} (kept secret in the summary "
                            "until they clear their cards)", R.COMPETITIVE_PREDICTION)


def _predict_after_the_end(d: dict, value: str, change: Change) -> None:
    d["prediction"] = int(value)


def _points(t: TableChange, seat: int, value: str, change: Change) -> None:
    to = target(t.players[seat]["points"], *signed(value, change.verb))
    t.players[seat]["points"] = to
    t.say("points", f"{t.players[seat]['name']} now has {to} point{'s' if to != 1 else ''}",
          R.COMPETITIVE_RECORD_POINTS)


def _points_after_the_end(d: dict, value: str, change: Change) -> None:
    d["points"] = target(d["points"], *signed(value, change.verb))


def predict(state: State, seat: int, value: str, change: Change) -> tuple[State, list[Effect]]:
    """A prediction; a late one (its player cleared with the play that ended the round or the game)
    is revealed on the table as it ended, and after the game's end tells the result again."""
    if not late_reveal(state, change):
        return _step(_predict, state, seat, value, change, after_the_end=_predict_after_the_end)
    if not state.game_over:
        return _step(_predict, state, seat, value, change, deal=False)
    t = TableChange(state)
    _predict(t, seat, value, change)
    result(t.freeze(), t)
    return t.freeze(), t.effects


def score(state: State, seat, value, change: Change) -> tuple[State, list[Effect]]:
    """The standings (and the result once over); the table stays as it is."""
    t = TableChange(state)
    standings(state, t)
    return state, t.effects


first = partial(_step, _first, deal=False)
dice = partial(_step, _dice)
hand = partial(_step, _hand)
reserve = partial(_step, _reserve, after_the_end=_reserve_after_the_end)
lost = partial(_step, _lost, deal=False, after_the_end=_lost_after_the_end)
gems = partial(_step, _gems, after_the_end=_gems_after_the_end)
cleared = partial(_step, _cleared, deal=False)
points = partial(_step, _points, after_the_end=_points_after_the_end)
