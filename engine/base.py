"""The engine framework shared by every game: verdicts, reasons, effects, the Engine face of a
declaration, and the one checked step (`step`, `step_logged`) that sessions, imports, replay and the
scenario runner call (docs/architecture.md "The one checked step"). Engines are pure: no I/O, no
input mutated; the three failure kinds are engine/errors.py's.
"""
from __future__ import annotations

from typing import Any, Generic, TypeVar

from engine.errors import (  # noqa: F401  (the three failure kinds, importable from here)
    AmbiguousMove,
    EngineError,
    EngineUnavailable,
    LogError,
    MoveSyntaxError,
    SituationError,
    UnknownVerb,
)
from engine.field_words import field_problem  # noqa: F401  (where the games import it from)
from engine.readings import remembered, unsaid
from engine.record import Record


#: the base of every engine record (State, Verdict, moves): a frozen dataclass, see engine/record.py
Frozen = Record


#: the most cards one hand or deck counted as a number may hold. No rulebook gives a deck size, so
#: this is a bound on what a table can hold (far above any real count), not a rule: a count past it
#: in a situation file or a change is refused, so no check ever works through a billion cards.
MOST_CARDS = 200


def card_count(word: str, what: str) -> int:
    """A number of cards the table typed (digits), refused past MOST_CARDS (even with --overrule:
    the bound is on what the companion can hold, not a rule the table may set aside)."""
    number = int(word)
    if number > MOST_CARDS:
        raise MoveSyntaxError(f"{what}: {word[:12]} cards is more than any table holds (at most {MOST_CARDS})")
    return number


class HandHolder(Frozen):
    """A seat whose `hand` is its cards when known, or only how many (a real table's hidden hand)."""

    @property
    def hand_known(self) -> bool:
        return not isinstance(self.hand, int)

    @property
    def hand_size(self) -> int:
        return self.hand if isinstance(self.hand, int) else len(self.hand)


class Reason(Frozen):
    """Why a verdict is what it is: a rule id that `companion rules show` explains, and a message.
    Also what an `unchecked` note is: the rule that leaves the point open."""

    rule: str
    message: str

    def as_json(self) -> dict[str, Any]:
        return {"rule": self.rule or None, "message": self.message}


class Effect(Frozen):
    """Something that happens because of a move (a set is discarded, a card must be placed ...).
    `message` is for people; code reads the data fields, never the message: `who` the player it
    concerns, `amount` the number it moves (points scored, lives lost, cards drawn), `card` the card."""

    kind: str
    message: str
    rule: str | None = None
    who: str | None = None
    amount: int | None = None
    card: str | None = None

    def as_json(self) -> dict[str, Any]:
        """kind, message and rule always; a data field only where it is set."""
        return {k: v for k, v in self.model_dump().items() if v is not None or k == "rule"}


class Verdict(Frozen):
    """The referee's answer. `unchecked` names parts of a move the engine could not judge
    (for example a card effect whose text the rulebook does not give): never silently legal.
    Each note is a Reason: the rule that leaves it open, and what is open (never a bare string:
    tests/test_notes_are_reasons.py walks every game's scenarios)."""

    legal: bool
    reasons: tuple[Reason, ...] = ()
    effects: tuple[Effect, ...] = ()
    alternatives: tuple[str, ...] = ()
    unchecked: tuple[Reason, ...] = ()

    def as_json(self) -> dict[str, Any]:
        return {
            "legal": self.legal,
            "reasons": [r.model_dump() for r in self.reasons],
            "effects": [e.as_json() for e in self.effects],
            "alternatives": list(self.alternatives),
            "unchecked": [n.as_json() for n in self.unchecked],
        }


S = TypeVar("S", bound=Record)
M = TypeVar("M")


class Engine(Generic[S, M]):
    """The move validator's face of a declared game (engine/game.py `Declaration`): what the CLI, the
    step and the tests ask of its plays. Built from the declaration (engine.get_engine), never
    subclassed: a game declares its functions, and what it leaves out takes the shared default here.
    Its declaration's groups are read as they are: `plays` (notation, referee), `turns`, `views`."""

    def __init__(self, declaration) -> None:
        self.declaration = declaration
        self.game: str = declaration.game
        self.State: type[Record] = declaration.State
        self.plays, self.turns, self.views = declaration.plays, declaration.turns, declaration.views

    def load_state(self, data: dict, source: str = "situation") -> S:
        """Validate a situation (parsed TOML/JSON) into a State; SituationError names the field. A
        list of players longer than any table (MAX_SEATS) is refused before anything else is read."""
        from pydantic import ValidationError

        from rulesdb.names import MAX_SEATS

        seats = data.get("players") if isinstance(data, dict) else None
        if isinstance(seats, list) and len(seats) > MAX_SEATS:
            raise SituationError(f"{source}: field players: {len(seats):,} players cannot sit at one table "
                                 f"(at most {MAX_SEATS} are read)")
        try:
            state = self.State.model_validate(data)
        except ValidationError as exc:
            raise SituationError(f"{source}: {field_problem(exc, self.State)}") from None
        if self.views.load_check is not None:
            self.views.load_check(state, source)
        return state

    def seat_problems(self, state: S) -> list[Reason]:
        """What makes the table's players impossible (the seat rule `track new` applies: count, names)."""
        from rulesdb.names import seat_problems

        return [Reason(rule=self.declaration.seats_rule, message=m)
                for m in seat_problems(self.game, [p.name for p in state.players])]

    def check(self, state: S, move: M) -> Verdict:
        """The verdict on a play, less the readings said already this game (engine/readings.py)."""
        return unsaid(state, self.plays.check(state, move))

    def out_of_turn(self, state: S, player: str) -> Reason:
        """Why `player` may not act now (a play `--by` someone other than the player to act)."""
        if self.turns.out_of_turn is not None:
            return self.turns.out_of_turn(state, player)
        return Reason(rule=self.turns.rule, message=f"it is {self.turns.to_act(state)}'s turn, not {player}'s")

    @property
    def odds(self):
        """Exact odds of a dice question (`companion odds GAME QUESTION...`): (the answer as JSON, the
        same for people). `table(needed)` is the state of the session in play (the current one or
        --session) when it plays this game, else None (with `needed`, no session at all is an error);
        a game takes its options as keyword-only parameters, and the CLI refuses any other."""
        if self.views.odds is not None:
            return self.views.odds

        def odds(question: list[str], table: Any) -> tuple[dict[str, Any], str]:
            raise EngineUnavailable(f"{self.game} has no dice odds")
        return odds

    def check_deck(self, data: dict, source: str = "deck") -> Verdict:
        """A deck list (parsed TOML/JSON) against the game's deck-building rules."""
        if self.views.check_deck is None:
            raise EngineUnavailable(f"{self.game} has no deck-building rules to check")
        return self.views.check_deck(data, source)

    def names(self, state: S) -> list[str]:
        """The table's names that printed output keeps whole on one line: its players and its cards."""
        return [p.name for p in getattr(state, "players", ())] + self.views.card_names(state)

    # -- hooks the shared layers call, so none of them names a game ------------------------

    def series(self, text: str) -> Series | None:
        """A play said once and made as several in a row (Views.series), or None: one play."""
        found = self.views.series
        return found.read(text) if found is not None else None


class Series:
    """A play made of several plays in a row (Engine.series): `step`, the move each of them is, made by
    whoever is to act, recorded as its own play, at most `most(first)` times and until `done(first,
    now)` says the whole is made (first: the table before the first step; now: after the last).
    `ready(first)` raises MoveSyntaxError when the table gives nothing to make. A game subclasses it
    and declares the subclass (Views.series): its `read(text)` and `plays_on(state, by)`."""

    step: str = ""
    stopped: str | None = None  # where the whole stopped at a player who could still answer, said so
    rule: str | None = None  # the rule `stopped` cites

    def ready(self, first) -> None:
        return None

    def most(self, first) -> int:
        return len(first.players)

    def done(self, first, now) -> bool:
        return False

    def stop_effects(self) -> list[Effect]:
        """The line saying where the whole stopped (`stopped`), as the last step's effect; none if it did not."""
        return [Effect(kind="stopped", message=self.stopped, rule=self.rule)] if self.stopped else []

    def judged(self, game: Game, first) -> Verdict:
        """The whole judged on `first` and made on a copy, nothing recorded (`companion check`): refused
        as `play` refuses it (ready(), or a step the rules refuse), else legal with every step's effects
        and, where it stopped at a player, why (`stopped`)."""
        from engine.errors import NotNow

        try:
            self.ready(first)
        except NotNow as exc:
            return Verdict(legal=False, reasons=(Reason(rule=exc.rule or "", message=exc.said),))
        now, effects = first, []
        for _ in range(self.most(first)):
            made = step(game, now, self.step)
            if not made.verdict.legal:
                return made.verdict
            now, effects = made.state, [*effects, *made.effects]
            if self.done(first, now):
                effects += self.stop_effects()
                break
        return Verdict(legal=True, effects=tuple(effects))


# -- the one checked step ---------------------------------------------------------------
# A play (`companion play`) and a counter change (`companion track ...`) are the same step:
# parse, check (turn order included), apply, settle what follows by itself (a round's end deals the
# next round). Sessions, imports, replay, the scenario runner and the tests' drivers all call it;
# trackers/ only stores and replays what it returns.

#: the verb a play is logged under: args = (move text,) or (move text, player who made it)
PLAY = "play"
#: a step's kind when its words were a tracker command (Stepped.kind; PLAY otherwise)
CHANGE = "change"


class Change(Frozen):
    """One tracker command, normalised: a verb and its arguments (player names resolved)."""

    verb: str
    args: tuple[str, ...] = ()

    def label(self) -> str:
        return " ".join((self.verb, *self.args))


class Game:
    """A game's two halves, bound: its Tracker (counters, set-up, settle) and, where the two keep
    one State, its Engine (plays). `engine` is None for a game whose plays are not recorded."""

    __slots__ = ("name", "tracker", "engine")

    def __init__(self, tracker, engine=None):
        self.name = tracker.game
        self.tracker = tracker
        self.engine = engine if engine is not None and tracker.State is engine.State else None

    def __repr__(self) -> str:
        return f"Game({self.name!r})"


class Stepped:
    """What one step did. `state` is the table after it (the table before, `before`, when the step
    was refused); `verdict` the referee's answer; `effects` what fired: the verdict's (a play) or the
    change's, then what settled after it. `verb`/`args` are what the log keeps; `by` who made a play
    (`named` when the move itself names its maker), `to_act` who acts next. `move` is the move as
    read (a play), `kind` what the words were: CHANGE for a tracker command, also one said as a play
    (a Catharsis `morale -1`), else PLAY."""

    __slots__ = ("state", "before", "verdict", "effects", "verb", "args", "label", "by", "named", "to_act",
                 "applied", "logged", "move", "kind")

    def __init__(self, state, before, verdict: Verdict, effects=(), verb: str = "", args=(), label: str = "",
                 by: str | None = None, named: str | None = None, to_act: str | None = None,
                 applied: bool = True, logged: bool = True, move=None, kind: str = PLAY):
        self.state, self.before, self.verdict, self.effects = state, before, verdict, tuple(effects)
        self.verb, self.args, self.label = verb, tuple(args), label
        self.by, self.named, self.to_act = by, named, to_act
        self.applied, self.logged = applied, logged
        self.move, self.kind = move, kind

    @property
    def refused(self) -> bool:
        """The rules forbid it and the table did not overrule them: nothing was applied."""
        return not self.applied and not self.verdict.legal

    @property
    def overruled(self) -> bool:
        """Applied although the rules forbid it."""
        return self.applied and not self.verdict.legal

    @property
    def violations(self) -> list[dict[str, Any]]:
        """The broken rules as the log keeps them (empty for a legal step)."""
        return [r.model_dump() for r in self.verdict.reasons] if not self.verdict.legal else []

    @property
    def why(self) -> str:
        """The first broken rule, for a one-line refusal: `message [rule id]`."""
        first = self.verdict.reasons[0] if self.verdict.reasons else None
        return f"{first.message} [{first.rule}]" if first else "the rules forbid it"


def own_play(engine, state, text: str, who: str) -> tuple[Any, Verdict] | None:
    """`text` read as `who`'s own play (`--by`) where the words name nobody, with its verdict, when it
    is a play `who` may make now (CATastrophe: a card with Catfinity); None otherwise (then it is
    judged as said, and out of turn refused)."""
    own = engine.turns.read_by(text, state, who) if engine.turns.read_by else None
    if own is None or engine.turns.mover(state, own) != who:
        return None
    mine = engine.check(state, own)
    return (own, mine) if mine.legal else None


def read_for(engine, turn, text: str, who: str):
    """`text` read on `turn` (Turns.with_turn) as `who` says it out of turn: the maker the words name,
    else `who` where the game reads a play by its maker (Turns.read_by), else the player to act there."""
    return engine.turns.read_by(text, turn, who) if engine.turns.read_by else engine.plays.parse_move(text, turn)


def gone(engine, state, who: str, verdict: Verdict) -> Verdict:
    """The verdict on a play `--by` a player who takes no further part (Turns.out), made where nobody
    is named to act: refused first with why, nothing offered instead; else the verdict as it is."""
    why = engine.turns.out(state, who)
    if why is None:
        return verdict
    return verdict.model_copy(update={"legal": False, "reasons": (why, *verdict.reasons), "alternatives": ()})


def off_turn(engine, state, verdict: Verdict, who: str | None) -> Verdict:
    """The verdict with the turn rule broken first: `who` acts while it is not their turn. `verdict`
    judged the play as `who`'s own turn would: only the rules it breaks stay (not why it would be
    legal then, nor what a turn-bound rule says of a turn that is not theirs: Turns.bound), and
    nothing is offered instead, since no play of theirs is legal now (issue 43). Its effects stay:
    what the play does when the table overrules the turn."""
    turn = engine.out_of_turn(state, who or "anyone")
    bound = engine.turns.bound
    broken = () if verdict.legal else tuple(r for r in verdict.reasons if r.rule not in bound)
    return Verdict(legal=False, reasons=(turn, *broken), effects=verdict.effects,
                   unchecked=() if verdict.legal else verdict.unchecked)


def seen_by(engine, state, who: str | None, named: str | None):
    """The table a play `named` makes is judged on for `who` (`--by`): as it is when the play is
    theirs (or names no maker, or nobody asks); else as `who` sees it, every other player's secrets
    hidden (Secrets.hide: a named hand a count only), so the verdict never says another's hand."""
    if who is None or named in (None, who):
        return state
    hide = engine.declaration.secrets.hide
    players = [p if p.name == who else hide(state, p) for p in state.players]
    return state.model_copy(update={"players": tuple(players) if isinstance(state.players, tuple) else players})


def judged_for(engine, state, text: str, move, who: str):
    """The play `text` (read as `move`) judged for `who` (`--by`), as `play` and `check` judge it:
    (the move, its verdict, the player it names, the table it is read on). Read as `who`'s own where
    the words name nobody and that is legal now (own_play); out of turn refused, judged as `who`'s own
    play (their hand, coins ...), as it is recorded when overruled, and a play whose words name another
    maker only refused, never judged on that player's table; on `who`'s turn a play naming another maker is
    judged as `who` sees the table (seen_by: that player's hand unknown)."""
    to_act, named = engine.turns.to_act(state), engine.turns.mover(state, move)
    mine = own_play(engine, state, text, who) if who != named else None
    if mine is not None:
        (move, verdict), named = mine, who
    elif to_act is not None and who not in (to_act, named):
        turn = engine.turns.with_turn(state, who)
        move = read_for(engine, turn, text, who)
        maker = engine.turns.mover(turn, move)  # the maker the words name, else `who` (Turns.read_by)
        judged = engine.check(turn, move) if maker in (None, who) else Verdict(legal=True)
        return move, off_turn(engine, state, judged, who), named, turn
    else:
        verdict = engine.check(seen_by(engine, state, who, named), move)
    # where nobody is named to act, a player out of the game (Turns.out) is refused first
    return move, gone(engine, state, who, verdict) if to_act is None else verdict, named, state


def step(game: Game, state, text, by: str | None = None, overruled: bool = False, kind: str = "play",
         apply: bool = True) -> Stepped:
    """The table's words as one checked step. kind="play": `text` is a play in the game's notation,
    made by `by` (a player's name or prefix; None: the player the move names, else the player to
    act); judged for that player, out of turn refused. kind="track": `text` is a tracker command
    (a string or its words). Refused (nothing applied, `refused` set) unless legal or `overruled`.
    apply=False only judges (what `companion check` asks of a situation: a question such as a
    Catharsis `pay` is judged, never played). Parse errors raise MoveSyntaxError / AmbiguousMove."""
    if kind == "track":
        tracker = game.tracker
        change = tracker.parse(state, text.split() if isinstance(text, str) else list(text))
        return _changed(game, state, change, _judged(tracker, state, change), overruled and apply, apply)
    if kind != "play":
        raise ValueError(f"kind must be play or track, not {kind!r}")
    engine = _engine(game)
    turn = state  # the table the move is read on
    try:
        move = engine.plays.parse_move(text, state)
        from engine.words import typed_play

        typed_play(move)
    except MoveSyntaxError as exc:  # its nearest plays are found on this table (engine/nearest.py)
        from functools import partial

        from engine.nearest import nearest

        exc.finder = partial(nearest, engine, state, text, partial(game.tracker.parse, state))
        raise
    to_act = engine.turns.to_act(state)
    named = engine.turns.mover(state, move)
    who = named or to_act
    if by is None:
        verdict = engine.check(state, move)
    else:
        from engine.words import player

        who = player(by, state.players).name
        move, verdict, named, turn = judged_for(engine, state, text, move, who)
    canonical = engine.plays.format_move(move)
    args = (canonical,) if who is None or who == named else (canonical, who)
    said_as = CHANGE if getattr(move, "change", None) is not None else PLAY
    if not apply or (not verdict.legal and not overruled):
        return _refused(state, verdict, PLAY, args, f"{PLAY} {canonical}", by=who, named=named, to_act=to_act,
                        move=move, kind=said_as)
    # applied as the log keeps it: read again from the canonical text, unless the words were that text
    # and were read on the table the log's play is read on (the same words, the same table: the same move)
    logged_turn = len(args) > 1 and args[1] != to_act
    same = text == canonical and (turn is not state) == logged_turn
    return _played(game, state, args, verdict, overruled, by=who, named=named, to_act=to_act,
                   move=(turn, move) if same else None, kind=said_as)


def step_logged(game: Game, state, verb: str, args, overruled: bool = False, checked: bool = True) -> Stepped:
    """One logged event again, as the log keeps it: a play (`verb` PLAY, args (move,) or (move,
    player)), or a change as the tracker normalised it (applied as written, not re-parsed).
    checked=True (an import): judged as when it was recorded, LogError for an event the step would
    not have written, refused unless legal or `overruled`. checked=False (the replay of a log whose
    ledger was verified): applied and settled without judging again."""
    args = tuple(args)
    if verb == PLAY:
        engine = _engine(game)
        if len(args) not in (1, 2):
            raise LogError("a play needs its move text (and the player who made it)")
        to_act = engine.turns.to_act(state)
        who = args[1] if len(args) == 2 else None
        turn = state
        if who is not None and who != to_act:
            if checked and who not in [p.name for p in state.players]:
                raise LogError(f"{who!r} is not a player of this session")
            turn = engine.turns.with_turn(state, who)
        move = engine.plays.parse_move(args[0], turn)
        said_as = CHANGE if getattr(move, "change", None) is not None else PLAY
        seen = seen_by(engine, turn, who, engine.turns.mover(turn, move))  # as the step judged it
        if not checked:  # judged again only for the readings it said (a step out of turn or overruled said none)
            own = who is None or to_act is None or who == to_act  # else judged out of turn: said nothing
            heard = engine.check(seen, move) if not overruled and own else None
            return _played(game, state, args, Verdict(legal=not overruled), overruled, by=who, to_act=to_act,
                           move=(turn, move), kind=said_as, heard=heard)
        if engine.plays.format_move(move) != args[0]:
            raise LogError(f"the move does not read back as written ({engine.plays.format_move(move)!r})")
        verdict = engine.check(seen, move)
        if who is not None and to_act is not None and who != to_act:
            verdict = off_turn(engine, state, verdict, who)
        return _played(game, state, args, verdict, overruled, by=who, to_act=to_act, move=(turn, move),
                       kind=said_as)
    tracker, verbs = game.tracker, game.tracker.declaration.verbs
    if verb not in verbs.table:
        raise LogError(f"{verb!r} is not a {tracker.game} command; commands: {', '.join(verbs.table)}")
    if checked and verb in verbs.read_only:
        raise LogError(f"{verb!r} only shows something and is never logged")
    change = Change(verb=verb, args=args)
    if checked:
        return _changed(game, state, change, _judged(tracker, state, change), overruled)
    heard = _judged(tracker, state, change) if not overruled and verb not in verbs.read_only else None
    return _changed(game, state, change, Verdict(legal=not overruled), overruled, heard=heard)


def _judged(tracker, state, change) -> Verdict:
    """The tracker's verdict on a change, less the readings said already this game."""
    return unsaid(state, tracker.check(state, change))


def _engine(game: Game):
    if game.engine is None:
        raise EngineUnavailable(f"{game.name}: its plays are not recorded (no move validator keeps its table)")
    return game.engine


def _refused(state, verdict: Verdict, verb: str, args, label: str, **who) -> Stepped:
    """Judged, not applied (refused, or only asked)."""
    return Stepped(state, state, verdict, (), verb, args, label, applied=False, **who)


def _played(game: Game, state, args: tuple[str, ...], verdict: Verdict, overruled: bool, by=None, named=None,
            to_act=None, move=None, kind: str = PLAY, heard: Verdict | None = None) -> Stepped:
    """A judged play: applied as the log keeps it (`args`), so a replay gives the same table, then
    settled, the readings it said remembered. `move` is (table, move) already read from `args` for that
    table, when known; `heard` the verdict that said them, when not `verdict` (a replay's)."""
    label = f"{PLAY} {args[0]}"
    if not verdict.legal and not overruled:
        return _refused(state, verdict, PLAY, args, label, by=by, named=named, to_act=to_act,
                        move=move[1] if move else None, kind=kind)
    engine = game.engine
    if move is None:
        turn = engine.turns.with_turn(state, args[1]) if len(args) > 1 and args[1] != engine.turns.to_act(state) else state
        move = (turn, engine.plays.parse_move(args[0], turn))
    # a play made by one player naming another maker was judged with that maker's hand unknown (seen_by):
    # applied as judged, not refused again by a hand the judgement did not read (its named cards give way)
    unseen = len(args) > 1 and engine.turns.mover(move[0], move[1]) not in (None, args[1])
    made = engine.plays.apply(move[0], move[1], overruled=not verdict.legal or unseen)
    after, settled = game.tracker.declaration.verbs.settle(made)
    after = remembered(state, after, verdict if heard is None else heard)
    return Stepped(after, state, verdict, (*verdict.effects, *settled), PLAY, args, label, by=by, named=named,
                   to_act=engine.turns.to_act(after), move=move[1], kind=kind)


def _changed(game: Game, state, change, verdict: Verdict, overruled: bool, apply: bool = True,
             heard: Verdict | None = None) -> Stepped:
    """A judged tracker change: applied, then settled, the readings it said remembered (`heard`: the
    verdict that said them, when not `verdict`); a verb that only shows something is not logged."""
    tracker = game.tracker
    if not apply or (not verdict.legal and not overruled):
        return _refused(state, verdict, change.verb, change.args, tracker.declaration.verbs.said(change.verb, change.args),
                        move=change, kind=CHANGE)
    after, effects = tracker.apply(state, change)
    after, settled = tracker.declaration.verbs.settle(after)
    after = remembered(state, after, verdict if heard is None else heard)
    return Stepped(after, state, verdict, (*effects, *settled), change.verb, change.args,
                   tracker.declaration.verbs.said(change.verb, change.args),
                   logged=change.verb not in tracker.declaration.verbs.read_only, move=change, kind=CHANGE)
