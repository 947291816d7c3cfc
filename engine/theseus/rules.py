"""Party of the Theseus rules of play: check() and apply() a move, played out on a Table, and the legal
moves."""
from __future__ import annotations

from collections import Counter
from itertools import combinations

from engine.base import Reason, Verdict
from engine.errors import IllegalMove
from engine.words import count, listing, quote, teach

from .model import BOARD_SIZE, GAME, ICONS, LAST_RANK, LIMIT, RANK_ONLY_NAMES, Move, State, catalogue
from .notation import format_move
from .rule_ids import R
from .rules_scoring import say_final_scores
from .table import EMPTY_TURN_READING, MULTI_EXPLORE_READING, Table


def check(state: State, move: Move) -> Verdict:
    table, reasons = _play(state, move)
    table.problems = list(reasons)
    return table.verdict(_alternatives(state, move) if reasons else ())


def apply(state: State, move: Move, overruled: bool = False) -> State:
    """The State after the move. A refill from a deck that is not a list of names records each
    card it turns up and the move does not name as "Rank N card". Overruled (the table says the
    move happened), the move is played out as far as it can be: whatever it needs is taken to be
    there."""
    table, reasons = _play(state, move, force=overruled)
    if reasons and not overruled:
        raise IllegalMove(f"illegal move {format_move(move)!r}: "
                          + "; ".join(f"{r.message} [{r.rule}]" for r in reasons))
    if overruled and state.game_over:
        return state
    return table.freeze()


def _play(state: State, move: Move, force: bool = False) -> tuple[Table, list[Reason]]:
    table = Table(state, move.reveal)
    table.force = force
    if state.game_over:
        return table, [Reason(rule=R.END, message="the game is over: no more moves")]
    if move.action == "end":
        return table, _end(state, table)
    if move.action == "exile":
        return table, _exile(state, table, move)
    reasons = _basic(state, table, move) if move.action == "basic" else _use(state, table, move)
    if not reasons and table.reveal:
        reasons = [_r(R.REVEAL, f"no Board Refill follows this move, so {listing(table.reveal)} cannot be "
                      "revealed")]
    return table, reasons


def _r(rule: str, message: str) -> Reason:
    return Reason(rule=rule, message=message)


# --------------------------------------------------------------------------- each kind of move


def _end(state: State, table: Table) -> list[Reason]:
    reasons = table.over_limit("the turn ends")
    if reasons and not table.force:
        return reasons
    who = table.active
    if not state.used and state.basic_action is None:
        table.say("pass", f"{who} ends the turn without using a card", R.UP_TO_TWO)
        table.note(EMPTY_TURN_READING.rule, EMPTY_TURN_READING.message)
    table.say("turn-end", f"{who}'s turn ends", R.END_TURN)
    if table.end_turn():
        say_final_scores(table, table.freeze())
    return []


def _exile(state: State, table: Table, move: Move) -> list[Reason]:
    player = state.player(state.active)
    zone = move.zone
    hidden = zone == "hand" and not player.hand_known
    cards = player.party if zone == "party" else player.hand_cards
    size = len(player.party) if zone == "party" else player.hand_size
    if zone is None or len(move.targets) != 1:
        return [Reason(rule=R.EXILE_DOWN, message=f"Exile names one card of {player.name}'s Party or Hand")]
    name = move.targets[0]
    reasons = []
    if size <= LIMIT:
        reasons.append(_r(R.EXILE_DOWN, f"{player.name}'s {zone.capitalize()} holds {size} cards, not more than "
                          f"{LIMIT}: there is nothing to Exile"))
    if hidden:
        reasons += _not_yet_dealt(table, [name])
        table.note(*_possession(player.name, [name], R.EXILE_DOWN))
    elif name not in cards and zone == "hand" and (standin := table.standin(name, cards)) in cards:
        table.note(R.EXILE_DOWN, standin_note(player.name, standin, name, table.unknown_rank_choices(name, cards, standin)))
    elif name not in cards:
        reasons.append(_r(R.EXILE_DOWN, f"{name} is not in {player.name}'s {zone.capitalize()} "
                          f"({listing(sorted(cards))})"))
    if reasons and not table.force:
        return reasons
    if zone == "party":
        target = table.party[table.active]
        if name in target:
            target.remove(name)
    else:
        target = table.hand[table.active]
        table.take_from_hand(table.active, name)
    table.exiled.append(name)
    left = len(target) - LIMIT
    table.say("exile", f"{name} is Exiled: removed from the game", R.EXILED, who=table.active, card=name)
    if left > 0:
        table.say("exile-required", f"your {zone.capitalize()} still holds {len(target)} cards: "
                  f"Exile {left} more", R.EXILE_DOWN)
    else:
        table.say("limit-met", f"your {zone.capitalize()} is back to {LIMIT} cards", R.MAX_FOUR)
    return []


def _not_yet_dealt(table: Table, names) -> list[Reason]:
    """Cards a hidden Hand cannot hold: every Hand card came off the Board, and the Board has shown
    no card above the active Rank (trust covers which cards the Hand holds, not cards the Board could
    not have supplied yet). The starting Party members are not Board cards."""
    out = []
    for name in dict.fromkeys(names):
        rank = table.not_reached(name)
        if rank is not None:
            out.append(_r(R.RANK_ORDER, f"{name} is a Rank {rank} card and the active Rank is {table.rank}: "
                          f"no Rank {rank} card has reached the Board yet, so {table.active}'s Hand cannot "
                          "hold it"))
    return out


def _possession(who: str, cards, rule: str) -> tuple[str, str]:
    """The unchecked note of a play from a Hand the table does not know: `rule` (the one that takes
    the card from the Hand) is left open as to possession."""
    return rule, (f"possession: {who}'s Hand is not known to the table; that it holds "
                  f"{listing(sorted(cards))} is taken on trust")


def fewer_reading(card: str, icon: str, most: int, taken: int) -> tuple[str, str]:
    """The reading taken when a card whose one use moves `most` cards moves fewer: section 5 says
    only that a multi-card Explore takes all its cards before the Hand limit, nothing of taking fewer
    (nor for Recruit or Subjugate); the verdict reads the number as a most, so fewer is legal."""
    rule = R.EXPLORE_MULTI if icon == "explore" else (R.RECRUIT if icon == "recruit" else R.SUBJUGATE)
    return rule, (f"reading: {card} {icon}s {count(most, 'card')} and {taken} {'was' if taken == 1 else 'were'} taken: "
                  f"the rulebook is silent on taking fewer; read as up to {most}, so this is legal")


def _check_targets(table: Table, icon: str, targets, most: int, who_does: str):
    """Reasons why the ability cannot take these targets (from a Hand the table does not know,
    only how many: which cards it holds is noted as unchecked)."""
    player_hand = Counter(table.hand[table.active])
    board = Counter(c[0] for c in table.board)
    pool, place, rule = ((board, "on the Board", R.EXPLORE) if icon == "explore"
                         else (player_hand, f"in {table.active}'s Hand", R.RECRUIT if icon == "recruit" else R.SUBJUGATE))
    reasons = []
    if len(targets) > most:
        reasons.append(_r(R.EXPLORE_MULTI if icon == "explore" else rule,
                          f"{who_does} {icon}s {count(most, 'card')}, not {len(targets)}"))
    if 0 < len(targets) < most:
        table.note(*fewer_reading(who_does, icon, most, len(targets)))
    if icon != "explore" and table.active in table.hidden:
        size = len(table.hand[table.active])
        if len(targets) > size:
            reasons.append(_r(rule, f"{table.active}'s Hand holds {count(size, 'card')}, not {len(targets)}"))
        reasons += _not_yet_dealt(table, targets)
        if targets and len(targets) <= size:
            table.note(*_possession(table.active, targets, rule))
        return reasons
    spare = Counter(pool) - Counter(targets)  # Hand cards the play does not name, for stand-ins
    for name, k in Counter(targets).items():
        short = k - pool[name] if icon != "explore" else 0
        standin = table.standin(name, +spare)
        if short > 0 and standin is not None and spare[standin] >= short:
            spare[standin] -= short
            others = table.unknown_rank_choices(name, +spare, standin)
            table.note(rule, standin_note(table.active, standin, name, others))
        elif pool[name] < k:
            have = "is not" if pool[name] == 0 else f"is there only {pool[name]} time(s),"
            reasons.append(_r(rule, f"{name} {have} {place}"))
    return reasons


def standin_note(who: str, standin: str, name: str, others=()) -> str:
    """The note of a named card taken from a Hand that holds a card recorded by its Rank only that may be
    it (as the tracker's `reward` takes it); `others`, the Hand's other such cards it may be as well."""
    return (f"possession: {who}'s Hand holds a card recorded by its Rank only ({standin}); that it is {name} "
            "is taken on trust" + standin_choice(who, standin, others))


def standin_choice(who: str, standin: str, others) -> str:
    """What a note adds when a card of unknown Rank may be any of several Rank-only cards of the Hand."""
    if not others:
        return ""
    return (f"; its Rank is unknown, so it may as well have been the {' or the '.join(others)}: the {standin} is taken "
            f"as the one gone (the first the Hand lists); if it was another, record {who}'s Hand as it is "
            f"(`companion track hand {quote(who.lower())} CARD ...`)")


def _do_ability(table: Table, icon: str, targets, source: str) -> None:
    who = table.active
    moved = list(targets)
    if icon == "explore":
        taken = table.take_from_board(targets, who)
        moved = moved if table.force else taken
        table.hand[who].extend(moved)
        where, rule = f"from the Board to {who}'s Hand", R.EXPLORE if len(moved) <= 1 else R.EXPLORE_MULTI
    elif icon == "recruit":
        for t in targets:
            table.take_from_hand(who, t)
            table.party[who].append(t)
        where, rule = f"from {who}'s Hand to their Party", R.RECRUIT
    else:
        for t in targets:
            table.subjugate(who, t)
        where, rule = f"face up from {who}'s Hand to their Reward Area", R.SUBJUGATE
    table.say(icon, f"{source}: {listing(moved)} {'goes' if len(moved) == 1 else 'go'} {where}", rule)
    if icon == "explore" and len(moved) > 1:
        table.say("explore-multi", "all the cards are taken first; the Board refills once after",
                  R.EXPLORE_MULTI)
        if len(table.board) < BOARD_SIZE:
            table.note(MULTI_EXPLORE_READING.rule, MULTI_EXPLORE_READING.message)
    if icon == "explore" and len(table.board) < BOARD_SIZE:
        table.refill(cause="cards left it")


def _after_ability(state: State, table: Table, started_triggered: bool) -> None:
    who = table.active
    for zone, cards in (("Party", table.party[who]), ("Hand", table.hand[who])):
        if len(cards) > LIMIT:
            table.say("over-limit", f"the {zone} may hold {len(cards)} cards while the ability and its "
                      "effects resolve; nothing is Exiled before that", R.MAY_EXCEED)
            table.say("exile-required", f"once the ability and its effects are resolved, the {zone} holds "
                      f"{len(cards)} cards: Exile {len(cards) - LIMIT} of them (your choice) before anything "
                      f"else, e.g. 'exile {zone.lower()} {cards[-1]}'",
                      R.PARTY_TIMING if zone == "Party" else R.EXILE_DOWN)
    if not started_triggered and table.end_triggered():
        table.say("game-end", "the last Rank 6 card has left the Board: the game ends at the end of this turn",
                  R.END)
    elif not started_triggered:
        table.say_rank6_unknown()


def _basic(state: State, table: Table, move: Move) -> list[Reason]:
    reasons = table.over_limit("a basic action")
    if state.basic_action is not None:
        reasons.append(_r(R.BASIC, f"{state.active} already took a basic {state.basic_action} this turn: only one basic "
                          "action per turn"))
    if state.used:
        reasons.append(_r(R.EITHER_OR, f"{state.active} already used {listing(list(state.used))} this turn: a basic "
                          "action is only allowed before any Party card is used"))
    reasons += _check_targets(table, move.icon, move.targets, 1, "a basic action")
    if not move.targets:
        reasons.append(_r(R.BASIC, "name the card the basic action takes"))
    if reasons and not table.force:
        return reasons
    started = table.end_triggered()
    table.basic = move.icon
    table.say("basic", f"{table.active} takes a basic {move.icon} without a card (no Party card used yet)",
              R.BASIC)
    _do_ability(table, move.icon, move.targets, f"basic {move.icon}")
    table.say("basic-locks", "no Party card may be used for the rest of this turn", R.BASIC_LOCKS)
    _after_ability(state, table, started)
    return table.problems


def _use(state: State, table: Table, move: Move) -> list[Reason]:
    player = state.player(state.active)
    card = move.card
    spec = table.spec(card)
    reasons = table.over_limit("another card is used")
    if state.basic_action is not None:
        reasons.append(_r(R.BASIC_LOCKS, f"{player.name} took a basic {state.basic_action} this turn: no Party card "
                          "may be used for the rest of it"))
    if len(state.used) >= 2:
        reasons.append(_r(R.UP_TO_TWO, f"{player.name} already used 2 Party cards this turn "
                          f"({listing(list(state.used))})"))
    if card in player.party and card in state.used:
        reasons.append(_r(R.SAME_NAME, f"another {card} was already used this turn: no two cards with the same "
                          "name in one turn, even another copy") if player.party.count(card) > 1
                       else _r(R.NO_REUSE, f"{card} was already used this turn"))
    elif card in player.reward_area and card not in player.party:
        reasons.append(_r(R.NO_NORMAL_USE, f"{card} is in {player.name}'s Reward Area: it can no longer be used"))
    elif card in player.hand_cards and card not in player.party:
        reasons.append(_r(R.PARTY, f"{card} is in {player.name}'s Hand, not their Party: Recruit it first"))
    elif card not in player.party:
        reasons.append(_r(R.PARTY, f"{card} is not in {player.name}'s Party ({listing(player.party)})"
                          + _name_rank_only(card, spec, player)))
    icon = move.icon
    known_icon = spec.icon if spec is not None and spec.icon != "unknown" else None
    if known_icon is not None and icon != known_icon:
        learnt = f" (an earlier play used {card} to {known_icon}; `companion track card {quote(f'{card}:?:{icon}')}` " \
            "corrects that)" if spec.source == f"used to {known_icon} in a play" else ""
        reasons.append(_r(R.ICON, f"{card}'s icon is {known_icon}, so using it performs {known_icon}, "
                          f"not {icon}{learnt}"))
    most = spec.icon_count if spec is not None else 1
    reasons += _check_targets(table, icon, move.targets, most, card)
    if not move.targets:
        pool = [c[0] for c in table.board] if icon == "explore" else table.hand[table.active]
        rule = R.EXPLORE if icon == "explore" else (R.RECRUIT if icon == "recruit" else R.SUBJUGATE)
        if pool and icon != "explore" and table.active in table.hidden:
            # the Hand is not empty, so the ability has something to act on (which card is the player's)
            reasons.append(_r(rule, f"name the card {card}'s {icon} takes: {table.active}'s Hand holds "
                              f"{count(len(pool), 'card')}"))
        elif pool:
            place = "on the Board" if icon == "explore" else f"in {table.active}'s Hand"
            reasons.append(_r(rule, f"name the card {card}'s {icon} takes ({listing(sorted(set(pool)))} "
                              f"{'is' if len(set(pool)) == 1 else 'are'} {place})"))
    if reasons and not table.force:
        return reasons
    # the use itself
    started = table.end_triggered()
    table.used.append(card)
    table.say("use", f"{table.active} uses {card} ({len(table.used)} of 2 Party cards this turn): first its "
              f"{icon}, then its effect, finished before any other card", R.USING)
    if known_icon is None:
        table.leave_open(_taught(R.ICON, unknown_icon(card, spec, icon, table.active, table.party[table.active]),
                                 card, "its icon is", "icon", icon or "ICON"))
        if icon and card.casefold() not in RANK_ONLY_NAMES:  # the name identifies the card: one icon
            table.set_card(card, icon=icon, source=f"used to {icon} in a play", keep_source=True)
    if not move.targets:
        table.note(R.USING, "reading: a card may be used when its icon has nothing to act on; the rulebook does "
                   "not say whether a card may be used for its effect alone")
        table.say("no-target", f"{card}'s {icon} has nothing to take", R.USING)
    else:
        _do_ability(table, icon, move.targets, f"{card}'s {icon}")
    if spec is None or spec.effect == "unknown":
        table.leave_open(_taught(R.EFFECT, unknown_effect(card, table.active, table.party[table.active]),
                                 card, "its effect is", "effect", "none"))
        table.say("card-effect", f"resolve {card}'s own effect as printed (not checked)", R.EFFECT)
    elif spec.effect.strip().casefold() != "none":
        table.note(R.EFFECT, f"card effect not checked: {card}: {spec.effect}")
        table.say("card-effect", f"resolve {card}'s effect: {spec.effect}", R.EFFECT)
    _after_ability(state, table, started)
    if icon == "recruit" and len(table.used) < 2:
        fresh = [t for t in move.targets if t not in table.used]
        if fresh:
            table.say("can-use", f"{listing(fresh)} may be used later this turn (1 Party card use left)",
                      R.RECRUIT_USE)
    if len(table.used) >= 2:
        table.say("turn-limit", "2 Party cards used: no more this turn; end your turn", R.UP_TO_TWO)
    else:
        table.say("one-more", "you may use 1 more Party card this turn", R.UP_TO_TWO)
    return table.problems


def _name_rank_only(card: str, spec, player) -> str:
    """For a card not in the Party by name: where a Party card known by its Rank only may be it (its
    Rank is the card's, or the card's Rank is unknown), the command that names it; else nothing."""
    rank = spec.rank if spec is not None else "unknown"
    unnamed = [c for c in player.party if c.casefold() in RANK_ONLY_NAMES and rank in ("unknown", int(c.split()[1]))]
    if not unnamed or card.casefold() in RANK_ONLY_NAMES:
        return ""
    party = list(player.party)
    party[party.index(unnamed[0])] = f"{card}:{unnamed[0].split()[1]}"
    return (f"; if {card} is {player.name}'s {unnamed[0]}, name it first: "
            f"`companion track party {quote(player.name.lower())} {' '.join(quote(c) for c in party)}`")


def unknown_icon(card: str, spec, icon: str | None, who: str, party) -> str:
    """The note of a card of `who`'s Party used with an icon the library does not know: what is
    unknown, what the engine took instead, and the command that teaches it (or names it, `_teach`)."""
    why = "is not in the card library, so its icon is unknown" if spec is None else "icon is unknown"
    what = f"{card} {why}" if spec is None else f"{card}'s {why}"
    taken = f": taken as {icon}, as the move says" if icon else ": every ability is listed for it"
    return f"card effect not checked: {what}{taken}; {_teach(card, 'icon', icon or 'ICON', who, party)}"


def unknown_effect(card: str, who: str, party) -> str:
    """The note of a card used whose effect the library does not know (resolved by the table)."""
    said = _teach(card, "effect", "none", who, party)
    return (f"card effect not checked: {card}'s effect is unknown: resolve it as printed; {said}"
            + (" (or --effect with the card's text)" if said.startswith("teach") else ""))


def _taught(rule: str, message: str, card: str, what: str, field: str, example: str) -> Reason:
    """A note teaching the library a card's `field` kept with its parts (engine.untaught.Untaught), so that
    once the library has the card it is said anew: the session's `track card`, and the library's `cards
    edit` only for a field its entry lacks. A card known by its Rank only is named first: a plain note."""
    from engine.untaught import Untaught

    if card.casefold() in RANK_ONLY_NAMES:
        return Reason(rule=rule, message=message)
    return Untaught(rule=rule, message=message, card=card, what=what, field=field,
                    command=teach(GAME, card, field, example), session=f"companion track card {quote(f'{card}:?:{example}')}")


def _teach(card: str, field: str, example: str, who: str, party) -> str:
    """The command that teaches the library a card's field; for a card of `who`'s Party known only by its
    Rank ("Rank 3 card"), which no library entry can describe, the command that names it in the Party."""
    if card.casefold() not in RANK_ONLY_NAMES:
        return f"teach it: `{teach(GAME, card, field, example)}`"
    party = list(party)
    if card in party:
        party[party.index(card)] = f"NAME:{card.split()[1]}"
    else:  # not listed by name: the Party as the table lists it
        party = ["CARD", "..."]
    return (f"it is known only by its Rank: name it first (NAME, the card's): "
            f"`companion track party {quote(who.lower())} {' '.join(quote(c) for c in party)}`")


# --------------------------------------------------------------------------- legal moves


def legal_moves(state: State) -> list[Move]:
    if state.game_over:
        return []
    cat = catalogue(state)
    player = state.player(state.active)
    if not player.hand_known and player.hand_size > LIMIT:
        return []  # which cards to Exile from a Hand the table does not know cannot be listed
    over = [(z, cards) for z, cards in (("party", player.party), ("hand", player.hand_cards)) if len(cards) > LIMIT]
    if over:
        return [Move(action="exile", zone=z, targets=(n,)) for z, cards in over for n in sorted(set(cards))]
    moves: list[Move] = []
    board = sorted(c.name for c in state.board)
    hand = sorted(player.hand_cards)
    for name in usable_cards(state):
        spec = cat.get(name)
        icons = [spec.icon] if spec is not None and spec.icon != "unknown" else list(ICONS)
        most = spec.icon_count if spec is not None else 1
        for icon in icons:
            pool = board if icon == "explore" else hand
            if not pool:
                if icon == "explore" or player.hand_size == 0:
                    moves.append(Move(action="use", card=name, icon=icon))
                continue  # a hidden Hand's cards cannot be listed
            moves += [Move(action="use", card=name, icon=icon, targets=combo)
                      for size in range(1, min(most, len(pool)) + 1)
                      for combo in sorted(set(combinations(pool, size)))]
    if state.basic_action is None and not state.used:
        moves += [Move(action="basic", icon=icon, targets=(name,))
                  for icon in ICONS for name in sorted(set(board if icon == "explore" else hand))]
    moves.append(Move(action="end"))
    return moves


def usable_cards(state: State) -> list[str]:
    """The Party cards the player to act may still use this turn (by name), none once the turn's
    basic action or both uses are spent."""
    if state.game_over or state.basic_action is not None or len(state.used) >= 2:
        return []
    return [n for n in sorted(set(state.player(state.active).party)) if n not in state.used]


def unknown_icons_note(state: State) -> list[str]:
    """For `moves`: the usable cards whose icon the library does not know, for which every ability
    is listed (each card whose icon is known is listed with its own ability only)."""
    player = state.player(state.active)
    if len(player.party) > LIMIT or player.hand_size > LIMIT:
        return []  # only Exiles are listed until the limit is met
    cat = catalogue(state)
    return [unknown_icon(n, cat.get(n), None, player.name, player.party) for n in usable_cards(state)
            if cat.get(n) is None or cat[n].icon == "unknown"]


def _alternatives(state: State, move: Move) -> list[str]:
    moves = legal_moves(state)

    def score(m: Move) -> tuple:
        return (-(m.action == move.action), -(m.card is not None and m.card == move.card),
                -len(set(m.targets) & set(move.targets)), -(m.icon is not None and m.icon == move.icon),
                m.action == "end")

    return [format_move(m) for m in sorted(moves, key=score)[:10]]


# -- who acts (the turns a play is judged against)


def to_act(state: State) -> str | None:
    return None if state.game_over else state.active


def with_turn(state: State, player: str) -> State:
    """`player` acts now (a play out of turn the table overruled): a fresh turn of theirs."""
    name = state.player(player).name
    if name == state.active:
        return state
    return state.model_copy(update={"active": name, "used": (), "basic_action": None})


def moves_note(state: State) -> str | None:
    if state.game_over:
        return "the game is over"
    p = state.player(state.active)
    if not state.board and state.active_rank < LAST_RANK:
        return ("the Board is not recorded, so no Explore can be listed: lay it out with "
                "`companion track board CARD CARD CARD CARD`")
    notes = []
    if not p.hand_known:
        notes.append(f"{p.name}'s Hand is not known ({p.hand} card{'s' if p.hand != 1 else ''}): plays "
                     f"from it (Recruit, Subjugate, Exile) cannot be listed; record it with "
                     f"`companion track hand {p.name.lower()} CARDS...`")
    notes += unknown_icons_note(state)
    deck = state.decks.get(state.active_rank)
    explores = [m for m in legal_moves(state) if m.icon == "explore" and m.targets]
    if isinstance(deck, int) and deck > 0 and explores:  # the deck a refill draws from is only counted
        notes.append("a play that makes the Board refill from a Rank Deck is listed without the cards it "
                     "turns up (the deck's cards are not recorded): say them after it, e.g. "
                     f"`{format_move(explores[0])} reveal CARD`")
    return "\n".join(notes) or None
