"""The phone page's oracle: the served page's table (trackers/table_view.py) built after every step of
generated games, for the host and for every player, and cross-examined with the engine.

A game is played by its table of the generated games (tests/playouts.py, tests/playouts_tables.py),
with some players' hands known only as counts where the game allows it (Theseus's `hidden` option;
a Catopomp round told with no hand recorded, tests/oracle_games.py's `session_walk`) and Catopomp's
secret predictions (its competitive variant on every fourth seed), and recorded
step by step through the Sessions library, as the CLI records it. After each step a TableView (made
as companion/serve/live.py makes it: plays allowed, the counters' steppers) reads the log on and
builds, checking (each problem names its check):

- `raises`: `table(viewer)` for the host (None) and every player, and `plays(player)`, raise nothing;
- `offered`: every play a player's page offers (its moves and its tap plays) is judged legal for that
  player by the step (engine.base.step, apply=False), and every stepper's −/+ change is accepted;
- `recorded`: the session takes each command the step took, and the host's undo then redo (every
  UNDO_EVERY steps; the pages are built after each);
- `secret`: no page (nor what its stream is told) shows another player's hidden hand or secret: neither
  the cards of a hand recorded with `hand` (as typed, or as the summary lists them), nor a secret
  change as said (`predict Ann 3`), nor another player's summary row other than the shared table
  shows it, nor a `hand` field of another player; the host's shared page shows no one's.

`run(game, seed, most)` plays one game (at most `most` steps) and returns its Figures; a problem is
kept with the commands that reproduce it (as `companion` commands).
"""
from __future__ import annotations

import json
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from engine import get_game
from engine.base import AmbiguousMove, MoveSyntaxError, step
from engine.errors import EngineError
from tests.oracle_games import commands_of
from tests.playouts import Command, PlayoutFailure, reproduce
from tests.playouts_tables import TABLES
from trackers.secrets import hides_hand, public_summary  # the oracle's own, whatever a page calls

GAMES = tuple(TABLES)
UNDO_EVERY = 10  # steps between an undo and redo of the last event


@dataclass
class Problem:
    """One thing a page got wrong, with the commands that reach it."""

    game: str
    seed: int
    check: str
    viewer: str | None
    message: str
    players: list
    options: dict
    commands: list

    def report(self) -> str:
        return "\n".join([f"{self.game} seed {self.seed} step {len(self.commands)}: {self.check} "
                          f"({self.viewer or 'host'}): {self.message}",
                          *reproduce(self.game, self.players, self.options, self.commands)])


@dataclass
class Figures:
    """What one game did."""

    game: str
    seed: int
    steps: int = 0
    views: int = 0
    offered: int = 0
    hidden: set = field(default_factory=set)  # the players whose hand was (at some step) known only as a count
    problems: list[Problem] = field(default_factory=list)


# ------------------------------------------------------------------------------ the games played


# ------------------------------------------------------------------------------ the checks


def _text(value) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)


def hidden_hands(view) -> dict[str, list[str]]:
    """player -> the strings that would give away their recorded hand (the cards as typed with `hand`,
    and as the full summary lists them), for each player whose hand the shared table does not show.
    Only what a page could not show by chance: a list of five cards or more, a text of eight letters or
    more (a shorter hand is checked where the summary shows it, `summary_problems`)."""
    game = view.session.game
    if not hides_hand(game):
        return {}
    state = view.state
    full = view.tracker.declaration.verbs.summary(state)
    public = public_summary(view.tracker, game, state)
    rows = {r.get("name"): r for r in full.get("players") or [] if isinstance(r, dict)}
    shown = {r.get("name"): r for r in public.get("players") or [] if isinstance(r, dict)}
    out: dict[str, list[str]] = {}
    for name, row in rows.items():
        tells = [_text(v) for k, v in row.items() if shown.get(name, {}).get(k) != v
                 and (isinstance(v, list) and len(v) >= 5 or isinstance(v, str) and len(v) >= 8)]
        typed = [" ".join(e.args[1:]) for e in view.entries
                 if e.kind == "change" and e.verb == "hand" and e.args and e.args[0] == name and len(e.args) > 3]
        if tells:  # their hand is hidden now: what was typed last for it is a secret too
            out[name] = tells + typed[-1:]
    return out


def summary_problems(view, viewer: str | None, summary: dict | None) -> list[str]:
    """Each other player's row of the page's summary, where the full table differs from what the shared
    table shows (a hand, a prediction): as the shared table shows it, never the full value."""
    if not summary:
        return []
    state, game = view.state, view.session.game
    full = {r.get("name"): r for r in view.tracker.declaration.verbs.summary(state).get("players") or [] if isinstance(r, dict)}
    shown = {r.get("name"): r for r in public_summary(view.tracker, game, state).get("players") or []
             if isinstance(r, dict)}
    found = []
    for row in summary.get("players") or []:
        name = row.get("name") if isinstance(row, dict) else None
        if name is None or name == viewer or name not in full:
            continue
        for key, value in full[name].items():
            public = shown.get(name, {}).get(key)
            if value != public and row.get(key) != public:
                found.append(f"{name}'s {key} shown as {_text(row.get(key))[:60]} (the shared table: "
                             f"{_text(public)[:60]})")
    return found


def secret_problems(view, viewer: str | None, doc: dict) -> list[str]:
    """The other players' hidden hands found in `viewer`'s page (`doc`, the table)."""
    found = []
    text = _text({k: v for k, v in doc.items() if k != "log"}) + _text(doc.get("log") or [])
    hands = hidden_hands(view)
    own = set(hands.get(viewer, ()))  # another hand just like the viewer's own is no tell
    for name, tells in hands.items():
        if name == viewer:
            continue
        for tell in tells:
            if tell in text and tell not in own:
                found.append(f"{name}'s hidden hand shown: {tell[:80]}")
                break
    verbs = view.tracker.declaration.secrets.secret_verbs
    for entry in view.entries:  # a secret said with its words (`predict Ann 3`): the log tells its owner alone
        if entry.kind == "change" and entry.verb in verbs and len(entry.args) >= 2 and entry.args[0] != viewer:
            said = " ".join((entry.verb, *entry.args))
            if said in text:
                found.append(f"{entry.args[0]}'s secret shown as said: {said[:80]}")
                break
    found += summary_problems(view, viewer, doc.get("summary"))
    hand = doc.get("hand")
    if hand is not None and hand.get("player") != viewer:
        found.append(f"the page's hand is {hand.get('player')}'s")
    return found


def offered_problems(game, view, player: str) -> tuple[int, list[str]]:
    """Every play `player`'s page offers (moves and tap plays) and every stepper change, judged by the
    step for that player without applying it: (how many judged, what was refused)."""
    doc, tapped = view.plays(player)
    state = view.state
    found, judged = [], 0
    for text in dict.fromkeys([*doc["moves"], *tapped]):
        judged += 1
        try:
            verdict = step(game, state, text, by=player, apply=False).verdict
        except (MoveSyntaxError, AmbiguousMove, EngineError) as exc:
            found.append(f"offers {text!r}, which the step cannot read: {type(exc).__name__}: {exc}")
            continue
        if not verdict.legal:
            why = verdict.reasons[0].message if verdict.reasons else "refused"
            found.append(f"offers {text!r}, which the step refuses for {player}: {why}")
    for row in view.table(player, with_log=False).get("steppers") or []:
        for change in (row["minus"], row["plus"]):
            if change is None:
                continue
            judged += 1
            try:
                refused = step(game, state, change.split(), kind="track", apply=False).refused
            except (MoveSyntaxError, AmbiguousMove, EngineError) as exc:
                found.append(f"a stepper sends {change!r}, which the step cannot read: {exc}")
                continue
            if refused:
                found.append(f"a stepper sends {change!r}, which the step refuses")
    return judged, found


def counted(view) -> set[str]:
    """The players whose hand the table knows only as a count, whole or in part (unnamed cards)."""
    from trackers.secrets import own_hand

    state, game = view.state, view.session.game
    if not hides_hand(game):
        return {p.name for p in state.players if isinstance(getattr(p, "hand", None), int)}
    hands = [own_hand(game, state, p.name) for p in state.players]
    return {h["player"] for h in hands if h["count"] and (h["cards"] is None or h.get("unnamed"))}


def examine(game, view, figures: Figures, keep, after: int | None = None) -> None:
    """Every page of the table now, built and checked, and what each page's stream that had seen the
    log up to `after` is told; `keep(check, viewer, message)` keeps a problem."""
    figures.hidden |= counted(view)
    for viewer in (None, *view.session.players):
        try:
            doc = view.table(viewer)
            told = view.messages(viewer, after, view.epoch)
            figures.views += 1
            for problem in secret_problems(view, viewer, doc) + secret_problems(view, viewer, {"stream": told}):
                keep("secret", viewer, problem)
            if viewer is not None:
                judged, found = offered_problems(game, view, viewer)
                figures.offered += judged
                for problem in found:
                    keep("offered", viewer, problem)
        except Exception as exc:  # noqa: BLE001 - any exception a page raises is the finding
            keep("raises", viewer, f"{type(exc).__name__}: {exc}")


# ------------------------------------------------------------------------------ one game


def run(game_id: str, seed: int, most: int = 400) -> Figures:
    """One generated game of `game_id` recorded step by step, every page checked after each step."""
    from trackers.sessions import Sessions
    from trackers.table_view import TableView

    from companion.serve.steppers import steppers

    figures = Figures(game_id, seed)
    game = get_game(game_id)
    try:
        players, options, commands = commands_of(game_id, seed, most)
    except PlayoutFailure as failure:  # the generated game itself fails: tests/playouts.py's finding
        figures.problems.append(Problem(game_id, seed, "playout", None, failure.report(), [], {}, []))
        return figures
    done: list[Command] = []

    def keep(check, viewer, message):
        figures.problems.append(Problem(game_id, seed, check, viewer, message, players, options, list(done)))

    with tempfile.TemporaryDirectory() as home:
        data = Path(home) / "data"
        sessions = Sessions(data)
        name = sessions.new(game_id, players, options=options).session.name
        view = TableView(data, name, allow_plays=True, counters=steppers, version="oracle")
        try:
            examine(game, view, figures, keep)
            for command in commands:
                done.append(command)
                seen = len(view.entries)
                try:
                    if command.kind == "track":
                        sessions.record(command.text.split(), name)
                    else:
                        sessions.play(command.text, name, by=command.by)
                    figures.steps += 1
                    view.look()
                    examine(game, view, figures, keep, seen)
                    if figures.steps % UNDO_EVERY == 0:  # the host's undo, then redo: the pages read afresh
                        for redo in (False, True):
                            seen = len(view.entries)
                            sessions.undo(1, name, redo=redo)
                            view.look()
                            examine(game, view, figures, keep, seen)
                except Exception as exc:  # noqa: BLE001 - the step took it, the session must too
                    keep("recorded", None, f"the session does not take it: {type(exc).__name__}: {exc}")
                    break
        finally:
            view.close()
            sessions.close()
    return figures
