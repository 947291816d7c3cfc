"""The Catopomp table tracker: the round's set-up as the table makes it (who starts, the centre dice,
reserve dice, recorded hands), soul gems, rounds and the competitive variant's predictions and points.
Each verb's check and transition is a row of VERBS: the checks here, the transitions in track_changes.py,
through table.py as plays go (docs/track-catopomp.md).
"""
from __future__ import annotations

from functools import partial

from engine.base import Reason
from engine.tracking import Change, Counter, Findings, Verb, WorkingTable
from engine.words import signed

from . import track_changes as changes
from .model import State, code_of
from . import notation_track as words
from .notation_track import DIE_FACES, PREDICTIONS, START_GEMS
from .rule_ids import R
from .rules import counting_findings, known_to
from .rules_sets import size_limit
from .table import dice_expected
from .track_changes import target
from .track_rounds import late_reveal, next_round_state, plays_recorded, still_holding

# ------------------------------------------------------------------ check and apply
# A change is checked and made by engine.tracking's one sequence over VERBS, on a Step.


class Step(WorkingTable):
    """The working table of a change: the State before it and, once its transition is made, the State
    after (`freeze()`) and the effects (each transition deals the next round first when it is due)."""

    def __init__(self, state: State) -> None:
        super().__init__(state)
        self.after = state

    def freeze(self) -> State:
        return self.after


def _row(usage: str, read, logged, check, transition, *aliases: str, gate: str | None = None,
         **facts) -> Verb:
    """A row of VERBS: its usage, its readers of the words (notation_track.parse_*) and of a logged change
    (notation_track.logged_*: its seat and value), a check(state, seat, value, change, no) calling
    no(rule, message) for what the change breaks, a transition (state, seat, value, change) -> (state,
    effects) and the row's `facts`. `gate`: what the check refuses first: "round" a change after the game's
    or the round's end, "dealt" one after the game's end (after a round's end: checked on the next deal)."""
    def checked(state: State, change: Change, found: Findings) -> None:
        def no(rule: str, message: str) -> list[Reason]:
            found.forbid(rule, message)
            return found.problems
        seat, value = logged(state, change)
        if check is None or gate and (_game_over(state, no) or gate == "round" and _round_over(state, no)):
            return
        check(_dealt(state) if gate == "dealt" else state, seat, value, change, no)

    def applied(step: Step, change: Change) -> None:
        step.after, step.effects = transition(step.state, *logged(step.state, change), change)
    return Verb(checked, applied, aliases, usage=usage, read=read, **facts)

# ---------------------------------------------------------------------------- the checks (see `_row`)


def _game_over(state: State, no) -> list[Reason] | None:
    if state.game_over:
        return no(R.END_GAME_END, f"the game is over ({state.loser} lost their last soul gem): nothing changes any "
                                  "more; `score` shows the result")
    return None


def _round_over(state: State, no) -> list[Reason] | None:
    if state.phase == "round-over":
        return no(R.END_ROUND_END, f"round {state.round} is over ({state.loser} lost a soul gem); the next round "
                                   "starts when its centre dice are entered: `dice ...`")
    return None


def _dealt(state: State) -> State:
    """The table a set-up or counter change is made at: after a round's end, the next round's deal."""
    return next_round_state(state) if state.phase == "round-over" else state


def _check_first(state: State, seat: int, value, change: Change, no) -> list[Reason] | None:
    if state.round > 1:
        return no(R.SETUP_LATER_STARTING_PLAYER, f"from round 2 on the player who ended last starts: {state.turn} "
                                                 f"starts round {state.round}")
    if state.phase != "setup":
        return no(R.SETUP_FIRST_PLAYER, f"round {state.round} is under way; {state.turn} is to act")
    return None


def _check_dice(state: State, seat, value, change: Change, no) -> list[Reason] | None:
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


def _check_hand(state: State, seat: int, value, change: Change, no) -> list[Reason] | None:
    p = state.players[seat]
    cards = change.args[1:]
    if state.phase not in ("setup", "play"):
        return no(R.END_ROUND_END, "hands are recorded during a round")
    if len(cards) != p.hand_size:
        return no(R.SETUP_CARDS_PER_PLAYER, f"{p.name} holds {p.hand_size} card{'s' if p.hand_size != 1 else ''} "
                                            f"now, and {len(cards)} were given")
    # counted against the cards in sight only: every other recorded hand is its owner's secret (issue 43)
    hidden = known_to(state, None)
    found = counting_findings(hidden, [code_of(c if not c.isdigit() else int(c)) for c in cards], p.name,
                              claim="the hand recorded for {who} holds {what}")
    for f in found:
        no(f.rule, f.message)
    return None


def _check_lost(state: State, seat: int, value, change: Change, no) -> list[Reason] | None:
    """Why the player cannot be the round's loser now (`lost p`, or `gems p -1`, which is the same event):
    a round ends only when one player is left with unplayed cards, and that player loses the gem.
    Hidden hands count by their size once a play of the round is recorded (track_rounds.still_holding)."""
    p = state.players[seat]
    if state.cleared_record(p.name) is not None:
        return no(R.ROUND_SAFE_WHEN_CLEAR,
                  f"{p.name} has cleared all their cards this round and is safe: only the last player "
                  "still holding cards loses a soul gem")
    others, _read_so = still_holding(state, p.name)
    if not others:
        return None
    why = (" (the competitive variant scores each player's last set: enter "
           f"`cleared {others[0].split()[0].lower()} N` first)" if state.options.competitive else "")
    return no(R.ROUND_ROUND_END_TRIGGER, f"the round ends when only one player holds cards, and "
                                         f"{', '.join(others)} still hold{'s' if len(others) == 1 else ''} cards{why}")


def _check_gems(state: State, seat: int, value: str, change: Change, no) -> list[Reason] | None:
    p = state.players[seat]
    target_gems = target(p.gems, *signed(value, change.verb))
    if not 0 <= target_gems <= START_GEMS:
        return no(R.SETUP_SOUL_GEMS, f"{p.name} would have {target_gems} soul gems; a player has 0 to {START_GEMS} "
                                     f"(two at the start, one lost per round lost)")
    if target_gems < p.gems - 1:
        return no(R.END_ROUND_END, f"{p.name} would lose {p.gems - target_gems} soul gems at once; the last player "
                                   "holding cards returns one soul gem per round")
    if target_gems < p.gems:
        # a lost soul gem is a lost round: the same rule as `lost` decides whether it has ended
        return _check_lost(state, seat, value, change, no)
    return None


def _check_cleared(state: State, seat: int, value: str | None, change: Change, no) -> list[Reason] | None:
    name, n = state.players[seat].name, len(state.players)
    if state.cleared_record(name) is not None:
        return no(R.ROUND_SAFE_WHEN_CLEAR, f"{name} already cleared all their cards this round")
    p = state.players[seat]
    hell = p.hell_domain  # face up: the table sees them
    if hell:
        return no(R.ROUND_SAFE_WHEN_CLEAR, f"{name}'s Hell Domain still holds {', '.join(map(str, hell))}: a "
                                           "player is clear only with no Heaven card and no Hell card left")
    # a hand counts as `lost` reads it: recorded, or by its size once a play of the round is recorded
    if p.hand_size and (p.hand_known or plays_recorded(state)):
        return no(R.ROUND_SAFE_WHEN_CLEAR, f"{name} still holds {p.hand_size} card{'s' if p.hand_size != 1 else ''} "
                                           "in hand: a player is clear only with no Heaven card and no Hell card left")
    if value is not None:
        size = int(value)
        limit = size_limit(n)
        if not 1 <= size <= limit:
            return no(R.SETS_SIZE_LIMIT, f"a set holds 1 to {limit} cards"
                                         f"{' with two players' if n == 2 else ''} (a dice substitute counts "
                                         f"as one), so {name}'s last set cannot have {size}")
    return None


def _check_predict(state: State, seat: int, value: str, change: Change, no) -> list[Reason] | None:
    if not late_reveal(state, change):  # a late reveal is made at the table as it ended
        if refused := _game_over(state, no):
            return refused
        state = _dealt(state)
    p = state.players[seat]
    name, done = p.name, state.cleared_record(p.name)
    if len(state.players) == 2:
        return no(R.COMPETITIVE_PLAYERS, "predictions belong to the competitive variant, which is for 3 or 4 "
                                         "players; this is a two-player game")
    if not state.options.competitive:
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
                  "round is under way (a play is recorded or a player has cleared): it stays")
    return None


def _check_points(state: State, seat: int, value: str, change: Change, no) -> list[Reason] | None:
    p = state.players[seat]
    if not state.options.competitive:
        return no(R.COMPETITIVE_RECORD_POINTS,
                  "only the competitive variant scores points, and this table is not "
                  "playing it")
    target_points = target(p.points, *signed(value, change.verb))
    if target_points < 0:
        return no(R.COMPETITIVE_RECORD_POINTS,
                  f"{p.name} would have {target_points} points; points are earned (0, 1, 2 or 4 a "
                  "round) and never go below 0")
    return None


def _check_reserve(state: State, seat: int, value: str, change: Change, no) -> list[Reason] | None:
    p = state.players[seat]
    name, face = p.name, int(value)
    lo, hi = DIE_FACES
    if not lo <= face <= hi:
        return no(R.COMPONENTS_DICE, f"a reserve die is a six-sided die: it shows 1 to 6, not {face}")
    # the round's set-up decides who holds a reserve die (a later `gems +1` correction does not take it back)
    if name not in state.reserve_dice and p.gems != 1:
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
    return None


#: verb -> its row (`_row`); `score` has no check: it shows the standings even after the end
VERBS: dict[str, Verb] = {
    "first": _row("round 1: the player chosen at random to start: `first ben`", words.parse_one_player,
                  words.logged_player, _check_first, changes.first, "start", "starts", "starter", setup=True,
                  gate="round"),
    "dice": _row("the centre dice as rolled for this round (after a round ends, this deals the next one): "
                 "`dice 1 3 4 4 6 6`", words.parse_dice, words.logged_dice, _check_dice, changes.dice,
                 "roll", "rolled", "centre", "center", setup=True, gate="dealt"),
    "hand": _row("a player records their own hand (the others stay hidden): `hand ann 1 2 3 3 5 6 7 8 9 9`",
                 words.parse_hand, words.logged_hand, _check_hand, changes.hand, "cards", setup=True,
                 gate="dealt", secret="{n} cards, hidden"),
    "lost": _row("the last player holding cards loses a soul gem and the round ends (next round set up): `lost cy`",
                 words.parse_one_player, words.logged_player, _check_lost, changes.lost,
                 "lose", "loses", "loser", "last", gate="round"),
    "gems": _row("change a player's soul gems directly: `gems cy -1` (a lost gem ends the round, like `lost cy`), "
                 "`gems cy +1` or `gems cy =2` to correct", words.parse_amount, words.logged_amount, _check_gems,
                 changes.gems, "gem", "soul-gems", "soul-gem", "soulgems", counter=Counter("gems"),
                 gate="dealt"),
    "cleared": _row("a player got rid of all their cards: `cleared ann 3` (3 = cards in the last set, dice "
                    "substitute counted; required in the competitive variant), `cleared ann`",
                    words.parse_cleared, words.logged_cleared, _check_cleared, changes.cleared,
                    "clears", "safe", gate="round"),
    "predict": _row("competitive: a player's prediction (1-4) for this round: `predict ann 3`",
                    partial(words.parse_number, what="a prediction (1-4)"),
                    words.logged_number, _check_predict, changes.predict, "prediction", "predicts", "pred",
                    secret="hidden"),
    "points": _row("competitive: change a player's points by hand: `points ann +2`, `points ann -1`, `points ann =5`",
                   words.parse_amount, words.logged_amount, _check_points, changes.points, "point", "pts",
                   counter=Counter("points"), gate="dealt"),
    "reserve": _row("the number a one-gem player set on their reserve die for this round: `reserve cy 4`",
                    partial(words.parse_number, what="a die face (1-6)"), words.logged_number, _check_reserve,
                    changes.reserve, "reserve-die", "reserves", gate="dealt"),
    "score": _row("the standings now (gems, points, winners once over); changes nothing: `score`", (),
                  words.logged_score, None, changes.score, "scores", "standings", read_only=True),
}
