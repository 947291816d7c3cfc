"""The log told for the table: who made each change, where a round, level or turn began, and what
that set off. Pure: it replays the events it is given (undo and redo included) through the game's
tracker and engine, the same way trackers/log.py folds them, and keeps what each step did.

Who made a change: the player a play was recorded for (or, for a play recorded without one, the
player it names or the player to act before it); for a tracker change, the player it names, else, for
a set-up change (its verb's row says so), the table, else the player to act, else the table.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.base import PLAY, step_logged
from trackers.log import Entry, Replay, Session, game_for

#: summary keys whose change is a boundary, and how it is said
BOUNDARIES = {"round": "round {} begins", "level": "level {} begins", "turn": "turn {}"}
#: effect kinds trackers.pressing ranks high that are the ordinary course of play, not news in a log
ROUTINE = frozenset({"winning-set"})
TABLE = "table"  # who made a change that names nobody when nobody is to act


@dataclass
class Told:
    """One event as the table hears it."""

    seq: int
    by: str
    text: str
    marks: list[str] = field(default_factory=list)  # "round 2 begins", "turn 3: Ben"
    triggered: list[str] = field(default_factory=list)  # what the step set off that the table must hear
    ahead: int = 0  # how many of `triggered` happened before the boundary (told above the marks)

    def as_json(self) -> dict[str, Any]:
        return {"by": self.by, "said": self.text, "marks": self.marks, "triggered": self.triggered}


def named_player(session: Session, args: tuple[str, ...]) -> str | None:
    """The first player a change names (the trackers resolve names to the session's spelling)."""
    lowered = {p.lower(): p for p in session.players}
    return next((lowered[a.lower()] for a in args if a.lower() in lowered), None)


def play_by(engine, state, args: tuple[str, ...]) -> str | None:
    """Who made a logged play: the player stored with it, else the one it names, else the one to act."""
    if len(args) > 1:
        return args[1]
    try:
        return engine.turns.mover(state, engine.plays.parse_move(args[0], state)) or engine.turns.to_act(state)
    except Exception:  # noqa: BLE001 - a play the engine no longer reads: say only what is stored
        return None


def stored_by(session: Session, entry: Entry) -> str | None:
    """Who made a change, read from the event alone (no replay): the player stored with a play,
    or the player a tracker change names."""
    if entry.verb == PLAY:
        return entry.args[1] if len(entry.args) > 1 else None
    return named_player(session, entry.args)


def with_by(by: str | None, text: str) -> str:
    """`Ben: play pass`; a change that names its player already (`lives Ben -2`) stays as it is."""
    return f"{by}: {text}" if by and by not in text.split() else text


def play_said(by: str | None, entry: Entry, label: str) -> str:
    """A logged change's words after `by: `; a play that names its maker (`Chris play Cucumber`,
    `Betty roll 3`) is said without the log's verb and the name again (`play Cucumber`, `roll 3`)."""
    text = entry.args[0] if entry.verb == PLAY and entry.args else ""
    first, _, rest = text.partition(" ")
    if rest and by and first.lower() == by.lower() and label.startswith(f"{PLAY} {text}"):
        return rest + label[len(PLAY) + 1 + len(text):]
    return label


def is_setup(session: Session, entry: Entry) -> bool:
    """Whether a logged change sets the table up (its verb's row says so): the table's, and no play."""
    from engine.tracking import setup_of
    from engine import get_tracker

    return entry.verb != PLAY and entry.verb in setup_of(get_tracker(session.game).declaration.verbs.table)


def change_by(session: Session, engine, state, entry: Entry) -> str:
    """Who made a logged change, as the module docstring says; a set-up change is the table's."""
    if entry.verb == PLAY and engine is not None:
        return play_by(engine, state, entry.args) or TABLE
    named = named_player(session, entry.args)
    if named:
        return named
    if is_setup(session, entry) or engine is None:
        return TABLE
    try:
        return engine.turns.to_act(state) or TABLE
    except Exception:  # noqa: BLE001 - a state between steps the engine cannot place
        return TABLE


def made_by(session: Session, tracker, state, entries: list[Entry]) -> dict[int, str]:
    """Who made each of these consecutive changes, from the table before the first: {seq: player}."""
    game = game_for(session.game, tracker)
    out = {}
    for e in entries:
        out[e.seq] = change_by(session, game.engine, state, e)
        state = step_logged(game, state, e.verb, e.args, e.overruled, checked=False).state
    return out


def marks(before: dict, after: dict) -> list[str]:
    """The boundaries a step crossed, read from the summaries before and after it."""
    out = []
    for key, said in BOUNDARIES.items():
        value = after.get(key)
        if isinstance(value, int) and not isinstance(value, bool) and value and before.get(key) != value:
            line = said.format(after[key])
            if key == "turn":
                who = after.get("active") or after.get("current")
                line += f": {who}" if who else ""
            out.append(line)
    if after.get("game_over") and not before.get("game_over"):
        out.append("game over")
    return out


def triggered(effects) -> list[str]:
    """What a step set off that the table must hear (trackers.pressing)."""
    from trackers.pressing import pressing

    return [e.message for e in pressing([e for e in effects if e.kind not in ROUTINE])]


def told_step(game, state, entry: Entry):
    """A logged event through the step, for telling: a play judged again, so its verdict's effects
    are told with what followed by itself (one no longer judged as logged is told with the latter)."""
    if entry.verb == PLAY and game.engine is not None:
        try:
            stepped = step_logged(game, state, entry.verb, entry.args, entry.overruled, checked=True)
            if stepped.applied:
                return stepped
        except Exception:  # noqa: BLE001 - the stored step is told without its verdict
            pass
    return step_logged(game, state, entry.verb, entry.args, entry.overruled, checked=False)


@dataclass
class Telling:
    """The log as `track log` shows it: the entries told (the newest ones, or all), each told event
    {seq: Told}, the seqs of the changes that stand (applied) and how many events the log has."""

    entries: list[Entry]
    told: dict[int, Told]
    applied: set[int]
    total: int


class Narrator:
    """Tells a log as it grows: feed() the events in order, each batch after the last (what a live
    view needs: each new event told without replaying the log from its start). `label(entry)` is how a
    change is written (the public label, trackers/secrets.py); by default its own label. It starts
    from the new table, or from `base`, a snapshot's replay (trackers/snapshots.before: no undo fed
    afterwards reaches under its applied stack); lookup(seqs) -> {seq: Entry} reads the changes its
    redo stack holds."""

    def __init__(self, tracker, session: Session, label=None, base: Replay | None = None, lookup=None):
        self.label = label or (lambda e: e.label)
        self.tracker, self.session, self.lookup = tracker, session, lookup
        self.game = game_for(session.game, tracker)
        from engine.library import start_state

        # a new table starts with the cards its log recorded (engine/library.py)
        self.state = base.state if base else start_state(tracker, session.players, session.options)
        self.summary: dict | None = None  # the summary of `state`, made when an event is told
        self.applied: list[tuple[Entry, Any, dict | None]] = []  # (entry, state before it, summary before it)
        self.under = list(base.applied.seqs()) if base else []  # applied under the base: never taken back
        self.redo: list[Entry | int] = list(base.redo.seqs()) if base else []  # seqs: undone under the base
        self.told: dict[int, Told] = {}
        self.seq = base.seq if base else 0  # the last event fed

    def standing(self) -> list[int]:
        """The seqs of the changes applied after the events fed."""
        return self.under + [entry.seq for entry, _, _ in self.applied]

    def _step(self, entry: Entry, telling: bool = True) -> Told | None:
        before_state, before = self.state, self.summary
        if not telling:  # only folded into the state: no verdict, summary or telling
            self.state = step_logged(self.game, before_state, entry.verb, entry.args, entry.overruled,
                                     checked=False).state
            self.applied.append((entry, before_state, before))
            self.summary = None
            return None
        if before is None:
            before = self.tracker.declaration.verbs.summary(before_state)
        by = change_by(self.session, self.game.engine, before_state, entry)
        stepped = told_step(self.game, before_state, entry)
        self.state, effects = stepped.state, stepped.effects
        self.summary = self.tracker.declaration.verbs.summary(self.state)
        self.applied.append((entry, before_state, before))
        crossed = marks(before, self.summary)
        said = triggered(effects)
        ahead = 0
        for n, mark in enumerate(crossed):  # a trigger that says the boundary in more words replaces it
            longer = next((m for m in said if m.startswith(mark)), None)
            if longer:
                crossed[n] = longer
                ahead = max(ahead, said.index(longer))  # what ended the last round is told before it
                said.remove(longer)
        return Told(entry.seq, by, play_said(by, entry, self.label(entry)), crossed, said, ahead)

    def _taken_back(self, entry: Entry, before_state) -> str:
        told = self.told.get(entry.seq)
        by = told.by if told else change_by(self.session, self.game.engine, before_state, entry)
        return f"{by}: {play_said(by, entry, self.label(entry))}"

    def feed(self, entries: list[Entry], since: int = 0) -> dict[int, Told]:
        """These events (those after the last fed) told: {seq: Told}. Events up to seq `since` are
        only folded into the state (a window of the newest events costs a replay of the ones before)."""
        label, out = self.label, {}
        for e in entries:
            telling = e.seq > since
            if e.kind == "change":
                self.redo.clear()
                told = self._step(e, telling)
            elif e.kind == "undo":
                took = []
                for _ in range(min(e.count, len(self.applied) + len(self.under))):
                    entry, self.state, self.summary = self.applied.pop()
                    self.redo.append(entry)
                    took.append(self._taken_back(entry, self.state) if telling else "")
                told = Told(e.seq, TABLE, f"undo {e.count}: took back " + "; ".join(took))
            else:
                brought = []
                for _ in range(min(e.count, len(self.redo))):
                    entry = self.redo.pop()
                    if isinstance(entry, int):
                        entry = self.lookup([entry])[entry]
                    again = self._step(entry, telling)
                    brought.append(f"{again.by}: {again.text}" if again else "")
                told = Told(e.seq, TABLE, f"redo {e.count}: brought back " + "; ".join(brought))
            if telling:
                out[e.seq] = self.told[e.seq] = told
            self.seq = e.seq
        return out


def tell_log(store, session: Session, label=None, last: int | None = None, before: int | None = None) -> Telling:
    """The session's verified log told: its newest `last` events (all with None); with `before`, the
    newest `last` of those before event `before` (a page of a long log: only the events from the
    snapshot under the page on are read; those after the page are folded, not told)."""
    from engine import get_tracker

    if last is None and before is None:
        base, entries = None, store.entries(session)
    else:
        base, entries = store.log_from(session, last, before)
    total = entries[-1].seq if entries else base.seq if base else 0
    end = total if before is None else min(total, before - 1)
    shown = [e for e in entries if (last is None or e.seq > end - last) and e.seq <= end]
    since = shown[0].seq - 1 if shown else end
    narrator = Narrator(get_tracker(session.game), session, label, base, lambda seqs: store.lookup(session, seqs))
    told = narrator.feed([e for e in entries if e.seq <= end], since)
    narrator.feed([e for e in entries if e.seq > end], total)  # after the page: folded for what stands now
    return Telling(shown, told, set(narrator.standing()), total)
