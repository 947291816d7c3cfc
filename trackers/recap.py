"""The story of one game, from its log: who won and how, the turning points (a game's end, an
elimination, a threshold, a response war, the game's own), and
the plays the table overruled with the rules they broke. Pure: built from the steps of
trackers/history.walk (the applied changes, as `track show` replays them) and the outcome record.
"""
from __future__ import annotations

from typing import Any, Callable

from engine import get_tracker
from trackers.history import FINISHED, Step, outcome, shown_outcome, walk
from trackers.log import ReplayError
from trackers.narrate import ROUTINE
from trackers.pressing import tier


def _said(label: Callable, step: Step) -> str:
    """The change as the log labels it; a play whose words open with its maker's name (CATastrophe's
    `Chris play Cucumber`) drops the repeat, since the line names the maker: `play Cucumber`."""
    said = label(step.entry)
    maker = f"play {step.by} "
    if said.lower().startswith(maker.lower()):
        said = said[len(maker):]
    return said


def turning_points(tracker, steps: list[Step], label: Callable, summary: Callable) -> list[dict[str, Any]]:
    """The steps that changed the game, oldest first: {seq, by, said, what: [...]}: their pressing
    effects and the game's own turning points (Outcome.turning_points, its response wars among them;
    `summary(state)` is the game's summary)."""
    points: dict[int, dict[str, Any]] = {}

    def add(step: Step, what: str) -> None:
        point = points.setdefault(step.entry.seq, {"seq": step.entry.seq, "by": step.by, "said": _said(label, step),
                                                   "what": []})
        if what not in point["what"]:
            point["what"].append(what)

    own = tracker.declaration.outcome.turning_points(steps, summary)
    for step in steps:
        for e in step.effects:
            if e.kind not in ROUTINE and tier(e) is not None and tier(e) <= 2:
                add(step, e.message)
        for what in own.get(step.seq, ()):
            add(step, what)
    return [points[s] for s in sorted(points)]


def overruled(steps: list[Step], label: Callable) -> list[dict[str, Any]]:
    """Each overruled change still applied: who made it, what, and each rule it broke."""
    return [{"seq": s.entry.seq, "by": s.by, "said": _said(label, s),
             "violations": [{"rule": v.get("rule"), "message": v.get("message")} for v in s.entry.violations
                            if isinstance(v, dict)]}
            for s in steps if s.entry.overruled]


def how(steps: list[Step], over: Callable) -> list[str]:
    """What the step that ended the game said about its end (the game's own effects, most pressing)."""
    for s in steps:
        if over(s.after) and not over(s.before):
            return [e.message for e in s.effects if tier(e) == 0]
    return []


def headline(record: dict) -> str:
    """Who won, in a few words, from the outcome record: the game's own words first (`said`)."""
    if record["status"] != FINISHED:
        return "abandoned: ended without a finish" if record["status"] == "abandoned" else "still in progress"
    if record.get("said"):
        return " ".join(record["said"])
    if record["tied"]:
        return f"a tie between {' and '.join(record['tied'])} (the rulebook names no winner)"
    if record["winners"]:
        return f"{' and '.join(record['winners'])} won"
    return "over, with no winner recorded"


def recap(record: dict, steps: list[Step], tracker, label: Callable, names: Callable) -> dict[str, Any]:
    """The story: the record's headline and length, how it ended, the turning points and the overruled plays."""
    shown = [dict(p, by=names(p["by"])) for p in turning_points(tracker, steps, label, tracker.declaration.verbs.summary)]
    return {"session": record["session"], "game": record["game"], "players": record["players"],
            "started": record["started"], "status": record["status"], "result": headline(record),
            "winners": record["winners"], "how": how(steps, tracker.finished), "plays": record["plays"],
            "length": record["length"], "duration": record["duration"],
            "turning_points": shown,
            "overruled": [dict(o, by=names(o["by"])) for o in overruled(steps, label)],
            "unclear": record["unclear"]}


def session_story(store, name: str | None) -> dict[str, Any]:
    """`track recap`: the story of one session, its changes labelled as the
    shared views show them (secrets hidden, trackers/secrets.py) and its players by their shown names."""
    from trackers import players
    from trackers.secrets import labeller

    session = store.get(name)
    entries = store.entries(session)
    try:
        walked = walk(session, entries)
    except ReplayError as exc:
        from trackers.errors import StoreError

        raise StoreError(f"session {session.name!r}: {exc}; its log was edited") from None
    tables = [s.players for s in store.all([])]  # a session that does not read is named by `history`
    names = players.Names(players.load(store), tables)
    record = shown_outcome(outcome(session, entries, walked), names)
    return recap(record, walked[1], get_tracker(session.game), labeller(session.game), names)
