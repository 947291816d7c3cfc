"""Recording a session's events: a change or a play said at the table goes through the one checked
step (engine.base.step), and what it returns is appended to the log; undo and redo. The step's I/O:
no rule is decided here.

Each command is judged once against this process's last replay before the write lock is taken (bad
input never waits for it), and again under the lock against the events written since.
"""
from __future__ import annotations

from engine.base import off_turn, step
from trackers.errors import Refused, SessionError
from trackers.kept import keepable
from trackers.log import PlayResult, Replay, Result, Session, game_for, tracker_for
from trackers.narrate import made_by, with_by
from trackers.secrets import labeller, public_summary


class Recording:
    """The writing half of Sessions (trackers/sessions.py: _open, _replayed, _append, _write ...)."""

    def record(self, words: list[str], name: str | None = None, overrule: bool = False) -> Result:
        """Apply one change as the table said it; refused (with rule ids) unless overruled."""
        def judge(con, append: bool, session: Session | None = None, done: Replay | None = None):
            session = session or self._open(name)
            game = game_for(session.game)
            state = (done or self._replayed(session, game.tracker)).state
            stepped = step(game, state, words, overruled=overrule, kind="track")
            keepable(stepped.args, "a word of the change")
            if stepped.refused:
                alternatives = stepped.verdict.alternatives
                instead = f"; allowed instead: {' | '.join(alternatives)}" if alternatives else ""
                raise Refused(f"refused: {stepped.label}: {stepped.why}{instead}", stepped.verdict, overrulable=True)
            if append and stepped.logged:
                self._append(con, session, kind="change", verb=stepped.verb, args=stepped.args,
                             overruled=stepped.overruled, violations=stepped.violations)
            return stepped.logged, Result(session, stepped.state, {}, stepped.label, list(stepped.effects),
                                          _broken(stepped), stepped.overruled, state)

        session = self._open(name)
        logged, result = judge(None, False, session, self.replay(session))
        if logged:
            result = self._write(lambda con: judge(con, append=True))[1]
        tracker = tracker_for(result.session.game)
        result.summary, result.before = tracker.summary(result.state), tracker.summary(result.before)
        return result

    def play(self, text: str, name: str | None = None, overrule: bool = False, by: str | None = None) -> PlayResult:
        """Judge a play against the session's table and, when legal (or overruled), record it. As with
        record(), it is judged once before the write lock (bad input never waits) and again under it,
        both times for the one player it is meant for: the one named (`by`, or a move that names its
        maker), else the one to act when the command began. When, under the lock, the turn has passed
        to someone else meanwhile (the same play sent twice, two terminals at once), it is refused:
        never recorded as the next player's. The event records who made the play."""
        def judge(con, append: bool, session: Session | None = None, done: Replay | None = None,
                  meant: str | None = None):
            session = session or self._open(name)
            game = game_for(session.game)
            if game.engine is None:
                self.situation(session.name)  # raises the SessionError
            tracker, engine = game.tracker, game.engine
            state = (done or self._replayed(session, tracker)).state
            stepped = step(game, state, text, by=by, overruled=overrule)
            canonical = stepped.args[0]
            if append and by is None and stepped.named is None and stepped.by != meant:
                overtaken = off_turn(engine, state, stepped.verdict, meant)
                to_act = engine.to_act(state)
                as_is = PlayResult(session, state, tracker.summary(state), None, [], list(overtaken.reasons),
                                   verdict=overtaken, move=canonical, by=meant, to_act=to_act, recorded=False)
                raise Refused(f"refused: {canonical}: it was meant for {meant or 'the player to act'}, and the turn "
                              f"has passed to {to_act or 'nobody'} since (a play was recorded meanwhile; see "
                              "`companion track log`); nothing was recorded", overtaken, as_is)
            keepable((canonical,), "the play")
            if stepped.refused:
                as_is = PlayResult(session, state, tracker.summary(state), None, [], list(stepped.verdict.reasons),
                                   verdict=stepped.verdict, move=canonical, by=stepped.by, to_act=stepped.to_act,
                                   recorded=False)
                raise Refused(f"refused: {canonical}: {stepped.why}", stepped.verdict, as_is, overrulable=True)
            if append:
                self._append(con, session, kind="change", verb=stepped.verb, args=stepped.args,
                             overruled=stepped.overruled, violations=stepped.violations)
            return PlayResult(session, stepped.state, tracker.summary(stepped.state), stepped.label,
                              list(stepped.effects), _broken(stepped), stepped.overruled,
                              verdict=stepped.verdict, move=canonical, by=stepped.by, to_act=stepped.to_act)

        session = self._open(name)
        meant = judge(None, False, session, self.replay(session)).by
        return self._write(lambda con: judge(con, append=True, meant=meant))

    def undo(self, count: int = 1, name: str | None = None, redo: bool = False) -> Result:
        """Take back (or with redo=True, bring back) the last `count` changes."""
        if count < 1:
            raise SessionError("the number of steps must be 1 or more")
        def body(con, append: bool):
            session = self._open(name)
            tracker = tracker_for(session.game)
            done = self._replayed(session, tracker)
            from engine.words import count as counted

            available = len(done.redo if redo else done.applied)
            if count > available:
                what = "redo" if redo else "undo"
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
                      undone=[with_by(by[e.seq], label(e)) for e in moved])


def _broken(stepped) -> list:
    """The rules an overruled step broke, as a Result lists them (none for a legal step)."""
    return list(stepped.verdict.reasons) if stepped.overruled else []
