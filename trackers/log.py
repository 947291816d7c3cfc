"""A session's log and its replay: the records (Entry, Session, Result) and the fold of the log into
a state, each logged event through the one checked step (engine.base.step_logged, not judged again:
the ledger vouches for the log). Pure: no SQLite here (trackers/sessions.py stores and reads the log)."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime, timezone
from functools import lru_cache
from typing import Any, Iterator

from engine import get_tracker
from engine.base import PLAY, Game, step_logged

EXPORT_FORMAT = "companion-session"
EXPORT_VERSION = 1


def now() -> str:
    """The time an event or a session is stamped with (UTC, to the second)."""
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


@dataclass
class Entry:
    """One line of a session's log."""

    seq: int
    at: str
    kind: str  # change | undo | redo
    verb: str = ""
    args: tuple[str, ...] = ()
    count: int = 1
    overruled: bool = False
    violations: list = field(default_factory=list)
    digest: str = ""  # its ledger link (not exported)

    @property
    def label(self) -> str:
        if self.kind == "change":
            # a play's player (its second word) is said by the views that name who made each change
            words = (self.verb, self.args[0]) if self.verb == PLAY and len(self.args) == 2 else (self.verb, *self.args)
            return " ".join(words) + ("  (overruled)" if self.overruled else "")
        return f"{self.kind} {self.count}"

    def as_json(self) -> dict[str, Any]:
        return {"seq": self.seq, "at": self.at, "kind": self.kind, "verb": self.verb, "args": list(self.args),
                "count": self.count, "overruled": self.overruled, "violations": self.violations}


_LINE = json.JSONEncoder(ensure_ascii=False).encode  # one value on one line, by the C encoder


def export_text(doc: dict[str, Any]) -> str:
    """An export's JSON text: one top-level field a line, then each event on a line of its own
    (`indent` would make json use its pure-Python encoder, four times slower on a long log;
    docs/data-format.md shows the layout). Any JSON layout of the same document imports alike."""
    fields = [f" {_LINE(k)}: {_LINE(v)}" for k, v in doc.items() if k != "events"]
    events = ",\n".join(f"  {_LINE(e)}" for e in doc["events"])
    fields.append(f' "events": [\n{events}\n ]' if events else ' "events": []')
    return "{\n" + ",\n".join(fields) + "\n}\n"


ROW_COLUMNS = "seq, at, kind, verb, args, count, overruled, violations, digest"  # an events row, as entry_from_row reads it


@lru_cache(maxsize=4096)
def _args(text: str) -> tuple[str, ...]:
    """A stored args text's words (read once each: a log repeats its changes); ValueError if it is
    not a list of texts."""
    words = json.loads(text)
    if not isinstance(words, list) or not all(isinstance(a, str) for a in words):
        raise ValueError("args")
    return tuple(words)


def entry_from_row(r: tuple) -> Entry:
    """An Entry from an events row (ROW_COLUMNS); ValueError when a field does not read."""
    if not all(isinstance(r[i], str) for i in (1, 2, 3, 4, 7, 8)) or type(r[5]) is not int or type(r[0]) is not int:
        raise ValueError("a field of the wrong type")
    args = _args(r[4])
    violations = [] if r[7] == "[]" else json.loads(r[7])  # most changes break no rule
    return Entry(r[0], r[1], r[2], r[3], args, r[5], bool(r[6]), violations, r[8])


class ReplayError(Exception):
    """A stored change that does not apply to the state before it: the log was damaged or edited
    (what was recorded always applied when it was recorded)."""

    def __init__(self, seq: int, cause: BaseException):
        super().__init__(f"event {seq} does not replay ({type(cause).__name__}: {str(cause)[:160]})")
        self.seq = seq


@dataclass
class Session:
    id: int
    name: str
    game: str
    players: list[str]
    options: dict[str, str]
    created: str
    ended: str | None

    def as_json(self) -> dict[str, Any]:
        return {k: v for k, v in vars(self).items() if k != "id"}

    @property
    def names(self) -> tuple[str, ...]:
        """The players' and the game's card names: what a view of this session keeps whole on a line."""
        return (*self.players, *card_names(self.game))


@lru_cache(maxsize=None)
def card_names(game: str) -> tuple[str, ...]:
    """The names of the cards `game` ships (engine Views.card_names); none for a game the engine
    does not declare (names only guide where lines break)."""
    from engine import GAMES, get_engine

    return tuple(get_engine(game).views.card_names()) if game in GAMES else ()


@dataclass
class Replay:
    """The state a log gives, with the applied changes and what redo would bring back."""

    state: Any
    applied: Stack  # seqs of the applied changes, oldest first
    redo: Stack  # seqs of the undone changes, the next to redo last
    seq: int = 0  # the last event's seq


@dataclass
class Result:
    """What a command did: the session, its state, and what the change triggered."""

    session: Session
    state: Any
    summary: dict[str, Any]
    change: str | None = None
    effects: list = field(default_factory=list)
    violations: list = field(default_factory=list)
    overruled: bool = False
    before: dict[str, Any] | None = None  # the summary before the command, to say what it touched
    undone: list[str] = field(default_factory=list)  # labels an undo took back (or a redo brought back)
    library: list[dict] = field(default_factory=list)  # cards whose library version differs from the session's
    saved: list[str] = field(default_factory=list)  # cards `--save` kept in the card library
    views: dict[str, dict[str, Any]] = field(default_factory=dict)  # the table as each player asked for sees it
    readings: list = field(default_factory=list)  # the readings a change said, the first time (engine/readings.py)

    def as_json(self) -> dict[str, Any]:
        return {
            "session": self.session.name,
            "game": self.session.game,
            "change": self.change,
            "overruled": self.overruled,
            "violations": [v.model_dump() if hasattr(v, "model_dump") else v for v in self.violations],
            "effects": [e.as_json() for e in self.effects],
            "state": self.summary,
        } | ({"undone": self.undone} if self.undone else {}) | (  # what an undo took back, who made each
            {"library": self.library} if self.library else {}) | ({"saved": self.saved} if self.saved else {})


@dataclass
class PlayResult(Result):
    """A recorded play: the Result of a change, with the verdict and who is to act now. Everything a
    face shows, so none calls back into engine/ or trackers/: `summary` is the table as everyone may
    see it (secrets hidden), `views` the table as each player asked for sees it (their own secrets
    shown, Result.views), `acting` who may act when more than `to_act` may (engine.acting), `kind`
    CHANGE for a tracker command said as a play (`before` is then the table as everyone saw it before)."""

    verdict: Any = None
    move: str = ""
    by: str | None = None
    to_act: str | None = None
    recorded: bool = True  # False: refused, nothing logged (the state is the table as it stands)
    acting: str | None = None
    kind: str = PLAY
    names: tuple[str, ...] = ()  # the players' and cards' names the play's lines keep whole (Session.names)

    def __post_init__(self) -> None:
        if self.verdict is not None and not self.readings:  # the readings its verdict said, the first time
            from engine.readings import is_reading

            self.readings = [n for n in self.verdict.unchecked if is_reading(n)]

    def as_json(self) -> dict[str, Any]:
        """One shape for a recorded, overruled or refused play: the change's keys (its effects
        include what the table settled after it), the verdict's, who made it and who is to act."""
        out = super().as_json()
        verdict = self.verdict.as_json()
        out.update({"move": self.move, "by": self.by, "legal": self.recorded and not self.overruled,
                    "recorded": self.recorded, "reasons": verdict["reasons"],
                    "alternatives": verdict["alternatives"], "unchecked": verdict["unchecked"],
                    "to_act": self.to_act})
        return out


def engine_for(game: str):
    """The game's move validator, or None for a game that only tracks counters (or is no game)."""
    from engine import GAMES, get_game

    return get_game(game).engine if game in GAMES else None


def game_for(game: str, tracker=None) -> Game:
    """The game's tracker and (for a play-along game) engine, as the step takes them."""
    return Game(tracker or get_tracker(game), engine_for(game))


def shift(applied: Stack, redo: Stack, kind: str, count: int) -> None:
    """An undo (the top `count` applied changes onto the redo stack) or a redo (back again)."""
    source, target = (applied, redo) if kind == "undo" else (redo, applied)
    for _ in range(count):
        target.push(source.pop())


class Stack:
    """The applied or redo stack of a replay: seq numbers kept as runs [first, last] (a log of
    changes is mostly consecutive runs), so a snapshot stores and loads it in O(runs)."""

    __slots__ = ("runs", "size")

    def __init__(self, runs: list[list[int]] | None = None):
        self.runs = [[int(a), int(b)] for a, b in runs or []]
        self.size = sum(b - a + 1 for a, b in self.runs)
        # the applied stack's runs ascend; the redo stack's descend (each undo pushes a lower seq)
        ordered = sorted(self.runs)
        if any(b < a for a, b in self.runs) or any(nxt[0] <= prev[1] for prev, nxt in zip(ordered, ordered[1:])):
            raise ValueError("stack runs overlap")

    def copy(self) -> Stack:
        out = Stack()
        out.runs, out.size = [list(r) for r in self.runs], self.size
        return out

    def push(self, seq: int) -> None:
        if self.runs and self.runs[-1][1] + 1 == seq:
            self.runs[-1][1] = seq
        else:
            self.runs.append([seq, seq])
        self.size += 1

    def pop(self) -> int:
        run = self.runs[-1]  # IndexError on an empty stack, as list.pop
        seq = run[1]
        if run[0] == seq:
            self.runs.pop()
        else:
            run[1] = seq - 1
        self.size -= 1
        return seq

    def top(self, n: int) -> list[int]:
        """The top n seqs, bottom to top."""
        out: list[int] = []
        for a, b in reversed(self.runs):
            if len(out) >= n:
                break
            take = min(n - len(out), b - a + 1)
            out[:0] = range(b - take + 1, b + 1)
        return out

    def seqs(self) -> Iterator[int]:
        for a, b in self.runs:
            yield from range(a, b + 1)

    def __len__(self) -> int:
        return self.size

    def __eq__(self, other) -> bool:
        return isinstance(other, Stack) and self.runs == other.runs


def moved(done: Replay, tail: list[Entry]) -> tuple[Stack, Stack, int]:
    """done's applied and redo stacks moved on by the events `tail` (their kinds and counts only),
    and the lowest height the applied stack reached on the way."""
    applied, redo = done.applied.copy(), done.redo.copy()
    low = len(applied)
    for e in tail:
        if e.kind == "change":
            applied.push(e.seq)
            redo = Stack()
        else:
            shift(applied, redo, e.kind, e.count)
            low = min(low, len(applied))
    return applied, redo, low


def fold(tracker, session: Session, done: Replay, tail: list[Entry], lookup=None) -> Replay | None:
    """`done` moved on by the events `tail` that follow it; None when an undo in the tail reaches
    below done's applied stack (a state cannot be taken back: replay from an earlier point).
    lookup(seqs) -> {seq: Entry} reads redone changes from before `done`."""
    applied, redo, low = moved(done, tail)
    height = len(done.applied)
    if low < height:
        return None
    pushed = applied.top(len(applied) - height)
    by_seq = {e.seq: e for e in tail}
    missing = [s for s in pushed if s not in by_seq]
    if missing:
        by_seq.update(lookup(missing))
    state = done.state
    game = game_for(session.game, tracker)
    for e in [by_seq[s] for s in pushed]:
        try:
            state = step_logged(game, state, e.verb, e.args, e.overruled, checked=False).state
        except Exception as exc:  # noqa: BLE001 - whatever a stored change raises, the log is at fault
            raise ReplayError(e.seq, exc) from exc
    return Replay(state, applied, redo, tail[-1].seq if tail else done.seq)


def replay(tracker, session: Session, entries: list[Entry]) -> Replay:
    """Fold the whole log into a state."""
    from engine.library import start_state

    start = Replay(start_state(tracker, session.players, session.options), Stack(), Stack(), 0)
    return fold(tracker, session, start, entries)


@dataclass
class Known:
    """The last replay this process verified of one session: the log had `length` events ending
    in the ledger link `head` (a later command replays only the events written since)."""

    length: int
    head: str
    done: Replay
