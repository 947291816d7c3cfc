"""The Catopomp table tracker: the round's set-up as the table makes it (who starts, the centre dice,
reserve dice, recorded hands), soul gems, rounds and the competitive variant's predictions and points.

It keeps the same State as the move validator (model.py): plays (`companion play`) and these changes
are transitions of one table. Hands are counts unless their owner records them (`hand ann 1 3 5`).
A round's end goes through `core.end_round`, the next round's dice and starting player through
`core.round_setup`, points through `core.score` and the final result through `core.final_scoring`.
"""
from __future__ import annotations

import difflib
import re
from typing import Any, ClassVar, Literal

from pydantic import Field, model_validator

from engine.base import AmbiguousMove, Effect, Frozen, MoveSyntaxError, Reason, Verdict
from engine.tracking import Change, OptionError
from engine.tracking import Tracker as TrackerBase
from engine.words import command, match

from . import core
from .model import Cleared, Options, Player, State, to_table

GAME = "catopomp"
MIN_PLAYERS, MAX_PLAYERS = min(core.PLAYER_TABLE), max(core.PLAYER_TABLE)
START_GEMS = 2
PREDICTIONS = (1, 2, 3, 4)
DIE_FACES = (1, 6)


#: rule ids are "catopomp." + the rule's path
_ID = GAME + "."


class R:
    """Rule ids the tracker cites (its own set, Tracker.RULE_IDS; the validator's is RULE_IDS in __init__)."""

    DICE = _ID + "components.dice"
    SOUL_GEMS = _ID + "setup.soul-gems"
    CARDS_PER_PLAYER = _ID + "setup.cards-per-player"
    LATER_START = _ID + "setup.later-starting-player"
    TURN_ORDER = _ID + "round.turn-order"
    ROUND_END_TRIGGER = _ID + "round.round-end-trigger"
    SAFE = _ID + "round.safe-when-clear"
    SIZE_LIMIT = _ID + "sets.size-limit"
    ROUND_END = _ID + "end.round-end"
    GAME_END = _ID + "end.game-end"
    WINNERS = _ID + "end.winners"
    NEXT_ROUND = _ID + "end.next-round"
    FEWER_DICE = _ID + "new-round.fewer-centre-dice"
    RESERVE_WHO = _ID + "reserve-die.who-gets"
    RESERVE_NO_CARRY = _ID + "reserve-die.no-carry-over"
    RESERVE_CHOOSE = _ID + "reserve-die.choose-number"
    COMP_PLAYERS = _ID + "competitive.players"
    COMP_PREDICTION = _ID + "competitive.prediction"
    COMP_REVEAL = _ID + "competitive.reveal"
    COMP_OFF = _ID + "competitive.off-by-more-than-one"
    COMP_SCORE = tuple(f"{_ID}competitive.score-prediction-{k}" for k in PREDICTIONS)
    COMP_LAST = _ID + "competitive.last-player"
    COMP_RECORD = _ID + "competitive.record-points"
    COMP_RESET = _ID + "competitive.game-end-reset"
    COMP_WINNER = _ID + "competitive.winner"
    FIRST_PLAYER = _ID + "setup.first-player"
    CENTRE_DICE = _ID + "setup.centre-dice"
    DEAL = _ID + "setup.deal"
    COPIES = _ID + "setup.copies-per-number"
    NUMBERS = _ID + "setup.numbers-included"


def _rule_ids() -> frozenset[str]:
    out: set[str] = set()
    for key, value in vars(R).items():
        if key.startswith("_"):
            continue
        if isinstance(value, str):
            out.add(value)
        elif isinstance(value, tuple):
            out.update(value)
    return frozenset(out)


# ---------------------------------------------------------------------------- the tracked table


#: the tracker's table is the validator's State (one rules model)
TrackedTable = State


def dice_expected(state: State) -> int:
    """Dice rolled into the centre at the start of this round: two per player, less the reserve dice."""
    return core.first_round_centre_dice(len(state.players)) - len(state.reserve_dice)


def setup_todo(state: State) -> list[str]:
    """What the table still has to enter before this round's play starts (empty: ready)."""
    todo = []
    if state.turn is None:
        todo.append(f"who starts (chosen at random): `first NAME` [{R.FIRST_PLAYER}]")
    if len(state.centre_dice) != dice_expected(state):
        todo.append(f"the {dice_expected(state)} centre dice as rolled: `dice 1 2 3 ...` [{R.CENTRE_DICE}]")
    unset = [p.name for p in state.players if p.name in state.reserve_dice and p.reserve_die is None]
    if unset:
        todo.append(f"the reserve die of {', '.join(unset)}: `reserve {unset[0].lower()} N` [{R.RESERVE_CHOOSE}]")
    return todo


def next_round_state(state: State) -> State:
    """The round after `state` (round-over) as dealt at a real table: hands are counts, Hell Domains and
    Used Dice cards empty, the loser starts, players down to one soul gem get a reserve die (its number
    still to be set) and the centre dice are still to be entered."""
    n = len(state.players)
    nxt = core.round_setup(n, [p.gems for p in state.players], state.seat(state.loser))
    per = core.PLAYER_TABLE[n][2]
    players = tuple(p.model_copy(update={"hand": per, "hell_domain": (), "used_dice": (), "reserve_die": None,
                                         "prediction": None}) for p in state.players)
    return state.model_copy(update={
        "players": players, "turn": state.players[nxt.starting].name, "centre_dice": (), "winning_set": None,
        "discard_pile": () if state.discard_pile is not None else None, "set_aside": None, "phase": "setup",
        "loser": None, "round": state.round + 1, "reserve_dice": tuple(state.players[i].name for i in nxt.reserve),
        "cleared": ()})


def _set_text(state: State) -> str | None:
    """The winning set as the table would say it, with its owner."""
    w = state.winning_set
    if w is None:
        return None
    parts = [str(c) for c in (*w.heaven, *w.hell)]
    if w.dice:
        parts.append("dice " + "+".join(map(str, w.dice)))
    return f"{w.owner}: {' '.join(parts)}"


# ---------------------------------------------------------------------------- options

_YES = {"yes", "y", "true", "on", "1"}
_NO = {"no", "n", "false", "off", "0"}
_OPTION_KEYS = {
    "start": "start", "first": "start", "first-player": "start", "starting-player": "start", "starter": "start",
    "passing": "passing", "pass": "passing", "passing-mode": "passing", "mode": "passing",
    "competitive": "competitive", "competitive-variant": "competitive", "variant": "competitive",
    "expansions": "expansions", "expansion": "expansions",
    "hell-power": "hell-power", "hellpower": "hell-power",
}
_EXPANSIONS = {
    "catleton": "catleton", "cat-leton": "catleton", "cat": "catleton", "cat leton": "catleton",
    "mitch": "mitch", "mdm-mitch": "mitch", "mdm mitch": "mitch", "madam-mitch": "mitch", "witch": "mitch",
}


def _yes_no(key: str, value: str) -> bool:
    low = value.strip().lower()
    if low in _YES:
        return True
    if low in _NO:
        return False
    raise OptionError(f"{key}: {value!r} is not a choice; choose yes or no")


# ---------------------------------------------------------------------------- the tracker


class _Change:
    """A change being applied: the table's fields as mutable values, and the effects so far."""

    def __init__(self, state: TrackedTable):
        self.state = state
        self.players = [p.model_dump() for p in state.players]
        self.fields: dict[str, Any] = {}
        self.effects: list[Effect] = []

    def say(self, kind: str, message: str, rule: str | None) -> None:
        self.effects.append(Effect(kind=kind, message=message, rule=rule))

    def get(self, field: str):
        return self.fields.get(field, getattr(self.state, field))

    def freeze(self) -> TrackedTable:
        data = self.state.model_dump()
        data["players"] = self.players
        data.update({k: (v.model_dump() if isinstance(v, Frozen) else v) for k, v in self.fields.items()})
        data["cleared"] = [c.model_dump() if isinstance(c, Frozen) else c for c in data["cleared"]]
        return State.model_validate(data)


class Tracker(TrackerBase[TrackedTable]):
    """Soul gems, rounds, centre and reserve dice, the starting player, predictions and points."""

    game: ClassVar[str] = GAME
    State: ClassVar[type[TrackedTable]] = TrackedTable
    RULE_IDS: ClassVar[frozenset[str]] = _rule_ids()
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

    # ------------------------------------------------------------------ a new game

    def new_state(self, players: list[str], options: dict[str, str]) -> TrackedTable:
        given: dict[str, str] = {}
        for key, value in (options or {}).items():
            k = str(key).strip().lower().replace("_", "-")
            if k not in _OPTION_KEYS:
                near = difflib.get_close_matches(k, sorted(_OPTION_KEYS), n=2, cutoff=0.4)
                hint = f" (did you mean {' or '.join(sorted({_OPTION_KEYS[n] for n in near}))}?)" if near else ""
                raise OptionError(f"unknown option {key!r}{hint}; catopomp options: {', '.join(self.OPTIONS)}")
            given[_OPTION_KEYS[k]] = str(value).strip()
        names = [str(n).strip() for n in players or []]
        if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
            raise OptionError(f"players: Catopomp is for {MIN_PLAYERS} to {MAX_PLAYERS} players, got {len(names)}")
        if any(not n for n in names):
            raise OptionError("players: a player name is empty")
        if len({n.lower() for n in names}) != len(names):
            raise OptionError("players: two players share a name; every player needs a different name")

        passing = given.get("passing", "main").lower()
        if passing in ("normal", "standard", "default"):
            passing = "main"
        if passing not in ("main", "casual"):
            raise OptionError(f"passing: {given['passing']!r} is not a passing mode; choose main or casual")
        competitive = _yes_no("competitive", given["competitive"]) if "competitive" in given else False
        if competitive and len(names) not in (3, 4):
            raise OptionError(f"competitive: the competitive variant is for 3 or 4 players ({R.COMP_PLAYERS}), "
                              f"not {len(names)}; choose competitive=no")
        hell_power = _yes_no("hell-power", given["hell-power"]) if "hell-power" in given else False
        expansions: set[str] = set()
        raw = given.get("expansions", "")
        if raw.lower() not in ("", "none", "no"):
            for word in re.split(r"[,+;]", raw):
                w = word.strip().lower()
                if not w:
                    continue
                if w not in _EXPANSIONS:
                    raise OptionError(f"expansions: {word.strip()!r} is not an expansion; choose from: catleton, mitch "
                                      "(comma-separated) or none")
                expansions.add(_EXPANSIONS[w])

        start = None
        if "start" in given:
            try:
                start = match(given["start"], names, "player", hint="players")
            except (MoveSyntaxError, AmbiguousMove):
                raise OptionError(f"start: {given['start']!r} is not one of the players; choose one of: "
                                  f"{', '.join(names)}") from None
        per = core.PLAYER_TABLE[len(names)][2]
        return State(
            players=tuple(Player(name=n, gems=START_GEMS, hand=per) for n in names),
            options=Options(passing=passing, hell_power=hell_power, competitive=competitive,
                            catleton="catleton" in expansions, mitch="mitch" in expansions),
            phase="setup",
            turn=start,
            discard_pile=(),
        )

    # ------------------------------------------------------------------ parsing

    def parse(self, state: TrackedTable, words: list[str]) -> Change:
        tokens = [t for w in words for t in str(w).split()]
        if not tokens:
            raise MoveSyntaxError(f"no command given; commands: {', '.join(self.COMMANDS)}")
        verb = self._verb(tokens[0])
        rest = tokens[1:]
        if verb == "score":
            if rest:
                raise MoveSyntaxError(f"score takes nothing after it; unexpected {rest[0]!r}")
            return Change(verb="score")
        if verb == "dice":
            if not rest:
                raise MoveSyntaxError(f"dice: give the faces of the centre dice; {self.COMMANDS['dice']}")
            return Change(verb="dice", args=tuple(self._number(w, "a die face (1-6)", "dice 1 3 4 4 6 6")
                                                  for w in rest))
        if not rest:
            raise MoveSyntaxError(f"{verb}: name a player; {self.COMMANDS[verb]}")
        name = self._player(state, rest[0])
        args = rest[1:]
        if verb == "first":
            if args:
                raise MoveSyntaxError(f"first takes one player; unexpected {args[0]!r} (e.g. `first {name.lower()}`)")
            return Change(verb="first", args=(name,))
        if verb == "hand":
            if not args:
                raise MoveSyntaxError(f"hand: give {name}'s cards, e.g. `hand {name.lower()} 1 3 5 8 8`")
            return Change(verb="hand", args=(name, *(self._card(w) for w in args)))
        if verb == "lost":
            if args:
                raise MoveSyntaxError(f"lost takes one player; unexpected {args[0]!r} (e.g. `lost {name.lower()}`)")
            return Change(verb="lost", args=(name,))
        if verb in ("gems", "points"):
            if len(args) != 1:
                raise MoveSyntaxError(f"{verb}: give one amount after the player, e.g. "
                                      f"`{verb} {name.lower()} {'-1' if verb == 'gems' else '+2'}`")
            return Change(verb=verb, args=(name, self._amount(args[0], f"{verb} {name.lower()}")))
        if verb == "cleared":
            if len(args) > 1:
                raise MoveSyntaxError(f"cleared: give at most the size of the last set; unexpected {args[1]!r}")
            if not args:
                if state.options.competitive and not state.game_over:
                    raise MoveSyntaxError(f"cleared: give the number of cards in {name}'s last set (a dice substitute "
                                          f"counts as a card), e.g. `cleared {name.lower()} 3`: the competitive "
                                          "variant scores it")
                return Change(verb="cleared", args=(name,))
            return Change(verb="cleared", args=(name, self._number(args[0], "cards in the last set",
                                                                     f"cleared {name.lower()} 3")))
        # predict / reserve
        example = f"{verb} {name.lower()} {3 if verb == 'predict' else 4}"
        if len(args) != 1:
            raise MoveSyntaxError(f"{verb}: give one number after the player, e.g. `{example}`")
        what = "a prediction (1-4)" if verb == "predict" else "a die face (1-6)"
        return Change(verb=verb, args=(name, self._number(args[0], what, example)))

    @staticmethod
    def _card(token: str) -> str:
        from .notation import card_code

        try:
            code = card_code(token)
        except MoveSyntaxError as exc:
            raise MoveSyntaxError(f"hand: {exc}") from None
        return core.fc(code)

    def _verb(self, token: str) -> str:
        return command(token, self.VERB_ALIASES, self.COMMANDS)

    @staticmethod
    def _player(state: TrackedTable, token: str) -> str:
        return match(token, state.names, "player", hint="players")

    @staticmethod
    def _number(token: str, what: str, example: str) -> str:
        if not re.fullmatch(r"[+-]?\d+", token):
            raise MoveSyntaxError(f"{token!r} is not a number; expected {what}, e.g. `{example}`")
        return str(int(token))

    @staticmethod
    def _amount(token: str, label: str) -> str:
        """'+2' / '-1' / '=5' normalised; a bare number could mean any of the three."""
        m = re.fullmatch(r"([+\-=]?)(\d+)", token)
        if not m:
            raise MoveSyntaxError(f"{token!r} is not an amount; write +N to add, -N to take away or =N to set "
                                  f"(e.g. `{label} -1`)")
        sign, n = m.group(1), int(m.group(2))
        if sign == "":
            raise AmbiguousMove(f"{token!r} has no sign", [f"{label} +{n}", f"{label} -{n}", f"{label} ={n}"])
        if sign == "=":
            return f"={n}"
        if n == 0:
            raise MoveSyntaxError(f"{token!r} changes nothing; write +N or -N with N above 0")
        return f"{n if sign == '+' else -n:+d}"

    # ------------------------------------------------------------------ reading a Change

    @staticmethod
    def _signed(change: Change, text: str) -> tuple[str, int]:
        m = re.fullmatch(r"([+\-=])(\d+)", text)
        if not m:
            raise MoveSyntaxError(f"{change.verb}: {text!r} is not an amount (+N, -N or =N)")
        return m.group(1), int(m.group(2))

    def _read(self, state: TrackedTable, change: Change) -> tuple[int | None, str | None]:
        """(seat, value) of a change; MoveSyntaxError when it is malformed."""
        verb = change.verb
        args = change.args
        if verb not in self.COMMANDS:
            raise MoveSyntaxError(f"unknown command {verb!r}; commands: {', '.join(self.COMMANDS)}")
        if verb in ("dice", "hand"):
            if not args or (verb == "hand" and len(args) < 2):
                raise MoveSyntaxError(f"{verb}: wrong number of arguments in {change.label()!r}")
            return (None if verb == "dice" else state.seat(args[0])), None
        want = {"score": (0,), "lost": (1,), "first": (1,), "cleared": (1, 2)}.get(verb, (2,))
        if len(args) not in want:
            raise MoveSyntaxError(f"{verb}: wrong number of arguments in {change.label()!r}")
        if verb == "score":
            return None, None
        seat = state.seat(args[0])
        value = args[1] if len(args) > 1 else None
        if verb in ("cleared", "predict", "reserve") and value is not None and not re.fullmatch(r"-?\d+", value):
            raise MoveSyntaxError(f"{verb}: {value!r} is not a number")
        if verb in ("gems", "points"):
            self._signed(change, value)
        return seat, value

    @staticmethod
    def _target(now: int, sign: str, n: int) -> int:
        return n if sign == "=" else now + n if sign == "+" else now - n

    # ------------------------------------------------------------------ check

    def check(self, state: TrackedTable, change: Change) -> Verdict:
        reasons = self._violations(state, change)
        if reasons:
            return Verdict(legal=False, reasons=tuple(reasons))
        _, effects = self.apply(state, change)
        return Verdict(legal=True, effects=tuple(effects))

    def _violations(self, state: TrackedTable, change: Change) -> list[Reason]:
        seat, value = self._read(state, change)
        verb = change.verb
        out: list[Reason] = []

        def no(rule: str, message: str) -> list[Reason]:
            out.append(Reason(rule=rule, message=message))
            return out

        if state.game_over and verb not in self.AFTER_THE_END:
            return no(R.GAME_END, f"the game is over ({state.loser} lost their last soul gem): nothing changes any "
                                  "more; `score` shows the result")
        if state.phase == "round-over":
            if verb in ("lost", "cleared", "first"):
                return no(R.ROUND_END, f"round {state.round} is over ({state.loser} lost a soul gem); the next round "
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
                return no(R.LATER_START, f"from round 2 on the player who ended last starts: {state.turn} starts "
                                         f"round {state.round}")
            if state.phase != "setup":
                return no(R.FIRST_PLAYER, f"round {state.round} is under way; {state.turn} is to act")
            return out

        if verb == "hand":
            return self._hand_violations(state, p, change, no) or out

        if verb == "lost":
            if done is not None:
                return no(R.SAFE, f"{name} has cleared all their cards this round and is safe; the round's loser is "
                                  "the last player still holding cards")
            others = [q.name for q in state.players if q.name != name and not state.cleared_record(q.name)
                      and (opts.competitive or q.hell_domain or (q.hand_known and q.hand))]
            if others:
                why = (" (the competitive variant scores each player's last set: enter "
                       f"`cleared {others[0].lower()} N` first)" if opts.competitive else "")
                return no(R.ROUND_END_TRIGGER, f"the round ends when only one player holds cards, and "
                                               f"{', '.join(others)} still hold{'s' if len(others) == 1 else ''} "
                                               f"cards{why}")
            return out

        if verb == "gems":
            sign, k = self._signed(change, value)
            target = self._target(p.gems, sign, k)
            if not 0 <= target <= START_GEMS:
                return no(R.SOUL_GEMS, f"{name} would have {target} soul gems; a player has 0 to {START_GEMS} "
                                       f"(two at the start, one lost per round lost)")
            if target < p.gems - 1:
                return no(R.ROUND_END, f"{name} would lose {p.gems - target} soul gems at once; the last player "
                                       "holding cards returns one soul gem per round")
            if target < p.gems and done is not None:
                return no(R.SAFE, f"{name} has cleared all their cards this round and is safe: only the last "
                                  "player holding cards loses a soul gem")
            return out

        if verb == "cleared":
            if done is not None:
                return no(R.SAFE, f"{name} already cleared all their cards this round")
            if value is not None:
                size = int(value)
                limit = core.size_limit(n)
                if not 1 <= size <= limit:
                    return no(R.SIZE_LIMIT, f"a set holds 1 to {limit} cards"
                                            f"{' with two players' if n == 2 else ''} (a dice substitute counts "
                                            f"as one), so {name}'s last set cannot have {size}")
            return out

        if verb == "predict":
            if n == 2:
                return no(R.COMP_PLAYERS, "predictions belong to the competitive variant, which is for 3 or 4 "
                                          "players; this is a two-player game")
            if not opts.competitive:
                return no(R.COMP_PREDICTION, "predictions belong to the competitive variant, which this table is "
                                             "not playing (start the session with --option competitive=yes)")
            k = int(value)
            if k not in PREDICTIONS:
                return no(R.COMP_PREDICTION, f"a prediction is 1, 2, 3 or 4, not {k}")
            if done is not None and p.prediction is not None and p.prediction != k:
                return no(R.COMP_REVEAL, f"{name} revealed prediction {p.prediction} on clearing their cards; it "
                                         "cannot change now")
            if p.prediction is not None and p.prediction != k and state.under_way:
                return no(R.COMP_PREDICTION, f"{name} wrote down {p.prediction} at the start of the round, and the "
                                             "round is under way (a player has cleared): it stays")
            return out

        if verb == "points":
            if not opts.competitive:
                return no(R.COMP_RECORD, "only the competitive variant scores points, and this table is not "
                                         "playing it")
            sign, k = self._signed(change, value)
            target = self._target(p.points, sign, k)
            if target < 0:
                return no(R.COMP_RECORD, f"{name} would have {target} points; points are earned (0, 1, 2 or 4 a "
                                         "round) and never go below 0")
            return out

        if verb == "reserve":
            face = int(value)
            lo, hi = DIE_FACES
            if not lo <= face <= hi:
                return no(R.DICE, f"a reserve die is a six-sided die: it shows 1 to 6, not {face}")
            if p.gems != 1:
                return no(R.RESERVE_WHO, f"{name} has {p.gems} soul gems; only players down to one soul gem "
                                         "reserve a die")
            if name not in state.reserve_dice:
                return no(R.RESERVE_WHO, f"{name} had no reserve die when round {state.round} was set up "
                                         f"(reserve dice: {', '.join(state.reserve_dice) or 'none'}); the next "
                                         "round's set-up gives one")
            if p.reserve_die is not None and p.reserve_die != face and state.under_way:
                return no(R.RESERVE_CHOOSE, f"{name} set the reserve die to {p.reserve_die} before the round; "
                                            "it cannot change during the round")
            return out
        return out

    def _dice_violations(self, state: State, change: Change, no) -> list[Reason] | None:
        faces = [int(a) for a in change.args]
        bad = [f for f in faces if not 1 <= f <= 6]
        if bad:
            return no(R.DICE, f"a die shows 1 to 6, not {bad[0]}")
        if state.phase != "setup":
            return no(R.CENTRE_DICE, f"the centre dice of round {state.round} were rolled at its start and play is "
                                     "under way; undo the change that was wrong instead")
        want = dice_expected(state)
        if len(faces) != want:
            extra = f" ({len(state.reserve_dice)} reserved)" if state.reserve_dice else ""
            return no(R.FEWER_DICE if state.round > 1 else R.CENTRE_DICE,
                      f"round {state.round} has {want} centre dice{extra}, and {len(faces)} were given")
        return None

    def _hand_violations(self, state: State, p: Player, change: Change, no) -> list[Reason] | None:
        from .hidden import missing_copies
        from .model import _code

        cards = change.args[1:]
        if state.phase not in ("setup", "play"):
            return no(R.ROUND_END, "hands are recorded during a round")
        if len(cards) != p.hand_size:
            return no(R.CARDS_PER_PLAYER, f"{p.name} holds {p.hand_size} card{'s' if p.hand_size != 1 else ''} "
                                          f"now, and {len(cards)} were given")
        hidden = state.model_copy(update={"players": tuple(
            q.model_copy(update={"hand": q.hand_size}) if q.name == p.name else q for q in state.players)})
        gone = missing_copies(hidden, [_code(c if not c.isdigit() else int(c)) for c in cards])
        if gone:
            top, copies, _per, _aside = core.PLAYER_TABLE[len(state.players)]
            return no(R.COPIES, f"{core.cards_text(sorted(set(gone)))}: the deck has no more copies of that card "
                                f"in sight-free places (numbers 1-{top}, {copies} copies each with "
                                f"{len(state.players)} players; expansion cards only when played with)")
        return None

    # ------------------------------------------------------------------ apply

    def apply(self, state: State, change: Change) -> tuple[State, list[Effect]]:
        seat, value = self._read(state, change)
        verb = change.verb
        if verb == "score":
            t = _Change(state)
            self._standings(state, t)
            return state, t.effects
        dealt: list[Effect] = []
        if state.phase == "round-over" and verb not in ("lost", "cleared", "first"):
            state, dealt = self.settle(state)
        t = _Change(state)
        t.effects.extend(dealt)
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
            t.say("first-player", f"{state.players[seat].name} starts round 1", R.FIRST_PLAYER)
        elif verb == "dice":
            faces = tuple(sorted(min(6, max(1, int(a))) for a in change.args))
            t.fields["centre_dice"] = faces
            t.say("centre-dice", f"the centre dice show {' '.join(map(str, faces))}", R.CENTRE_DICE)
        elif verb == "hand":
            from .model import _norm_card

            t.players[seat]["hand"] = tuple(_norm_card(c) for c in change.args[1:])
            t.say("hand", f"{state.players[seat].name}'s hand is recorded ({len(change.args) - 1} cards; the "
                          "others' stay hidden)", R.DEAL)
        new, dealt = self.settle(t.freeze())
        t.effects.extend(dealt)
        if new.phase == "setup" and not setup_todo(new):
            new = new.model_copy(update={"phase": "play"})
            t.say("round-starts", f"round {new.round} starts: {new.turn} leads", R.TURN_ORDER)
        return new, t.effects

    # ---- the end of a round

    def _end_round(self, t: _Change, loser: int, gems_before: int | None) -> None:
        """`loser` is the last player holding cards: the engine takes their soul gem and says what follows
        (the round is over; the next one is dealt when its centre dice are entered). `gems_before`: their
        gems just before the lost one (a direct `gems` change), else their current gems."""
        state = t.freeze()
        if gems_before is not None:
            state = state.model_copy(update={"players": tuple(
                p.model_copy(update={"gems": gems_before}) if i == loser else p for i, p in enumerate(state.players))})
        table, effs = core.end_round(to_table(state), loser)
        names = state.names
        for i, d in enumerate(t.players):
            d["gems"] = table.gems[i]
            d["points"] = table.points[i]
        if state.options.competitive:
            unscored = [c.name for c in state.cleared if c.points is None and c.name != names[loser]]
            for who in unscored:
                t.say("unscored", f"{who}'s points for round {state.round} were not worked out (no prediction or "
                                  f"last set recorded): add them with `points {who.lower()} +N`", R.COMP_RECORD)
        for e in effs:
            if e.kind == "reserve-dice" and not any(g == 1 for g in table.gems):
                continue
            t.say(e.kind, e.message, e.rule)
        t.fields.update(loser=names[loser], turn=names[loser], phase=table.phase)

    def settle(self, state: State) -> tuple[State, list[Effect]]:
        """A session never rests between rounds: a round that is over is followed at once by the next
        one's deal (its set-up still to be entered). Also applied after every play."""
        if state.phase != "round-over":
            return state, []
        return next_round_state(state), self._deal_effects(state)

    def _deal_effects(self, state: State) -> list[Effect]:
        """What the table does as the round after `state` (round-over) is dealt."""
        nxt = next_round_state(state)
        out = [Effect(kind="new-round", message=f"round {nxt.round} begins: deal {self._deal_text(state)}",
                      rule=R.CARDS_PER_PLAYER)]
        carried = [p.name for p in state.players if p.reserve_die is not None]
        if carried:
            out.append(Effect(kind="reserve-not-carried", message=f"last round's reserve dice ({', '.join(carried)}) "
                              "are not carried over", rule=R.RESERVE_NO_CARRY))
        if nxt.reserve_dice:
            out.append(Effect(kind="choose-reserve", message=f"{', '.join(nxt.reserve_dice)}: after looking at your "
                              "cards and the centre dice, set your reserve die before the round starts (e.g. "
                              f"`reserve {nxt.reserve_dice[0].lower()} 4`)", rule=R.RESERVE_CHOOSE))
        if state.options.competitive:
            out.append(Effect(kind="predictions", message="everyone writes down a secret prediction (1-4) for the new "
                              "round after looking at their cards (`predict NAME N`)", rule=R.COMP_PREDICTION))
        return out

    # ---- gems

    def _apply_gems(self, t: _Change, i: int, change: Change, value: str) -> None:
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
                          "round's dice stay as they were set up)", R.SOUL_GEMS)

    # ---- a player clears their cards

    def _apply_cleared(self, t: _Change, i: int, value: str | None) -> None:
        state = t.state
        name = t.players[i]["name"]
        size = int(value) if value is not None else None
        t.players[i]["hand"] = () if isinstance(t.players[i]["hand"], (list, tuple)) else 0
        t.players[i]["hell_domain"] = ()
        t.say("player-safe", f"{name} has no Heaven or Hell cards left and is safe this round", R.SAFE)
        points = None
        if state.options.competitive:
            points = self._reveal(t, i, size)
        cleared = [c for c in state.cleared if c.name != name]
        cleared.append(Cleared(name=name, last_set=size, points=points))
        t.fields["cleared"] = tuple(cleared)
        left = [j for j, p in enumerate(state.players) if p.name not in {c.name for c in cleared}]
        if len(left) == 1:
            t.say("last-holding-cards", f"only {state.players[left[0]].name} still holds cards: the round is over",
                  R.ROUND_END_TRIGGER)
            self._end_round(t, left[0], gems_before=None)

    def _reveal(self, t: _Change, i: int, size: int | None) -> int | None:
        """Competitive: the cleared player's prediction against their last set; the points it earns
        (None when the prediction or the size is not known yet)."""
        name = t.players[i]["name"]
        pred = t.players[i]["prediction"]
        if size is None:
            t.say("prediction", f"{name}'s last set is not recorded: no points worked out", R.COMP_REVEAL)
            return None
        if pred is None:
            t.say("prediction", f"{name} reveals their prediction: enter it with `predict {name.lower()} N` and the "
                                f"last set of {size} card{'s' if size != 1 else ''} is scored", R.COMP_REVEAL)
            return None
        gain, rule = core.score(pred, size)
        t.say("prediction", f"{name} reveals prediction {pred}; the last set had {size} card{'s' if size != 1 else ''} "
                            "(a dice substitute counts as a card)", R.COMP_REVEAL)
        t.players[i]["points"] += gain
        t.say("score", f"{name} scores {gain} point{'s' if gain != 1 else ''} "
                       f"({t.players[i]['points']} in all)", rule)
        return gain

    # ---- predictions, points, reserve dice

    def _apply_predict(self, t: _Change, i: int, k: int) -> None:
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
                                "until they clear their cards)", R.COMP_PREDICTION)

    def _apply_points(self, t: _Change, i: int, change: Change, value: str) -> None:
        sign, k = self._signed(change, value)
        now = t.players[i]["points"]
        target = self._target(now, sign, k)
        t.players[i]["points"] = target
        t.say("points", f"{t.players[i]['name']} now has {target} point{'s' if target != 1 else ''}", R.COMP_RECORD)

    def _apply_reserve(self, t: _Change, i: int, face: int) -> None:
        lo, hi = DIE_FACES
        name = t.players[i]["name"]
        shown = min(hi, max(lo, face))
        t.players[i]["reserve_die"] = shown
        if name not in t.state.reserve_dice:
            t.fields["reserve_dice"] = (*t.state.reserve_dice, name)
        t.say("reserve-die", f"{name}'s reserve die shows {shown} this round; only {name} may use it, and it goes "
                             f"to the centre if {name} boosts without it", R.RESERVE_CHOOSE)

    # ---- after the end of the game (overruled changes only)

    def _after_the_end(self, t: _Change, i: int, verb: str, change: Change, value: str | None) -> None:
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
              R.GAME_END)
        state = t.freeze()
        self._result(state, t)

    # ------------------------------------------------------------------ the result

    @staticmethod
    def _final(state: TrackedTable) -> tuple[tuple[int, ...], list[str]]:
        points, winners = core.final_scoring([p.gems for p in state.players], [p.points for p in state.players],
                                             state.options.competitive)
        return points, [state.players[i].name for i in winners]

    def _result(self, state: TrackedTable, t: _Change) -> None:
        points, winners = self._final(state)
        if state.options.competitive:
            t.say("winners", f"{' and '.join(winners)} win{'s' if len(winners) == 1 else ''} with {max(points)} "
                             "point(s) (a player out of soul gems counts 0)", R.COMP_WINNER)
        else:
            t.say("winners", f"everyone with a soul gem left wins: {', '.join(winners) or 'nobody'}", R.WINNERS)

    def _standings(self, state: TrackedTable, t: _Change) -> None:
        rows = []
        points = [p.points for p in state.players]
        if state.game_over:
            points = list(self._final(state)[0])
        for p, pts in zip(state.players, points):
            row = f"{p.name} {p.gems} gem{'s' if p.gems != 1 else ''}"
            if state.options.competitive:
                row += f", {pts} point{'s' if pts != 1 else ''}"
            rows.append(row)
        where = "final" if state.game_over else f"round {state.round}"
        t.say("standings", f"{where}: " + "; ".join(rows), R.COMP_RECORD if state.options.competitive else R.SOUL_GEMS)
        if state.game_over:
            self._result(state, t)
        elif state.options.competitive:
            best = max(points)
            leaders = [p.name for p, pts in zip(state.players, points) if pts == best]
            t.say("leaders", f"most points so far: {' and '.join(leaders)} ({best}); the game ends when a player "
                             "loses their last soul gem, whose points then drop to 0", R.COMP_WINNER)

    # ------------------------------------------------------------------ summary

    @staticmethod
    def _deal(state: TrackedTable) -> dict[str, Any]:
        n = len(state.players)
        top, copies, per, _aside = core.PLAYER_TABLE[n]
        opts = to_table(state).opts
        deck = sum(core.deck_counts(n, opts))
        return {"numbers": f"1-{top}", "copies_per_number": copies, "deck": deck, "cards_per_player": per,
                "set_aside": deck - per * n}

    def _deal_text(self, state: TrackedTable) -> str:
        d = self._deal(state)
        return f"{d['cards_per_player']} cards each ({d['set_aside']} set aside)"

    def summary(self, state: TrackedTable) -> dict[str, Any]:
        o = state.options
        comp = o.competitive
        final_points, winners = self._final(state) if state.game_over else (None, [])
        players = []
        for i, p in enumerate(state.players):
            done = state.cleared_record(p.name)
            row: dict[str, Any] = {"name": p.name, "gems": p.gems,
                                   "hand": list(p.hand) if p.hand_known else p.hand,
                                   "hell_domain": list(p.hell_domain), "used_dice": list(p.used_dice)}
            row["reserve_die"] = (p.reserve_die if p.reserve_die is not None else "not set") \
                if p.name in state.reserve_dice else None
            row["cleared"] = done is not None
            if done is not None and done.last_set is not None:
                row["last_set"] = done.last_set
            if comp or p.points:
                row["points"] = final_points[i] if final_points is not None else p.points
            if comp:
                revealed = done is not None or state.game_over
                row["prediction"] = p.prediction if (revealed or p.prediction is None) else "secret"
                if done is not None:
                    row["round_points"] = done.points
            players.append(row)
        return {
            "game": GAME,
            "round": state.round,
            "phase": state.phase,
            "turn": state.turn,
            "setup_todo": setup_todo(state) if state.phase == "setup" else [],
            "centre_dice": list(state.centre_dice),
            "winning_set": _set_text(state),
            "deal": self._deal(state),
            "options": {"passing": o.passing, "competitive": comp, "hell_power": o.hell_power,
                        "expansions": [e for e, on in (("catleton", o.catleton), ("mitch", o.mitch)) if on]},
            "players": players,
            "game_over": state.game_over,
            "loser": state.loser,
            "winners": winners,
        }


__all__ = ["Cleared", "TrackedTable", "Tracker"]
