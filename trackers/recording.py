"""Recording a session's events: a change or a play said at the table goes through the one checked
step (engine.base.step), and what it returns is appended to the log; undo and redo. The step's I/O:
no rule is decided here.

Each command is judged once against this process's last replay before the write lock is taken (bad
input never waits for it), and again under the lock against the events written since.
"""
from __future__ import annotations

from engine import get_tracker
from engine.base import CHANGE, PLAY, Effect, Verdict, off_turn, step
from engine.library import LibraryError
from engine.readings import is_reading
from trackers.errors import Moved, Refused, SessionError
from trackers.kept import keepable
from trackers.log import PlayResult, Replay, Result, Session, engine_for, game_for
from trackers.narrate import made_by, with_by
from trackers.secrets import labeller, public_summary


class Marks:
    """The table a command's maker saw: the check, under the write lock, that it has not moved on."""

    def seen_at(self, session: Session, sent: int) -> int:
        """The session's last event among the file's events up to id `sent` (a one-shot's mark, taken
        before the session was known): the last event of this session its maker could have seen."""
        row = self._read(lambda con: con.execute("SELECT max(seq) FROM events WHERE session_id = ? AND id <= ?",
                                                 (session.id, sent)).fetchone())
        return row[0] or 0

    def _not_moved(self, session: Session, seen: int | None, said: str, again: str, game=None, views=()) -> None:
        """Under the write lock, after the replay: Moved when the log has gone past `seen` (None:
        unchecked), naming the events written since and how to send `said` again."""
        length = self._known[session.id].length
        if seen is None or length <= seen:
            return
        entries, _ = self._fetch(session, max(0, seen))
        label = labeller(session.game)
        changed = [f"{e.args[1]} played `{e.args[0]}`" if e.kind == "change" and e.verb == PLAY and len(e.args) == 2
                   else f"`{label(e)}`" for e in entries]
        shown = "; ".join(changed) if len(changed) <= 3 else f"{len(changed)} changes, the last {changed[-1]}"
        as_is = None
        if game is not None and game.engine is not None:
            state = self._known[session.id].done.state
            as_is = _told(game, session, state, None, views, [], verdict=Verdict(legal=False), move=said,
                          to_act=game.engine.turns.to_act(state), recorded=False)
        raise Moved(f"not recorded: the table moved on since you sent `{said}`: {shown}; if you still mean it, "
                    f"send it again: `{again}`", changed, as_is)


class Recording(Marks):
    """The writing half of Sessions (trackers/sessions.py: _open, _replayed, _append, _write ...)."""

    def record(self, words: list[str], name: str | None = None, overrule: bool = False, views=(),
               save: bool = False, seen: int | None = None) -> Result:
        """Apply one change as the table said it; refused (with rule ids) unless overruled. `views` names
        the players whose own view of the table the Result carries (Result.views); with `save`, the
        cards the change describes go into the card library, as play() keeps them. `seen`, the last
        event its maker was shown (a phone page): refused (Moved) when the log has gone past it."""
        def judge(con, append: bool, session: Session | None = None, done: Replay | None = None):
            session = session or self._open(name)
            if save:
                self._library_readable(session)
            game = game_for(session.game)
            state = (done or self._replayed(session, game.tracker)).state
            self._not_moved(session, seen, " ".join(words), _again(["track", *words], name))
            stepped = step(game, state, words, overruled=overrule, kind="track")
            keepable(stepped.args, "a word of the change")
            self._as_library_is(game, session, state, stepped, stepped.label)
            if stepped.refused:
                alternatives = stepped.verdict.alternatives
                instead = f"; allowed instead: {' | '.join(alternatives)}" if alternatives else ""
                raise Refused(f"refused: {stepped.label}: {stepped.why}{instead}", stepped.verdict, overrulable=True)
            if append and stepped.logged:
                self._append(con, session, kind="change", verb=stepped.verb, args=stepped.args,
                             overruled=stepped.overruled, violations=stepped.violations)
            return stepped.logged, Result(session, stepped.state, {}, stepped.label, list(stepped.effects),
                                          _broken(stepped), stepped.overruled, state,
                                          readings=[n for n in stepped.verdict.unchecked if is_reading(n)])

        session = self._open(name)
        logged, result = judge(None, False, session, self.replay(session))
        if logged:
            result = self._write(lambda con: judge(con, append=True))[1]
        tracker = get_tracker(result.session.game)
        result.summary, result.before = map(tracker.declaration.verbs.summary, (result.state, result.before))
        result.views = {p: public_summary(tracker, result.session.game, result.state, frozenset({p})) for p in views}
        if save:
            from trackers.library import save_described

            result.saved = save_described(self.path.parent, result, list(words))
        return result

    def _library_readable(self, session: Session) -> None:
        """`--save` writes the card library: a library file that cannot be read (broken by hand) refuses
        the line before anything is recorded (LibraryError: the file and the problem)."""
        from trackers.library import unreadable

        broken = unreadable(self.path.parent, session.game)
        if broken is not None:
            raise LibraryError(f"--save: {broken}; nothing was recorded (fix the file, or leave out --save)")

    def _as_library_is(self, game, session: Session, state, stepped, said: str) -> None:
        """A step that uses or names a card the table does not describe, judged as the card library is
        now (trackers/library.py as_library_is): refused when the library has set it aside; taught
        with `cards edit` when the library has it (also a card its verdict teaches with `cards add`).
        The library is read only for such a step."""
        from engine.words import reads_library

        views = game.tracker.declaration.views
        if reads_library(views, state, stepped.move, stepped.verdict, session.game):
            from trackers.library import as_library_is

            stepped.verdict = as_library_is(self.path.parent, session.game, views, state, stepped.move, said,
                                            stepped.verdict)

    def play(self, text: str, name: str | None = None, overrule: bool = False, by: str | None = None,
             save: bool = False, views=(), seen: int | None = None, sent: int | None = None) -> PlayResult:
        """Judge a play against the session's table and, when legal (or overruled), record it. As with
        record(), it is judged once before the write lock (bad input never waits) and again under it,
        both times for the one player it is meant for: the one named (`by`, or a move that names its
        maker), else the one to act when the command began. When, under the lock, the turn has passed
        to someone else meanwhile (the same play sent twice, two terminals at once), it is refused:
        never recorded as the next player's. The event records who made the play.

        The move is read once for each judgement: under the lock from the words the first judgement
        wrote down (what the log keeps), so the table after it is the table the log replays. The
        PlayResult carries everything a face shows (PlayResult); `views` names the players whose own
        view of the table it carries too; with `save`, the cards the play describes go into the card
        library (trackers/library.py save_described; LibraryError, after recording, when it names none).

        A play is judged against the table its maker saw: `seen`, the last event of the session they
        were shown (a page), or `sent`, the newest event id of the whole file when the command was
        sent (companion/sent.py, read at a one-shot's start and at each shell line). Under the lock, a
        log that has gone past it refuses the play (Moved: what changed, how to play it again), so the
        same play sent several times at once is recorded once."""
        def judge(con, said: str, meant: str | None = None, session: Session | None = None,
                  done: Replay | None = None):
            session = session or self._open(name)
            if save:
                self._library_readable(session)
            game = game_for(session.game)
            if game.engine is None:
                self.situation(session.name)  # raises the SessionError
            engine = game.engine
            state = (done or self._replayed(session, game.tracker)).state
            again = _again(["play", said, *(["--by", by] if by else [])], name)
            self._not_moved(session, seen, said, again, game, views)
            stepped = step(game, state, said, by=by, overruled=overrule, apply=con is not None)
            canonical = stepped.args[0]
            self._as_library_is(game, session, state, stepped, canonical)
            if con is not None and by is None and stepped.named is None and stepped.by != meant:
                overtaken = off_turn(engine, state, stepped.verdict, meant)
                to_act = engine.turns.to_act(state)
                as_is = _told(game, session, state, None, views, [], violations=list(overtaken.reasons),
                              verdict=overtaken, move=canonical, by=meant, to_act=to_act, recorded=False)
                raise Refused(f"refused: {canonical}: it was meant for {meant or 'the player to act'}, and the turn "
                              f"has passed to {to_act or 'nobody'} since (a play was recorded meanwhile; see "
                              "`companion track log`); nothing was recorded", overtaken, as_is)
            keepable((canonical,), "the play")
            if not stepped.verdict.legal and not overrule:
                as_is = _told(game, session, state, None, views, [], violations=list(stepped.verdict.reasons),
                              verdict=stepped.verdict, move=canonical, by=stepped.by, to_act=stepped.to_act,
                              recorded=False)
                raise Refused(f"refused: {canonical}: {stepped.why}", stepped.verdict, as_is, overrulable=True)
            if con is None:
                return stepped
            self._append(con, session, stepped.state, kind="change", verb=stepped.verb, args=stepped.args,
                         overruled=stepped.overruled, violations=stepped.violations)
            return _told(game, session, stepped.state, stepped, views, list(stepped.effects), change=stepped.label,
                         violations=_broken(stepped), overruled=stepped.overruled, verdict=stepped.verdict,
                         move=canonical, by=stepped.by, to_act=stepped.to_act)

        session = self._open(name)
        if sent is not None and seen is None:
            seen = self.seen_at(session, sent)
        implied = self._plays_on(session, text, by, overrule, seen)
        if implied:  # the players between let the Line be: their declines are recorded first, each its own play
            seen = None
        first = judge(None, text, session=session, done=self.replay(session))
        result = self._write(lambda con: judge(con, first.args[0], meant=first.by))
        if implied:
            who = ", ".join(d.by or "?" for d in implied)
            said = Effect(kind="declined", message=f"{result.by} played on, so the Line was let be: declined first for "
                                                   f"{who} (undo {len(implied) + 1} if someone meant to respond)",
                          rule=getattr(game_for(result.session.game).engine.series("decline all"), "rule", None))
            result.effects = [said, *result.effects]
        if save:
            from trackers.library import save_described

            result.saved = save_described(self.path.parent, result, [text])
        return result

    def _plays_on(self, session, text: str, by: str | None, overrule: bool, seen: int | None) -> list:
        """The steps a play by `by` implies first (Views.series' plays_on: Cataclysm Arcade, the declines of the
        players between the one with priority and `by`), recorded as plays, only when the play itself
        is legal after them; [] when it implies none."""
        if by is None or overrule:
            return []
        game = game_for(session.game)
        if game.engine is None:
            return []
        state = self.replay(session).state
        series = game.engine.views.series  # plays_on: the steps implied, fewest first
        counts = series.plays_on(state, by) if series is not None else None
        if not counts:
            return []
        now, made = state, 0
        for count in counts:  # the fewest steps after which the play is legal
            while made < count:
                stepped = step(game, now, series.step)
                if not stepped.verdict.legal:
                    return []
                now, made = stepped.state, made + 1
            try:
                if step(game, now, text, by=by, apply=False).verdict.legal:
                    return [self.play(series.step, session.name, seen=seen if n == 0 else None)
                            for n in range(count)]
            except Exception:  # noqa: BLE001 - a play that does not read: the play itself says so below
                return []
        return []

    def several(self, text: str, name: str | None = None, sent: int | None = None):
        """The plays a play said once is made of (Engine.series: Cataclysm Arcade `decline all`), each
        judged and recorded as its own play and yielded as it is; None when `text` is one play. The
        session's game is read, its table only when the words are such a play."""
        session = self.get(name)
        engine = engine_for(session.game)
        series = engine.series(text) if engine is not None else None
        if series is None:
            return None
        mark = self.seen_at(session, sent) if sent is not None else None
        first = self.replay(session).state
        series.ready(first)  # MoveSyntaxError: nothing to make, nothing recorded

        def steps():
            for n in range(series.most(first)):
                result = self.play(series.step, session.name, seen=mark if n == 0 else None)
                finished = series.done(first, result.state)
                if finished:  # the declines stopped at a player who could answer: said in the last line
                    result.effects = [*result.effects, *series.stop_effects()]
                yield result
                if finished:
                    break

        return steps()

    def undo(self, count: int = 1, name: str | None = None, redo: bool = False, seen: int | None = None) -> Result:
        """Take back (or with redo=True, bring back) the last `count` changes. `seen`, the last event its
        maker was shown (the host's page): refused (Moved) when the log has gone past it, checked under
        the same write lock as the undo, so a change made meanwhile is never the one taken back."""
        if count < 1:
            raise SessionError("the number of steps must be 1 or more")
        def body(con, append: bool):
            session = self._open(name)
            tracker = get_tracker(session.game)
            done = self._replayed(session, tracker)
            what = "redo" if redo else "undo"
            self._not_moved(session, seen, what, _again(["track", what], name))
            from engine.words import count as counted

            available = len(done.redo if redo else done.applied)
            if count > available:
                raise SessionError(f"nothing to {what}" if not available
                                   else f"only {counted(available, 'change')} to {what}")
            if not append:
                return None
            self._append(con, session, kind="redo" if redo else "undo", count=count)
            # the new state and the moved changes' labels are read before the commit: a change a
            # redo brings back that does not check out is refused with nothing written
            seqs = (done.redo if redo else done.applied).top(count)[::-1]
            after = self._replayed(session, tracker)
            moved = self._at(session, seqs)
            return session, tracker, done, after, [moved[s] for s in seqs]

        self._read(lambda con: body(con, append=False))
        session, tracker, done, after, moved = self._write(lambda con: body(con, append=True))
        state = after.state
        # who made each: walked from the table before the oldest of them (after an undo, before a redo)
        by = made_by(session, tracker, done.state if redo else state, sorted(moved, key=lambda e: e.seq))
        label = labeller(session.game)
        return Result(session, state, public_summary(tracker, session.game, state), f"{'redo' if redo else 'undo'} {count}",
                      before=public_summary(tracker, session.game, done.state),
                      undone=[f"{by[e.seq]}: {label(e)}" if by[e.seq] else label(e) for e in moved])  # always its maker


def _told(game, session: Session, state, stepped, views, effects: list, **fields) -> PlayResult:
    """A play's result with what every face shows: the table as everyone may see it after the play
    (before it too, for a tracker command said as a play), as each player in `views` sees it, and who
    may act. `stepped` None: refused, `state` the table as it stands."""
    tracker, name = game.tracker, session.game
    kind = stepped.kind if stepped is not None else PLAY
    before = public_summary(tracker, name, stepped.before) if kind == CHANGE else None
    return PlayResult(session, state, public_summary(tracker, name, state), effects=effects, before=before,
                      acting=game.engine.turns.acting(state), kind=kind, names=session.names,
                      views={p: public_summary(tracker, name, state, frozenset({p})) for p in views}, **fields)


def _again(words: list[str], name: str | None) -> str:
    """The command that sends these words again, to the same session."""
    import shlex

    return shlex.join(["companion", *words, *(["--session", name] if name else [])])


def _broken(stepped) -> list:
    """The rules an overruled step broke, as a Result lists them (none for a legal step)."""
    return list(stepped.verdict.reasons) if stepped.overruled else []
