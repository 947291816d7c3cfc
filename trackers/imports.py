"""Reading a session export: a replay through the rules, not a copy.

The file is read by the one untrusted-file reader (rulesdb/untrusted.py: regular file, 20 MB,
nesting depth). Names follow the one name rule, players the game's count. Every event is then
taken in order through the one checked step (engine.base.step_logged), as replay will apply it:
sequence numbers must run 1..n, a change the rules refuse must carry its overrule marker, undo/redo
must have something to take back (the stacks are trackers/log.py's). Any failure is an ImportFileError naming the event and the rule; nothing is written.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from engine import get_tracker
from engine.base import PLAY, LogError, step_logged
from engine.library import LIBRARY_OPTION, MAX_LIBRARY_CHARS, start_state
from engine.words import number_problem
from rulesdb import untrusted
from rulesdb.names import MAX_SEATS, MAX_TEXT, MAX_WORDS, id_problem, text_problem
from trackers.errors import ImportFileError, SessionError
from trackers.kept import check_players
from trackers.log import EXPORT_FORMAT, EXPORT_VERSION, Entry, Replay, Stack, game_for, shift

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
    entries: list  # trackers.log.Entry, violations recomputed by the rules
    done: Replay  # the log's replay, as the check stepped it (what a replay of `entries` gives)


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
        _text(value, f"option {key!r}", path, MAX_LIBRARY_CHARS if key == LIBRARY_OPTION else MAX_TEXT)
    created = _text(doc.get("created", datetime.now(timezone.utc).isoformat(timespec="seconds")), "field created",
                    path, 40)
    events = doc.get("events")
    if not isinstance(events, list):
        raise ImportFileError(f"{path}: field events must be a list")
    if len(events) > MAX_EVENTS:
        raise ImportFileError(f"{path}: {len(events):,} events is over the limit of {MAX_EVENTS:,}")
    tracker = get_tracker(game)
    try:
        state = start_state(tracker, players, options, checked=True)  # a recorded library checked too
    except Exception as exc:  # noqa: BLE001 - hostile options reach the game's own checks
        raise ImportFileError(f"{path}: the players or options do not start a {game} game ({exc})") from None
    entries = [_entry(e, n, path) for n, e in enumerate(events, start=1)]
    _within_session(doc.get("ended"), entries, path)
    done = check_log(tracker, game, players, state, entries, path)
    return Export(chosen, game, players, {str(k): str(v) for k, v in options.items()}, created, entries, done)


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


def check_log(tracker, game: str, players: list[str], state, entries: list, path: Path,
              recorded: bool = False) -> Replay:
    """Take every event through the checked step; fill in each change's violations from its verdict.
    `players` are the session's (the step reads them off the table, which seats the same names).
    Returns the log's replay: the state after the top applied change (each kept as it was made, so
    an undo and a redo land on the table a fold of the applied changes gives) and the stacks.
    `recorded`: the log is a session's own (`track export`): a change today's rules refuse that the
    log keeps unmarked (an older version took it) is marked overruled with its violations, not refused,
    so that the export imports again; its numbers are not read again."""
    table = game_for(game, tracker)
    applied, redo = Stack(), Stack()
    after = {0: state}  # seq -> the table after that change (0: the start)
    for e in entries:
        where = f"{path}: event {e.seq}"
        if e.kind in ("undo", "redo"):
            stack = applied if e.kind == "undo" else redo
            if e.count > len(stack):
                raise ImportFileError(f"{where}: {e.kind} {e.count} but only {len(stack)} change(s) to {e.kind}")
            shift(applied, redo, e.kind, e.count)
            state = after[applied.top(1)[0] if len(applied) else 0]
            continue
        older = e.verb != PLAY and _past_range(e)  # an older version took it: marked overruled
        try:
            words = _written_today(table, state, e.args) if e.verb == PLAY else e.args
            stepped = step_logged(table, state, e.verb, words, e.overruled, checked=True)
            if stepped.refused and recorded:
                stepped = step_logged(table, state, e.verb, words, True, checked=True)
        except LogError as exc:
            raise ImportFileError(f"{where} ({e.label.strip()[:60]}): {exc}") from None
        except Exception as exc:  # noqa: BLE001 - the game's own parse/check/apply refuse hostile input
            raise ImportFileError(f"{where} ({e.label.strip()[:60]}) cannot be applied: {exc} (a file an older "
                                  "version wrote: export the session again with this version)") from None
        if stepped.refused:
            raise ImportFileError(f"{where} ({e.label.strip()[:60]}): the rules refuse it ({stepped.why}) and it "
                                  "carries no overrule marker (\"overruled\": true; a file an older version "
                                  "wrote: export the session again with this version, which marks such a change)")
        state = after[e.seq] = stepped.state
        e.violations, e.overruled = stepped.violations, stepped.overruled or bool(older)
        applied.push(e.seq)
        redo = Stack()
    return Replay(state, applied, redo, len(entries))


def _past_range(e) -> str | None:
    """Why today's typed input refuses a number of a logged change (past 999: engine/words.py
    number_problem), None when it does not. Versions before the numbers rule took such a change and
    a change by 0: both import as recorded, the words kept; one past 999 is marked overruled (today's
    rule refuses it), one by 0 is not (it changes nothing)."""
    return next((f"{e.verb}: {problem}" for word in e.args if (problem := number_problem(word, by_zero=False))), None)


def _written_today(table, state, args: tuple) -> tuple:
    """A logged play's words as today's notation writes them, the player kept (an older version wrote
    `card 'Fire Bolt' ...`, today's `card "Fire Bolt" ...`: the same move). The play is judged in
    these words and kept in the file's own; a play that does not read is left to the step to refuse."""
    engine = table.engine
    if engine is None or len(args) not in (1, 2):
        return args
    who, to_act = (args[1] if len(args) == 2 else None), engine.turns.to_act(state)
    turn = state
    if who is not None and who != to_act and who in [p.name for p in state.players]:
        turn = engine.turns.with_turn(state, who)
    try:
        return (engine.plays.format_move(engine.plays.parse_move(args[0], turn)), *args[1:])
    except Exception:  # noqa: BLE001 - the step reads it again and says why
        return args


def as_today(tracker, session, entries: list) -> list:
    """A session's own log as `track export` writes it: each event as stored, except a change today's
    rules refuse that the log keeps unmarked (an older version took it, as `track draw ann 0` or a rule
    added since): that one is written overruled with today's violations, so the export imports again
    (an import refuses a refused change without its marker). A log the check cannot take whole is
    written as stored, and so is one too long to import again (over MAX_EVENTS: the check would cost a
    judged replay for a file that is only a record)."""
    from dataclasses import replace

    if len(entries) > MAX_EVENTS:
        return entries
    copies = [replace(e, violations=list(e.violations)) for e in entries]
    try:
        state = start_state(tracker, session.players, session.options)
        check_log(tracker, session.game, session.players, state, copies, Path(session.name), recorded=True)
    except ImportFileError:
        return entries
    return [c if c.overruled and not e.overruled else e for e, c in zip(entries, copies)]
