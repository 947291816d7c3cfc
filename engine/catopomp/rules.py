"""The Catopomp referee on a State: check and play a move, including hands the table cannot see. It lays
a State out as the compact Table the rules work on and back; a hand the table has not seen is filled with
unseen cards, and card counting says what it cannot hold. No verdict rests on those stand-in cards: which
cards a hidden hand holds is taken on trust and noted as unchecked.
"""
from __future__ import annotations

from collections import Counter

from engine.base import Effect, Reason, Verdict
from engine.errors import IllegalMove
from engine.words import player

from .model import (
    CAT, HEAVEN, MITCH, NCODES, PASS, PLAY, PLAYER_TABLE, Cleared, Finding, Move, Options, Player, State, Table,
    WinningSet, WSet, c_add, c_list, c_missing, c_of, c_sub, card_name, cards_text, code_of, deck_counts, opts_of,
    token_of,
    tokens_of,
)
from .notation import format_move
from .rule_ids import R
from .rules_check import c_missing_dice, violations
from .rules_moves import alternatives
from .table import resolve, setup_steps, step

_EXPANSION_SETUP = {CAT: R.EXPANSION_CAT_LETON_SETUP, MITCH: R.EXPANSION_MDM_MITCH_SETUP}


# ---------------------------------------------------------------------------------------- the State as a Table


def to_table(state: State, prefer: tuple[int, ...] = ()) -> Table:
    """The State as a Table; unknown hands are filled with unseen cards (the player to act's
    first with `prefer`, the cards their play needs, where the deck still has them)."""
    names = tuple(p.name for p in state.players)
    w = state.winning_set
    ws = None if w is None else WSet(state.seat(w.owner), tuple(sorted(_codes(w.heaven))),
                                     tuple(sorted(_codes(w.hell))), tuple(sorted(w.dice)), w.catleton_swaps)
    hands = fill_hands(state, [None if isinstance(p.hand, int) else c_of(_codes(p.hand))
                               for p in state.players], prefer)
    seats = state.players
    return Table(
        names=names, opts=opts_of(state.options), hands=hands,
        hells=tuple(c_of(_codes(p.hell_domain)) for p in seats), gems=tuple(p.gems for p in seats),
        used=tuple(tuple(p.used_dice) for p in seats), reserve=tuple(p.reserve_die for p in seats),
        pred=tuple(p.prediction for p in seats), points=tuple(p.points for p in seats),
        centre=tuple(sorted(state.centre_dice)), ws=ws,
        turn=state.seat(state.turn) if state.turn is not None else 0,
        discard=None if state.discard_pile is None else c_of(_codes(state.discard_pile)),
        aside=None if state.set_aside is None else c_of(_codes(state.set_aside)),
        phase=state.phase, loser=None if state.loser is None else state.seat(state.loser),
    )


def from_table(t: Table, like: State | None = None) -> State:
    """The Table as a State; with `like`, a hand unknown there stays unknown (as a count), and the
    session fields (round, reserve dice, cleared players) are kept from it."""
    names = t.names
    hidden = [isinstance(p.hand, int) for p in like.players] if like is not None else [False] * t.n
    o = t.opts
    players = tuple(Player.model_construct(
        name=names[i], hand=sum(t.hands[i]) if hidden[i] else tokens_of(t.hands[i]),
        hell_domain=tokens_of(t.hells[i]), gems=t.gems[i], used_dice=tuple(t.used[i]), reserve_die=t.reserve[i],
        prediction=t.pred[i], points=t.points[i],
    ) for i in range(t.n))
    w = t.ws
    ws = None if w is None else WinningSet.model_construct(
        owner=names[w.owner], heaven=tuple(token_of(c) for c in w.heaven),
        hell=tuple(token_of(c) for c in w.hell), dice=tuple(w.dice), catleton_swaps=w.swaps)
    options = Options.model_construct(
        passing="casual" if o.casual else "main", hell_power=o.hell_power, competitive=o.competitive,
        catleton=o.catleton, mitch=o.mitch,
    )
    kept = ({"round": 1, "reserve_dice": (), "cleared": ()} if like is None else
            {"round": like.round, "reserve_dice": like.reserve_dice, "cleared": like.cleared})
    unstarted = like is not None and like.turn is None and t.phase == "setup"
    return State.model_construct(
        players=players, turn=None if unstarted else names[t.turn], centre_dice=tuple(t.centre), winning_set=ws,
        discard_pile=None if t.discard is None else tokens_of(t.discard),
        set_aside=None if t.aside is None else tokens_of(t.aside), options=options, phase=t.phase,
        loser=None if t.loser is None else names[t.loser], **kept,
    )


IN_SIGHT = "Hell Domains, the winning set, the discard pile, known set-aside cards"


def known_to(state: State, name: str | None) -> State:
    """The table as `name` knows it at the shared table: every other player's recorded hand is their
    secret, so it counts only by its size (their prediction stays: it is revealed when it is scored).
    A play is judged on this, never on another player's hand (docs/architecture.md "Only what the
    table knows"). The State itself when no other hand is recorded."""
    if all(p.name == name or not p.hand_known for p in state.players):
        return state
    players = tuple(p if p.name == name or not p.hand_known else p.model_copy(update={"hand": len(p.hand)})
                    for p in state.players)
    return state.model_copy(update={"players": players})


def hand_conflicts(state: State, name: str) -> list[Reason]:
    """What the table in sight says against `name`'s recorded hand (told to them alone, so they can
    correct their record): a card the deck of this player count does not hold, or more copies than the
    deck has once the cards in sight are counted. Empty when the hand is not recorded."""
    me = player(name, state.players)
    if not me.hand_known:
        return []
    n = len(state.players)
    deck = deck_counts(n, opts_of(state.options))
    left = unseen(known_to(state, None))  # the deck less the cards in sight
    out: list[Reason] = []
    for code, k in sorted(Counter(c for c in _codes(me.hand) if 0 <= c < NCODES).items()):
        name_ = card_name(code)
        if deck[code] == 0:
            rule = _EXPANSION_SETUP.get(code, R.SETUP_NUMBERS_INCLUDED)
            out.append(Reason(rule=rule, message=f"your recorded hand holds {k} x {name_}, which this game's deck "
                                                 "does not hold"))
        elif k > left[code]:
            seen = deck[code] - left[code]
            out.append(Reason(rule=R.SETUP_COPIES_PER_NUMBER, message=(
                f"your recorded hand holds {k} x {name_}, but the deck has {deck[code]} and {seen} "
                f"{'is' if seen == 1 else 'are'} in sight ({IN_SIGHT}): at most {left[code]} can be in a hand")))
    return out


def _codes(cards) -> list[int]:
    """A record's cards as Table codes."""
    return [code_of(c) for c in cards]


def unseen(state, known_hands=None) -> list[int]:
    """How many copies of each card code can still be in a hidden hand: the deck less every public
    card, every known hand and the set-aside cards when the table knows them. Never below zero (an over-full table is status()'s business)."""
    if known_hands is None:
        known_hands = [None if isinstance(p.hand, int) else c_of(_codes(p.hand)) for p in state.players]
    ws = state.winning_set
    public = (*(c for p in state.players for c in p.hell_domain), *(ws.heaven + ws.hell if ws else ()),
              *(state.discard_pile or ()), *(state.set_aside or ()))
    seen = Counter(_codes(public)) + Counter(c for hand in known_hands if hand is not None for c in c_list(hand))
    return [max(0, k - seen[c]) for c, k in enumerate(deck_counts(len(state.players), opts_of(state.options)))]


def fill_hands(state, known_hands: list, prefer=()) -> tuple[tuple[int, ...], ...]:
    """Every hand as card counts: known ones as given, hidden ones laid out with unseen cards; the
    player to act's hidden hand takes the cards in `prefer` first (card counting judges them apart)."""
    if all(h is not None for h in known_hands):
        return tuple(known_hands)
    pool = unseen(state, known_hands)
    n = len(state.players)
    first = 0 if state.turn is None else state.seat(state.turn)  # the player to act's hand first
    order = [(first + k) % n for k in range(n)]
    hands = list(known_hands)
    for i in order:
        if hands[i] is not None:
            continue
        want = state.players[i].hand
        got: list[int] = []
        if i == order[0]:
            for c in prefer:  # the play says they are there: taken on trust, even past what counting allows
                if len(got) < want and 0 <= c < NCODES:
                    pool[c] = max(0, pool[c] - 1)
                    got.append(c)
        for code in range(1, NCODES):  # the lowest unseen cards
            take = min(pool[code], want - len(got))
            pool[code] -= take
            got += [code] * take
        got += [1] * (want - len(got))  # a table with more hidden cards than the deck has left gets 1s
        hands[i] = c_of(got)
    return tuple(hands)


PLAY_CLAIM = "this play takes {what} from {who}'s hand"


def counting_findings(state, wanted, who: str, claim: str = PLAY_CLAIM) -> list[Finding]:
    """What the table knows against taking the cards `wanted` (codes) from a hand it has not seen:
    a card the deck of this player count does not hold at all, or more copies than can still be out
    of sight (the deck's copies less those in sight). Nothing here rests on a stand-in layout.
    `claim` says what is asked of the hand ({what}, {who})."""
    n = len(state.players)
    deck = deck_counts(n, opts_of(state.options))
    pool = unseen(state)
    out: list[Finding] = []
    for code, k in sorted(Counter(c for c in wanted if 0 <= c < NCODES).items()):
        name = card_name(code)
        if deck[code] == 0 and code in _EXPANSION_SETUP:
            out.append(Finding(_EXPANSION_SETUP[code], f"{name} is not in this game's deck: the expansion is not in "
                                                      "use, so no hand can hold it"))
        elif deck[code] == 0:
            out.append(Finding(R.SETUP_NUMBERS_INCLUDED, f"with {n} players the deck holds the numbers 1-{PLAYER_TABLE[n][0]} "
                                                         f"only: there is no {name} in the game"))
        elif k > pool[code]:
            takes = claim.format(what=f"{k} x {name}" if k > 1 else f"a {name}", who=who)
            if pool[code] == 0:
                out.append(Finding(R.SETUP_COPIES_PER_NUMBER, f"all {deck[code]} copies of {name} are already in sight ({IN_SIGHT}), "
                                                              f"so {who}'s unseen hand cannot hold one; {takes}"))
            elif pool[code] == deck[code]:
                out.append(Finding(R.SETUP_COPIES_PER_NUMBER, f"{takes}, but the deck has only {deck[code]} copies of {name}"))
            else:
                out.append(Finding(R.SETUP_COPIES_PER_NUMBER, f"{takes}, but the deck has {deck[code]} copies of {name} and "
                                                              f"{deck[code] - pool[code]} {'is' if deck[code] - pool[code] == 1 else 'are'} in sight ({IN_SIGHT}): at most "
                                                              f"{pool[code]} can be out of sight"))
    return out


# ---------------------------------------------------------------------------------------- judging and playing


def setup_rule(state: State) -> str:
    """The rule behind the first thing the round's set-up still lacks (who starts in round 1, the
    centre dice, a reserve die's number); a later round's set-up as a whole otherwise."""
    steps = setup_steps(state)
    return steps[0][0] if steps else R.SETUP_CENTRE_DICE if state.round == 1 else R.END_NEXT_ROUND


def setup_missing(state: State) -> str:
    """What the table still has to enter before round play starts."""
    steps = setup_steps(state)
    lead = setup_rule(state)  # the reason's own rule, cited once beside the reason, not again in its text
    todo = [text if rule == lead and n == 0 else f"{text} [{rule}]" for n, (rule, text) in enumerate(steps)]
    if not todo:  # only a described table gets here: a session starts play as the last step is entered
        return (f"round {state.round} is marked as being set up (phase \"setup\"), yet nothing is left to enter "
                "(who starts, the centre dice, any reserve die): to judge plays, describe the table with phase = \"play\"")
    return f"round {state.round} is being set up: " + "; ".join(todo)


def mover_hidden(state: State) -> bool:
    """The player to act holds cards the table has not seen (their hand is a count)."""
    if state.phase != "play" or state.turn is None:
        return False
    p = player(state.turn, state.players)
    return not p.hand_known and p.hand > 0


def reading_table(state: State) -> Table:
    """The table a move of a hidden-handed player is read on: their hand could hold any card still
    out of sight, so where a card comes from (hand or Hell Domain) and what a 0 stands for are read
    against those, never against the stand-in cards laid into the hand."""
    t = to_table(state)
    hands = list(t.hands)
    hands[t.turn] = tuple(unseen(state))
    return t.replace(hands=tuple(hands))


def needs(move: Move) -> tuple[int, ...]:
    """The hand cards a play needs: the Heaven cards and the card placed into the Hell Domain."""
    if move.kind != PLAY:
        return ()
    out = list(move.cards) if move.source == HEAVEN else []
    if move.place is not None:
        out.append(move.place)
    return tuple(out)


def check_hidden(state: State, move: Move) -> Verdict:
    """A move of a player whose hand the table cannot see: judged on what the table knows. Which cards
    the hand holds is taken on trust (listed as unchecked), except what card counting rules out; no
    reason or alternative rests on the stand-in cards laid into the hand."""
    need = needs(move)
    name = state.turn
    verdict = check_table(to_table(state, need), move, hand_known=False)
    if not need:
        return verdict
    extra = as_reasons(counting_findings(state, need, name))
    possession = Reason(rule=R.SETUP_DEAL, message=f"{name}'s hand is not known to the table; that it "
                                                   f"holds {cards_text(sorted(need))} is taken on trust")
    if extra:  # card counting refuses: nothing is taken on trust
        return Verdict(legal=False, reasons=extra + (verdict.reasons if not verdict.legal else ()),
                       alternatives=verdict.alternatives, unchecked=verdict.unchecked)
    return verdict.model_copy(update={"unchecked": (possession, *verdict.unchecked)})


def as_played(t: Table, move: Move) -> Table:
    """An overruled play: the table says it happened, so the cards it took were there."""
    p = t.turn
    hands, hells = list(t.hands), list(t.hells)
    if move.kind == PLAY:
        zone = hands if move.source == HEAVEN else hells
        zone[p] = c_add(zone[p], c_missing(zone[p], move.cards))
        if move.place is not None:
            left = c_sub(hands[p], move.cards) if move.source == HEAVEN else hands[p]
            hands[p] = c_add(hands[p], c_missing(left, (move.place,)))
        if move.swap:
            hells[p] = c_add(hells[p], c_missing(hells[p], move.swap))
        if move.dice:  # the dice it took were in the centre (the own reserve die aside)
            from_centre = list(move.dice)
            if t.reserve[p] in from_centre:
                from_centre.remove(t.reserve[p])
            return t.replace(hands=tuple(hands), hells=tuple(hells),
                             centre=tuple(sorted((*t.centre, *c_missing_dice(t.centre, from_centre)))))
    return t.replace(hands=tuple(hands), hells=tuple(hells))


def settle(before: State, t2: Table, eff, last=None) -> State:
    """The State after a play: hidden hands back to counts, cleared players recorded for scoring.
    `last`: the winning set before the play, the last set of an owner who cleared on the pass that
    discarded it (the competitive reveal reading)."""
    state = from_table(t2, like=before)
    fresh = [p.name for p, q in zip(state.players, before.players)
             if _holds(q) and not _holds(p) and not any(c.name == p.name for c in before.cleared)]
    if not fresh:
        return state
    ws = t2.ws if t2.ws is not None else last
    size = ws.size if ws is not None else None
    scored = {e.who: e.amount for e in eff if e.kind == "score"}
    cleared = before.cleared + tuple(Cleared(name=n, last_set=size, points=scored.get(n)) for n in fresh)
    return state.model_copy(update={"cleared": cleared})


def _holds(p) -> bool:
    return p.hand_size > 0 or bool(p.hell_domain)


def as_reasons(findings) -> tuple[Reason, ...]:
    """Findings as the contract's Reasons, in order."""
    return tuple(Reason(rule=f.rule, message=f.message) for f in findings)


def check_table(t: Table, move: Move, with_alternatives: bool = True, hand_known: bool = True) -> Verdict:
    """The verdict on a move of the player to act on a whole (core) table. `hand_known=False`: the
    mover's hand on `t` is a stand-in layout of a count, so neither the reasons nor the alternatives
    may rest on its cards (alternatives then take nothing from the hand)."""
    if t.phase != "play":
        rule = R.END_GAME_END if t.phase == "game-over" else R.END_ROUND_END
        what = "the game is over" if t.phase == "game-over" else "the round is over: deal the next round first"
        return Verdict(legal=False, reasons=(Reason(rule=rule, message=what),))
    if not t.has_cards(t.turn):
        return Verdict(legal=False, reasons=(Reason(
            rule=R.ROUND_SAFE_WHEN_CLEAR,
            message=f"{t.names[t.turn]} has no cards left and takes no more turns this round"),))
    r, _ = resolve(t)
    bad, why, notes = violations(r, move, hand_known)
    if bad:
        alts = tuple(format_move(m) for m in alternatives(t, move, hand_known=hand_known)) if with_alternatives else ()
        return Verdict(legal=False, reasons=as_reasons(bad),
                       alternatives=alts, unchecked=as_reasons(notes))
    _t2, eff = step(t, move)
    if move.kind == PASS and t.opts.competitive and any(e.kind == "player-safe" for e in eff):
        notes.append(Finding(R.COMPETITIVE_REVEAL,
                             "reading: the winning set's owner cleared by giving up their last Hell card on another player's "
                             "pass; their last set is read as their winning set (the variant counts the cards of the "
                             "last set and does not cover a clear on someone else's turn)"))
    if any(e.kind == "prediction" and e.amount is None for e in eff):
        notes.append(Finding(R.COMPETITIVE_REVEAL, "the prediction is secret and not on the table, so the "
                                                   "points are not worked out"))
    return Verdict(
        legal=True,
        reasons=as_reasons(why),
        effects=tuple(Effect(kind=e.kind, message=e.message, rule=e.rule, who=e.who, amount=e.amount, card=e.card)
                      for e in eff),
        unchecked=as_reasons(dict.fromkeys(notes)),
    )


def play_out(state: State, move: Move, t: Table, verdict: Verdict, overruled: bool = False) -> State:
    """The State after `move` of the player to act, `t` the State as a Table (with the cards the move
    needs in a hidden hand) and `verdict` the move's. An illegal move is played only `overruled`: the
    table says it happened, so the cards it took were there."""
    if not verdict.legal:
        if not overruled:
            raise IllegalMove(f"{format_move(move)!r} is not legal: "
                              + "; ".join(r.message for r in verdict.reasons), verdict)
        t = as_played(t, move)
    try:
        t2, eff = step(t, move)
    except (ValueError, IndexError, KeyError, AttributeError, TypeError) as exc:
        raise IllegalMove(f"{format_move(move)!r} cannot be recorded even overruled: the table would not "
                          f"hold together ({exc})", verdict) from None
    return settle(state, t2, eff, last=t.ws)


def moves_note(state: State) -> str | None:
    """Why the plays of the player to act cannot be listed (None: they can)."""
    if state.phase == "setup":
        return setup_missing(state)
    if state.phase != "play":
        return "the game is over" if state.phase == "game-over" else \
            "the round is over: enter the next round's centre dice (`companion track dice ...`)"
    p = player(state.turn, state.players)
    if not p.hand_known and p.hand > 0:
        return (f"{p.name}'s hand is not known ({p.hand} card{'s' if p.hand != 1 else ''}): the plays with its "
                f"cards cannot be listed; record it with `companion track hand {p.name.lower()} CARDS...`")
    return None


def plays_without_hand(legal_moves, state: State) -> tuple[list, str] | None:
    """(the moves, what was left out) for the player to act when their hand is only a count; None when
    the hand is known (every play is listed) or nobody is to play."""
    if not mover_hidden(state):
        return None
    me = player(state.turn, state.players)
    # One known card stands in for the hand (so the player is not taken for cleared); it is the
    # number least in sight, so card counting refuses no Hell Domain set because of it.
    seen = Counter(c for p in state.players for c in p.hell_domain)
    stand_in = min(range(1, 11), key=lambda n: (seen[n], n))
    probe = state.model_copy(update={"players": tuple(
        p.model_copy(update={"hand": (stand_in,)}) if p.name == me.name else p for p in state.players)})
    moves = [m for m in legal_moves(probe) if m.source != "heaven" and m.place is None]
    left = (f"left out: every play with Heaven cards from {me.name}'s hand, which is not recorded "
            f"({me.hand} card{'s' if me.hand != 1 else ''}; `companion track hand {me.name.lower()} CARDS...` lists them all)")
    return moves, left
