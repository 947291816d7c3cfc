"""After the game: each session's outcome record, from the same replay as `track show` (so the two
never disagree), read through the game's own Outcome hooks (nothing here branches per game), and a
signed cache of it keyed by the log's head (docs/architecture.md "Storage", "After the game").
"""
from __future__ import annotations

import hashlib
import hmac
import json
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache
from pathlib import Path
from typing import Any

from engine import get_tracker
from trackers.log import Entry, ReplayError, Session, Stack, engine_for, game_for, shift

CACHE_PREFIX = "outcome:"
FORMAT = 4  # bump when a record's meaning changes (2: its `share` of the stats; 3: `standing`, `start_player`;
# 4: `said`, the game's own words for its result)

FINISHED, ABANDONED, PLAYING = "finished", "abandoned", "in progress"


@dataclass
class Step:
    """One applied change of the log: who made it, what it set off, the table before and after."""

    entry: Entry
    by: str
    effects: list
    before: Any
    after: Any

    @property
    def seq(self) -> int:
        return self.entry.seq


def applied_seqs(entries: list[Entry]) -> list[int]:
    """The seqs of the changes the log keeps applied, oldest first (undo and redo as trackers/log.py folds them)."""
    applied, redo = Stack(), Stack()
    for e in entries:
        if e.kind == "change":
            applied.push(e.seq)
            redo = Stack()
        else:
            shift(applied, redo, e.kind, min(e.count, len(applied if e.kind == "undo" else redo)))
    return list(applied.seqs())


def walk(session: Session, entries: list[Entry]) -> tuple[Any, list[Step]]:
    """The final State of the log and every applied change as a Step, each through the step
    `track log` tells it by (trackers/narrate.told_step: a play's verdict effects with what the
    table settled after it)."""
    from trackers.narrate import change_by, told_step

    game = game_for(session.game)
    by_seq = {e.seq: e for e in entries}
    from engine.library import start_state

    state = start_state(game.tracker, session.players, session.options)  # with its recorded cards
    steps = []
    for seq in applied_seqs(entries):
        e = by_seq[seq]
        try:
            stepped = told_step(game, state, e)
        except Exception as exc:  # noqa: BLE001 - whatever a stored change raises, the log is at fault
            raise ReplayError(e.seq, exc) from exc
        steps.append(Step(e, change_by(session, game.engine, state, e), list(stepped.effects), state, stepped.state))
        state = stepped.state
    return state, steps


# -- the record ------------------------------------------------------------------------------


def _seconds(start: str, end: str | None) -> int:
    try:
        return max(0, int((datetime.fromisoformat(end) - datetime.fromisoformat(start)).total_seconds())) if end else 0
    except ValueError:
        return 0


def outcome(session: Session, entries: list[Entry], walked: tuple[Any, list[Step]] | None = None) -> dict[str, Any]:
    """The session's outcome record (JSON-ready): game, players, started / last change / ended,
    finished, abandoned (ended without a finish) or in progress, the result, its length and
    duration, the game's own figures, its `share` of the figures over many sessions and its result in
    the game's own words (`said`), kept with the record so that `stats`, `history` and BG Stats need
    no game's code: each as the game's Outcome reads them (engine/game.py),
    who won over the blank result every record carries (engine.game.no_result)."""
    from engine.game import no_result
    from trackers.narrate import is_setup

    tracker = get_tracker(session.game)
    game = tracker.declaration.outcome
    state, steps = walked or walk(session, entries)
    summary = tracker.declaration.verbs.summary(state)
    over = bool(summary.get("game_over"))
    unit, attr = game.length
    last = entries[-1].at if entries else None
    record = {
        "session": session.name, "game": session.game, "players": list(session.players),
        "started": session.created, "last_change": last, "ended": session.ended,
        "status": FINISHED if over else ABANDONED if session.ended else PLAYING,
        "cooperative": game.cooperative,
        **no_result(), **(game.result(summary, session.players) if over else {}),
        "plays": sum(not is_setup(session, s.entry) for s in steps),  # set-up changes are the table's, no plays
        "overruled": sum(s.entry.overruled for s in steps),
        "length": {"unit": unit, "count": getattr(state, attr)},
        "duration": _seconds(session.created, last),
        "figures": game.figures(state, summary, steps),
    }
    record["start_player"] = _start_player(session, [s.before for s in steps] + [state])
    record["standing"] = game.standing(summary, record) if over else {"scores": None, "ranks": None}
    return record | {"share": game.share(record), "said": game.headline(record) if over else []}


def _start_player(session: Session, states: list) -> str | None:
    """The first player the game's engine names to act, table after table from the start (a set-up
    such as Catopomp's dice may come first), or None where no engine says (a game that only tracks
    counters) or nobody ever is (a party that acts together)."""
    engine = engine_for(session.game)
    if engine is None:
        return None
    for state in states:
        try:
            who = engine.turns.to_act(state)
        except Exception:  # noqa: BLE001 - a table between steps the engine cannot place: the next one
            continue
        if who in session.players:
            return who
    return None


def shown_outcome(r: dict, names) -> dict:
    """A record with every player name shown by its merged name (a rename applied); the record
    itself when no name changes."""
    shown = {p: names(p) for p in r["players"]}
    if all(p == n for p, n in shown.items()):
        return r

    def each(value):
        if isinstance(value, dict):
            return {shown.get(k, k): each(v) for k, v in value.items()}
        if isinstance(value, list):
            return [each(v) for v in value]
        return shown.get(value, value) if isinstance(value, str) else value

    share = [[k, how, v if how == "ratio" else each(v)] for k, how, v in r.get("share", [])]
    names = ("players", "winners", "tied", "figures", "standing", "start_player")
    return {**r, **{k: each(r[k]) for k in names if k in r}, "share": share}


# -- the cache -------------------------------------------------------------------------------

@lru_cache(maxsize=1)
def _code() -> str:
    """A digest of the code behind every record: the engines (each game's rules, its tracker and
    summary) and the trackers (the replay, this module). Read once a process, without importing a
    game: any change there computes every record again."""
    root = Path(__file__).resolve().parent.parent
    h = hashlib.sha256(f"{FORMAT}".encode())
    for f in sorted([*(root / "engine").rglob("*.py"), *(root / "engine").rglob("*.toml"),
                     *(root / "trackers").glob("*.py")]):
        h.update(f.relative_to(root).as_posix().encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest()


def _sign(key: bytes, session: Session, head: str, length: int, code: str, record: str) -> str:
    """The row's signature (HMAC-SHA256, the installation key): the log's head binds the session's
    identity too (the ledger chain starts from its game, players, options and creation)."""
    text = "\x1e".join((str(session.id), head, str(length), session.ended or "", code, record))
    return hmac.new(key, text.encode("utf-8"), hashlib.sha256).hexdigest()


@dataclass
class Outcomes:
    """Every readable session's record, oldest first, and the sessions that did not read (name, why)."""

    records: list[dict[str, Any]] = field(default_factory=list)
    damaged: list[tuple[str, str]] = field(default_factory=list)


def outcomes(store) -> Outcomes:
    """The outcome record of every session in the store, from the cache where its row still holds
    (same log head and length, same ended, same code, a good signature), else from its log; the
    rows computed afresh are cached. A session whose log is damaged is named, not fatal."""
    from trackers import keys
    from trackers.errors import StoreError

    out = Outcomes()
    sessions = store.all(out.damaged)
    heads = store.heads()
    key = keys.key(store.path.parent, create=False)
    rows = store.meta_values(CACHE_PREFIX) if key is not None else {}
    fresh: list[tuple[Session, dict]] = []
    for session in sessions:
        head, length = heads.get(session.id, ("", 0))
        cached = _cached(rows.get(f"{CACHE_PREFIX}{session.id}"), key, session, head, length)
        if cached is not None:
            out.records.append(cached)
            continue
        try:
            record = outcome(session, store.entries(session))
        except StoreError as exc:
            out.damaged.append((session.name, str(exc)))
            continue
        except ReplayError as exc:
            out.damaged.append((session.name, f"session {session.name!r}: {exc}; its log was edited"))
            continue
        out.records.append(record)
        fresh.append((session, record))
    if fresh:
        key = key or keys.key(store.path.parent, create=True)
        if key is not None:
            rows = {}
            for session, record in fresh:
                head, length = heads[session.id]
                text = json.dumps(record, ensure_ascii=False, sort_keys=True)
                check = _sign(key, session, head, length, _code(), text)
                rows[f"{CACHE_PREFIX}{session.id}"] = "\x1e".join((check, head, str(length), _code(), text))
            store.cache_meta(rows)
    return out


def _cached(row: str | None, key: bytes | None, session: Session, head: str, length: int) -> dict | None:
    """The record a cache row holds, when it is for this log (head, length), this code, and its
    signature checks; else None (computed again)."""
    if row is None or key is None:
        return None
    parts = row.split("\x1e", 4)
    if len(parts) != 5 or parts[1] != head or parts[2] != str(length) or parts[3] != _code():
        return None
    check, text = parts[0], parts[4]
    if not hmac.compare_digest(check, _sign(key, session, head, length, parts[3], text)):
        return None
    try:
        record = json.loads(text)
    except ValueError:
        return None
    return record if isinstance(record, dict) else None
