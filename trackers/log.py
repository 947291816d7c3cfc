"""A session's log and its replay: the records (Entry, Session, Result), the play-along dispatch of
one logged event (a play through the game's engine, anything else through its tracker) and the fold
of the log into a state. Pure: no SQLite here (trackers/sessions.py stores and reads the log)."""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timezone
from typing import Any

EXPORT_FORMAT = "companion-session"
EXPORT_VERSION = 1


def _now() -> str:
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
            return " ".join((self.verb, *self.args)) + ("  (overruled)" if self.overruled else "")
        return f"{self.kind} {self.count}"

    def as_json(self) -> dict[str, Any]:
        return {"seq": self.seq, "at": self.at, "kind": self.kind, "verb": self.verb, "args": list(self.args),
                "count": self.count, "overruled": self.overruled, "violations": self.violations}


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
        return {"name": self.name, "game": self.game, "players": self.players, "options": self.options,
                "created": self.created, "ended": self.ended}


@dataclass
class Replay:
    """The state a log gives, with the applied changes and what redo would bring back."""

    state: Any
    applied: list[Entry]
    redo: list[Entry]
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

    def as_json(self) -> dict[str, Any]:
        return {
            "session": self.session.name,
            "game": self.session.game,
            "change": self.change,
            "overruled": self.overruled,
            "violations": [v.model_dump() if hasattr(v, "model_dump") else v for v in self.violations],
            "effects": [e.model_dump() for e in self.effects],
            "state": self.summary,
        }


@dataclass
class PlayResult(Result):
    """A recorded play: the Result of a change, with the verdict and who is to act now."""

    verdict: Any = None
    move: str = ""
    by: str | None = None
    to_act: str | None = None

    def as_json(self) -> dict[str, Any]:
        out = super().as_json()
        out.update({"move": self.move, "by": self.by, **self.verdict.as_json(), "to_act": self.to_act})
        out["legal"] = not self.overruled
        return out


def tracker_for(game: str):
    from engine import get_tracker

    return get_tracker(game)


PLAY = "play"  # the verb of a logged play: args = (move text,) or (move text, player who made it)


def engine_for(game: str):
    """The game's move validator, or None for a game that only tracks counters, or whose tracker
    does not keep the validator's State yet (plays need the one model; without it they would fail)."""
    from engine import ENGINES, get_engine

    if game not in ENGINES:
        return None
    engine = get_engine(game)
    return engine if tracker_for(game).State is engine.State else None


def play_along_games() -> list[str]:
    from engine import ENGINES

    return sorted(g for g in ENGINES if engine_for(g) is not None)


def apply_entry(tracker, engine, state, verb: str, args: tuple[str, ...], overruled: bool):
    """One logged change applied to a state: a play through the engine, anything else through the
    tracker. Returns (state, effects)."""
    from engine.tracking import Change

    if verb != PLAY:
        return tracker.apply(state, Change(verb=verb, args=args))
    if len(args) > 1 and args[1] != engine.to_act(state):
        state = engine.with_turn(state, args[1])
    move = engine.parse_move(args[0], state)
    return tracker.settle(engine.apply(state, move, overruled=overruled))


def replay(tracker, session: Session, entries: list[Entry]) -> Replay:
    """Fold the log into a state."""
    applied: list[Entry] = []
    redo: list[Entry] = []
    for e in entries:
        if e.kind == "change":
            applied.append(e)
            redo.clear()
        elif e.kind == "undo":
            for _ in range(e.count):
                redo.append(applied.pop())
        else:
            for _ in range(e.count):
                applied.append(redo.pop())
    state = tracker.new_state(session.players, session.options)
    engine = engine_for(session.game) if any(e.verb == PLAY for e in applied) else None
    for e in applied:
        state, _ = apply_entry(tracker, engine, state, e.verb, e.args, e.overruled)
    return Replay(state, applied, redo)


def extend(tracker, session: Session, done: Replay, new: list[Entry]) -> Replay:
    """`done` moved on by events appended since, or None when they need a full replay (undo/redo)."""
    if any(e.kind != "change" for e in new):
        return None
    state, applied = done.state, list(done.applied)
    engine = engine_for(session.game) if any(e.verb == PLAY for e in new) else None
    for e in new:
        state, _ = apply_entry(tracker, engine, state, e.verb, e.args, e.overruled)
        applied.append(e)
    return Replay(state, applied, list(done.redo) if not new else [])


@dataclass
class _Known:
    """What this process has verified and replayed of one session (so a writer replays only the new events)."""

    length: int
    head: str
    entries: list[Entry]
    done: Replay
