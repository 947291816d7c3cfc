"""The engine framework shared by every game: verdicts, reasons, effects and the three failure kinds.

- Input that cannot be parsed raises MoveSyntaxError (naming the token) or SituationError
  (naming the file's field).
- A move that parses but breaks a rule is not an exception: check() returns an illegal Verdict.
- Input that could mean several plays raises AmbiguousMove listing the candidates.

Engines are pure: check() and apply() never mutate their input and do no I/O.
"""
from __future__ import annotations

from typing import Any, ClassVar, Generic, TypeVar

from engine.record import Record


class EngineError(Exception):
    """Base of engine errors; all of them are the user's input, so exit code 2."""

    bad_input = True


class MoveSyntaxError(EngineError):
    """A move that cannot be parsed; the message names the token."""


class AmbiguousMove(EngineError):
    """Text that could mean several plays; `candidates` lists them in move notation."""

    def __init__(self, message: str, candidates: list[str]):
        super().__init__(message + "; candidates: " + " | ".join(candidates))
        self.candidates = candidates


class SituationError(EngineError):
    """A situation file that does not describe a table: names the file and the field."""


class EngineUnavailable(EngineError):
    """A game without a validator yet."""


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
    Also what an `unchecked` note is: the rule that leaves the point open ("" where none does)."""

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


def note(item: "Reason | str") -> Reason:
    """An unchecked note as a Reason: a plain string (a game not yet citing a rule for it) has none."""
    return item if isinstance(item, Reason) else Reason(rule="", message=str(item))


class Verdict(Frozen):
    """The referee's answer. `unchecked` names parts of a move the engine could not judge
    (for example a card effect whose text the rulebook does not give): never silently legal.
    Each note is a Reason (the rule that leaves it open, and what is open); a bare string is read
    as a note citing no rule."""

    legal: bool
    reasons: tuple[Reason, ...] = ()
    effects: tuple[Effect, ...] = ()
    alternatives: tuple[str, ...] = ()
    unchecked: tuple[Reason | str, ...] = ()

    @property
    def notes(self) -> tuple[Reason, ...]:
        """The unchecked notes, each as a Reason."""
        return tuple(note(u) for u in self.unchecked)

    def as_json(self) -> dict[str, Any]:
        return {
            "legal": self.legal,
            "reasons": [r.model_dump() for r in self.reasons],
            "effects": [e.as_json() for e in self.effects],
            "alternatives": list(self.alternatives),
            "unchecked": [n.as_json() for n in self.notes],
        }


S = TypeVar("S", bound=Record)
M = TypeVar("M")


#: what pydantic puts in an error's location besides field names: the branch of a union it tried
_TYPE_TAGS = frozenset({"int", "str", "bool", "float", "tuple", "list", "dict", "none", "constrained-int",
                        "constrained-str", "constrained-float", "lax-int", "strict-int", "json-or-python"})


def _readable(part) -> bool:
    """A location part a person would call part of the field's path (a name, an index, a key)."""
    return not isinstance(part, str) or not ("[" in part or "(" in part or part in _TYPE_TAGS)


def field_problem(exc) -> str:
    """`field players.0.hand: ...` from a pydantic ValidationError: the path in the file's own words
    (no union branch or validator names), and for a value that matched no branch of a union, the
    branch that fits its kind (a number too large, not "Input should be a valid tuple")."""
    errors = exc.errors()
    first = errors[0]
    path = tuple(p for p in first["loc"] if _readable(p))
    same = [e for e in errors if tuple(p for p in e["loc"] if _readable(p)) == path]
    fits = [e for e in same if not e["type"].endswith("_type") and e["type"] not in ("literal_error", "is_instance_of")]
    chosen = (fits or same or [first])[0]
    where = ".".join(str(p) for p in path) or "file"
    return f"field {where}: {chosen['msg']}"


class Engine(Generic[S, M]):
    """What every game's engine provides. Subclasses set `game`, `State` and `RULE_IDS`."""

    game: ClassVar[str]
    State: ClassVar[type[Record]]
    #: every rule id this engine can cite (a test checks each exists in rulesdb)
    RULE_IDS: ClassVar[frozenset[str]]
    #: the move notation, for --help and errors
    NOTATION: ClassVar[str]

    #: the rule a table's player count and seats come under (status cites it for a table that cannot be)
    SEATS_RULE: ClassVar[str] = ""

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
            raise SituationError(f"{source}: {field_problem(exc)}") from None
        return state

    def seat_problems(self, state: S) -> list[Reason]:
        """What makes the table's players impossible (the seat rule `track new` applies: count, names)."""
        from rulesdb.names import seat_problems

        return [Reason(rule=self.SEATS_RULE, message=m)
                for m in seat_problems(self.game, [p.name for p in state.players])]

    def parse_move(self, text: str, state: S) -> M:
        raise NotImplementedError

    def format_move(self, move: M) -> str:
        raise NotImplementedError

    def check(self, state: S, move: M) -> Verdict:
        raise NotImplementedError

    def apply(self, state: S, move: M, overruled: bool = False) -> S:
        """The State after the move. With `overruled=True` the table made a move that check()
        refused (the table is the truth): apply it as far as it can be applied instead of raising."""
        raise NotImplementedError

    def legal_moves(self, state: S) -> list[M]:
        raise NotImplementedError

    def status(self, state: S) -> list[Reason]:
        raise NotImplementedError

    # -- play-along: a saved session is the situation ------------------------------------
    # A game whose engine is in engine.ENGINES keeps ONE State for its tracker and its validator
    # (Tracker.State is Engine.State), so `companion play MOVE` judges a move against the session's
    # replayed state and records it in the same log as the tracker's changes (trackers/sessions.py).

    def to_act(self, state: S) -> str | None:
        """The name of the player who is to act now (shown after every play; a play by anyone
        else is refused unless overruled), or None when nobody is (the game is over)."""
        return None

    #: the rule a play out of turn breaks
    TURN_RULE: ClassVar[str] = ""

    def with_turn(self, state: S, player: str) -> S:
        """The State with `player` to act: how an overruled play out of turn is recorded."""
        raise EngineError(f"{self.game}: a play out of turn cannot be recorded")

    def mover(self, state: S, move: M) -> str | None:
        """The player who makes this move (None: the player to act)."""
        return None

    def acting(self, state: S) -> str | None:
        """Who may act now when that is more than the one player to_act() names (shown as "To act"),
        or None to show to_act() alone."""
        return None

    def out_of_turn(self, state: S, player: str) -> Reason:
        """Why `player` may not act now (a play `--by` someone other than the player to act)."""
        return Reason(rule=self.TURN_RULE, message=f"it is {self.to_act(state)}'s turn, not {player}'s")

    def moves_note(self, state: S) -> str | None:
        """Why legal_moves() cannot list the plays of the player to act (their hand is unknown,
        the game is over ...), or None when it can."""
        return None

    def check_deck(self, data: dict, source: str = "deck") -> Verdict:
        """A deck list (parsed TOML/JSON) against the game's deck-building rules."""
        raise EngineUnavailable(f"{self.game} has no deck-building rules to check")

    def names(self, state: S) -> list[str]:
        """The table's names that printed output keeps whole on one line: its players and its cards."""
        return [p.name for p in getattr(state, "players", ())] + self.card_names(state)

    #: the module whose `builtin_catalogue()` and `catalogue(state)` list the game's cards (None: none)
    CATALOGUE: ClassVar[str | None] = None

    def card_names(self, state: S | None = None) -> list[str]:
        """The names of the cards the table plays with (the shipped catalogue's without a state)."""
        if self.CATALOGUE is None:
            return []
        import importlib

        module = importlib.import_module(self.CATALOGUE)
        cards = module.builtin_catalogue() if state is None else module.catalogue(state).values()
        return [card.name for card in cards]

    def position(self, state: S) -> dict[str, Any]:
        """What `status` shows of the table beside its problems (e.g. the Line and who has
        priority); empty for games with nothing to add."""
        return {}

    def situation(self, state: S) -> dict[str, Any]:
        """The State written out as a situation file that load_state() accepts."""
        return state.model_dump(mode="json")
