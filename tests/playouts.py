"""Generated games: seeded random playouts that cross-examine the engine with itself (issue 43 item 1).

A library, not a test module: tests/test_playouts.py runs a small seeded share in CI and
benchmarks/playouts.py runs many. Every play and tracker command goes through the one checked step
the CLI uses (engine.base.step); a game's set-up and the changes a table types between plays come
from its table (tests/playouts_tables.py), as a table would type them.

At each step the driver asserts (each check names itself in a failure):

- `listed`: every play `legal_moves` lists is judged legal by `check`, and `apply` takes it;
- `instead`: every "legal instead" of a refusal is a play `moves` lists for the player it is offered to;
- `unchanged`: a refused play or change leaves the table as it was (the session-level run checks the
  log and the file too);
- `complete`: a play `check` judges legal is listed, unless the `moves` output says what it leaves
  out (a note or a left-out line), and `moves` never says "No legal move." while a play is legal;
- `situation`: the table written as a situation file and judged again (`check --situation`) gives
  the same verdict;
- `replay`: replaying the log, as an import judges it, gives the same table;
- `status`: status() finds nothing impossible on a table reached by legal play;
- `ends`: the game ends within its table's stated number of steps;
- `session` (end of game): the same commands recorded through the Sessions library give the same
  table; a refused play changes neither the log nor the file; undo then redo, and export then import,
  give the same table and log.

A failure raises PlayoutFailure carrying the seed and the shortest command sequence that still fails
(shrunk by dropping steps), printed as `companion` commands.
"""
from __future__ import annotations

import hashlib
import json
import random
import shlex
from dataclasses import dataclass, field

from engine import get_game
from engine.base import AmbiguousMove, MoveSyntaxError, step, step_logged
from engine.errors import EngineError


@dataclass(frozen=True)
class Command:
    """One thing the table typed: `kind` "track" (words) or "play" (text, by a player or None)."""

    kind: str
    text: str
    by: str | None = None

    def shell(self) -> str:
        if self.kind == "track":
            return "companion track " + self.text
        by = f" --by {shlex.quote(self.by)}" if self.by else ""
        return f"companion play {shlex.quote(self.text)}{by}"


def reproduce(game: str, players, options: dict, commands) -> list[str]:
    """The commands that reach a table from nothing: its `track new`, then each command typed."""
    opts = "".join(f" --option {shlex.quote(f'{k}={v}')}" for k, v in options.items())
    return [f"  companion track new {game} --players {shlex.quote(','.join(players))}{opts}",
            *(f"  {c.shell()}" for c in commands)]


class PlayoutFailure(AssertionError):
    """A disagreement: which check, on which game and seed, and the commands that reproduce it."""

    def __init__(self, game: str, seed: int, check: str, message: str, players, options, commands, probe=None):
        self.game, self.seed, self.check, self.message = game, seed, check, message
        self.players, self.options, self.commands, self.probe = list(players), dict(options), list(commands), probe
        super().__init__(self.report())

    def report(self) -> str:
        lines = [f"{self.game} seed {self.seed}: {self.check}: {self.message}",
                 f"reproduce ({len(self.commands)} steps):",
                 *reproduce(self.game, self.players, self.options, self.commands)]
        if self.probe is not None:
            lines.append(f"  # then: {self.probe.shell()}")
        return "\n".join(lines)


@dataclass
class Figures:
    """What one playout did."""

    game: str
    seed: int
    steps: int = 0
    plays: int = 0
    changes: int = 0
    refused: int = 0
    probes: int = 0
    ended: bool = False
    known: list = field(default_factory=list)  # disagreements the table lists as known (fixed elsewhere)


def dumped(game, state) -> str:
    return json.dumps(state.model_dump(mode="json"), sort_keys=True)


def texts_of(engine, moves) -> list[str]:
    return [engine.plays.format_move(m) for m in moves]


def moves_doc(engine, state) -> tuple[list[str], str | None, str | None]:
    """What `companion moves` lists (engine/listing.py `listed`): the plays, its note, its left-out line."""
    from engine.listing import listed

    found, left = listed(engine, state)
    return texts_of(engine, found), engine.views.moves_note(state), left


def offered_to(engine, state, player: str | None) -> list[str]:
    """The plays `moves` lists that `player` makes now (engine/listing.py `plays_for`)."""
    from engine.listing import plays_for

    if player is None:
        return moves_doc(engine, state)[0]
    return plays_for(engine, state, player)[0]


def canonical(engine, state, text: str) -> str | None:
    try:
        return engine.plays.format_move(engine.plays.parse_move(text, state))
    except (MoveSyntaxError, AmbiguousMove, EngineError):
        return None


class Checks:
    """The per-step checks: each returns a problem (str) or None, so shrinking can ask again."""

    def __init__(self, game, table=None):
        self.game, self.table = game, table
        self.engine = game.engine

    def listed(self, state, most: int | None = None, rng=None) -> str | None:
        engine = self.engine
        moves = engine.plays.legal_moves(state)
        if most is not None and len(moves) > most:
            moves = rng.sample(moves, most)
        for move in moves:
            text = engine.plays.format_move(move)
            verdict = engine.check(state, move)
            if not verdict.legal:
                return f"listed but refused by check: {text!r}: {verdict.reasons[0].message if verdict.reasons else ''}"
            unsure = [n for n in verdict.unchecked if n.rule in getattr(self.table, "UNSURE", ())]
            if unsure:
                return f"listed as legal although it cannot be confirmed: {text!r}: {unsure[0].message}"
            try:
                engine.plays.apply(state, move)
            except Exception as exc:  # noqa: BLE001 (any exception is the finding)
                return f"listed but apply fails: {text!r}: {type(exc).__name__}: {exc}"
            again = canonical(engine, state, text)
            if again != text:
                return f"listed play does not read back: {text!r} -> {again!r}"
        return None

    def probe(self, state, command: Command) -> str | None:
        """One play or change judged (and applied) through the step: its refusal changes nothing and offers
        only listed plays; a legal play is listed or the listing says what it leaves out; the situation
        file judges it alike."""
        game, engine = self.game, self.engine
        before = dumped(game, state)
        try:
            stepped = step(game, state, command.text, by=command.by, kind=command.kind)
        except (MoveSyntaxError, AmbiguousMove):
            return None if dumped(game, state) == before else f"a refused parse changed the table: {command.text!r}"
        except EngineError:
            return None
        if dumped(game, state) != before:
            return f"judging {command.text!r} changed the table it was judged on"
        if command.kind == "track":
            if stepped.refused and (stepped.state is not state):
                return f"refused change {command.text!r} returned another table"
            return None
        verdict = stepped.verdict
        who = stepped.by
        if stepped.refused:
            if stepped.state is not state:
                return f"refused play {command.text!r} returned another table"
            named = {engine.plays.format_move(m) for m in engine.plays.legal_moves(state) if engine.turns.mover(state, m) is not None}
            mine = set(offered_to(engine, state, who)) | named  # a play naming its maker is that player's
            _texts, note, left = moves_doc(engine, state)
            for alt in verdict.alternatives:
                if "..." in alt:  # a pattern to fill in (`roll Ben ...`), no play: nothing to judge
                    continue
                alt_c = canonical(engine, state, alt) or alt
                if alt in mine or alt_c in mine:
                    continue
                # not listed: only a play the listing says it leaves out (a hand not recorded) and that
                # check, for that same player, judges legal
                try:
                    judged = step(self.game, state, alt, by=who, apply=False).verdict
                except (MoveSyntaxError, AmbiguousMove, EngineError):
                    judged = None
                if judged is None or not judged.legal or not (note or left):
                    return (f"refusal of {stepped.args[0]!r} by {who} offers {alt!r} as legal instead, "
                            f"but moves lists for {who}: {sorted(mine)[:6]}"
                            + ("" if judged is None or not judged.legal else " (and says nothing is left out)"))
        else:
            texts, note, left = moves_doc(engine, state)
            played = stepped.args[0]
            if not texts and not note and not left:
                return f"moves says 'No legal move.' but check judges {played!r} (by {who}) legal"
            if played not in texts and not note and not left and not verdict.unchecked:
                return f"check judges {played!r} (by {who}) legal, but moves does not list it and says nothing left out"
        return self.situation(state, command, verdict)

    def situation(self, state, command: Command, verdict) -> str | None:
        """The table written as a situation file and loaded again judges the play alike."""
        engine = self.engine
        data = json.loads(json.dumps(state.model_dump(mode="json")))
        try:
            loaded = engine.load_state(data, "playout")
        except EngineError as exc:
            return f"the table's situation file does not load: {exc}"
        again = step(self.game, loaded, command.text, by=command.by, apply=False).verdict
        if again.legal != verdict.legal or [r.rule for r in again.reasons] != [r.rule for r in verdict.reasons]:
            return (f"check --situation judges {command.text!r} {'legal' if again.legal else 'illegal'} "
                    f"{[r.rule for r in again.reasons]}, the session {'legal' if verdict.legal else 'illegal'} "
                    f"{[r.rule for r in verdict.reasons]}")
        return None

    def status(self, state) -> str | None:
        found = self.engine.seat_problems(state) + self.engine.declaration.status(state)
        return f"status finds {[f'{r.rule}: {r.message}' for r in found]} on a table reached by legal play" if found else None

    def replay(self, start, log, state) -> str | None:
        game = self.game
        now = start
        for verb, args in log:
            try:
                now = step_logged(game, now, verb, args).state
            except EngineError as exc:
                return f"the log does not replay at {verb} {args}: {exc}"
        return None if dumped(game, now) == dumped(game, state) else "replaying the log gives another table"


class Playout:
    """One seeded game of `table` (a tests/playouts_tables.py table), checked at every step.

    `every`: how often (in steps) the costlier checks run (every listed play, the replay); `session`
    runs the Sessions-library checks at the end; `mutations`: broken plays probed per step."""

    def __init__(self, table, seed: int, every: int = 1, mutations: int = 3, most_listed: int | None = None,
                 session: bool = True, shrink: bool = True):
        self.table, self.seed = table, seed
        self.game = get_game(table.GAME)
        self.engine = self.game.engine
        self.checks = Checks(self.game, table)
        self.every, self.mutations, self.most_listed = every, mutations, most_listed
        self.session, self.shrink = session, shrink
        self.figures = Figures(table.GAME, seed)

    # -- running ---------------------------------------------------------------------------

    def new(self, rng):
        players, options = self.table.players(rng), self.table.options(rng)
        return players, options, self.game.tracker.declaration.verbs.new_state(players, options)

    def run(self) -> Figures:
        rng = random.Random(self.seed)
        players, options, start = self.new(rng)
        self.players, self.options, self.start = players, options, start
        deal = self.table.dealer(random.Random(self.seed * 7919 + 1), players)
        state, log, commands = start, [], []
        pending = list(deal.setup(state))
        for n in range(self.table.MOST_STEPS + 1):
            if self.table.over(state):
                self.figures.ended = True
                break
            if n == self.table.MOST_STEPS:
                self.fail("ends", f"the game did not end within {self.table.MOST_STEPS} steps", commands)
            costly = n % self.every == 0
            if costly:
                self.check("listed", self.checks.listed(state, self.most_listed, rng), commands)
                self.check("replay", self.checks.replay(start, log, state), commands)
            self.check("status", self.checks.status(state), commands)
            if not pending:
                pending = list(deal.between(state))
            listed = self.listed_commands(state)
            if pending:
                chosen = pending.pop(0)
            else:
                extras = deal.extras(state, rng)
                options = listed + [c for c in extras if self.legal(state, c)]
                if not options:
                    self.fail("stuck", "no listed play and no change the table could make", commands)
                chosen = deal.choose(state, options, rng)
            unlisted = [chosen] if chosen.kind == "play" and chosen.text not in {c.text for c in listed} else []
            for probe in unlisted + self.broken(state, listed + [chosen], rng, players):
                self.figures.probes += 1
                self.check("probe", self.checks.probe(state, probe), commands, probe)
            stepped = step(self.game, state, chosen.text, by=chosen.by, kind=chosen.kind)
            if stepped.refused:
                self.fail("setup", f"the table's own step was refused: {chosen.shell()}: {stepped.why}", commands)
            if stepped.logged:
                log.append((stepped.verb, stepped.args))
            commands.append(chosen)
            self.figures.steps += 1
            if chosen.kind == "play":
                self.figures.plays += 1
            else:
                self.figures.changes += 1
            state = stepped.state
        self.state, self.log, self.commands = state, log, commands
        self.check("replay", self.checks.replay(start, log, state), commands)
        if self.session:
            self.check("session", self.in_session(commands, state, rng), commands)
        return self.figures

    def listed_commands(self, state) -> list[Command]:
        engine = self.engine
        to_act = engine.turns.to_act(state)
        out = []
        for move in engine.plays.legal_moves(state):
            named = engine.turns.mover(state, move)
            out.append(Command("play", engine.plays.format_move(move), None if named else None if to_act is None else to_act))
        return out

    def legal(self, state, command: Command) -> bool:
        try:
            judged = step(self.game, state, command.text, by=command.by, kind=command.kind, apply=False)
        except (MoveSyntaxError, AmbiguousMove, EngineError):
            return False
        return judged.verdict.legal

    def broken(self, state, seen: list[Command], rng, players) -> list[Command]:
        """Deliberately broken plays: a listed play mutated (another player, another card or die, one
        more or one fewer word, out of turn)."""
        plays = [c for c in seen if c.kind == "play"]
        if not plays or not self.mutations:
            return []
        out = []
        for _ in range(self.mutations):
            base = rng.choice(plays)
            out.append(mutate(base, rng, players, self.table.WORDS))
        return out

    # -- failing ---------------------------------------------------------------------------

    def check(self, name: str, problem: str | None, commands, probe: Command | None = None) -> None:
        if problem is None:
            return
        for check, words in getattr(self.table, "KNOWN", ()):
            if check == name and words in problem:  # a disagreement another change fixes: counted, not failed
                self.figures.known.append(f"{name}: {problem}")
                return
        self.fail(name, problem, commands, probe)

    def fail(self, name: str, problem: str, commands, probe: Command | None = None):
        shortest = self.shrunk(name, list(commands), probe) if self.shrink else list(commands)
        raise PlayoutFailure(self.table.GAME, self.seed, name, problem, self.players, self.options, shortest, probe)

    def still_fails(self, name: str, commands, probe) -> bool:
        """Whether the commands (each still accepted) reach a table where the same check fails."""
        state, log = self.start, []
        for c in commands:
            try:
                s = step(self.game, state, c.text, by=c.by, kind=c.kind)
            except (MoveSyntaxError, AmbiguousMove, EngineError):
                return False
            if s.refused:
                return False
            if s.logged:
                log.append((s.verb, s.args))
            state = s.state
        try:
            if name == "probe":
                return self.checks.probe(state, probe) is not None
            if name == "listed":
                return self.checks.listed(state) is not None
            if name == "status":
                return self.checks.status(state) is not None
            if name == "replay":
                return self.checks.replay(self.start, log, state) is not None
        except Exception:  # noqa: BLE001 (a shorter sequence that breaks otherwise is another finding)
            return False
        return False

    def shrunk(self, name: str, commands, probe, budget: float = 30.0) -> list[Command]:
        """Drop steps while the failure stays: runs of steps first (halves, quarters ...), then single
        steps, last first; within `budget` seconds (the sequence so far is kept when it runs out)."""
        import time

        if name not in ("probe", "listed", "status", "replay"):
            return commands
        until = time.perf_counter() + budget
        size = max(1, len(commands) // 2)
        while size >= 1 and time.perf_counter() < until:
            i = len(commands) - size
            while i >= 0 and time.perf_counter() < until:
                trial = commands[:i] + commands[i + size:]
                if self.still_fails(name, trial, probe):
                    commands = trial
                i -= size
            size //= 2
        return commands

    # -- the session layer -----------------------------------------------------------------

    def in_session(self, commands, state, rng) -> str | None:
        """The game recorded through the Sessions library (what the CLI calls): the same table; a
        refused play changes neither log nor file; undo then redo, export then import, change nothing."""
        import tempfile
        from pathlib import Path

        from trackers.errors import Refused
        from trackers.sessions import Sessions

        game = self.game
        with tempfile.TemporaryDirectory() as home:
            sessions = Sessions(Path(home) / "data")
            session = sessions.new(self.table.GAME, self.players, options=self.options).session
            for c in commands:
                if c.kind == "track":
                    sessions.record(c.text.split(), session.name)
                else:
                    sessions.play(c.text, session.name, by=c.by)
            now = sessions.replay(session).state
            if dumped(game, now) != dumped(game, state):
                return "the session's table differs from the step's"
            entries = len(sessions.entries(session))
            db = sessions.path
            digest = hashlib.sha256(db.read_bytes()).hexdigest()
            for probe in self.broken(state, self.listed_commands(state) or [Command("play", "pass")], rng, self.players):
                if probe.kind != "play" or self.legal(state, probe):
                    continue
                try:
                    sessions.play(probe.text, session.name, by=probe.by)
                except (Refused, MoveSyntaxError, AmbiguousMove, EngineError):
                    pass
                except Exception as exc:  # noqa: BLE001
                    if type(exc).__name__ not in ("SessionError", "Moved"):
                        return f"{probe.shell()}: {type(exc).__name__}: {exc}"
                if len(sessions.entries(session)) != entries or hashlib.sha256(db.read_bytes()).hexdigest() != digest:
                    return f"refused {probe.shell()} changed the log or the file"
            logged = [e for e in sessions.entries(session)]
            if logged and self.log:
                sessions.undo(1, session.name)
                sessions.undo(1, session.name, redo=True)
                if dumped(game, sessions.replay(session).state) != dumped(game, state):
                    return "undo then redo gives another table"
            out = Path(home) / "export.json"
            sessions.export(session.name, out)
            back = sessions.import_(out, name="imported")
            imported = sessions.get("imported")
            if dumped(game, sessions.replay(imported).state) != dumped(game, state):
                return "export then import gives another table"
            if [(e.verb, e.args) for e in sessions.entries(imported)] != [(e.verb, e.args) for e in sessions.entries(session)]:
                return "export then import gives another log"
            del back
        return None


def mutate(command: Command, rng, players, words) -> Command:
    """A play broken one way: another player, another word (card, die, number), one word more or fewer,
    or made out of turn."""
    parts = command.text.split()
    how = rng.choice(["player", "word", "more", "fewer", "turn"])
    names = [p for p in players]
    if how == "turn" or not parts:
        others = [p for p in names if p != command.by] or names
        return Command("play", command.text, rng.choice(others))
    if how == "player":
        at = [i for i, w in enumerate(parts) if w in names]
        if at:
            parts[rng.choice(at)] = rng.choice(names)
            return Command("play", " ".join(parts), command.by)
        how = "word"
    if how == "word":
        i = rng.randrange(len(parts))
        parts[i] = rng.choice(words)
    elif how == "more":
        parts.insert(rng.randrange(len(parts) + 1), rng.choice(words))
    elif how == "fewer" and len(parts) > 1:
        del parts[rng.randrange(len(parts))]
    return Command("play", " ".join(parts), command.by)


def play_game(table, seed: int, **kw) -> Figures:
    """One playout; PlayoutFailure on the first disagreement."""
    return Playout(table, seed, **kw).run()
