"""Reading a session export: a replay through the rules, not a copy.

The file is read by the one untrusted-file reader (rulesdb/untrusted.py: regular file, 20 MB,
nesting depth). Names follow the one name rule, players the game's count. Every event is then
checked and applied in order, as replay will apply it, through the game's own rules: sequence numbers must run
1..n, a change the rules refuse must carry its overrule marker, undo/redo must have something to
take back. Any failure is an ImportFileError naming the event and the rule; nothing is written.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from rulesdb import untrusted
from rulesdb.names import MAX_SEATS, MAX_TEXT, MAX_WORDS, id_problem, text_problem
from trackers.errors import ImportFileError, SessionError

MAX_EVENTS = 10_000
MAX_ARGS = MAX_WORDS  # the same bound as at the CLI (trackers/sessions.py keepable)
MAX_OPTIONS = 32
EVENT_FIELDS = {"seq", "at", "kind", "verb", "args", "count", "overruled", "violations"}


@dataclass
class Export:
    """A checked export, ready to be written."""

    name: str
    game: str
    players: list[str]
    options: dict[str, str]
    created: str
    entries: list  # trackers.sessions.Entry, violations recomputed by the rules


def _text(value, where: str, path: Path, limit: int = MAX_TEXT) -> str:
    if problem := text_problem(value, where, limit):
        raise ImportFileError(f"{path}: {problem}")
    return value


def _int(value, where: str, path: Path) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ImportFileError(f"{path}: {where} must be a whole number")
    return value


def read_export(path: Path, name: str | None = None) -> Export:
    """Read and check an export file completely; ImportFileError says what is wrong and where."""
    from rulesdb.errors import RulesError
    from rulesdb.games import resolve_game
    from trackers.sessions import EXPORT_FORMAT, EXPORT_VERSION, check_players, tracker_for

    doc = untrusted.parse_json(untrusted.read_text(path, ImportFileError), path, ImportFileError)
    if not isinstance(doc, dict) or doc.get("format") != EXPORT_FORMAT:
        raise ImportFileError(f"{path}: not a companion session export (field format)")
    if doc.get("version") != EXPORT_VERSION:
        raise ImportFileError(f"{path}: export version {str(doc.get('version'))[:20]!r} is not supported (field version)")
    chosen = name if name is not None else doc.get("name")
    if not isinstance(chosen, str) or (problem := id_problem(chosen, "session")):
        raise ImportFileError(f"{path}: {problem if isinstance(chosen, str) else 'field name must be text'}"
                              + ("" if name is not None else "; import with --name NEW"))
    try:
        game = resolve_game(_text(doc.get("game"), "field game", path, 40))
    except RulesError as exc:
        raise ImportFileError(f"{path}: field game: {exc}") from None
    players = doc.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players) or len(players) > MAX_SEATS:
        raise ImportFileError(f"{path}: field players must be a list of names")
    try:
        players = check_players(game, players)
    except SessionError as exc:
        raise ImportFileError(f"{path}: field players: {exc}") from None
    options = doc.get("options", {})
    if not isinstance(options, dict) or len(options) > MAX_OPTIONS:
        raise ImportFileError(f"{path}: field options must be an object of at most {MAX_OPTIONS} key/value pairs")
    for key, value in options.items():
        _text(key, "an option name", path, 40)
        _text(value, f"option {key!r}", path)
    created = _text(doc.get("created", datetime.now(timezone.utc).isoformat(timespec="seconds")), "field created",
                    path, 40)
    events = doc.get("events")
    if not isinstance(events, list):
        raise ImportFileError(f"{path}: field events must be a list")
    if len(events) > MAX_EVENTS:
        raise ImportFileError(f"{path}: {len(events):,} events is over the limit of {MAX_EVENTS:,}")
    tracker = tracker_for(game)
    try:
        state = tracker.new_state(players, options)
    except Exception as exc:  # noqa: BLE001 - hostile options reach the game's own checks
        raise ImportFileError(f"{path}: the players or options do not start a {game} game ({exc})") from None
    entries = [_entry(e, n, path) for n, e in enumerate(events, start=1)]
    _within_session(doc.get("ended"), entries, path)
    check_log(tracker, game, players, state, entries, path)
    return Export(chosen, game, players, {str(k): str(v) for k, v in options.items()}, created, entries)


def _within_session(ended, entries: list, path: Path) -> None:
    """No event may be dated after the session ended (when the export says it ended)."""
    if ended is None:
        return
    try:
        end = datetime.fromisoformat(_text(ended, "field ended", path, 40))
        for e in entries:
            if e.at and datetime.fromisoformat(e.at) > end:
                raise ImportFileError(f"{path}: event {e.seq} is dated {e.at}, after the session ended ({ended})")
    except (TypeError, ValueError):
        raise ImportFileError(f"{path}: field ended or an event's time is not a date and time") from None


def _entry(raw, n: int, path: Path):
    from trackers.sessions import Entry

    where = f"event {n}"
    if not isinstance(raw, dict):
        raise ImportFileError(f"{path}: {where} must be an object")
    extra = set(raw) - EVENT_FIELDS
    if extra:
        raise ImportFileError(f"{path}: {where} has unknown field(s) {', '.join(sorted(map(str, extra)))[:80]}")
    seq = _int(raw.get("seq"), f"{where} field seq", path)
    if seq != n:
        raise ImportFileError(f"{path}: {where} has seq {seq}; events must be numbered 1, 2, 3 ... in order")
    kind = raw.get("kind")
    if kind not in ("change", "undo", "redo"):
        raise ImportFileError(f"{path}: {where} field kind must be change, undo or redo")
    args = raw.get("args", [])
    if not isinstance(args, list) or len(args) > MAX_ARGS:
        raise ImportFileError(f"{path}: {where} field args must be a list of at most {MAX_ARGS} words")
    count = _int(raw.get("count", 1), f"{where} field count", path)
    if count < 1 or count > MAX_EVENTS:
        raise ImportFileError(f"{path}: {where} field count must be 1 or more")
    overruled = raw.get("overruled", False)
    if not isinstance(overruled, bool):
        raise ImportFileError(f"{path}: {where} field overruled must be true or false")
    return Entry(seq, _text(raw.get("at", ""), f"{where} field at", path, 40), kind,
                 _text(raw.get("verb", ""), f"{where} field verb", path, 40),
                 tuple(_text(a, f"{where} an argument", path) for a in args), count, overruled, [])


def check_log(tracker, game: str, players: list[str], state, entries: list, path: Path) -> None:
    """Replay every event through the rules; fill in each change's violations from the verdict."""
    applied: list = []  # (entry, state after it)
    redo: list = []
    start = state
    for e in entries:
        where = f"{path}: event {e.seq}"
        if e.kind in ("undo", "redo"):
            stack = applied if e.kind == "undo" else redo
            if e.count > len(stack):
                raise ImportFileError(f"{where}: {e.kind} {e.count} but only {len(stack)} change(s) to {e.kind}")
            for _ in range(e.count):
                (redo if e.kind == "undo" else applied).append(stack.pop())
            state = applied[-1][1] if applied else start
            continue
        try:
            state, violations = _step(tracker, game, players, state, e)
        except ImportFileError as exc:
            raise ImportFileError(f"{where} ({e.label.strip()[:60]}): {exc}") from None
        except Exception as exc:  # noqa: BLE001 - the game's own parse/check/apply refuse hostile input
            raise ImportFileError(f"{where} ({e.label.strip()[:60]}) cannot be applied: {exc}") from None
        e.violations, e.overruled = violations, bool(violations)
        applied.append((e, state))
        redo.clear()


def _step(tracker, game: str, players: list[str], state, e):
    """One logged change through parse, check and apply; the new state and its violations."""
    from trackers.sessions import PLAY, apply_entry, engine_for, off_turn

    if e.verb == PLAY:
        engine = engine_for(game)
        if engine is None or len(e.args) not in (1, 2):
            raise ImportFileError("a play needs a game with a move validator and its move text (and player)")
        to_act, turn = engine.to_act(state), state
        if len(e.args) == 2 and e.args[1] != to_act:
            if e.args[1] not in players:
                raise ImportFileError(f"{e.args[1]!r} is not a player of this session")
            turn = engine.with_turn(state, e.args[1])
        move = engine.parse_move(e.args[0], turn)
        if engine.format_move(move) != e.args[0]:
            raise ImportFileError(f"the move does not read back as written ({engine.format_move(move)!r})")
        verdict = engine.check(turn, move)
        if len(e.args) == 2 and to_act is not None and e.args[1] != to_act:
            verdict = off_turn(engine, state, verdict, e.args[1])
        _refuse_unless_overruled(verdict, e)
        return apply_entry(tracker, engine, state, PLAY, e.args, not verdict.legal)[0], _violations(verdict)
    from engine.tracking import Change

    # The log holds changes as the tracker normalised them (replay reads them the same way), so
    # they are checked and applied as they are written, not re-parsed from text.
    if e.verb not in tracker.COMMANDS:
        raise ImportFileError(f"{e.verb!r} is not a {tracker.game} command; commands: {', '.join(tracker.COMMANDS)}")
    if e.verb in tracker.READ_ONLY:
        raise ImportFileError(f"{e.verb!r} only shows something and is never logged")
    change = Change(verb=e.verb, args=e.args)
    verdict = tracker.check(state, change)
    _refuse_unless_overruled(verdict, e)
    return tracker.apply(state, change)[0], _violations(verdict)


def _violations(verdict) -> list:
    return [r.model_dump() for r in verdict.reasons] if not verdict.legal else []


def _refuse_unless_overruled(verdict, e) -> None:
    if verdict.legal or e.overruled:
        return
    first = verdict.reasons[0] if verdict.reasons else None
    why = f"{first.message} [{first.rule}]" if first else "the rules forbid it"
    raise ImportFileError(f"the rules refuse it ({why}) and it carries no overrule marker (\"overruled\": true)")
