"""The one working Catopomp table: every transition of the State, for plays and tracker verbs alike
(a play or pass, a round's end, competitive scoring, the next round's set-up and the deal, whose chance
all comes from the `rng` passed in), on the compact Table (model.py). `TableChange` is the tracker's
working copy of a State while a verb is applied.
"""
from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from engine.base import Frozen
from engine.tracking import WorkingTable

from .model import (
    CAT, HEAVEN, HELL, MITCH, PASS, PLAYER_TABLE, Move, Opts, State, Table, WSet, c_add, c_of, c_sub,
    card_name, cards_text, deck_counts, dice_text, fc,
)
from .rule_ids import R
from .rules_sets import key_text, ws_key

# ---------------------------------------------------------------------------------------- turns


def next_with_cards(t: Table, i: int) -> int | None:
    """Turn order: the next seat clockwise from `i` still holding cards (None: nobody)."""
    return next(((i + k) % t.n for k in range(1, t.n + 1) if t.has_cards((i + k) % t.n)), None)


def resolve(t: Table) -> tuple[Table, bool]:
    """If the player to act owns the winning set, everyone else has passed: the set is discarded
    (its dice to the owner's Used Dice card) and they lead. Returns (table, initiative_returned)."""
    ws = t.ws
    if t.phase == "play" and ws is not None and ws.owner == t.turn:
        return discard_winning_set(t), True
    return t, False


def discard_winning_set(t: Table) -> Table:
    """The winning set to the discard pile, its dice to its owner's Used Dice card."""
    ws = t.ws
    used = tuple(dice + ws.dice if k == ws.owner else dice for k, dice in enumerate(t.used))
    return t.replace(ws=None, used=used, discard=None if t.discard is None else c_add(t.discard, ws.codes))


# ---------------------------------------------------------------------------------------- a play or pass played out


class Eff(NamedTuple):
    """What a transition does: `message` for people; `who`, `amount`, `card` for code (see engine.base.Effect).
    A "prediction" effect's amount is the revealed prediction (None: not on the table); a "score"
    effect's the points it earns; a "round-over" effect's the soul gem lost."""

    kind: str
    message: str
    rule: str | None = None
    who: str | None = None
    amount: int | None = None
    card: str | None = None


def step(t: Table, mv: Move) -> tuple[Table, list[Eff]]:
    """Apply a legal move of the player to act. The input table is not changed."""
    t, back = resolve(t)
    eff: list[Eff] = []
    if back:
        eff.append(Eff("initiative", f"everyone else passed: {t.names[t.turn]} discards the winning set and leads "
                       "a brand-new set", R.PASSING_ALL_PASS_INITIATIVE))
    if mv.kind == PASS:
        return _step_pass(t, mv, eff)
    return _step_play(t, mv, eff)


def _step_play(t: Table, mv: Move, eff: list[Eff]):
    p = t.turn
    names = t.names
    name = names[p]
    ws = t.ws
    beaten = t if ws is None else discard_winning_set(t)
    used, discard = list(beaten.used), beaten.discard
    if ws is not None:
        eff.append(Eff("discard-previous",
                       "the beaten set goes to the discard pile"
                       + (f"; its dice go to {names[ws.owner]}'s Used Dice card" if ws.dice else ""),
                       R.SETS_DISCARD_PREVIOUS))
    hands = list(t.hands)
    hells = list(t.hells)
    swap = mv.swap
    if mv.source == HEAVEN:
        hands[p] = c_sub(hands[p], mv.cards)
        heaven_part = list(mv.cards)
        if swap:
            for _ in range(min(len(swap), heaven_part.count(CAT))):  # overruled: fewer Cat-letons than swaps
                heaven_part.remove(CAT)
            hells[p] = c_sub(hells[p], swap)
            if discard is not None:
                discard = c_add(discard, (CAT,) * len(swap))
            eff.append(Eff("catleton-swap", f"Cat-leton is discarded; {cards_text(swap)} from {name}'s Hell Domain "
                           "takes his place in the set", R.EXPANSION_CAT_LETON_SWAP, who=name))
        heaven_part = tuple(heaven_part)
        hell_part = tuple(swap)
    else:
        hells[p] = c_sub(hells[p], mv.cards)
        heaven_part = ()
        hell_part = mv.cards
    centre = t.centre
    reserve = t.reserve
    if mv.dice:
        r = reserve[p]
        centre = list(centre)
        left = list(mv.dice)
        if r in left:
            left.remove(r)
        for d in left:
            centre.remove(d)
        if r is not None and r not in mv.dice:
            centre.append(r)
            eff.append(Eff("reserve-to-centre", f"{name} did not use their reserve die: it goes to the centre still "
                           f"showing {r}", R.RESERVE_DIE_UNUSED_GOES_TO_CENTRE, who=name))
        centre = tuple(sorted(centre))
        reserve = tuple(None if k == p else v for k, v in enumerate(reserve))
        eff.append(Eff("dice-used", f"{name} boosts with {dice_text(mv.dice)}: "
                       + ("it stays" if len(mv.dice) == 1 else "they stay") + " with the set while it is the winning "
                       f"set, then go{'es' if len(mv.dice) == 1 else ''} onto {name}'s Used Dice card; {name} may not "
                       "boost again this round",
                       R.DICE_BOOST_ONCE_PER_ROUND, who=name))
    new_ws = WSet(p, tuple(sorted(heaven_part)), tuple(sorted(hell_part)), mv.dice, len(swap))
    key = ws_key(new_ws)
    if MITCH in new_ws.codes and mv.dice:
        eff.append(Eff("mitch-mirror", f"Mdm Mitch mirrors the dice and counts as {sum(mv.dice)}",
                       R.EXPANSION_MDM_MITCH_MIRROR_DICE))
    eff.append(Eff("winning-set", f"the new winning set is {name}'s" + (f": {key_text(key)}" if key else ""),
                   R.SETS_NEW_WINNING_SET))
    if mv.place is not None:
        hands[p] = c_sub(hands[p], (mv.place,))
        hells[p] = c_add(hells[p], (mv.place,))
        eff.append(Eff("place-in-hell-domain", f"{name} places {card_name(mv.place)} face up into their Hell Domain",
                       R.HEAVEN_PLACE_ONE_IN_HELL_DOMAIN, who=name, card=fc(mv.place)))
    elif mv.source == HELL:
        eff.append(Eff("no-placement", "after a Hell play no card is placed into the Hell Domain",
                       R.HELL_NO_PLACEMENT_AFTER))
    if mv.source == HELL and t.opts.hell_power and new_ws.size >= 3:
        if mv.hell_return is not None:
            who, code = mv.hell_return
            i = t.seat(who)
            hells[i] = c_sub(hells[i], (code,))
            hands[i] = c_add(hands[i], (code,))
            eff.append(Eff("hell-power", f"Hell power: {card_name(code)} goes back from {names[i]}'s Hell Domain to "
                           f"{names[i]}'s hand", R.HELL_POWER_RETURN_CARD, who=names[i], card=fc(code)))
        elif any(sum(h) for h in hells):  # with no Hell card left anywhere there is nothing to return
            eff.append(Eff("hell-power-unused", f"{name} could have used the Hell power (three or more Hell cards) "
                           "and did not", R.HELL_POWER_TRIGGER))
    t2 = t.replace(hands=tuple(hands), hells=tuple(hells), used=tuple(used), discard=discard, centre=centre,
                   reserve=reserve, ws=new_ws)
    was = t.has_cards(p)
    return _finish(t2, [p] if was and not t2.has_cards(p) else [], p, eff)


def _step_pass(t: Table, mv: Move, eff: list[Eff]):
    q = t.turn
    names = t.names
    ws = t.ws
    if ws is None:  # overruled: the leader passes; the next player holding cards leads instead
        nxt = next_with_cards(t, q)
        eff.append(Eff("pass", f"{names[q]} passes", R.PASSING_PASS_INSTEAD_OF_PLAY))
        eff.append(Eff("next-turn", f"{names[nxt]} is next and leads a brand-new set", R.SETS_LEADING))
        return t.replace(turn=nxt), eff
    o = ws.owner
    hells = list(t.hells)
    discard = t.discard
    eff.append(Eff("pass", f"{names[q]} passes", R.PASSING_PASS_INSTEAD_OF_PLAY))
    owner_had = t.has_cards(o)
    if mv.transfer is not None:
        rule = (R.PASSING_TRANSFER_MANDATORY_THREE if sum(hells[o]) >= 3
                else R.PASSING_TRANSFER_OPTIONAL)
        hells[o] = c_sub(hells[o], (mv.transfer,))
        hells[q] = c_add(hells[q], (mv.transfer,))
        eff.append(Eff("transfer", f"{names[o]} transfers {card_name(mv.transfer)} from their Hell Domain to "
                       f"{names[q]}'s Hell Domain", rule, who=names[q], card=fc(mv.transfer)))
    elif mv.discard is not None:
        hells[o] = c_sub(hells[o], (mv.discard,))
        if discard is not None:
            discard = c_add(discard, (mv.discard,))
        eff.append(Eff("hell-discard", f"{names[o]} discards {card_name(mv.discard)} from their Hell Domain",
                       R.PASSING_CASUAL_DISCARD, who=names[o], card=fc(mv.discard)))
    t2 = t.replace(hells=tuple(hells), discard=discard)
    cleared = [o] if owner_had and not t2.has_cards(o) else []
    return _finish(t2, cleared, q, eff, passed=True)


def _finish(t: Table, cleared: list[int], mover: int, eff: list[Eff], passed: bool = False):
    names = t.names
    points = t.points
    for i in cleared:
        eff.append(Eff("player-safe", f"{names[i]} has no Heaven or Hell cards left and is safe this round",
                       R.ROUND_SAFE_WHEN_CLEAR, who=names[i]))
        if t.opts.competitive:
            size = t.ws.size
            pred = t.pred[i]
            if pred is None:
                eff.append(Eff("prediction", f"{names[i]} reveals their prediction; the last set had {size} card(s) "
                               "(record the points by hand: the prediction is not on the table)",
                               R.COMPETITIVE_REVEAL, who=names[i]))
            else:
                gain, rule = score(pred, size)
                points = tuple(v + gain if k == i else v for k, v in enumerate(points))
                eff.append(Eff("prediction", f"{names[i]} reveals prediction {pred}; the last set had {size} card(s) "
                               "(a dice substitute counts as a card)", R.COMPETITIVE_REVEAL, who=names[i], amount=pred))
                eff.append(Eff("score", f"{names[i]} scores {gain} point{'s' if gain != 1 else ''}", rule, who=names[i],
                               amount=gain))
    if points is not t.points:
        t = t.replace(points=points)
    alive = [i for i in range(t.n) if t.has_cards(i)]
    if len(alive) <= 1:
        return end_round(t, alive[0] if alive else mover, eff)
    if not passed:
        nxt = next_with_cards(t, mover)
        eff.append(Eff("next-turn", f"{names[nxt]} is next: beat the winning set or pass", R.ROUND_TURN_ORDER))
        return t.replace(turn=nxt), eff
    # after a pass: the next seat clockwise holding cards, unless the owner's comes first (everyone else passed)
    o = t.ws.owner
    i = next(i for i in ((mover + k) % t.n for k in range(1, t.n + 1)) if i == o or t.has_cards(i))
    if i != o:
        eff.append(Eff("next-turn", f"{names[i]} is next: beat the winning set or pass", R.ROUND_TURN_ORDER))
        return t.replace(turn=i), eff
    t = discard_winning_set(t)
    if t.has_cards(o):
        eff.append(Eff("initiative", f"everyone else passed: the initiative returns to {names[o]}, who "
                       "discards the winning set and leads a brand-new set", R.PASSING_ALL_PASS_INITIATIVE))
        return t.replace(turn=o), eff
    nxt = next_with_cards(t, o)
    eff.append(Eff("initiative", f"everyone else passed and {names[o]} has no cards left: the winning set is "
                   f"discarded and {names[nxt]} leads a brand-new set", R.PASSING_OWNER_OUT_NEXT_PLAYER))
    return t.replace(turn=nxt), eff


def score(pred: int, size: int) -> tuple[int, str]:
    d = abs(size - pred)
    rule = R.SCORE_BY_PREDICTION[pred - 1] if 1 <= pred <= 4 else R.COMPETITIVE_PREDICTION
    if d == 0:
        return (4 if pred in (1, 4) else 2), rule
    if d == 1:
        return 1, rule
    return 0, R.COMPETITIVE_OFF_BY_MORE_THAN_ONE


def first_round_centre_dice(n: int) -> int:
    """Setup: every player rolls two dice into the centre."""
    return 2 * n


class RoundSetup(NamedTuple):
    """The extra setup of a later round (section 5), by seat."""

    centre_dice: int            # dice rerolled into the centre: one fewer than the round before
    reserve: tuple[int, ...]    # seats down to one soul gem, who each reserve one die
    starting: int               # the player who ended last in the previous round


def round_setup(n: int, gems, loser: int) -> RoundSetup:
    """The setup of the round after one that `loser` lost, from the soul gems left: each player with one
    gem reserves one die and the rest go to the centre (2 per player in all, so one fewer in the centre
    each round), and the loser starts."""
    reserve = tuple(i for i in range(n) if gems[i] == 1)
    return RoundSetup(first_round_centre_dice(n) - len(reserve), reserve, loser)


def final_scoring(gems, points, competitive: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The end of the game: (points after the reset, winning seats). Main game: everyone with a soul gem
    left wins. Competitive variant: a player with no soul gem left has their points reduced to zero, then
    the most points win (ties share the win)."""
    points = tuple(points)
    n = len(points)
    if not competitive:
        return points, tuple(i for i in range(n) if gems[i] > 0)
    points = tuple(0 if gems[i] <= 0 else points[i] for i in range(n))
    best = max(points)
    return points, tuple(i for i in range(n) if points[i] == best)


def end_round(t: Table, loser: int, eff: list[Eff] | None = None) -> tuple[Table, list[Eff]]:
    """The round ends with `loser` the last player holding cards (they lose a soul gem): the table in
    phase round-over or game-over, and what that triggers (next-round setup, or the end and the winners)
    added to `eff`."""
    eff = [] if eff is None else eff
    names = t.names
    gems = list(t.gems)
    gems[loser] -= 1
    eff.append(Eff("round-over", f"round over: {names[loser]} is the last player holding cards and loses a soul gem "
                   f"({gems[loser]} left)", R.END_ROUND_END, who=names[loser], amount=1))
    points = t.points
    if t.opts.competitive:
        eff.append(Eff("no-points", f"{names[loser]} scores nothing this round", R.COMPETITIVE_LAST_PLAYER))
    if gems[loser] <= 0:
        final_points, winning = final_scoring(gems, points, t.opts.competitive)
        winners = [names[i] for i in winning]
        if t.opts.competitive:
            points = final_points
            eff.append(Eff("points-reset", f"{names[loser]} has no soul gem left: their points drop to 0",
                           R.COMPETITIVE_GAME_END_RESET))
        eff.append(Eff("game-over", f"game over: {names[loser]} lost their last soul gem", R.END_GAME_END))
        if t.opts.competitive:
            eff.append(Eff("winners", f"{' and '.join(winners)} win{'s' if len(winners) == 1 else ''} with "
                           f"{points[winning[0]]} point(s)", R.COMPETITIVE_WINNER))
        else:
            eff.append(Eff("winners", f"everyone with a soul gem left wins: {', '.join(winners)}", R.END_WINNERS))
        phase = "game-over"
    else:
        nxt = round_setup(t.n, gems, loser)
        one_gem = [names[i] for i in nxt.reserve]
        centre_next = nxt.centre_dice
        eff.append(Eff("next-round", "nobody is out of soul gems: shuffle all the cards and deal the next round",
                       R.END_NEXT_ROUND))
        eff.append(Eff("fewer-dice", f"the next round has {centre_next} centre dice, one fewer than this one",
                       R.NEW_ROUND_FEWER_CENTRE_DICE))
        who = f"{one_gem[0]} has" if len(one_gem) == 1 else f"{', '.join(one_gem)} have"
        eff.append(Eff("reserve-dice", f"{who} one soul gem left: each reserves one die and sets its number "
                       "before the round starts", R.RESERVE_DIE_WHO_GETS))
        eff.append(Eff("starting-player", f"{names[nxt.starting]} ended last and starts the next round",
                       R.SETUP_LATER_STARTING_PLAYER))
        phase = "round-over"
    return t.replace(gems=tuple(gems), points=points, phase=phase, loser=loser, turn=loser), eff


# ---------------------------------------------------------------------------------------- a round's set-up


def dice_expected(state: State) -> int:
    """Dice rolled into the centre at the start of this round: two per player, less the reserve dice."""
    return first_round_centre_dice(len(state.players)) - len(state.reserve_dice)


def setup_steps(state: State) -> list[tuple[str, str]]:
    """What the table still has to enter before this round's play starts, each with its rule
    (empty: ready)."""
    todo = []
    if state.turn is None:
        todo.append((R.SETUP_FIRST_PLAYER, "who starts (chosen at random): `first NAME`"))
    if len(state.centre_dice) != dice_expected(state):
        todo.append((R.NEW_ROUND_FEWER_CENTRE_DICE if state.round > 1 else R.SETUP_CENTRE_DICE,
                     f"the {dice_expected(state)} centre dice as rolled: `dice 1 2 3 ...`"))
    unset = [p.name for p in state.players if p.name in state.reserve_dice and p.reserve_die is None]
    if unset:
        todo.append((R.RESERVE_DIE_CHOOSE_NUMBER,
                     f"the reserve die of {', '.join(unset)}: `reserve {unset[0].lower()} N`"))
    return todo


def setup_todo(state: State) -> list[str]:
    """What the table still has to enter before this round's play starts (empty: ready)."""
    return [f"{text} [{rule}]" for rule, text in setup_steps(state)]


# ---------------------------------------------------------------------------------------- the deal


def _deal(n: int, opts: Opts, rng: random.Random):
    """Shuffle the deck for n players (the numbers, then the expansion cards) and deal: the table's cards
    per player, the rest set aside (expansion cards make the set-aside pile bigger; see docs/moves-catopomp.md)."""
    per = PLAYER_TABLE[n][2]
    counts = deck_counts(n, opts)
    deck = [code for code in (*range(1, MITCH), CAT, MITCH) for _ in range(counts[code])]
    rng.shuffle(deck)
    hands = tuple(c_of(deck[i * per:(i + 1) * per]) for i in range(n))
    aside = c_of(deck[n * per:])
    return hands, aside


def _choose(values: Mapping[str, int] | Sequence[int] | None, names, i: int, default):
    if values is not None and not isinstance(values, Mapping):
        return values[i]
    low = {k.lower(): v for k, v in (values or {}).items()}
    return low[names[i].lower()] if names[i].lower() in low else default()


def deal_first(names: Sequence[str], opts: Opts, rng: random.Random, *, first: str | int | None = None,
               predictions=None) -> Table:
    names = tuple(names)
    n = len(names)
    if n not in PLAYER_TABLE:
        raise ValueError(f"Catopomp is for 2 to 4 players, not {n}")
    if len({nm.lower() for nm in names}) != n:
        raise ValueError("player names must differ")
    if opts.competitive and n == 2:
        raise ValueError("the competitive variant is for 3 or 4 players")
    hands, aside = _deal(n, opts, rng)
    centre = tuple(sorted(rng.randint(1, 6) for _ in range(first_round_centre_dice(n))))
    if first is None:
        turn = rng.randrange(n)
    elif isinstance(first, int):
        turn = first
    else:
        turn = [nm.lower() for nm in names].index(first.lower())
    pred = (tuple(_choose(predictions, names, i, lambda: rng.randint(1, 4)) for i in range(n))
            if opts.competitive else None)
    return Table(names=names, opts=opts, hands=hands, pred=pred, centre=centre, turn=turn, aside=aside)


def deal_next(t: Table, rng: random.Random, *, predictions=None, reserve_dice=None) -> Table:
    if t.phase != "round-over":
        raise ValueError(f"the next round is dealt after a round is over (phase is {t.phase!r})")
    n = t.n
    hands, aside = _deal(n, t.opts, rng)
    later = round_setup(n, t.gems, t.loser)
    one_gem = later.reserve
    centre = tuple(sorted(rng.randint(1, 6) for _ in range(later.centre_dice)))
    reserve = tuple(
        _choose(reserve_dice, t.names, i, lambda: rng.randint(1, 6)) if i in one_gem else None for i in range(n)
    )
    pred = (tuple(_choose(predictions, t.names, i, lambda: rng.randint(1, 4)) for i in range(n))
            if t.opts.competitive else None)
    return Table(names=t.names, opts=t.opts, hands=hands, gems=t.gems, reserve=reserve, pred=pred, points=t.points,
                 centre=centre, turn=later.starting, aside=aside)


# ---------------------------------------------------------------------------------------- the tracker's working copy


class TableChange(WorkingTable):
    """A change being applied: the table's fields as mutable values (the effects so far: WorkingTable)."""

    def __init__(self, state: State):
        super().__init__(state)
        self.players = [p.model_dump() for p in state.players]
        self.fields: dict[str, Any] = {}

    def freeze(self) -> State:
        data = self.state.model_dump()
        data["players"] = self.players
        data.update({k: (v.model_dump() if isinstance(v, Frozen) else v) for k, v in self.fields.items()})
        data["cleared"] = [c.model_dump() if isinstance(c, Frozen) else c for c in data["cleared"]]
        return State(**data)
