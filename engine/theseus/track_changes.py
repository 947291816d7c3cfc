"""Party of the Theseus tracker changes: what each command does to a tracked table, and the rules
it is checked against, worked out on a _Desk (a mutable copy of the TrackedTable)."""
from __future__ import annotations

from typing import Any

from engine.base import Effect, MoveSyntaxError, Reason
from engine.tracking import Change
from engine.words import signed

from .model import LAST_RANK, LIMIT, STARTING_PARTY, BoardCard, CardSpec, Player, _merged, rank_only_name
from .rule_ids import R
from .scoring import DECIDED_BY, general_vp
from .track_parse import COMMANDS
from .tracked import (
    _INT,
    _RANK_ONLY_NAMES,
    MAX_RANK_TOTAL,
    TrackedTable,
    _Item,
    _notes,
    _read_item,
    tracked_scores,
)
from .wording import _names, _plural, _quote

#: the commands a game that is over still takes: the final count may change, play may not
AFTER_THE_END: frozenset[str] = frozenset({"party", "hand", "points", "score"})


class _Desk:
    """A mutable copy of the table that one change is worked out on (check and apply share it).
    A Hand the table does not know is a count (an int) here too."""

    def __init__(self, table: TrackedTable):
        self.table = table
        self.names = [p.name for p in table.players]
        self.party = {p.name: list(p.party) for p in table.players}
        self.hand: dict[str, list[str] | int] = {
            p.name: list(p.hand) if p.hand_known else p.hand for p in table.players
        }
        self.board = [[c.name, c.bonus] for c in table.board]
        self.decks = dict(table.decks)
        self.exiled = list(table.exiled)
        self.exiled_bonuses = table.exiled_bonuses
        self.used = table.used
        self.basic_action = table.basic_action
        self.reward = {p.name: list(p.reward_area) for p in table.players}
        self.bonuses = {p.name: p.bonuses for p in table.players}
        self.active = table.active
        self.rank = table.active_rank
        self.last_rank6_left = table.last_rank6_left
        self.game_over = table.game_over
        self.turn = table.turn
        self.cards = list(table.cards)
        self.effect_points = dict(table.effect_points)
        self.party_ranks = dict(table.party_ranks)
        self.hand_ranks = dict(table.hand_ranks)
        self.effects: list[Effect] = []
        self.problems: list[Reason] = []

    def say(self, kind: str, message: str, rule: str | None, **data) -> None:
        """Something the change does; `data` (who, amount, card) is what code may read of it."""
        self.effects.append(Effect(kind=kind, message=message, rule=rule, **data))

    def forbid(self, rule: str, message: str) -> None:
        self.problems.append(Reason(rule=rule, message=message))

    def catalogue(self) -> dict[str, CardSpec]:
        return _merged(tuple(self.cards))

    def hand_size(self, who: str) -> int:
        hand = self.hand[who]
        return hand if isinstance(hand, int) else len(hand)

    def spec(self, name: str) -> CardSpec | None:
        cat = self.catalogue()
        if name in cat:
            return cat[name]
        folded = {n.casefold(): s for n, s in cat.items()}
        return folded.get(name.casefold())

    def set_card(self, name: str, **fields) -> None:
        """Add a card to this game's catalogue, or complete/override the fields of one."""
        for i, c in enumerate(self.cards):
            if c.name.casefold() == name.casefold():
                given = {f: getattr(c, f) for f in c.model_fields_set}
                given.update(fields)
                self.cards[i] = CardSpec(**given)
                return
        self.cards.append(CardSpec(name=name, **fields))

    def freeze(self) -> TrackedTable:
        players = tuple(
            Player(
                name=n,
                party=tuple(self.party[n]),
                hand=self.hand[n] if isinstance(self.hand[n], int) else tuple(self.hand[n]),
                reward_area=tuple(self.reward[n]),
                bonuses=self.bonuses[n],
            )
            for n in self.names
        )
        return self.table.model_copy(
            update=dict(
                players=players,
                active=self.active,
                active_rank=self.rank,
                board=tuple(BoardCard(name=n, bonus=b) for n, b in self.board),
                decks=dict(self.decks),
                used=self.used,
                basic_action=self.basic_action,
                exiled=tuple(self.exiled),
                exiled_bonuses=self.exiled_bonuses,
                last_rank6_left=self.last_rank6_left,
                game_over=self.game_over,
                turn=self.turn,
                cards=tuple(self.cards),
                effect_points=dict(self.effect_points),
                party_ranks=dict(self.party_ranks),
                hand_ranks=dict(self.hand_ranks),
            )
        )


def run(state: TrackedTable, change: Change) -> _Desk:
    desk = _Desk(state)
    verb = change.verb
    if verb not in COMMANDS:
        raise MoveSyntaxError(f"unknown command {verb!r}; commands: {', '.join(COMMANDS)}")
    before = tracked_scores(state) if state.game_over else None
    if state.game_over and verb not in AFTER_THE_END:
        desk.forbid(
            R.END,
            "the game is over (it ended with the turn in which the last Rank 6 card left the Board): "
            "only the final count may change (party, hand, points)",
        )
    args = change.args
    if verb == "score":
        _standings(desk, final=state.game_over)
    elif verb == "rank":
        if len(args) != 1 or not _INT.match(args[0]):
            raise MoveSyntaxError(f"rank: expected one Rank, got {change.label()!r}")
        _rank(desk, int(args[0]))
    elif verb == "next-rank":
        if desk.rank >= LAST_RANK:
            desk.forbid(R.NO_DECK_AFTER_6, "the game is at Rank 6: there is no Rank Deck after Rank 6")
            desk.say("no-change", "there is no Rank 7: the Rank stays 6", R.NO_DECK_AFTER_6)
        else:
            _advance_to(desk, desk.rank + 1)
    elif verb == "last-rank6":
        _last_rank6(desk)
    elif verb == "next":
        _next(desk)
    elif verb in ("board", "deck"):
        from .track_table import board, deck

        (board if verb == "board" else deck)(desk, args)
    else:
        if not args:
            raise MoveSyntaxError(f"{verb}: expected a player, got {change.label()!r}")
        who = _player_arg(state, args[0])
        if verb == "reward":
            _reward(desk, who, args[1:])
        elif verb == "bonus":
            _bonus(desk, who, args[1:])
        elif verb == "points":
            _points(desk, who, args[1:])
        else:
            _area(desk, verb, who, args[1:])
    if before is not None and verb != "score":
        after = tracked_scores(desk.freeze())
        if (after["winners"], after["decided_by"]) != (before["winners"], before["decided_by"]):
            _standings(desk, final=True, result=after)
    return desk


def _player_arg(state: TrackedTable, name: str) -> str:
    for p in state.players:
        if p.name == name or p.name.casefold() == name.casefold():
            return p.name
    raise MoveSyntaxError(f"unknown player {name!r}; players: {', '.join(p.name for p in state.players)}")

# ---- cards


def _resolve(desk: _Desk, item: _Item, *, where: str, check_rank_order: bool = True) -> str:
    """The name a card is recorded under; problems for a Rank out of range or in conflict."""
    rank = item.rank
    if rank is not None and not 1 <= rank <= LAST_RANK:
        desk.forbid(R.RANK_RANGE, f"{item.label()}: a card's Rank is 1 to 6, not {rank}")
        clamped = min(max(rank, 1), LAST_RANK)
        desk.say("clamped", f"no card has Rank {rank}: recorded as Rank {clamped}", R.RANK_RANGE)
        rank = clamped
    if item.name is None:
        name = rank_only_name(rank)
    else:
        spec = desk.spec(item.name)
        name = spec.name if spec is not None else item.name
        fields: dict[str, Any] = {}
        if rank is not None:
            known = spec.rank if spec is not None and isinstance(spec.rank, int) else None
            if known is not None and known != rank:
                desk.forbid(R.NAME, f"{name} is a Rank {known} card (the name identifies the card), not Rank {rank}")
            if known != rank:
                fields["rank"] = rank
        if item.vp is not None:
            known_vp = spec.vp if spec is not None and isinstance(spec.vp, int) else None
            if known_vp is not None and known_vp != item.vp:
                desk.forbid(R.NAME, f"{name} is worth {known_vp} VP in this game's catalogue, not {item.vp}")
            if known_vp != item.vp:
                fields["vp"] = item.vp
        if spec is None and rank is None:
            raise MoveSyntaxError(f"unknown card {name!r}: give its Rank, e.g. {_quote(name)}:5")
        if fields:
            desk.set_card(name, source="entered at the table", **fields)
            what = " and ".join(f"Rank {v}" if k == "rank" else f"{v} VP" for k, v in fields.items())
            desk.say("catalogue", f"{name} is recorded as {what} for this game", R.NAME if "rank" in fields else R.VP_IN_REWARD)
    spec = desk.spec(name)
    card_rank = spec.rank if spec is not None and isinstance(spec.rank, int) else None
    if (
        check_rank_order
        and card_rank is not None
        and card_rank > desk.rank
        and name not in STARTING_PARTY
    ):
        shown = f"a Rank {card_rank} card" if name.casefold() in _RANK_ONLY_NAMES else f"{name} (Rank {card_rank})"
        desk.forbid(
            R.RANK_ORDER,
            f"{shown} cannot be in {where} yet: Rank {card_rank} cards reach the "
            f"Board only once the Rank {card_rank} deck is active (now Rank {desk.rank}); "
            f"type `rank {card_rank}` first if it is",
        )
    return name


def _card_vp(desk: _Desk, name: str) -> tuple[int | None, str]:
    spec = desk.spec(name)
    if spec is not None and isinstance(spec.vp, int):
        return spec.vp, R.VP_IN_REWARD
    if spec is not None and isinstance(spec.rank, int):
        return general_vp(spec.rank), (R.VP_LOW if spec.rank <= 4 else R.VP_HIGH)
    return None, R.FINAL_SCORE


def _total(desk: _Desk, who: str) -> int:
    result = tracked_scores(desk.freeze())
    return next(r["total"] for r in result["players"] if r["player"] == who)


def _reward(desk: _Desk, who: str, args: tuple[str, ...]) -> None:
    args = list(args)
    vp = None
    if len(args) >= 2 and args[-2] == "vp":
        vp = int(args[-1])
        args = args[:-2]
    if not args:
        raise MoveSyntaxError("reward: expected a card")
    if args[0] == "rank":
        item = _Item(rank=int(args[1]), vp=vp)
    elif len(args) == 2:
        item = _Item(name=args[0], rank=int(args[1]), vp=vp)
    else:
        item = _read_item(args[0])
        if vp is not None:
            item = item.model_copy(update={"vp": vp})
    if item.name is None and item.vp is not None:
        # a card known by Rank only with printed VP of its own: it becomes a named card
        item = item.model_copy(update={"name": f"{rank_only_name(min(max(item.rank, 1), LAST_RANK))} ({item.vp} VP)"})
    name = _resolve(desk, item, where=f"{who}'s Reward Area")
    hand = desk.hand[who]
    if name in STARTING_PARTY and (isinstance(hand, int) or name not in hand):
        desk.forbid(
            R.SUBJUGATE,
            f"{name} is a starting Party card and not in {who}'s Hand: no rule moves a Party card to "
            "the Reward Area (Subjugate takes a card from the Hand)",
        )
    if isinstance(hand, int):
        if hand:
            desk.hand[who] = hand - 1
            desk.say("from-hand", f"{name} leaves {who}'s Hand (now {hand - 1} cards)", R.SUBJUGATE)
    elif name in hand:
        hand.remove(name)
        desk.say("from-hand", f"{name} leaves {who}'s Hand", R.SUBJUGATE)
    desk.reward[who].append(name)
    vp_now, vp_rule = _card_vp(desk, name)
    worth = (
        f"worth {vp_now} VP"
        if vp_now is not None
        else f"its Rank is not known, so it counts 0 VP; to count it, undo and give the Rank: "
        f"`reward {who.lower()} {_quote(name)} 2`"
    )
    desk.say("reward", f"{name} goes face up into {who}'s Reward Area, {worth}", R.SUBJUGATE, who=who, card=name)
    if vp_now is not None:
        desk.say("vp", f"{who} now has {_total(desk, who)} VP", vp_rule)


def _signed(text: str) -> tuple[str, int]:
    return signed(text)


def _bonus(desk: _Desk, who: str, args: tuple[str, ...]) -> None:
    if not args:
        raise MoveSyntaxError("bonus: expected an amount")
    sign, n = _signed(args[0])
    gain = n if sign == "+" else (n - desk.bonuses[who] if sign == "=" else -n)
    if gain > 0:
        if desk.rank == 1:
            desk.forbid(
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
            spec = desk.spec(card[0])
            rank = spec.rank if spec is not None and isinstance(spec.rank, int) else None
            label = card[0]
        if rank is not None and not 1 <= rank <= LAST_RANK:
            desk.forbid(R.RANK_RANGE, f"a card's Rank is 1 to 6, not {rank}")
        elif rank == LAST_RANK:
            desk.forbid(R.RANK6_NONE, f"{label} is Rank 6: Rank 6 cards never receive a Bonus")
        elif rank is not None and rank >= desk.rank > 1:
            desk.forbid(
                R.ON_ADVANCE,
                f"{label} (Rank {rank}) cannot carry a Bonus: only Board cards below the active Rank "
                f"({desk.rank}) get one when the Rank advances",
            )
    have = desk.bonuses[who]
    new = have + gain
    if new < 0:
        desk.say("bonus-short", f"{who} had only {have} Bonus{'es' if have != 1 else ''}: the count goes to 0", R.REWARD_AREA)
        new = 0
    desk.bonuses[who] = new
    if gain > 0:
        desk.say(
            "bonus",
            f"{who} gains {_plural(gain, 'Bonus')} into the Reward Area (now {new}); a Bonus never goes "
            "to Hand or Party",
            R.GAIN, who=who, amount=gain,
        )
    elif new != have:
        desk.say("bonus", f"{who}'s Bonuses: {have} -> {new}", R.REWARD_AREA)
    if new != have:
        desk.say("vp", f"{who} now has {_total(desk, who)} VP (each Bonus counts 1 VP)", R.BONUS_SCORE)


def _points(desk: _Desk, who: str, args: tuple[str, ...]) -> None:
    if len(args) != 1:
        raise MoveSyntaxError("points: expected one amount")
    sign, n = _signed(args[0])
    have = desk.effect_points.get(who, 0)
    new = n if sign == "=" else have + (n if sign == "+" else -n)
    if new:
        desk.effect_points[who] = new
    else:
        desk.effect_points.pop(who, None)
    desk.say("points", f"{who}'s points from card effects: {have} -> {new}; {who} now has {_total(desk, who)} VP", R.VP_EXTRA,
             who=who, amount=new)
    desk.say("points-area", "a card's end-game points count only with the card in the area its text names", R.SCORING_AREA)


def _area(desk: _Desk, verb: str, who: str, args: tuple[str, ...]) -> None:
    zone = "Party" if verb == "party" else "Hand"
    cards = desk.party if verb == "party" else desk.hand
    totals = desk.party_ranks if verb == "party" else desk.hand_ranks
    rule = R.TIE_PARTY if verb == "party" else R.TIE_HAND
    if not args:
        raise MoveSyntaxError(f"{verb}: expected cards, total N or none")
    if args[0] == "total":
        total = int(args[1])
        if total > MAX_RANK_TOTAL:
            desk.forbid(
                R.MAX_FOUR,
                f"a {zone} holds at most {LIMIT} cards once everything has resolved, each of Rank 6 at "
                f"most: its Rank total is at most {MAX_RANK_TOTAL}, not {total}",
            )
        cards[who] = []
        totals[who] = total
        desk.say(verb, f"{who}'s {zone}: Rank total {total} (cards not recorded)", rule)
        return
    totals.pop(who, None)
    if args[0] == "none":
        cards[who] = []
        desk.say(verb, f"{who}'s {zone} is empty (Rank total 0)", rule)
        return
    if args[0] == "count":
        from .track_table import hand_count

        hand_count(desk, who, int(args[1]))
        return
    items = [_read_item(a) for a in args]
    if len(items) > LIMIT:
        desk.forbid(
            R.MAX_FOUR,
            f"a {zone} holds at most {LIMIT} cards once all effects have resolved, not {len(items)}: "
            "Exile down to 4 first",
        )
    names = [
        _resolve(
            desk, item, where=f"{who}'s {zone}",
            check_rank_order=not (verb == "party" and item.name is None),
        )
        for item in items
    ]
    cards[who] = names
    ranks = [desk.spec(n).rank if desk.spec(n) is not None else "unknown" for n in names]
    total = sum(r for r in ranks if isinstance(r, int))
    unknown = [n for n, r in zip(names, ranks) if not isinstance(r, int)]
    desk.say(verb, f"{who}'s {zone}: {_names(names)} (Rank total {total})", rule)
    if unknown:
        desk.say(
            "rank-unknown",
            f"the Rank of {_names(sorted(set(unknown)))} is not known: counted 0 in the tiebreaker; "
            f"give it as NAME:RANK (e.g. {_quote(unknown[0])}:1)",
            rule,
        )

# ---- the Rank and the end


def _rank(desk: _Desk, rank: int) -> None:
    if not 1 <= rank <= LAST_RANK:
        desk.forbid(
            R.NO_DECK_AFTER_6 if rank > LAST_RANK else R.RANK_RANGE,
            f"the Rank Decks are Rank 1 to Rank 6; there is no Rank {rank}",
        )
    target = min(max(rank, 1), LAST_RANK)
    if target < desk.rank:
        desk.forbid(
            R.RANK_ORDER,
            f"the Rank only goes up (1, 2, 3, 4, 5, 6): the game is at Rank {desk.rank}, it cannot go back to {target}",
        )
        desk.say("rank-back", f"the active Rank goes back to {target} (the table's decision)", R.RANK_ORDER)
        desk.rank = target
        if desk.last_rank6_left:
            desk.last_rank6_left = False
            desk.say("end-cancelled", "the last Rank 6 card is no longer recorded as gone", R.END)
    elif target == desk.rank:
        desk.say("no-change", f"the game is already at Rank {target}", None)
    else:
        _advance_to(desk, target)


def _advance_to(desk: _Desk, target: int) -> None:
    old = desk.rank
    desk.rank = target
    if target == old + 1:
        desk.say("advance", f"the Rank {old} deck is empty: Rank {target} begins; its deck now refills the Board", R.WHEN_EMPTY)
    else:
        passed = ", ".join(str(r) for r in range(old + 1, target))
        desk.say(
            "advance",
            f"the Rank {old} to Rank {target - 1} decks are empty (passing through Rank {passed}): "
            f"Rank {target} begins; its deck now refills the Board",
            R.WHEN_EMPTY,
        )
    if target >= 3:
        desk.say(
            "bonus-expire",
            f"any Board card still carrying a Bonus from the start of Rank {target - 1} is Exiled with it",
            R.EXPIRED,
        )
    desk.say("bonus-placed", f"each card left on the Board below Rank {target} gets 1 Bonus", R.ON_ADVANCE)
    from .track_table import advance_board

    advance_board(desk, old, target)
    if target == LAST_RANK:
        desk.say(
            "last-rank",
            "Rank 6 is the last Rank Deck: when its last card leaves the Board, type `last-rank6`",
            R.NO_DECK_AFTER_6,
        )


def _last_rank6(desk: _Desk) -> None:
    if desk.last_rank6_left:
        desk.forbid(R.END, "the last Rank 6 card is already recorded as gone from the Board")
        return
    if desk.rank < LAST_RANK:
        desk.forbid(
            R.END,
            f"the game is at Rank {desk.rank}: Rank 6 cards reach the Board only once the Rank 6 deck "
            "is active, so the last one cannot have left it",
        )
        desk.say("rank", f"the game is taken to be at Rank 6 (it was Rank {desk.rank}; the table's decision)", R.RANK_ORDER)
        desk.rank = LAST_RANK
    desk.last_rank6_left = True
    desk.say(
        "game-end-pending",
        f"the last Rank 6 card has left the Board: the game ends at the end of {desk.active}'s turn; "
        "type `next` when it is over",
        R.END,
    )


def _next(desk: _Desk) -> None:
    who = desk.active
    if len(desk.party[who]) > LIMIT:
        desk.forbid(R.PARTY_TIMING, f"{who}'s Party holds {len(desk.party[who])} cards: Exile down to {LIMIT} before the turn ends")
    if desk.hand_size(who) > LIMIT:
        desk.forbid(R.EXILE_DOWN, f"{who}'s Hand holds {desk.hand_size(who)} cards: Exile down to {LIMIT} once effects have resolved")
    if desk.last_rank6_left and not desk.game_over:
        desk.game_over = True
        desk.say("game-over", f"{who}'s turn ends and with it the game: count the final scores", R.END)
        _standings(desk, final=True)
        return
    nxt = desk.names[(desk.names.index(who) + 1) % len(desk.names)]
    desk.active = nxt
    desk.turn += 1
    desk.used, desk.basic_action = (), None
    desk.say("turn", f"{nxt} plays next (clockwise)", R.CLOCKWISE, who=nxt)
    desk.say("refresh", f"all of {nxt}'s Party cards are available again", R.REFRESH)


def _standings(desk: _Desk, *, final: bool, result: dict[str, Any] | None = None) -> None:
    result = result or tracked_scores(desk.freeze())
    for row in result["players"]:
        desk.say(
            "score",
            f"{row['player']}: {row['card_vp']} VP from Reward Area cards + {row['effect_points']} from "
            f"card effects + {_plural(row['bonuses'], 'Bonus')} = {row['total']} "
            f"(Party Rank {row['party_rank']}, Hand Rank {row['hand_rank']})",
            R.FINAL_SCORE, who=row["player"], amount=row["total"],
        )
    rule, how = DECIDED_BY[result["decided_by"]]
    winners = result["winners"]
    if final and len(winners) == 1:
        desk.say("winner", f"{winners[0]} wins ({how})", rule, who=winners[0])
    elif final:
        desk.say(
            "tie",
            f"tie between {_names(winners)} ({how}); the rulebook does not say what happens then "
            f"(unclear entry {R.FULL_TIE})",
            rule,
        )
    elif len(winners) == 1:
        desk.say("leader", f"{winners[0]} leads ({how})", rule)
    else:
        desk.say("leader", f"{_names(winners)} are level ({how})", rule)
    for note in _notes(result):
        desk.say("note", note.message, note.rule or None)
