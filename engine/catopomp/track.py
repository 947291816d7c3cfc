"""The Catopomp table tracker: the round's set-up as the table makes it (who starts, the centre dice,
reserve dice, recorded hands), soul gems, rounds and the competitive variant's predictions and points.

It keeps the same State as the move validator (model.py): plays (`companion play`) and these changes
are transitions of one table. Hands are counts unless their owner records them (`hand ann 1 3 5`).
A round's end goes through `table.end_round` (as a round-ending play does), the next round's dice and
starting player through `table.round_setup`, points through `table.score` and the final result through
`table.final_scoring`. Reading the commands: notation_track.py; what the tracker shows: track_view.py.
"""
from __future__ import annotations

from typing import ClassVar

from engine.base import Effect, Reason, Verdict
from engine.tracking import Change, Findings
from engine.tracking import Tracker as TrackerBase

from .model import Cleared, Player, State, code_of, norm_card
from .notation_track import DIE_FACES, GAME, PREDICTIONS, START_GEMS, Reading
from .rule_ids import RULE_IDS, R
from .rules import counting_findings, to_table
from .rules_sets import size_limit
from .table import TableChange, dice_expected, end_round, score, setup_todo
from .track_outcome import Outcome
from .track_rounds import TrackedTable, late_reveal, next_round_state, pending_reveals
from .track_view import Views

# ---------------------------------------------------------------------------- the tracker


def _round_loss_violations(state: State, p: Player, no) -> list[Reason] | None:
    """Why `p` cannot be the round's loser now (`lost p`, or `gems p -1`, which is the same event): a
    round ends only when one player is left with unplayed cards, and that player loses the gem.
    Hidden hands count as empty here, since a table that keeps only the counters never records plays."""
    if state.cleared_record(p.name) is not None:
        return no(R.ROUND_SAFE_WHEN_CLEAR,
                  f"{p.name} has cleared all their cards this round and is safe: only the last player "
                  "still holding cards loses a soul gem")
    competitive = state.options.competitive
    others = [q.name for q in state.players if q.name != p.name and not state.cleared_record(q.name)
              and (competitive or q.hell_domain or (q.hand_known and q.hand))]
    if not others:
        return None
    why = (" (the competitive variant scores each player's last set: enter "
           f"`cleared {others[0].lower()} N` first)" if competitive else "")
    return no(R.ROUND_ROUND_END_TRIGGER, f"the round ends when only one player holds cards, and "
                                         f"{', '.join(others)} still hold{'s' if len(others) == 1 else ''} cards{why}")


class Tracker(Outcome, Reading, Views, TrackerBase[State]):
    """Soul gems, rounds, centre and reserve dice, the starting player, predictions and points."""

    game: ClassVar[str] = GAME
    State: ClassVar[type[TrackedTable]] = TrackedTable
    RULE_IDS: ClassVar[frozenset[str]] = RULE_IDS
    COMMANDS: ClassVar[dict[str, str]] = {
        "first": "round 1: the player chosen at random to start: `first ben`",
        "dice": "the centre dice as rolled for this round (after a round ends, this deals the next one): "
                "`dice 1 3 4 4 6 6`",
        "hand": "a player records their own hand (the others stay hidden): `hand ann 1 3 5 8 8`",
        "lost": "the last player holding cards loses a soul gem and the round ends (next round set up): `lost cy`",
        "gems": "change a player's soul gems directly: `gems cy -1` (a lost gem ends the round, like `lost cy`), "
                "`gems cy +1` or `gems cy =2` to correct",
        "cleared": "a player got rid of all their cards: `cleared ann 3` (3 = cards in the last set, dice "
                   "substitute counted; required in the competitive variant), `cleared ann`",
        "predict": "competitive: a player's prediction (1-4) for this round: `predict ann 3`",
        "points": "competitive: change a player's points by hand: `points ann +2`, `points ann -1`, `points ann =5`",
        "reserve": "the number a one-gem player set on their reserve die for this round: `reserve ann 4`",
        "score": "the standings now (gems, points, winners once over); changes nothing: `score`",
    }
    OPTIONS: ClassVar[dict[str, str]] = {
        "start": "the player who starts the first round, if already chosen at random "
                 "(else enter it as it happens: `first NAME`)",
        "passing": "main (the winning set's owner transfers Hell cards, default) or casual (discards them); "
                   "recorded for reference",
        "competitive": "yes or no (default): the competitive variant, predictions and points (3-4 players only)",
        "expansions": "expansion cards shuffled in, comma-separated: catleton, mitch (default: none); "
                      "recorded for reference",
        "hell-power": "yes or no (default): the optional Hell power; recorded for reference",
    }
    VERB_ALIASES: ClassVar[dict[str, str]] = {
        "first": "first", "start": "first", "starts": "first", "starter": "first",
        "dice": "dice", "roll": "dice", "rolled": "dice", "centre": "dice", "center": "dice",
        "hand": "hand", "cards": "hand",
        "lost": "lost", "lose": "lost", "loses": "lost", "loser": "lost", "last": "lost",
        "gems": "gems", "gem": "gems", "soul-gems": "gems", "soul-gem": "gems", "soulgems": "gems",
        "cleared": "cleared", "clear": "cleared", "clears": "cleared", "out": "cleared", "safe": "cleared",
        "predict": "predict", "prediction": "predict", "predicts": "predict", "pred": "predict",
        "points": "points", "point": "points", "pts": "points",
        "reserve": "reserve", "reserve-die": "reserve", "reserves": "reserve",
        "score": "score", "scores": "score", "standings": "score",
    }
    #: verbs that only show something: checked and applied, never logged
    READ_ONLY: ClassVar[frozenset[str]] = frozenset({"score"})
    #: commands that may follow the end of the game without a refusal
    AFTER_THE_END: ClassVar[frozenset[str]] = READ_ONLY

    # ------------------------------------------------------------------ check

    def check(self, state: TrackedTable, change: Change) -> Verdict:
        found = Findings(self._violations(state, change))
        if not found.problems:
            _, found.effects = self.apply(state, change)
        return found.verdict()

    def _violations(self, state: TrackedTable, change: Change) -> list[Reason]:
        seat, value = self._read(state, change)
        verb = change.verb
        out: list[Reason] = []

        def no(rule: str, message: str) -> list[Reason]:
            out.append(Reason(rule=rule, message=message))
            return out

        if state.game_over and verb not in self.AFTER_THE_END and not late_reveal(state, change):
            return no(R.END_GAME_END, f"the game is over ({state.loser} lost their last soul gem): nothing changes any "
                                      "more; `score` shows the result")
        if state.phase == "round-over" and not late_reveal(state, change):
            if verb in ("lost", "cleared", "first"):
                return no(R.END_ROUND_END,
                          f"round {state.round} is over ({state.loser} lost a soul gem); the next round "
                          "starts when its centre dice are entered: `dice ...`")
            state = next_round_state(state)
        if verb == "dice":
            return self._dice_violations(state, change, no) or out
        if seat is None:
            return out
        p = state.players[seat]
        name = p.name
        n = len(state.players)
        opts = state.options
        done = state.cleared_record(name)

        if verb == "first":
            if state.round > 1:
                return no(R.SETUP_LATER_STARTING_PLAYER,
                          f"from round 2 on the player who ended last starts: {state.turn} starts "
                          f"round {state.round}")
            if state.phase != "setup":
                return no(R.SETUP_FIRST_PLAYER, f"round {state.round} is under way; {state.turn} is to act")
            return out

        if verb == "hand":
            return self._hand_violations(state, p, change, no) or out

        if verb == "lost":
            return _round_loss_violations(state, p, no) or out

        if verb == "gems":
            sign, k = self._signed(change, value)
            target = self._target(p.gems, sign, k)
            if not 0 <= target <= START_GEMS:
                return no(R.SETUP_SOUL_GEMS, f"{name} would have {target} soul gems; a player has 0 to {START_GEMS} "
                                             f"(two at the start, one lost per round lost)")
            if target < p.gems - 1:
                return no(R.END_ROUND_END, f"{name} would lose {p.gems - target} soul gems at once; the last player "
                                           "holding cards returns one soul gem per round")
            if target < p.gems:
                # a lost soul gem is a lost round: the same rule as `lost` decides whether it has ended
                return _round_loss_violations(state, p, no) or out
            return out

        if verb == "cleared":
            if done is not None:
                return no(R.ROUND_SAFE_WHEN_CLEAR, f"{name} already cleared all their cards this round")
            if value is not None:
                size = int(value)
                limit = size_limit(n)
                if not 1 <= size <= limit:
                    return no(R.SETS_SIZE_LIMIT, f"a set holds 1 to {limit} cards"
                                                 f"{' with two players' if n == 2 else ''} (a dice substitute counts "
                                                 f"as one), so {name}'s last set cannot have {size}")
            return out

        if verb == "predict":
            if n == 2:
                return no(R.COMPETITIVE_PLAYERS, "predictions belong to the competitive variant, which is for 3 or 4 "
                                                 "players; this is a two-player game")
            if not opts.competitive:
                return no(R.COMPETITIVE_PREDICTION,
                          "predictions belong to the competitive variant, which this table is "
                          "not playing (start the session with --option competitive=yes)")
            k = int(value)
            if k not in PREDICTIONS:
                return no(R.COMPETITIVE_PREDICTION, f"a prediction is 1, 2, 3 or 4, not {k}")
            if done is not None and p.prediction is not None and p.prediction != k:
                return no(R.COMPETITIVE_REVEAL,
                          f"{name} revealed prediction {p.prediction} on clearing their cards; it "
                          "cannot change now")
            if p.prediction is not None and p.prediction != k and state.under_way:
                return no(R.COMPETITIVE_PREDICTION,
                          f"{name} wrote down {p.prediction} at the start of the round, and the "
                          "round is under way (a player has cleared): it stays")
            return out

        if verb == "points":
            if not opts.competitive:
                return no(R.COMPETITIVE_RECORD_POINTS,
                          "only the competitive variant scores points, and this table is not "
                          "playing it")
            sign, k = self._signed(change, value)
            target = self._target(p.points, sign, k)
            if target < 0:
                return no(R.COMPETITIVE_RECORD_POINTS,
                          f"{name} would have {target} points; points are earned (0, 1, 2 or 4 a "
                          "round) and never go below 0")
            return out

        if verb == "reserve":
            face = int(value)
            lo, hi = DIE_FACES
            if not lo <= face <= hi:
                return no(R.COMPONENTS_DICE, f"a reserve die is a six-sided die: it shows 1 to 6, not {face}")
            if p.gems != 1:
                return no(R.RESERVE_DIE_WHO_GETS, f"{name} has {p.gems} soul gems; only players down to one soul gem "
                                                  "reserve a die")
            if name not in state.reserve_dice:
                return no(R.RESERVE_DIE_WHO_GETS, f"{name} had no reserve die when round {state.round} was set up "
                                                  f"(reserve dice: {', '.join(state.reserve_dice) or 'none'}); the next "
                                                  "round's set-up gives one")
            if p.reserve_die is not None and p.reserve_die != face and state.under_way:
                return no(R.RESERVE_DIE_CHOOSE_NUMBER,
                          f"{name} set the reserve die to {p.reserve_die} before the round; "
                          "it cannot change during the round")
            return out
        return out

    def _dice_violations(self, state: State, change: Change, no) -> list[Reason] | None:
        faces = [int(a) for a in change.args]
        bad = [f for f in faces if not 1 <= f <= 6]
        if bad:
            return no(R.COMPONENTS_DICE, f"a die shows 1 to 6, not {bad[0]}")
        if state.phase != "setup":
            return no(R.SETUP_CENTRE_DICE,
                      f"the centre dice of round {state.round} were rolled at its start and play is "
                      "under way; undo the change that was wrong instead")
        want = dice_expected(state)
        if len(faces) != want:
            extra = f" ({len(state.reserve_dice)} reserved)" if state.reserve_dice else ""
            return no(R.NEW_ROUND_FEWER_CENTRE_DICE if state.round > 1 else R.SETUP_CENTRE_DICE,
                      f"round {state.round} has {want} centre dice{extra}, and {len(faces)} were given")
        return None

    def _hand_violations(self, state: State, p: Player, change: Change, no) -> list[Reason] | None:
        cards = change.args[1:]
        if state.phase not in ("setup", "play"):
            return no(R.END_ROUND_END, "hands are recorded during a round")
        if len(cards) != p.hand_size:
            return no(R.SETUP_CARDS_PER_PLAYER, f"{p.name} holds {p.hand_size} card{'s' if p.hand_size != 1 else ''} "
                                                f"now, and {len(cards)} were given")
        hidden = state.model_copy(update={"players": tuple(
            q.model_copy(update={"hand": q.hand_size}) if q.name == p.name else q for q in state.players)})
        found = counting_findings(hidden, [code_of(c if not c.isdigit() else int(c)) for c in cards], p.name,
                                  claim="the hand recorded for {who} holds {what}")
        reasons = None
        for f in found:
            reasons = no(f.rule, f.message)
        return reasons

    # ------------------------------------------------------------------ apply

    def apply(self, state: State, change: Change) -> tuple[State, list[Effect]]:
        seat, value = self._read(state, change)
        verb = change.verb
        if verb == "score":
            t = TableChange(state)
            self._standings(state, t)
            return state, t.effects
        dealt: list[Effect] = []
        if state.phase == "round-over" and verb not in ("lost", "cleared", "first") and not late_reveal(state, change):
            state, dealt = self.settle(state, deal_now=True)
        t = TableChange(state)
        t.effects.extend(dealt)
        if state.game_over and late_reveal(state, change):
            self._apply_predict(t, seat, int(value))
            self._result(t.freeze(), t)
            return t.freeze(), t.effects
        if state.game_over:
            self._after_the_end(t, seat, verb, change, value)
            return t.freeze(), t.effects
        if verb == "lost":
            self._end_round(t, seat, gems_before=None)
        elif verb == "gems":
            self._apply_gems(t, seat, change, value)
        elif verb == "cleared":
            self._apply_cleared(t, seat, value)
        elif verb == "predict":
            self._apply_predict(t, seat, int(value))
        elif verb == "points":
            self._apply_points(t, seat, change, value)
        elif verb == "reserve":
            self._apply_reserve(t, seat, int(value))
        elif verb == "first":
            t.fields["turn"] = state.players[seat].name
            t.say("first-player", f"{state.players[seat].name} starts round 1", R.SETUP_FIRST_PLAYER)
        elif verb == "dice":
            faces = tuple(sorted(min(6, max(1, int(a))) for a in change.args))
            t.fields["centre_dice"] = faces
            t.say("centre-dice", f"the centre dice show {' '.join(map(str, faces))}", R.SETUP_CENTRE_DICE)
        elif verb == "hand":
            t.players[seat]["hand"] = tuple(norm_card(c) for c in change.args[1:])
            t.say("hand", f"{state.players[seat].name}'s hand is recorded ({len(change.args) - 1} cards; the "
                          "others' stay hidden)", R.SETUP_DEAL)
        new, dealt = self.settle(t.freeze())
        t.effects.extend(dealt)
        if new.phase == "setup" and not setup_todo(new):
            new = new.model_copy(update={"phase": "play"})
            t.say("round-starts", f"round {new.round} starts: {new.turn} leads", R.ROUND_TURN_ORDER)
        return new, t.effects

    # ---- the end of a round

    def _end_round(self, t: TableChange, loser: int, gems_before: int | None) -> None:
        """`loser` is the last player holding cards: the engine takes their soul gem and says what follows
        (the round is over; the next one is dealt when its centre dice are entered). `gems_before`: their
        gems just before the lost one (a direct `gems` change), else their current gems."""
        state = t.freeze()
        if gems_before is not None:
            state = state.model_copy(update={"players": tuple(
                p.model_copy(update={"gems": gems_before}) if i == loser else p for i, p in enumerate(state.players))})
        table, effs = end_round(to_table(state), loser)
        names = state.names
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
            t.say(e.kind, e.message, e.rule, who=e.who, amount=e.amount, card=e.card)
        t.fields.update(loser=names[loser], turn=names[loser], phase=table.phase)

    def settle(self, state: State, deal_now: bool = False) -> tuple[State, list[Effect]]:
        """A round that is over is followed at once by the next one's deal (its set-up still to be
        entered), unless a player who cleared with the round's last play has yet to reveal their
        prediction (competitive): then the deal waits for it, or for the next round's first set-up
        entry. Also applied after every play."""
        if state.phase != "round-over" or (pending_reveals(state) and not deal_now):
            return state, []
        return next_round_state(state), self._deal_effects(state)

    def _deal_effects(self, state: State) -> list[Effect]:
        """What the table does as the round after `state` (round-over) is dealt."""
        nxt = next_round_state(state)
        out = [Effect(kind="new-round", message=f"round {nxt.round} begins: deal {self._deal_text(state)}",
                      rule=R.SETUP_CARDS_PER_PLAYER)]
        carried = [p.name for p in state.players if p.reserve_die is not None]
        if carried:
            out.append(Effect(kind="reserve-not-carried", message=f"last round's reserve dice ({', '.join(carried)}) "
                              "are not carried over", rule=R.RESERVE_DIE_NO_CARRY_OVER))
        if nxt.reserve_dice:
            out.append(Effect(kind="choose-reserve", message=f"{', '.join(nxt.reserve_dice)}: after looking at your "
                              "cards and the centre dice, set your reserve die before the round starts (e.g. "
                              f"`reserve {nxt.reserve_dice[0].lower()} 4`)", rule=R.RESERVE_DIE_CHOOSE_NUMBER))
        if state.options.competitive:
            out.append(Effect(kind="predictions", message="everyone writes down a secret prediction (1-4) for the new "
                              "round after looking at their cards (`predict NAME N`)", rule=R.COMPETITIVE_PREDICTION))
        return out

    # ---- gems

    def _apply_gems(self, t: TableChange, i: int, change: Change, value: str) -> None:
        sign, k = self._signed(change, value)
        now = t.players[i]["gems"]
        target = max(0, self._target(now, sign, k))
        name = t.players[i]["name"]
        if target < now:
            # a lost soul gem is a lost round: the engine takes one gem, so start one above the target
            self._end_round(t, i, gems_before=target + 1)
        elif target > now:
            t.players[i]["gems"] = target
            t.say("gems", f"{name} now has {target} soul gem{'s' if target != 1 else ''} (a correction; this "
                          "round's dice stay as they were set up)", R.SETUP_SOUL_GEMS)

    # ---- a player clears their cards

    def _apply_cleared(self, t: TableChange, i: int, value: str | None) -> None:
        state = t.state
        name = t.players[i]["name"]
        size = int(value) if value is not None else None
        t.players[i]["hand"] = () if isinstance(t.players[i]["hand"], (list, tuple)) else 0
        t.players[i]["hell_domain"] = ()
        t.say("player-safe", f"{name} has no Heaven or Hell cards left and is safe this round", R.ROUND_SAFE_WHEN_CLEAR)
        points = None
        if state.options.competitive:
            points = self._reveal(t, i, size)
        cleared = [c for c in state.cleared if c.name != name]
        cleared.append(Cleared(name=name, last_set=size, points=points))
        t.fields["cleared"] = tuple(cleared)
        left = [j for j, p in enumerate(state.players) if p.name not in {c.name for c in cleared}]
        if len(left) == 1:
            t.say("last-holding-cards", f"only {state.players[left[0]].name} still holds cards: the round is over",
                  R.ROUND_ROUND_END_TRIGGER)
            self._end_round(t, left[0], gems_before=None)

    def _reveal(self, t: TableChange, i: int, size: int | None) -> int | None:
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
        gain, rule = score(pred, size)
        t.say("prediction", f"{name} reveals prediction {pred}; the last set had {size} card{'s' if size != 1 else ''} "
                            "(a dice substitute counts as a card)", R.COMPETITIVE_REVEAL, who=name, amount=pred)
        t.players[i]["points"] += gain
        t.say("score", f"{name} scores {gain} point{'s' if gain != 1 else ''} "
                       f"({t.players[i]['points']} in all)", rule, who=name, amount=gain)
        return gain

    # ---- predictions, points, reserve dice

    def _apply_predict(self, t: TableChange, i: int, k: int) -> None:
        state = t.state
        name = t.players[i]["name"]
        before = t.players[i]["prediction"]
        t.players[i]["prediction"] = k
        done = state.cleared_record(name)
        if done is not None and done.points is None and done.last_set is not None and state.options.competitive:
            points = self._reveal(t, i, done.last_set)
            t.fields["cleared"] = tuple(c.model_copy(update={"points": points}) if c.name == name else c
                                        for c in state.cleared)
        elif done is not None and done.points is not None:
            # an overruled change of a revealed prediction: score the last set again
            t.players[i]["points"] -= done.points
            points = self._reveal(t, i, done.last_set)
            t.fields["cleared"] = tuple(c.model_copy(update={"points": points}) if c.name == name else c
                                        for c in state.cleared)
        else:
            what = "changed" if before is not None and before != k else "noted"
            t.say("prediction", f"{name}'s prediction for round {state.round} is {what} (kept secret in the summary "
                                "until they clear their cards)", R.COMPETITIVE_PREDICTION)

    def _apply_points(self, t: TableChange, i: int, change: Change, value: str) -> None:
        sign, k = self._signed(change, value)
        now = t.players[i]["points"]
        target = self._target(now, sign, k)
        t.players[i]["points"] = target
        t.say("points", f"{t.players[i]['name']} now has {target} point{'s' if target != 1 else ''}",
              R.COMPETITIVE_RECORD_POINTS)

    def _apply_reserve(self, t: TableChange, i: int, face: int) -> None:
        lo, hi = DIE_FACES
        name = t.players[i]["name"]
        shown = min(hi, max(lo, face))
        t.players[i]["reserve_die"] = shown
        if name not in t.state.reserve_dice:
            t.fields["reserve_dice"] = (*t.state.reserve_dice, name)
        t.say("reserve-die", f"{name}'s reserve die shows {shown} this round; only {name} may use it, and it goes "
                             f"to the centre if {name} boosts without it", R.RESERVE_DIE_CHOOSE_NUMBER)

    # ---- after the end of the game (overruled changes only)

    def _after_the_end(self, t: TableChange, i: int, verb: str, change: Change, value: str | None) -> None:
        d = t.players[i]
        if verb == "lost":
            d["gems"] = max(0, d["gems"] - 1)
        elif verb == "gems":
            sign, k = self._signed(change, value)
            d["gems"] = max(0, self._target(d["gems"], sign, k))
        elif verb == "points":
            sign, k = self._signed(change, value)
            d["points"] = self._target(d["points"], sign, k)
        elif verb == "predict":
            d["prediction"] = int(value)
        elif verb == "reserve":
            d["reserve_die"] = min(DIE_FACES[1], max(DIE_FACES[0], int(value)))
        elif verb == "cleared":
            pass
        t.say("after-the-end", f"the game is already over: {change.label()} is recorded, the game stays over",
              R.END_GAME_END)
        state = t.freeze()
        self._result(state, t)
