"""Kills of tracker changes, undo/redo, export and import (issue 32), run from benchmarks/stress_play.py:

    python benchmarks/stress_play.py --only kills-changes,kills-undo,kills-export,kills-import --kills 10

Each phase starts real `companion` processes (the script installed beside the interpreter) and sends
SIGKILL to about half of them at a random moment of a typical run. After every process, killed or
not, the session is opened again and checked:

- the log is the old log plus at most the one event sent (a prefix-or-equal of what was sent: nothing
  rewritten, nothing doubled, no half event), and exactly that event when the process exited 0;
- a new command's open (from its snapshot) equals a full replay of the verified log (silently wrong);
- an export file is absent or complete (every event of the session) and imports again;
- an imported session is absent or holds every event of the file, and the other sessions are as before.

A kill that came after the process had finished counts as an ordinary run. Targets: 0 in every
failure column.
"""
from __future__ import annotations

import json
import signal
import statistics
import tempfile
import time
from pathlib import Path

from stress_play import OPTIONS, PLAYERS, companion

# repeatable changes of each game's tracker, alternating so that no limit of the game is reached
CHANGES = {"cataclysm-arcade": [["coins", "ann", "+1"], ["coins", "ben", "+2"]],
           "catastrophe": [["hand", "ann", "+1"], ["hand", "ann", "-1"]],
           "catharsis": [["cobble", "ann", "+1"], ["cobble", "ann", "-1"]],
           "catopomp": [["gems", "p3", "-1"], ["gems", "p3", "+1"]],
           "theseus": [["points", "ann", "+2"], ["points", "ben", "+1"]]}
FAILURES = ("rewritten", "lost", "doubled", "half_or_wrong_event", "silently_wrong", "errors")


def look(data: Path, name: str) -> tuple[list[tuple], bool, int, int]:
    """(the verified log as (kind, verb, args, count) rows, whether a new open equals the full replay,
    changes applied, changes on the redo stack)."""
    from engine import get_tracker
    from trackers.log import replay
    from trackers.sessions import Sessions
    with Sessions(data) as s:
        session = s.get(name)
        opened = s.replay(session)
        entries = s.entries(session)
        full = replay(get_tracker(session.game), session, entries)
    dump = lambda r: json.dumps(r.state.model_dump(mode="json"))  # noqa: E731
    same = dump(opened) == dump(full) and opened.applied == full.applied and opened.redo == full.redo
    rows = [(e.kind, e.verb, tuple(a.lower() for a in e.args), e.count) for e in entries]
    return rows, same, len(opened.applied), len(opened.redo)


class Killer:
    """Runs one command, killing it after a random part of a typical run's time when asked."""

    def __init__(self, home: Path, rng):
        self.home, self.rng, self.durations = home, rng, []

    def run(self, *args: str, kill: bool) -> tuple[int, str]:
        kill = kill and bool(self.durations)  # the first run of each kind times a whole one
        start = time.monotonic()
        proc = companion(self.home, *args)
        if kill:
            time.sleep(self.rng.uniform(0.4, 1.2) * statistics.median(self.durations[-9:]))
            proc.send_signal(signal.SIGKILL)  # nothing when it has finished already
        _out, err = proc.communicate()
        if proc.returncode != -signal.SIGKILL:
            self.durations.append(time.monotonic() - start)
        return proc.returncode, err.strip()


def _count() -> dict:
    return {"runs": 0, "kills": 0, "landed_before_kill": 0, "refused": 0, **{k: 0 for k in FAILURES}}


def _judge(out: dict, label: str, code: int, err: str, before: list, after: list, same: bool, sent: list) -> bool:
    """Count one run: the log after it against the log before and the rows it sent. True when it grew."""
    out["runs"] += 1
    if after[:len(before)] != before:
        out["rewritten"] += 1
        print(f"  {label}: the log before was rewritten", flush=True)
        return False
    new = after[len(before):]
    out["silently_wrong"] += not same
    if code == -signal.SIGKILL:
        out["kills"] += 1
        out["landed_before_kill"] += bool(new)
        ok = new in ([], sent)
    elif code == 0:
        ok = new == sent
        out["lost"] += bool(sent) and not new
    elif code == 2:
        out["refused"] += 1
        ok = not new
    else:
        out["errors"] += 1
        print(f"  {label}: exit {code}: {err[:200]}", flush=True)
        ok = True
    if not ok:
        out["doubled" if len(new) > 1 else "half_or_wrong_event"] += 1
        print(f"  {label}: exit {code}, sent {sent}, logged {new}", flush=True)
    return bool(new)


def kills_changes(kills: int, deadline: float, rng) -> dict:
    """`companion track VERB ...` in every game, `kills` kills in all (shared among the games)."""
    from trackers.sessions import Sessions

    out = {**_count(), "per_game": {}}
    for game, changes in CHANGES.items():
        home = Path(tempfile.mkdtemp(prefix="stress-kill-change-"))
        data = home / "data"
        with Sessions(data) as s:
            s.new(game, PLAYERS[game], "k", OPTIONS.get(game, {}))
        killer, done, n = Killer(home, rng), out["kills"], 0
        while out["kills"] - done < -(-kills // len(CHANGES)) and time.monotonic() < deadline:
            words = changes[n % len(changes)]
            before, _same, _a, _r = look(data, "k")
            code, err = killer.run("track", *words, "--session", "k", kill=rng.random() < 0.6)
            after, same, _a, _r = look(data, "k")
            sent = [("change", words[0], tuple(w.lower() for w in words[1:]), 1)]
            n += _judge(out, f"{game} {' '.join(words)}", code, err, before, after, same, sent)
        out["per_game"][game] = out["kills"] - done
    return out


def kills_undo(kills: int, deadline: float, rng) -> dict:
    """`companion track undo N` / `redo N` (and a change now and then, which clears the redo stack) on
    a Cataclysm Arcade session with snapshots; the changes applied and on the redo stack after each."""
    from trackers.sessions import Sessions

    home = Path(tempfile.mkdtemp(prefix="stress-kill-undo-"))
    data = home / "data"
    with Sessions(data) as s:
        s.new("cataclysm-arcade", PLAYERS["cataclysm-arcade"], "u")
        for n in range(40):
            s.record(["coins", "ann" if n % 2 else "ben", f"+{n % 5 + 1}"], "u")
    out = {**_count(), "wrong_stacks": 0, "undo": 0, "redo": 0, "change": 0}
    killer = Killer(home, rng)
    while out["kills"] < kills and time.monotonic() < deadline:
        before, _same, applied, stacked = look(data, "u")
        steps = rng.choice((1, 1, 2, 3))
        pick = rng.random()
        if stacked and pick < 0.45:
            verb, steps = "redo", min(steps, stacked)
        elif applied and pick < 0.9:
            verb, steps = "undo", min(steps, applied)
        else:
            verb = "change"
        args = ["coins", "ann", "+1"] if verb == "change" else [verb, str(steps)]
        code, err = killer.run("track", *args, "--session", "u", kill=rng.random() < 0.6)
        after, same, applied2, stacked2 = look(data, "u")
        sent = ([("change", "coins", ("ann", "+1"), 1)] if verb == "change" else [(verb, "", (), steps)])
        grew = _judge(out, " ".join(args), code, err, before, after, same, sent)
        out[verb] += 1
        want = {"undo": (applied - steps, stacked + steps), "redo": (applied + steps, stacked - steps),
                "change": (applied + 1, 0)}[verb] if grew else (applied, stacked)
        if (applied2, stacked2) != want:
            out["wrong_stacks"] += 1
            print(f"  {' '.join(args)}: applied/redo {applied2}/{stacked2}, expected {want}", flush=True)
    return out


def _events(file: Path) -> list | None:
    """The events of an export file, or None when it is not a complete JSON export."""
    try:
        doc = json.loads(file.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return doc.get("events") if isinstance(doc, dict) else None


def kills_export(kills: int, deadline: float, rng, events: int = 3000) -> dict:
    """`companion track export` of a session of `events` events, each to a new file."""
    from trackers.imports import read_export
    from trackers.sessions import Sessions

    home = Path(tempfile.mkdtemp(prefix="stress-kill-export-"))
    data, folder = home / "data", home / "out"
    folder.mkdir()
    with Sessions(data) as s:
        s.new("cataclysm-arcade", PLAYERS["cataclysm-arcade"], "e")
        s.record(["coins", "ann", "+1"], "e")
        s.repeat_last("e", events)
    log, _same, _a, _r = look(data, "e")
    out = {**_count(), "files_complete": 0, "files_absent": 0, "files_partial": 0, "temp_files_left": 0}
    killer, n = Killer(home, rng), 0
    while out["kills"] < kills and time.monotonic() < deadline:
        n += 1
        target = folder / f"e{n}.json"
        code, err = killer.run("track", "export", "e", str(target), kill=rng.random() < 0.6)
        after, same, _a, _r = look(data, "e")
        _judge(out, f"export {target.name}", code, err, log, after, same, [])
        got = _events(target) if target.exists() else None
        if not target.exists():
            out["files_absent"] += 1
            complete = code != 0
        elif got is not None and len(got) == len(log):
            read_export(target, f"x{n}")  # imports again: every event replays
            out["files_complete"] += 1
            complete = True
        else:
            out["files_partial"] += 1
            complete = False
        if not complete:
            out["half_or_wrong_event"] += 1
            print(f"  export {target.name}: exit {code}, file {'partial' if target.exists() else 'absent'}",
                  flush=True)
        strays = [p for p in folder.iterdir() if p.name.endswith(".tmp")]
        out["temp_files_left"] += len(strays)
        for p in strays:  # swept by the next write of that same file after an hour (rulesdb/untrusted.py)
            p.unlink()
    return out


def kills_import(kills: int, deadline: float, rng, events: int = 1500) -> dict:
    """`companion track import FILE --name iN` of a file of `events` events, each under a new name."""
    from trackers.sessions import Sessions

    home = Path(tempfile.mkdtemp(prefix="stress-kill-import-"))
    data = home / "data"
    with Sessions(data) as s:
        s.new("cataclysm-arcade", PLAYERS["cataclysm-arcade"], "src")
        s.record(["coins", "ann", "+1"], "src")
        s.repeat_last("src", events)
        s.export("src", home / "src.json")
    source, _same, _a, _r = look(data, "src")
    out = {**_count(), "landed_whole": 0, "absent": 0, "others_changed": 0}
    killer, n = Killer(home, rng), 0
    while out["kills"] < kills and time.monotonic() < deadline:
        n += 1
        name = f"i{n}"
        with Sessions(data) as s:
            others = {x.name: len(s.entries(x)) for x in s.all()}
        code, err = killer.run("track", "import", str(home / "src.json"), "--name", name, kill=rng.random() < 0.6)
        with Sessions(data) as s:
            now = {x.name: len(s.entries(x)) for x in s.all()}
        landed = name in now
        out["others_changed"] += {k: v for k, v in now.items() if k != name} != others
        if landed:
            after, same, _a, _r = look(data, name)
            _judge(out, f"import {name}", code, err, [], after, same, source)
            out["landed_whole"] += 1
        else:
            _judge(out, f"import {name}", code, err, [], [], True, source)
            out["absent"] += 1
    return out


PHASES = {"kills-changes": kills_changes, "kills-undo": kills_undo, "kills-export": kills_export,
          "kills-import": kills_import}
