"""Party of the Theseus tracker verbs that record cards: a Reward Area (`reward`), Bonuses (`bonus`),
points from card effects (`points`), a Party or Hand (`party`, `hand`), the Board (`board`) and a
Rank Deck's count (`deck`). Their checks, then the change on the working Table."""
from __future__ import annotations

from functools import partial
from typing import Any, Callable, NamedTuple

from engine.base import MoveSyntaxError
from engine.words import count, listing, quote, signed

from .model import BOARD_SIZE, LAST_RANK, LIMIT, MAX_RANK_TOTAL, RANK_ONLY_NAMES, STARTING_PARTY, rank_only_name
from .notation_track import Item, described, read_item
from .rule_ids import R
from .rules import standin_choice
from .rules_scoring import general_vp
from .table import HIDDEN, SCORING_AREA_READING, Table
from .track_score import total


def resolve(table: Table, item: Item, *, where: str, check_rank_order: bool = True) -> str:
    """The name a card is recorded under; problems for a Rank out of range or in conflict."""
    rank = item.rank
    if rank is not None and not 1 <= rank <= LAST_RANK:
        table.forbid(R.RANK_RANGE, f"{item.label()}: a card's Rank is 1 to 6, not {rank}")
        clamped = min(max(rank, 1), LAST_RANK)
        table.say("clamped", f"no card has Rank {rank}: recorded as Rank {clamped}", R.RANK_RANGE)
        rank = clamped
    if item.name is None:
        name = rank_only_name(rank)
    else:
        spec = table.spec(item.name)
        name = spec.name if spec is not None else item.name
        fields: dict[str, Any] = {}
        for field, given, conflict in (("rank", rank, "is a Rank {} card (the name identifies the card), not Rank {}"),
                                       ("vp", item.vp, "is worth {} VP in this game's catalogue, not {}")):
            known = getattr(spec, field, None)  # "unknown" (or no card) is no conflict
            known = known if isinstance(known, int) else None
            if given is not None and known is not None and known != given:
                table.forbid(R.NAME, f"{name} {conflict.format(known, given)}")
            if given is not None and known != given:
                fields[field] = given
        if spec is None and rank is None:
            raise MoveSyntaxError(f"unknown card {name!r}: give its Rank, e.g. {quote(name)}:5")
        if fields:
            table.set_card(name, source="entered at the table", **fields)
            what = " and ".join(f"Rank {v}" if k == "rank" else f"{v} VP" for k, v in fields.items())
            table.say("catalogue", f"{name} is recorded as {what} for this game", R.NAME if "rank" in fields else R.VP_IN_REWARD)
    card_rank = table.not_reached(name)
    if check_rank_order and card_rank is not None:
        shown = f"a Rank {card_rank} card" if name.casefold() in RANK_ONLY_NAMES else f"{name} (Rank {card_rank})"
        table.forbid(
            R.RANK_ORDER,
            f"{shown} cannot be in {where} yet: Rank {card_rank} cards reach the "
            f"Board only once the Rank {card_rank} deck is active (now Rank {table.rank}); "
            f"type `rank {card_rank}` first if it is",
        )
    return name


def _card_vp(table: Table, name: str) -> tuple[int | None, str]:
    spec = table.spec(name)
    if spec is not None and isinstance(spec.vp, int):
        return spec.vp, R.VP_IN_REWARD
    if spec is not None and isinstance(spec.rank, int):
        return general_vp(spec.rank), (R.VP_LOW if spec.rank <= 4 else R.VP_HIGH)
    return None, R.FINAL_SCORE


def reward(table: Table, who: str, args: tuple[str, ...]) -> None:
    args = list(args)
    vp = None
    if len(args) >= 2 and args[-2] == "vp":
        vp = int(args[-1])
        args = args[:-2]
    if not args:
        raise MoveSyntaxError("reward: expected a card")
    if args[0] == "rank":
        item = Item(rank=int(args[1]), vp=vp)
    elif len(args) == 2:
        item = Item(name=args[0], rank=int(args[1]), vp=vp)
    else:
        item = read_item(args[0]) if vp is None else read_item(args[0]).model_copy(update={"vp": vp})
    if item.name is None and item.vp is not None:
        # a card known by Rank only with printed VP of its own: it becomes a named card
        item = item.model_copy(update={"name": f"{rank_only_name(min(max(item.rank, 1), LAST_RANK))} ({item.vp} VP)"})
    name = resolve(table, item, where=f"{who}'s Reward Area")
    hand, hidden = table.hand[who], who in table.hidden
    if name in STARTING_PARTY and (hidden or name not in hand):
        table.forbid(
            R.SUBJUGATE,
            f"{name} is a starting Party card and not in {who}'s Hand: no rule moves a Party card to "
            "the Reward Area (Subjugate takes a card from the Hand)",
        )
    elif name.casefold() not in RANK_ONLY_NAMES and _not_held(table, who, name):
        held = listing(hand)
        table.forbid(
            R.SUBJUGATE,
            f"{name} is not in {who}'s Hand as recorded (it holds {held}): Subjugate takes a card from the Hand; "
            f"record the Hand as it is first (`hand {who.lower()} CARD ...`)",
        )
    standin = None if hidden or name in hand else table.standin(name, hand)
    others = table.unknown_rank_choices(name, hand, standin)
    if table.subjugate(who, name):
        now = f" (now {count(len(hand), 'card')})" if hidden else ""
        gone = f" in the place of its {standin}{standin_choice(who, standin, others)}" if others else ""
        table.say("from-hand", f"{name} leaves {who}'s Hand{now}{gone}", R.SUBJUGATE)
    vp_now, vp_rule = _card_vp(table, name)
    worth = (
        f"worth {vp_now} VP"
        if vp_now is not None
        else f"its Rank is not known, so it counts 0 VP; to count it, undo and give the Rank: "
        f"`reward {who.lower()} {quote(name)} 2`"
    )
    table.say("reward", f"{name} goes face up into {who}'s Reward Area, {worth}", R.SUBJUGATE, who=who, card=name)
    if vp_now is not None:
        table.say("vp", f"{who} now has {total(table, who)} VP", vp_rule)


def _not_held(table: Table, who: str, name: str) -> bool:
    """A named card a Hand the table records (known, holding cards) cannot hold: neither the card nor a card
    recorded by its Rank only that could be it. An empty or hidden Hand is taken on trust: a table that
    records only scores never names a Hand."""
    hand = table.hand[who]
    if who in table.hidden or not hand or name in hand:
        return False
    rank = table.rank_of(name)
    return not any(c.casefold() in RANK_ONLY_NAMES and (rank is None or c == rank_only_name(rank)) for c in hand)


def bonus(table: Table, who: str, args: tuple[str, ...]) -> None:
    if not args:
        raise MoveSyntaxError("bonus: expected an amount")
    sign, n = signed(args[0])
    gain = n if sign == "+" else (n - table.bonuses[who] if sign == "=" else -n)
    if gain > 0:
        if table.rank == 1:
            table.forbid(
                R.ON_ADVANCE,
                "no card carries a Bonus yet: Bonuses are placed only when the game advances to a "
                "new Rank (the game is at Rank 1)",
            )
        card = args[1:]
        rank = None
        label = ""
        if card and card[0] == "rank":
            rank = int(card[1])
            label = f"a Rank {rank} card"
        elif card:
            rank, label = table.rank_of(card[0]), card[0]
        if rank is not None and not 1 <= rank <= LAST_RANK:
            table.forbid(R.RANK_RANGE, f"a card's Rank is 1 to 6, not {rank}")
        elif rank == LAST_RANK:
            table.forbid(R.RANK6_NONE, f"{label} is Rank 6: Rank 6 cards never receive a Bonus")
        elif rank is not None and rank >= table.rank > 1:
            table.forbid(
                R.ON_ADVANCE,
                f"{label} (Rank {rank}) cannot carry a Bonus: only Board cards below the active Rank "
                f"({table.rank}) get one when the Rank advances",
            )
        elif rank is not None and rank <= table.rank - 2:
            table.forbid(
                R.EXPIRED,
                f"{label} (Rank {rank}) cannot still carry a Bonus at Rank {table.rank}: a card with a Bonus "
                f"is Exiled with it at the next advance (here when Rank {rank + 2} began)",
            )
    have = table.bonuses[who]
    new = have + gain
    if new < 0:
        table.forbid(R.REWARD_AREA, f"{who} has {count(have, 'Bonus', 'Bonuses')} in the Reward Area: "
                                    + (f"at most bonus {who.lower()} -{have}" if have else "none to take away"))
        table.say("bonus-short", f"{who} had only {have} Bonus{'es' if have != 1 else ''}: the count goes to 0", R.REWARD_AREA)
        new = 0
    table.bonuses[who] = new
    if gain > 0:
        table.say(
            "bonus",
            f"{who} gains {count(gain, 'Bonus', 'Bonuses')} into the Reward Area (now {new}); a Bonus never goes "
            "to Hand or Party",
            R.GAIN, who=who, amount=gain,
        )
        if args[1:2] and any(c[0] == args[1] and c[1] for c in table.board):
            table.say("board-check", f"{args[1]} still lies on the Board as recorded, with its Bonus: taking the "
                      "Bonus took the card; record the Board as it is now (`board ...`), else the next advance "
                      "Exiles it with a Bonus already counted", R.GAIN, card=args[1])
    elif new != have:
        table.say("bonus", f"{who}'s Bonuses: {have} -> {new}", R.REWARD_AREA)
    if new != have:
        table.say("vp", f"{who} now has {total(table, who)} VP (each Bonus counts 1 VP)", R.BONUS_SCORE)


def points(table: Table, who: str, args: tuple[str, ...]) -> None:
    if len(args) != 1:
        raise MoveSyntaxError("points: expected one amount")
    sign, n = signed(args[0])
    have = table.effect_points.get(who, 0)
    new = n if sign == "=" else have + (n if sign == "+" else -n)
    if new < 0:
        table.forbid(R.VP_EXTRA, f"{who} has {have} point{'s' if have != 1 else ''} from card effects: the count "
                                 "does not go below 0 (the rulebook prints no card effect that takes points away)")
    if new:
        table.effect_points[who] = new
    else:
        table.effect_points.pop(who, None)
    table.say("points", f"{who}'s points from card effects: {have} -> {new}; {who} now has {total(table, who)} VP", R.VP_EXTRA,
             who=who, amount=new)
    table.leave_open(SCORING_AREA_READING)


class Zone(NamedTuple):
    """What `party` and `hand` differ in: the verb that lists the zone, how the table says it, the
    tiebreaker it counts in, its Rank totals given without cards, how a listing is recorded, and
    whether a card given by its Rank alone is held to the Rank order (a Party's may be a starting card)."""

    verb: str
    name: str
    rule: str
    totals: Callable[[Table], dict[str, int]]
    record: Callable[[Table, str, list[str]], None]
    rank_alone_in_order: bool


def _record_party(table: Table, who: str, cards: list[str]) -> None:
    table.party[who] = cards


PARTY = Zone("party", "Party", R.TIE_PARTY, lambda table: table.party_ranks, _record_party, False)
HAND = Zone("hand", "Hand", R.TIE_HAND, lambda table: table.hand_ranks, Table.set_hand, True)  # listed: known


def area(table: Table, who: str, args: tuple[str, ...], zone: Zone) -> None:
    """`party PLAYER ...` and `hand PLAYER ...`: the zone as the table lists it (cards, Ranks or a Rank
    total; a Hand also by its count)."""
    verb, rule, totals = zone.verb, zone.rule, zone.totals(table)
    if not args:
        raise MoveSyntaxError(f"{verb}: expected cards, total N or none")
    if args[0] == "total":
        given = int(args[1])
        if given > MAX_RANK_TOTAL:
            table.forbid(
                R.MAX_FOUR,
                f"a {zone.name} holds at most {LIMIT} cards once everything has resolved, each of Rank 6 at "
                f"most: its Rank total is at most {MAX_RANK_TOTAL}, not {given}",
            )
        if not (zone is HAND and who in table.hidden):  # a hidden Hand keeps its size: only its total is told
            zone.record(table, who, [])
        totals[who] = given
        table.say(verb, f"{who}'s {zone.name}: Rank total {given} (cards not recorded)", rule)
        return
    totals.pop(who, None)
    if args[0] == "none":
        zone.record(table, who, [])
        table.say(verb, f"{who}'s {zone.name} is empty (Rank total 0)", rule)
        return
    if args[0] == "count":
        hand_count(table, who, int(args[1]))
        return
    items = [read_item(a) for a in args]
    if len(items) > LIMIT:
        table.forbid(
            R.MAX_FOUR,
            f"a {zone.name} holds at most {LIMIT} cards once all effects have resolved, not {len(items)}: "
            "Exile down to 4 first",
        )
    names = [
        resolve(
            table, item, where=f"{who}'s {zone.name}",
            check_rank_order=zone.rank_alone_in_order or item.name is not None,
        )
        for item in items
    ]
    zone.record(table, who, names)
    ranks = [table.rank_of(n) for n in names]
    unknown = [n for n, r in zip(names, ranks) if r is None]
    table.say(verb, f"{who}'s {zone.name}: {listing(names)} (Rank total {sum(r or 0 for r in ranks)})", rule)
    if unknown:
        table.say(
            "rank-unknown",
            f"the Rank of {listing(sorted(set(unknown)))} is not known: counted 0 in the tiebreaker; "
            f"give it as NAME:RANK (e.g. {quote(unknown[0])}:1)",
            rule,
        )


party, hand = partial(area, zone=PARTY), partial(area, zone=HAND)


def board(table: Table, args: tuple[str, ...]) -> None:
    """The Board as the table lays it out (at set-up) or sees it (a correction). A card the
    catalogue does not know is taken to come from the active Rank Deck, so it gets that Rank."""
    if len(args) > BOARD_SIZE:
        table.forbid(R.BOARD_SIZE, f"the Board holds at most {BOARD_SIZE} cards, not {len(args)}")
    had = {}
    for name, bonus, _ in table.board:
        had.setdefault(name, []).append(bonus)
    laid = []
    for text in args:
        item = read_item(text)
        if item.name is not None and item.rank is None and table.spec(item.name) is None:
            item = item.model_copy(update={"rank": table.rank})
        name = resolve(table, item, where="the Board")
        bonuses = had.get(name)
        laid.append([name, bonuses.pop(0) if bonuses else 0, table.rank_of(name)])
    table.board = laid
    table.say("board", f"the Board: {listing([c[0] for c in laid])}", R.BOARD_SIZE)
    if any(c[2] == LAST_RANK for c in laid):
        _rank6_still_there(table, "a Rank 6 card is on the Board")
    table.say_rank6_unknown()


def deck(table: Table, args: tuple[str, ...]) -> None:
    """How many cards a Rank Deck holds, as the table counts them."""
    rank, left = int(args[0]), int(args[1])
    if not 1 <= rank <= LAST_RANK:
        table.forbid(R.RANK_RANGE, f"the Rank Decks are Rank 1 to 6; there is no Rank {rank} deck")
        return
    if rank < table.rank and left:
        table.forbid(R.WHEN_EMPTY, f"the Rank {rank} deck ran out before Rank {table.rank} began: it holds no card")
    table.decks[rank] = left
    table.say("deck", f"the Rank {rank} deck holds {count(left, 'card')}", R.RANK_DECK)
    if rank == table.rank < LAST_RANK and not left:  # 10. Advancing: an empty active deck ends its Rank
        table.say("advance-due", f"the active Rank {rank} deck is empty, so the game advances to Rank {rank + 1}: "
                  "`companion track next-rank` makes the advance, with its Bonuses", R.WHEN_EMPTY)
    if rank == LAST_RANK and left:
        _rank6_still_there(table, "the Rank 6 deck holds cards")
    if rank == LAST_RANK == table.rank and not left and not table.board and not table.last_rank6_left:
        table.say("board-check", "no card is on the Board as recorded, so the last Rank 6 card has left it "
                  "and the game ends with this turn; if the deck's last refill left Rank 6 cards there, record "
                  "them (`board NAME...`)", R.END)
    if rank == LAST_RANK == table.rank and not left:
        table.say_rank6_unknown()


def _rank6_still_there(table: Table, why: str) -> None:
    """A correction shows a Rank 6 card still to leave the Board: the end it had set off is off again."""
    if table.last_rank6_left and not table.game_over:
        table.last_rank6_left = False
        table.say("end-cancelled", f"{why}, so the last Rank 6 card has not left it: the game goes on", R.END)


def hand_count(table: Table, who: str, size: int) -> None:
    """A Hand the table knows only by its size (its cards are then not followed). Over 4 only while
    its player's Exile is pending (8. Party and Hand Limits: the cut follows the whole resolution)."""
    if size > LIMIT and not (who == table.active and table.hand_size(who) > LIMIT):
        table.forbid(R.MAX_FOUR, f"a Hand holds at most {LIMIT} cards once all effects have resolved, not {size}")
    table.set_hand(who, [HIDDEN] * size, known=False)
    table.hand_ranks.pop(who, None)
    table.say("hand", f"{who}'s Hand: {count(size, 'card')}, not known to the table", R.TIE_HAND)


def describe(table: Table, args: tuple[str, ...]) -> None:
    """`card ...`: this game's catalogue learns the fields the table gives (the others stay as they are)."""
    for spec in described(args):
        fields = {f: getattr(spec, f) for f in spec.model_fields_set if f not in ("name", "source")}
        known = table.spec(spec.name)
        name = known.name if known is not None else spec.name
        table.set_card(name, source="track card", **fields)
        given = ", ".join(f"{f.replace('_', ' ')} {v}" for f, v in sorted(fields.items()))
        table.say("card", f"{name} is described for this game: {given or 'no field'}", R.NAME, card=name)
