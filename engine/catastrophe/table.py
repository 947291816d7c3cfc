"""CATastrophe: the working table one change is applied to, and the transitions of its State
(lives, the Grim Reapurr, Yarn Balls, hand and Power Cats, phases and turns, elimination, the end).
The tracker verbs and the validated plays both go through these: no rule written twice."""
from __future__ import annotations

from engine.base import Reason
from engine.tracking import WorkingTable
from engine.words import count

from .model import (
    HAND_LIMIT, PAW_DRAW, PHASE_TITLES, PHASES, POWER_CAT_LIMIT, REAPURRS_LAIR, TOP_SPACE, VARIANT_TITLES,
    CardSpec, ChainCard, Player, State,
)
from .rule_ids import R

NAMES = {"hand": "hand_cards", "power_cats": "power_cat_cards"}


def reapurr_target(now: int, sign: str, n: int) -> int:
    """The space a Grim Reapurr move (+N, -N, =N) aims for, before the track's ends are applied."""
    return {"=": n, "+": now + n, "-": now - n}[sign]


def _without(cards: tuple[str, ...], name: str) -> tuple[str, ...] | None:
    """`cards` less one card called `name` (in any case), or None when none is."""
    folded = [c.casefold() for c in cards]
    if name.casefold() not in folded:
        return None
    k = folded.index(name.casefold())
    return cards[:k] + cards[k + 1:]


def lives_word(n: int) -> str:
    return f"{n} life" if n == 1 else f"{n} lives"


def space(n: int) -> str:
    return "the Reapurr's Lair" if n == REAPURRS_LAIR else f"the {n} space"


# ---- checks written once: plays (rules.py) and tracker verbs (track.py) both ask these, and each
# answers with the rule it rests on, so a play and the matching tracker verb refuse alike

#: a turn's steps in order; "next" is the next cat's Claw Phase
STEPS = (*PHASES, "next")


def next_step(state: State) -> str:
    """The step after the phase the turn is in (a phase, or "next")."""
    return STEPS[STEPS.index(state.phase) + 1]


def moving_on(state: State, step: str, again: bool = False) -> Reason | None:
    """Why the turn cannot move on to `step` (a phase, or "next") now, or None: the cards in play are
    finished first, then the phases run Claw, Paw, CATastrophe and the turn passes (with `again`,
    naming the phase the turn is in is fine too; a cat out of the game has no phases left: its turn
    just ends)."""
    if state.chain:
        n, top = len(state.chain), state.chain[-1]
        return Reason(rule=R.CHAIN_BEFORE_PHASE, message=(
            f"{n} card{'s are' if n > 1 else ' is'} still in play ({top.label()} most recently); "
            f"finish {'them' if n > 1 else 'it'} first"))
    now, want = STEPS.index(state.phase), STEPS.index(step)
    if state.players[state.current].eliminated or want == now + 1 or (again and want == now):
        return None
    why = (f"phases run Claw, Paw, CATastrophe in order, then the turn ends; "
           f"{state.players[state.current].name} is in the {PHASE_TITLES[state.phase]}"
           + (f" and has drawn its {PAW_DRAW} cards" if state.phase == step == "paw" else ""))
    return Reason(rule=R.LAST_PHASE if step == "next" else R.THREE_PHASES, message=why)


def unrevealed(state: State) -> Reason | None:
    """Why the turn cannot end yet: its CATastrophe card is still to be revealed (the CATastrophe
    Phase ends every turn), or None; a cat out of the game has no CATastrophe Phase left."""
    cur = state.players[state.current]
    if state.revealed or cur.eliminated:
        return None
    return Reason(rule=R.LAST_PHASE, message="a turn ends with its CATastrophe Phase: reveal this turn's "
                  "CATastrophe card first")


def basket_short(player: Player, n: int) -> Reason | None:
    """A Yarn Ball is spent or lost from the cat's own Yarn Basket, which must hold it."""
    if n <= player.yarn_balls:
        return None
    return Reason(rule=R.YARN_BASKET, message=(
        f"{player.name}'s Yarn Basket holds {player.yarn_balls} Yarn Ball{'s' if player.yarn_balls != 1 else ''}; "
        f"{n} cannot be spent or lost"))


class Table(WorkingTable):
    """A mutable copy of a State used while one change is applied (the input is never touched)."""

    FIELDS = ("variant", "grim_reapurr", "yarn_sanctuary", "current", "phase", "turn", "game_over",
              "winner", "grim_reapurr_wins", "revealed", "plays_recorded", "readings_said")

    def __init__(self, state: State):
        super().__init__(state)
        for name in self.FIELDS:
            setattr(self, name, getattr(state, name))
        self.players = [p.model_dump() for p in state.players]
        self.chain: list[ChainCard] = list(state.chain)
        self.cards: tuple[CardSpec, ...] = state.cards
        self.eliminated_now: list[int] = []

    def freeze(self) -> State:
        fields = {name: getattr(self, name) for name in self.FIELDS}
        return State(players=tuple(Player(**p) for p in self.players), chain=tuple(self.chain),
                     cards=self.cards, **fields)

    def name(self, i: int) -> str:
        return self.players[i]["name"]

    def alive(self, i: int) -> bool:
        return not self.players[i]["eliminated"]

    def turn_order(self) -> list[int]:
        n = len(self.players)
        return [(self.current + k) % n for k in range(n) if self.alive((self.current + k) % n)]

    def occupied(self, but: int) -> set[int]:
        """Life spaces held by the other cats still in the game."""
        return {p["lives"] for j, p in enumerate(self.players) if j != but and not p["eliminated"]}

    def king_rules(self) -> bool:
        return self.variant in ("king", "turbo")

    # ---- lives

    def apply_lives(self, ops: list[tuple[int, str, int]]) -> None:
        if len(ops) == 1 and ops[0][1] == "=":  # a set: below the 1 space a cat is out, else on that space
            i, _, n = ops[0]
            p, n = self.players[i], min(n, TOP_SPACE)
            if n < 1 and self.alive(i):
                self.eliminate(i, R.LOST_ALL, f"{p['name']} is set below the 1 space: all lives lost")
            elif n >= 1:
                if not self.alive(i):
                    p["eliminated"] = False
                    self.say("back-in-game", f"{p['name']} comes back into the game on the {n} space (the table's "
                             "decision)", R.OUT)
                p["lives"] = n  # settle() reports a catch by the Grim Reapurr
            return
        if self.king_rules() and len(ops) > 1:
            order = self.turn_order() + [i for i, _, _ in ops if not self.alive(i)]
            pos = {i: k for k, i in enumerate(order)}
            losses = sorted([op for op in ops if op[1] == "-" and op[2] > 0], key=lambda op: pos[op[0]])
            gains = sorted([op for op in ops if op[1] == "+" and op[2] > 0], key=lambda op: pos[op[0]])
            parts = [f"{said}: " + ", ".join(self.name(i) for i, _, _ in group)
                     for said, group in (("losses first", losses), ("then gains", gains)) if group]
            if len(losses) + len(gains) > 1:
                self.say("order", f"{VARIANT_TITLES[self.variant]} resolves in turn order from {self.name(self.current)}: "
                      + "; ".join(parts), R.KING_LOSSES_FIRST)
            ops = losses + gains
        for i, sign, n in ops:
            if n == 0:
                continue
            if not self.alive(i):
                if any(i == j for j in self.eliminated_now):
                    self.say("skipped", f"{self.name(i)} was eliminated before this change reached them", R.OUT)
                    continue
                if sign == "-":
                    continue
                # overruled: a gained life brings the token up out of the Reapurr's Lair
                self.players[i].update(eliminated=False, lives=REAPURRS_LAIR)
                self.say("back-in-game", f"{self.name(i)} comes back into the game from the Reapurr's Lair (the table's decision)", R.OUT)
            (self.lose if sign == "-" else self.gain)(i, n)

    def lose(self, i: int, n: int) -> None:
        p = self.players[i]
        start = p["lives"]
        if self.king_rules():
            occ = self.occupied(i)
            pos = start
            skipped: list[int] = []
            for _ in range(n):
                free = [s for s in range(pos - 1, 0, -1) if s not in occ]
                skipped.extend(s for s in range(pos - 1, free[0] if free else 0, -1))
                if not free:
                    if pos > 1:  # spaces below, all taken: nowhere to land
                        self.say("meowtain-no-space", f"every space below {p['name']} is taken: the token goes "
                                 "below the 1 space", R.KING_LOSE)
                    pos = REAPURRS_LAIR
                    break
                pos = free[0]
                if pos <= self.grim_reapurr:
                    break
            if skipped:
                where = "falls below the 1 space" if pos == REAPURRS_LAIR else f"lands on the {pos} space"
                self.say("meowtain-move",
                      f"{p['name']} loses {lives_word(n)}, skips the occupied space(s) {', '.join(map(str, sorted(set(skipped), reverse=True)))} and {where}",
                      R.KING_LOSE)
        else:
            pos = max(start - n, REAPURRS_LAIR)
        if pos < 1:
            self.eliminate(i, R.LOST_ALL, f"{p['name']} has to move below the 1 space: all lives lost")
        else:
            p["lives"] = pos
            if pos <= self.grim_reapurr:
                self.eliminate(i, R.CAUGHT, f"{p['name']} moves down to {space(pos)}, where the Grim Reapurr catches them (he is on {space(self.grim_reapurr)})")

    def gain(self, i: int, n: int) -> None:
        p = self.players[i]
        start = p["lives"]
        lost = 0
        if self.variant == "king":
            occ = self.occupied(i)
            pos = start
            skipped: list[int] = []
            for k in range(n):
                if pos >= TOP_SPACE:
                    lost = n - k
                    break
                free = [s for s in range(pos + 1, TOP_SPACE) if s not in occ]
                nxt = free[0] if free else TOP_SPACE
                skipped.extend(range(pos + 1, nxt))
                pos = nxt
            shared_nine = start < TOP_SPACE == pos and TOP_SPACE in occ  # onto the 9 others hold: the exception
            if skipped or shared_nine:
                skips = f", skips the occupied space(s) {', '.join(map(str, sorted(set(skipped))))}" if skipped else ""
                self.say("meowtain-move", f"{p['name']} gains{skips} and lands on the {pos} space"
                         + (", shared with the cats already on it" if shared_nine else ""),
                         R.KING_NINE if shared_nine else R.KING_GAIN)
        else:
            pos = min(start + n, TOP_SPACE)
            lost = max(start + n - TOP_SPACE, 0)
        p["lives"] = pos
        if lost:
            self.say("lives-capped",
                  f"{p['name']} is on 9 lives, the most a cat can have; {lives_word(lost)} gained beyond that {'is' if lost == 1 else 'are'} lost",
                  R.MAX_NINE)

    # ---- the Grim Reapurr

    def apply_reapurr(self, sign: str, n: int) -> str:
        """Move the Grim Reapurr, from his Lair up to the top of the life track; what the track's ends
        left of the move, in words ('' when none): the stop at an end is the project's reading (the
        rulebook prints no card that goes past one, catastrophe.reapurr.range)."""
        target = reapurr_target(self.grim_reapurr, sign, n)
        self.grim_reapurr = max(REAPURRS_LAIR, min(TOP_SPACE, target))  # the Lair up to the top of the track
        left = abs(target - self.grim_reapurr)
        if not left:
            return ""
        end = f"the {TOP_SPACE} space, the top of the life track" if target > TOP_SPACE else "the Reapurr's Lair"
        return (f"; he stops at {end}, {count(left, 'space')} short of the card's move (the project's "
                "reading: the rulebook does not say what a move past the track's end does)")

    # ---- Yarn Balls

    def apply_yarn(self, i: int, delta: int) -> None:
        p = self.players[i]
        if delta >= 0:
            got = min(delta, self.yarn_sanctuary)
            p["yarn_balls"] += got
            self.yarn_sanctuary -= got
            if got < delta:
                self.say("yarn-short",
                      f"the Yarn Ball Sanctuary had only {got} left: {p['name']} gains {got} instead of {delta}",
                      R.YARN_NONE_LEFT)
        else:
            gone = min(-delta, p["yarn_balls"])
            p["yarn_balls"] -= gone
            self.yarn_sanctuary += gone
            if gone < -delta:
                self.say("yarn-short",
                      f"{p['name']} had only {gone} Yarn Ball{'s' if gone != 1 else ''}; {gone} go{'es' if gone == 1 else ''} to the Sanctuary",
                      R.YARN_BASKET)

    # ---- hand and Power Cats

    def apply_cards(self, i: int, key: str, sign: str, n: int) -> None:
        p = self.players[i]
        p[NAMES[key]] = None  # a count change: which cards, the table did not say
        if key == "hand" and sign != "+":
            p["seen_cards"] = ()  # the cards that left may be the ones the table saw
        if sign == "=":
            p[key] = n
            return  # a set above the limit is refused by check(); overruled, it stands as the table said
        if sign == "-":
            if n > p[key]:
                what = count(p[key], "card") + " in hand" if key == "hand" else count(p[key], "Power Cat")
                self.say("cards-short", f"{p['name']} had only {what}; the count goes to 0",
                      R.DISCARD_HAND if key == "hand" else R.POWER_FROM_TABLE)
            p[key] = max(p[key] - n, 0)
            return
        p[key] += n
        self.enforce_card_limit(i, key)

    def add_cards(self, i: int, key: str, count: int, names: list[str] | None = None) -> None:
        """Cards come into a hand (names known or not) or Power Cats come into play; then the limit."""
        p = self.players[i]
        p[key] += count
        if p[NAMES[key]] is not None:
            p[NAMES[key]] = (*p[NAMES[key]], *names) if names is not None else None
        elif key == "hand" and names:
            p["seen_cards"] = (*p["seen_cards"], *names)  # the table saw them go in
        self.enforce_card_limit(i, key)

    def remove_card(self, i: int, key: str, name: str) -> None:
        """One card leaves a hand (or a Power Cat leaves the table): from the names when known."""
        p = self.players[i]
        p[key] = max(p[key] - 1, 0)
        if p[NAMES[key]] is not None:
            p[NAMES[key]] = _without(p[NAMES[key]], name)  # a card not in the list: the list is lost
            return
        part = "seen_cards" if key == "hand" else "named_power_cats"
        left = _without(p[part], name)
        p[part] = (p[part] if left is None else left)[: p[key]]

    def enforce_card_limit(self, i: int, key: str) -> None:
        """Over 7 cards in hand or 3 Power Cats: discard down at once (which ones is the player's
        choice, so a known list becomes a count)."""
        p = self.players[i]
        limit, rule = (HAND_LIMIT, R.HAND_LIMIT) if key == "hand" else (POWER_CAT_LIMIT, R.POWER_CAT_LIMIT)
        if p[key] <= limit:
            return
        # the player chooses the discards (a reading, rules_readings): the cards seen going into the hand,
        # or the Power Cats named in front of the cat, may be among them
        p["seen_cards" if key == "hand" else "named_power_cats"] = ()
        if p[NAMES[key]] is not None:
            p[NAMES[key]] = None
            self.say("cards-unknown", f"{p['name']} chooses which cards to discard; the tracker now keeps "
                     "only their number", rule)
        extra, p[key] = p[key] - limit, limit
        held = "holds more than {} cards" if key == "hand" else "has more than {} Power Cats"
        self.say("hand-limit" if key == "hand" else "power-cat-limit",
                 f"{p['name']} {held.format(limit)} and discards {extra} at once, down to {limit}", rule)

    def know_card(self, card: CardSpec, kept: bool = False) -> None:
        """The table's own catalogue entry, added mid-game (one of the same name is replaced;
        `kept`: it keeps what the catalogue or library already said of the card)."""
        self.cards = (*(c for c in self.cards if c.name.casefold() != card.name.casefold()), card)
        number = f" {card.number}" if card.number is not None else ""
        self.say("card", f"the validator {'still' if kept else 'now'} knows {card.name}: {card.type}{number}"
                 + (f" ({', '.join(card.symbols)})" if card.symbols else "")
                 + (f"; effect: {'; '.join(card.effect)}" if card.effect else "")
                 + ("; what it already knew of the card is kept" if kept else ""), None)

    def deal_power_cat(self, i: int, name: str) -> None:
        """A Power Cat dealt face up to a cat mid-game: one more in front of it, then the limit of 3."""
        self.say("power-cat", f"{self.name(i)} gains a new Power Cat, {name}, face up in front of them (one more)",
                 R.POWER_FACE_UP)
        self.add_cards(i, "power_cats", 1, [name])
        if self.players[i]["power_cat_cards"] is None:
            self.say("power-cat-named", f"if {name} is one of the Power Cats {self.name(i)} already had (dealt at "
                     f"set-up), name it with `card {name} power-cat of {self.name(i).lower()}` instead: that "
                     "keeps the count", R.POWER_FACE_UP)

    def name_power_cat(self, i: int, name: str) -> None:
        """One of the Power Cats already face up in front of a cat is named: the count stays."""
        p = self.players[i]
        if p["power_cat_cards"] is None and name.casefold() not in (c.casefold() for c in p["named_power_cats"]):
            p["named_power_cats"] = (*p["named_power_cats"], name)[-p["power_cats"]:] if p["power_cats"] else ()
            if len(p["named_power_cats"]) == p["power_cats"]:  # every one named: the cards are known
                p["power_cat_cards"], p["named_power_cats"] = p["named_power_cats"], ()
        self.say("power-cat-named", f"{name} is one of the {p['power_cats']} Power Cats face up in front of "
                 f"{self.name(i)} (still {p['power_cats']}; a new one is dealt with `card NAME power-cat to "
                 f"{self.name(i).lower()}` once all are named)", R.POWER_FACE_UP)

    # ---- turn and phase

    def enter_phase(self, phase: str, drawn: tuple[str, ...] = ()) -> None:
        """Move on to a phase; going from Claw to Paw draws 3 (`drawn`: their names, if shown)."""
        if phase == self.phase:
            return
        forward_into_paw = self.phase == "claw" and phase == "paw"
        self.clear_chain()
        self.phase = phase
        self.say("phase", f"{self.name(self.current)}'s {PHASE_TITLES[phase]}", R.THREE_PHASES)
        if forward_into_paw:
            self.draw_three(drawn)

    def draw_three(self, drawn: tuple[str, ...] = ()) -> None:
        """The current cat draws the Paw Phase's 3 cards (`drawn`: their names, if shown)."""
        if not self.alive(self.current):
            return
        p = self.players[self.current]
        p["hand"] += PAW_DRAW
        if p["hand_cards"] is not None:
            p["hand_cards"] = (*p["hand_cards"], *drawn) if drawn else None
        elif drawn:
            p["seen_cards"] = (*p["seen_cards"], *drawn)  # the table named them
        self.say("draw", f"{p['name']} draws {PAW_DRAW} cards from the Main deck (hand {p['hand']})", R.PAW_DRAW)
        self.enforce_card_limit(self.current, "hand")

    def clear_chain(self) -> None:
        """The phase or the turn moves on: cards still in play are gone (only overruled: the
        chain must be empty first)."""
        if self.chain:
            self.say("chain-cleared", "cards still in play are discarded: "
                     + ", ".join(c.label() for c in self.chain), R.CHAIN_BEFORE_PHASE)
            self.chain = []

    def advance_turn(self) -> None:
        self.clear_chain()
        self.revealed = False
        n = len(self.players)
        k = next((k for k in range(1, n + 1) if self.alive((self.current + k) % n)), None)
        if k is None:
            return
        skipped = [self.name((self.current + m) % n) for m in range(1, k)]
        self.current, self.phase, self.turn = (self.current + k) % n, "claw", self.turn + 1
        note = f" (skipping eliminated {', '.join(skipped)})" if skipped else ""
        self.say("turn", f"{self.name(self.current)}'s turn{note}: Claw Phase", R.CLOCKWISE)

    # ---- elimination and the end

    def eliminate(self, i: int, rule: str, why: str) -> None:
        p = self.players[i]
        yarn, hand, cats = p["yarn_balls"], p["hand"], p["power_cats"]
        p.update(lives=REAPURRS_LAIR, yarn_balls=0, hand=0, power_cats=0, eliminated=True, seen_cards=(),
                 hand_cards=None if p["hand_cards"] is None else (), power_cat_cards=None if p["power_cat_cards"] is None else ())
        self.yarn_sanctuary += yarn
        self.eliminated_now.append(i)
        self.say("eliminated", f"{why}. {p['name']} is eliminated; the token goes to the Reapurr's Lair", rule)
        if yarn:
            self.say("yarn-returned", f"{p['name']}'s {yarn} Yarn Ball{'s' if yarn != 1 else ''} go{'es' if yarn == 1 else ''} back to the Sanctuary (now {self.yarn_sanctuary})", R.LOSE_YARN)
        if hand or cats:
            self.say("discarded", f"{p['name']} discards {hand} hand card{'s' if hand != 1 else ''} and {cats} Power Cat{'s' if cats != 1 else ''}", R.DISCARD_ALL)

    def settle(self) -> None:
        """After every change: anyone below the 1 space or caught by the Grim Reapurr is out, at once;
        then whether the game is over, against the State before the change."""
        for i in self.turn_order():
            p = self.players[i]
            if p["lives"] < 1:
                self.eliminate(i, R.LOST_ALL, f"{p['name']} is below the 1 space: all lives lost")
            elif p["lives"] <= self.grim_reapurr:
                self.eliminate(i, R.CAUGHT,
                                f"the Grim Reapurr on {space(self.grim_reapurr)} catches {p['name']} on {space(p['lives'])}")
        alive = [i for i in range(len(self.players)) if self.alive(i)]
        self.game_over, self.grim_reapurr_wins = len(alive) < 2, not alive
        self.winner = self.name(alive[0]) if len(alive) == 1 else None
        if self.game_over and self.chain:
            self.say("chain-cleared", "the game is over: the cards still in play are discarded ("
                     + ", ".join(c.label() for c in self.chain) + ")", R.REAPURR_WINS if self.grim_reapurr_wins
                     else R.LAST_STANDING)
            self.chain = []
        if self.current in self.eliminated_now and not self.game_over:
            then = "finish the cards in play, then type next" if self.chain else "type next"
            self.say("turn-over", f"{self.name(self.current)} is out of the game, so their turn is over; {then}", R.OUT)
        if (self.game_over, self.winner, self.grim_reapurr_wins) == \
                (self.state.game_over, self.state.winner, self.state.grim_reapurr_wins):
            return
        if not self.game_over:
            self.say("game-resumed", "more than one cat is in the game again, so play goes on (the table's decision)", R.LAST_STANDING)
        elif self.grim_reapurr_wins:
            together = [self.name(i) for i in self.eliminated_now]
            who = f" ({', '.join(together)} went out together)" if len(together) > 1 else ""
            self.say("grim-reapurr-wins", f"no cat is left{who}: the Grim Reapurr wins and every player loses", R.REAPURR_WINS)
        else:
            rule = R.KING_END if self.king_rules() else R.LAST_STANDING
            self.say("game-won", f"{self.winner} is the last cat standing and wins the game", rule)
