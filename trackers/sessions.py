"""Sessions: start, record changes, undo/redo, history, export/import. The library the CLI wraps.

The log is append-only: a change, an undo and a redo are each one entry. The state is the replay
of the log through the game's tracker: undo moves the last applied changes onto a redo stack,
redo moves them back, and a new change clears the redo stack.
"""
from __future__ import annotations

import json
import re
import sqlite3
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from trackers.errors import ImportFileError, Refused, SessionError
from trackers.store import connect

EXPORT_FORMAT = "companion-session"
EXPORT_VERSION = 1
NAME = re.compile(r"^[a-z0-9]+(?:[-_][a-z0-9]+)*$")


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
    """The game's move validator, or None for a game that only tracks counters."""
    from engine import ENGINES, get_engine

    return get_engine(game) if game in ENGINES else None


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


class Sessions:
    """The sessions in one data folder."""

    def __init__(self, data_dir: Path):
        self.path = data_dir / "sessions.sqlite3"
        self.con = connect(self.path)

    def close(self) -> None:
        self.con.close()

    def __enter__(self) -> Sessions:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    @contextmanager
    def transaction(self):
        """One command = one transaction; BEGIN IMMEDIATE makes concurrent writers take turns."""
        self.con.execute("BEGIN IMMEDIATE")
        try:
            yield self.con
        except BaseException:
            self.con.execute("ROLLBACK")
            raise
        else:
            self.con.execute("COMMIT")

    # -- reading -------------------------------------------------------------------------

    def _session_row(self, row) -> Session:
        return Session(row[0], row[1], row[2], json.loads(row[3]), json.loads(row[4]), row[5], row[6])

    def all(self) -> list[Session]:
        rows = self.con.execute("SELECT id, name, game, players, options, created, ended FROM sessions ORDER BY id")
        return [self._session_row(r) for r in rows]

    def current_name(self) -> str | None:
        row = self.con.execute("SELECT value FROM meta WHERE key = 'current'").fetchone()
        return row[0] if row else None

    def get(self, name: str | None = None) -> Session:
        """A session by name, or the current one; SessionError names the sessions there are."""
        wanted = name or self.current_name()
        if wanted is None:
            raise SessionError("no current session: start one with `companion track new GAME --players \"Ann,Ben\"`"
                               " or pick one with `companion track switch NAME`")
        row = self.con.execute(
            "SELECT id, name, game, players, options, created, ended FROM sessions WHERE name = ?", (wanted,)
        ).fetchone()
        if row is None:
            import difflib

            names = [s.name for s in self.all()]
            near = difflib.get_close_matches(wanted, names, n=3, cutoff=0.5) or names[:5]
            hint = f"; sessions: {', '.join(near)}" if near else "; there are no sessions yet"
            raise SessionError(f"no session named {wanted!r}{hint}")
        return self._session_row(row)

    def entries(self, session: Session) -> list[Entry]:
        rows = self.con.execute(
            "SELECT seq, at, kind, verb, args, count, overruled, violations FROM events"
            " WHERE session_id = ? ORDER BY seq", (session.id,))
        return [Entry(r[0], r[1], r[2], r[3], tuple(json.loads(r[4])), r[5], bool(r[6]), json.loads(r[7])) for r in rows]

    def replay(self, session: Session) -> Replay:
        return replay(tracker_for(session.game), session, self.entries(session))

    def show(self, name: str | None = None) -> Result:
        session = self.get(name)
        tracker = tracker_for(session.game)
        state = replay(tracker, session, self.entries(session)).state
        return Result(session, state, tracker.summary(state))

    # -- writing -------------------------------------------------------------------------

    def new(self, game: str, players: list[str], name: str | None = None, options: dict[str, str] | None = None) -> Result:
        """Start a session (the game's tracker validates players and options first) and make it current."""
        tracker = tracker_for(game)
        options = dict(options or {})
        players = _check_players(players)
        state = tracker.new_state(players, options)  # OptionError before anything is written
        with self.transaction() as con:
            chosen = name or self._free_name(game)
            if not NAME.match(chosen):
                raise SessionError(f"bad session name {chosen!r}: use lowercase letters, digits, '-' or '_'")
            if con.execute("SELECT 1 FROM sessions WHERE name = ?", (chosen,)).fetchone():
                raise SessionError(f"a session named {chosen!r} exists already; pick another --name")
            created = _now()
            cur = con.execute(
                "INSERT INTO sessions (name, game, players, options, created) VALUES (?, ?, ?, ?, ?)",
                (chosen, game, json.dumps(players), json.dumps(options), created))
            con.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('current', ?)", (chosen,))
            session = Session(cur.lastrowid, chosen, game, players, options, created, None)
        return Result(session, state, tracker.summary(state))

    def _free_name(self, game: str) -> str:
        n = 1
        while self.con.execute("SELECT 1 FROM sessions WHERE name = ?", (f"{game}-{n}",)).fetchone():
            n += 1
        return f"{game}-{n}"

    def use(self, name: str) -> Session:
        session = self.get(name)
        with self.transaction() as con:
            con.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('current', ?)", (session.name,))
        return session

    def end(self, name: str | None = None) -> Session:
        session = self.get(name)
        with self.transaction() as con:
            con.execute("UPDATE sessions SET ended = ? WHERE id = ?", (_now(), session.id))
            if self.current_name() == session.name:
                con.execute("DELETE FROM meta WHERE key = 'current'")
        return self.get(session.name)

    def _append(self, con: sqlite3.Connection, session: Session, entries: list[Entry], **fields) -> None:
        seq = (entries[-1].seq if entries else 0) + 1
        con.execute(
            "INSERT INTO events (session_id, seq, at, kind, verb, args, count, overruled, violations)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (session.id, seq, _now(), fields["kind"], fields.get("verb", ""), json.dumps(list(fields.get("args", ()))),
             fields.get("count", 1), int(fields.get("overruled", False)), json.dumps(fields.get("violations", []))))

    def _open(self, name: str | None) -> Session:
        session = self.get(name)
        if session.ended:
            raise SessionError(f"session {session.name!r} has ended; start a new one or import it again")
        return session

    def record(self, words: list[str], name: str | None = None, overrule: bool = False) -> Result:
        """Apply one change as the table said it; refused (with rule ids) unless overruled."""
        with self.transaction() as con:
            session = self._open(name)
            tracker = tracker_for(session.game)
            entries = self.entries(session)
            state = replay(tracker, session, entries).state
            change = tracker.parse(state, words)
            verdict = tracker.check(state, change)
            violations = [r.model_dump() for r in verdict.reasons] if not verdict.legal else []
            if not verdict.legal and not overrule:
                first = verdict.reasons[0] if verdict.reasons else None
                why = f"{first.message} [{first.rule}]" if first else "the rules forbid it"
                raise Refused(f"refused: {change.label()}: {why}; if the table decides otherwise, add --overrule", verdict)
            new_state, effects = tracker.apply(state, change)
            if change.verb not in tracker.READ_ONLY:
                self._append(con, session, entries, kind="change", verb=change.verb, args=change.args,
                             overruled=bool(violations), violations=violations)
        return Result(session, new_state, tracker.summary(new_state), change.label(), list(effects),
                      list(verdict.reasons) if violations else [], bool(violations), tracker.summary(state))

    def situation(self, name: str | None = None):
        """(session, engine, state): the session's table for the move validator; SessionError for a
        game without one."""
        session = self.get(name)
        engine = engine_for(session.game)
        if engine is None:
            from engine import ENGINES

            raise SessionError(f"{session.game} has no move validator yet (games with one: {', '.join(sorted(ENGINES))}); "
                               "its counters are tracked with `companion track ...`")
        return session, engine, self.replay(session).state

    def play(self, text: str, name: str | None = None, overrule: bool = False, by: str | None = None) -> PlayResult:
        """Judge a play against the session's table and, when legal (or overruled), record it."""
        with self.transaction() as con:
            session = self._open(name)
            engine = engine_for(session.game)
            if engine is None:
                self.situation(session.name)  # raises the SessionError
            tracker = tracker_for(session.game)
            entries = self.entries(session)
            state = replay(tracker, session, entries).state
            move = engine.parse_move(text, state)
            verdict = engine.check(state, move)
            to_act = engine.to_act(state)
            who = to_act
            if by is not None:
                from engine.words import match

                who = match(by, list(session.players), "player", hint="players")
                if to_act is not None and who != to_act:
                    from engine.base import Reason

                    turn = Reason(rule=engine.TURN_RULE, message=f"it is {to_act}'s turn, not {who}'s")
                    verdict = verdict.model_copy(update={"legal": False, "reasons": (turn, *verdict.reasons)})
            canonical = engine.format_move(move)
            if not verdict.legal and not overrule:
                first = verdict.reasons[0] if verdict.reasons else None
                why = f"{first.message} [{first.rule}]" if first else "the rules forbid it"
                raise Refused(f"refused: {canonical}: {why}; if the table decides otherwise, add --overrule", verdict)
            args = (canonical,) if who == to_act else (canonical, who)
            new_state, settled = apply_entry(tracker, engine, state, PLAY, args, not verdict.legal)
            violations = [r.model_dump() for r in verdict.reasons] if not verdict.legal else []
            self._append(con, session, entries, kind="change", verb=PLAY, args=args,
                         overruled=bool(violations), violations=violations)
        return PlayResult(session, new_state, tracker.summary(new_state), f"{PLAY} {canonical}",
                          list(verdict.effects) + list(settled), list(verdict.reasons) if violations else [],
                          bool(violations),
                          verdict=verdict, move=canonical, by=who, to_act=engine.to_act(new_state))

    def undo(self, count: int = 1, name: str | None = None, redo: bool = False) -> Result:
        """Take back (or with redo=True, bring back) the last `count` changes."""
        if count < 1:
            raise SessionError("the number of steps must be 1 or more")
        with self.transaction() as con:
            session = self._open(name)
            tracker = tracker_for(session.game)
            entries = self.entries(session)
            done = replay(tracker, session, entries)
            from engine.words import count as counted

            available = len(done.redo if redo else done.applied)
            if count > available:
                what = "redo" if redo else "undo"
                raise SessionError(f"nothing to {what}" if not available
                                   else f"only {counted(available, 'change')} to {what}")
            self._append(con, session, entries, kind="redo" if redo else "undo", count=count)
            entries = self.entries(session)
        moved = done.redo[::-1][:count] if redo else done.applied[::-1][:count]
        state = replay(tracker, session, entries).state
        return Result(session, state, tracker.summary(state), f"{'redo' if redo else 'undo'} {count}",
                      before=tracker.summary(done.state), undone=[e.label for e in moved])

    # -- moving between devices ----------------------------------------------------------

    def export(self, name: str | None, path: Path) -> dict:
        session = self.get(name)
        doc = {"format": EXPORT_FORMAT, "version": EXPORT_VERSION, **session.as_json(),
               "events": [e.as_json() for e in self.entries(session)]}
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_text(json.dumps(doc, ensure_ascii=False, indent=1), encoding="utf-8")
        tmp.replace(path)
        return doc

    def import_(self, path: Path, name: str | None = None) -> Result:
        """Load an exported session (checking that its whole log replays) and make it current."""
        try:
            doc = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise ImportFileError(f"{path}: no such file") from None
        except (OSError, UnicodeDecodeError, ValueError) as exc:
            raise ImportFileError(f"{path}: not a session export ({exc})") from None
        if not isinstance(doc, dict) or doc.get("format") != EXPORT_FORMAT:
            raise ImportFileError(f"{path}: not a companion session export (field format)")
        if doc.get("version") != EXPORT_VERSION:
            raise ImportFileError(f"{path}: export version {doc.get('version')!r} is not supported (field version)")
        try:
            game, players, options = doc["game"], list(doc["players"]), dict(doc["options"])
            entries = [Entry(e["seq"], e["at"], e["kind"], e.get("verb", ""), tuple(e.get("args", ())),
                             int(e.get("count", 1)), bool(e.get("overruled")), list(e.get("violations", [])))
                       for e in doc["events"]]
        except (KeyError, TypeError, ValueError) as exc:
            raise ImportFileError(f"{path}: a field is missing or malformed ({exc})") from None
        tracker = tracker_for(game)
        probe = Session(0, name or doc.get("name", ""), game, players, options, doc.get("created", _now()), None)
        try:
            replay(tracker, probe, entries)
        except Exception as exc:  # noqa: BLE001 - any failure means the log is not usable
            raise ImportFileError(f"{path}: its log does not replay ({exc})") from None
        with self.transaction() as con:
            chosen = name or doc.get("name") or self._free_name(game)
            if con.execute("SELECT 1 FROM sessions WHERE name = ?", (chosen,)).fetchone():
                raise SessionError(f"a session named {chosen!r} exists already; import with --name NEW")
            cur = con.execute(
                "INSERT INTO sessions (name, game, players, options, created) VALUES (?, ?, ?, ?, ?)",
                (chosen, game, json.dumps(players), json.dumps(options), probe.created))
            for e in entries:
                con.execute(
                    "INSERT INTO events (session_id, seq, at, kind, verb, args, count, overruled, violations)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    (cur.lastrowid, e.seq, e.at, e.kind, e.verb, json.dumps(list(e.args)), e.count,
                     int(e.overruled), json.dumps(e.violations)))
            con.execute("INSERT OR REPLACE INTO meta (key, value) VALUES ('current', ?)", (chosen,))
        return self.show(chosen)


def _check_players(players: list[str]) -> list[str]:
    names = [p.strip() for p in players if p.strip()]
    if not names:
        raise SessionError('no players: give them as --players "Ann,Ben,Cy"')
    lowered = [n.lower() for n in names]
    dupes = sorted({n for n in lowered if lowered.count(n) > 1})
    if dupes:
        raise SessionError(f"player names must differ: {', '.join(dupes)} appears twice")
    return names
