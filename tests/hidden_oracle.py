"""The hidden-information oracle (issue 43; docs/architecture.md "Only what the table knows").

For a position and a viewer, every card the viewer cannot see is dealt again, consistently with what
the viewer knows (hand sizes, the cards in sight, the deck's counts, the viewer's own recorded hand),
and everything the viewer is shown must stay byte-identical (compared as JSON text):

- the shared table (viewer None): `status` (as a session shows it), `track show` (the public
  summary), `track situation`, the public page's table (summary, who acts, finished) and, at session
  level, `track log` and the public stream's events;
- a player P at the laptop (viewer P; P's own recorded hand stays, the rest is dealt again): the
  answer to each play and refusal P makes, one naming another player as its maker among them
  (NamedHands.naming, whether P is to act or not) (the verdict, its effects, the table after it as the
  public page and as P's page show it, who acts next, or the parse error), `check` (the same
  verdict, judged only), `moves` when P is to act, and P's private page (their summary and their
  hand, with its conflicts).

Games and their secrets: Catopomp (recorded hands; a competitive prediction not yet revealed),
Party of the Theseus (no per-player secret: a recorded Hand is public, as its cards are taken face
up from the Board, and a Hand known only by its size holds no names; the Rank Decks' unrevealed
cards are dealt again below the top four, which a Board Refill may turn up), CATastrophe and
Cataclysm Arcade (named hands: a player's recorded hand of card names). Catharsis keeps no secret.

Positions: Catopomp's and Theseus's dealt table (the dealer knows every card), walked by a small
seeded random walk over `legal_moves` through engine.base.step, with a random share of the hands
then told to the companion only by their size (as a table that did not record them); CATastrophe's
and Cataclysm Arcade's, the tables of their generated games (tests/playouts.py, the first steps of a
seeded game after its set-up), with hands named as a table names them (NamedHands.told); and every
game's scenario tables that hold a secret.

`examine(game, state, rng)` returns the differences (none is the pass mark); `run(game, seeds,
steps)` walks and examines. tests/test_hidden_oracle.py runs a CI share; benchmarks/hidden_oracle.py
the full run.
"""
from __future__ import annotations

import importlib
import json
import random
from dataclasses import dataclass, field
from typing import Any, Callable

from engine import get_game
from engine.base import EngineError, step
from tests.games import per_game
from tests.oracle_games import commands_of, session_walk


@dataclass
class Difference:
    """One output that changed when what its viewer cannot see was dealt again."""

    game: str
    where: str  # the position (seed and step)
    viewer: str | None
    what: str  # the output's name (e.g. `play Ann: heaven 9 then hell 1`)
    shown: str  # as shown on the position
    redealt: str  # as shown once dealt again
    table: dict = field(default_factory=dict)  # the position dealt again, as a situation

    def __str__(self) -> str:
        return (f"{self.game} {self.where} viewer {self.viewer or 'table'}: {self.what}\n  shown:   {self.shown[:400]}"
                f"\n  redealt: {self.redealt[:400]}")


def _text(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)


# ------------------------------------------------------------------------------ what a viewer is shown


def shared(game, state) -> dict[str, str]:
    """What the shared screen shows of a position, each as JSON text (no play made)."""
    from trackers.secrets import hidden, public_summary

    engine, tracker, name = game.engine, game.tracker, game.name
    seen = hidden(name, state)
    out = {
        "status": _text({"problems": [r.as_json() for r in engine.seat_problems(seen) + engine.declaration.status(seen)],
                         "position": engine.views.position(seen)}),
        "track show": _text(public_summary(tracker, name, state)),
        "track situation": _text(seen.model_dump(mode="json")),
        "public page": _text({"to_act": engine.turns.to_act(state), "acting": engine.turns.acting(state, page=True),
                              "finished": bool(tracker.finished(state))}),
    }
    return out


def private(game, state, viewer: str) -> dict[str, str]:
    """What `viewer`'s own page adds: their summary (their secrets shown) and their hand."""
    from trackers.secrets import hides_hand, own_hand, public_summary

    out = {"private page": _text(public_summary(game.tracker, game.name, state, frozenset({viewer})))}
    if hides_hand(game.name):
        out["own hand"] = _text(own_hand(game.name, state, viewer))
    return out


def answered(game, state, text: str, by: str | None, apply: bool = True) -> str:
    """A play's or refusal's answer as the laptop and the public page show it, with its maker's page
    (`by` None: a play said at the shared screen, made by whoever is to act). A play made as several
    (Engine.series: Cataclysm Arcade `decline all`) answers with each of its plays and where it stopped."""
    from engine.base import AmbiguousMove, MoveSyntaxError

    series = game.engine.series(text) if apply else None
    try:
        if series is not None:
            return _text(_several(game, state, series, by))
        if text.startswith("track "):  # a tracker command the player says (e.g. records their own hand)
            done = step(game, state, text.removeprefix("track "), kind="track", apply=apply)
        else:
            done = step(game, state, text, by=by, apply=apply)
    except (MoveSyntaxError, AmbiguousMove) as exc:
        return _text({"error": str(exc)})
    except EngineError as exc:  # a play the engine cannot record at all
        return _text({"engine error": str(exc)})
    return _text(_answer(game, done, by))


def _several(game, state, series, by: str | None) -> list[dict]:
    """Each play of a play made as several, as trackers/recording.py makes them, then where it stopped."""
    series.ready(state)
    out, now = [], state
    for _ in range(series.most(state)):
        done = step(game, now, series.step)
        out.append(_answer(game, done, by))
        now = done.state
        if series.done(state, now):
            break
    return [*out, {"stopped": getattr(series, "stopped", None)}]


def _answer(game, done, by: str | None) -> dict:
    from trackers.secrets import hidden, hides_hand, own_hand, public_summary

    after = done.state
    seen = hidden(game.name, after)
    doc = {"verdict": done.verdict.as_json(), "effects": [e.as_json() for e in done.effects], "args": done.args,
           "label": done.label, "by": done.by, "to_act": done.to_act, "applied": done.applied,
           "table": public_summary(game.tracker, game.name, after),
           "status after": [r.as_json() for r in game.engine.declaration.status(seen)]}
    if by is not None:
        doc["mine"] = public_summary(game.tracker, game.name, after, frozenset({by}))
        if hides_hand(game.name):
            doc["my hand"] = own_hand(game.name, after, by)
    return doc


def moves_shown(game, state) -> str:
    """`companion moves` for the player to act: the listed plays, the note, what was left out."""
    engine = game.engine
    listed = [engine.plays.format_move(m) for m in engine.plays.legal_moves(state)]
    partly = engine.views.partly_listed(state)
    return _text({"moves": listed, "note": engine.views.moves_note(state),
                  "partly": None if partly is None else ([engine.plays.format_move(m) for m in partly[0]], partly[1])})


def shown(game, state, viewer: str | None, plays: dict[str, list[str]]) -> dict[str, str]:
    """Everything `viewer` is shown of the position: the shared screen always, with the answers to the
    plays said at it (`plays[None]`); for a player, also their page, `moves` when they are to act, and
    each of their `plays` made and only checked."""
    out = shared(game, state)
    for text in plays.get(None, []):
        out[f"play table: {text}"] = answered(game, state, text, None)
    if viewer is None:
        return out
    out.update(private(game, state, viewer))
    if game.engine.turns.to_act(state) == viewer:
        out["moves"] = moves_shown(game, state)
    for text in plays.get(viewer, []):
        out[f"play {viewer}: {text}"] = answered(game, state, text, viewer)
        out[f"check {viewer}: {text}"] = answered(game, state, text, viewer, apply=False)
    return out


# ------------------------------------------------------------------------------ the games' secrets


class Secrets:
    """One game's hidden cards: the positions of a seeded walk, the plays to try on each, and a deal
    again of what a viewer cannot see (None when nothing can be dealt)."""

    game = ""
    walks = True  # positions come from seeded walks (else from its scenario files only)

    def walk(self, seed: int, steps: int) -> list[tuple[str, Any]]:
        raise NotImplementedError

    def plays(self, state, rng: random.Random) -> dict[str, list[str]]:
        raise NotImplementedError

    def redeal(self, state, viewer: str | None, rng: random.Random):
        raise NotImplementedError


class NamedHands(Secrets):
    """A game whose secret is the names of the cards a player recorded in their hand (CATastrophe's
    `hand_cards`, Cataclysm Arcade's `hand`). Walked: the tables a generated game of it reaches
    (tests/playouts.py, its table of tests/playouts_tables.py), from the end of the table's set-up on,
    each with hands named as the game's table names them (`told`, the game's own subclass). Dealt
    again: every named hand but the viewer's, its size kept, from the table's card names (no deck
    composition limits them; a CATastrophe card the whole table saw go in stays)."""

    SET_UP_MOST = 12  # the most changes a generated game's table types before its first play

    def __init__(self, game: str, field_: str, table_plays: tuple[str, ...] = ()):
        self.game, self.field, self.table_plays = game, field_, tuple(table_plays)

    def walk(self, seed: int, steps: int) -> list[tuple[str, Any]]:
        """The generated game of `seed` (its own commands, made again through the step): the table
        before its first play, then after each of the next `steps` steps, each as `told`."""
        game = get_game(self.game)
        players, options, commands = commands_of(self.game, seed, steps + self.SET_UP_MOST)
        state = game.tracker.declaration.verbs.new_state(players, options)
        rng = random.Random(seed * 7919 + 3)
        first = next((k for k, c in enumerate(commands) if c.kind == "play"), len(commands))
        out = []
        for k, c in enumerate(commands[:first + steps]):
            if k >= first:
                out.append((f"seed {seed} step {k - first}", self.told(state, rng)))
            state = step(game, state, c.text, by=c.by, kind=c.kind).state
        made = min(len(commands), first + steps)
        return [*out, (f"seed {seed} step {made - first}", self.told(state, rng))]

    def told(self, state, rng: random.Random):
        """The table as a session may hold it (the generated game's own, unless the game says more)."""
        return state

    def plays(self, state, rng: random.Random) -> dict[str, list[str]]:
        engine = get_game(self.game).engine
        listed = [engine.plays.format_move(m) for m in engine.plays.legal_moves(state)]
        partly = engine.views.partly_listed(state)
        listed += [engine.plays.format_move(m) for m in partly[0]] if partly else []
        plays: dict = {p.name: rng.sample(listed, min(4, len(listed))) + ["pass"] + self.naming(state, p.name, rng)
                       for p in state.players}
        return {**plays, None: list(self.table_plays)} if self.table_plays else plays

    def naming(self, state, viewer: str, rng: random.Random) -> list[str]:
        """Plays `viewer` types (`--by`) that name another player as their maker, on the viewer's turn or
        not: judged for the viewer, they must not read that player's secret hand (none by default)."""
        return []

    def redeal(self, state, viewer: str | None, rng: random.Random):
        names = get_game(self.game).engine.views.card_names(state) or ["Grunt", "Zap", "Fire Bolt", "Shield"]
        players = []
        for p in state.players:
            hand = getattr(p, self.field)
            if p.name == viewer or not hand:
                players.append(p)
                continue
            kept = [c for c in hand if c in getattr(p, "seen_cards", ())]
            dealt = tuple(kept + [rng.choice(names) for _ in range(len(hand) - len(kept))])
            players.append(p.model_copy(update={self.field: dealt}))
        return state.model_copy(update={"players": tuple(players)})


def _secrets() -> tuple[dict[str, Secrets], dict[str, str]]:
    """Each game's hidden cards as its own test data says (tests/games/<game>.toml `secrets`): the
    class that deals them again (here, or the game's own `module:Class`), or why the game is left out."""
    examined, left_out = {}, {}
    for game, spec in per_game("secrets").items():
        if "left_out" in spec:
            left_out[game] = spec["left_out"]
        else:
            module, _, name = spec["oracle"].rpartition(":")  # a class here, or `module:Class`
            kind = getattr(importlib.import_module(module), name) if module else globals()[spec["oracle"]]
            examined[game] = kind(game, spec["field"], spec.get("table_plays", ())) if "field" in spec else kind()
    return examined, left_out


#: the games the oracle examines (those with a walk of their own walked, the others on their scenario
#: files only), and why a game is left out
SECRETS, LEFT_OUT = _secrets()
GAMES = tuple(SECRETS)
#: the games whose positions come from seeded walks too
WALKED = tuple(game for game, secrets in SECRETS.items() if secrets.walks)


def scenario_positions(name: str) -> list[tuple[str, Any]]:
    """The tables of the game's scenario files (tests/scenarios/GAME/) that hold a hand the table
    cannot see or a secret: each case's table after its `before` plays."""
    from tests.test_scenarios import ROOT, build_table, load

    game = get_game(name)
    out = []
    for path in sorted((ROOT / name).glob("*.toml")):
        case = load(path)
        if case.error or case.deck is not None:
            continue
        try:
            state = build_table(game, case.table.model_dump()) if case.table is not None else \
                game.engine.load_state(case.situation, str(path))
            for text in case.before:
                state = step(game, state, text).state
        except Exception:  # noqa: BLE001 - a case the oracle cannot set up is left to the scenario runner
            continue
        players = getattr(state, "players", ())
        if any(_secret(p) for p in players):
            out.append((f"scenario {path.stem}" + (f" (move {case.move})" if case.move else ""), state))
    return out


def _secret(p) -> bool:
    """The seat holds something the table cannot see, or a record only its player may see."""
    if getattr(p, "hand_cards", None) or getattr(p, "prediction", None) is not None:
        return True
    hand = getattr(p, "hand", ())
    return isinstance(hand, int) or bool(hand)


# ------------------------------------------------------------------------------ the oracle


def viewers(state) -> list[str | None]:
    return [None, *(p.name for p in state.players)]


def examine(name: str, state, rng: random.Random, where: str = "", redeals: int = 2,
            plays: dict[str, list[str]] | None = None) -> list[Difference]:
    """Every viewer's outputs on the position and on `redeals` deals again of what they cannot see:
    the differences (none is the pass mark)."""
    game, secrets = get_game(name), SECRETS[name]
    plays = secrets.plays(state, rng) if plays is None else plays
    found: list[Difference] = []
    for viewer in viewers(state):
        first = shown(game, state, viewer, plays)
        for _ in range(redeals):
            other = secrets.redeal(state, viewer, rng)
            if other is None or other == state:
                continue
            again = shown(game, other, viewer, plays)
            for what, text in first.items():
                if again.get(what) != text:
                    found.append(Difference(name, where, viewer, what, text, again.get(what, "(not shown)"),
                                            other.model_dump(mode="json")))
                    break  # one difference per deal is enough to tell
    return found


@dataclass
class Run:
    """What a run examined and found."""

    game: str
    positions: int = 0
    outputs: int = 0
    differences: list[Difference] = field(default_factory=list)


def run(name: str, seeds, steps: int, every: int = 1, redeals: int = 2, scenarios: bool = False,
        progress: Callable[[str], None] | None = None) -> Run:
    """Walk each seed `steps` plays and examine every `every`-th position reached (and, with
    `scenarios`, the tables of the game's scenario files first)."""
    done = Run(name)
    secrets = SECRETS[name]
    walks = [(-1, scenario_positions(name))] if scenarios else []
    walks += [(seed, secrets.walk(seed, steps)) for seed in seeds]
    for seed, positions in walks:
        rng = random.Random(seed * 7919 + 1)
        for k, (where, state) in enumerate(positions):
            if k % every and seed >= 0:
                continue
            plays = secrets.plays(state, rng)
            said = where.partition(" (move ")[2].removesuffix(")")
            to_act = get_game(name).engine.turns.to_act(state) if said else None
            if to_act is not None and to_act in plays:  # the scenario's own play, by the player to act
                plays[to_act] = [said, *plays[to_act]]
            found = examine(name, state, rng, where, redeals, plays)
            done.positions += 1
            done.differences += found
            if progress and found:
                progress(str(found[0]))
    return done


# ------------------------------------------------------------------------------ at session level


def session_outputs(cli, words_list: list[tuple[str, ...]], viewers_: tuple[str | None, ...] = (None,)) -> dict[str, str]:
    """A session made by these commands (in-process, `cli` as tests/conftest.py's Cli, its data dir
    already set), then what the table is shown: `track show`, `track log` and `track situation`,
    `status`, and the served page's table and stream (companion/serve/live.py, in-process) for
    each viewer (None: the public page). Times are left out."""
    import re

    from companion.paths import data_dir
    from companion.serve.live import Live

    out: dict[str, str] = {}
    for i, words in enumerate(words_list):
        result = cli(*words)
        out[f"{i} {' '.join(words)}"] = result.stdout + result.stderr + f"\nexit {result.exit_code}"
    stamp = re.compile(r"\d{4}-\d\d-\d\dT[\d:.+Z-]+")
    for words in (("track", "show"), ("track", "log"), ("track", "situation"), ("status",)):
        result = cli(*words)
        out[" ".join(words)] = stamp.sub("TIME", result.stdout + result.stderr)
    live = Live(data_dir(), None)
    try:
        for viewer in viewers_:
            table = live.run(live.table, viewer)
            out[f"page {viewer}"] = stamp.sub("TIME", _text({k: v for k, v in table.items() if k != "bgstats"}))
            events = live.run(live.messages, viewer, 0, live.epoch)
            out[f"stream {viewer}"] = stamp.sub("TIME", _text(events))
    finally:
        live.close()
    return out


def session_probes(truth, unrecorded: list[str], rng: random.Random) -> list[tuple[str, ...]]:
    """What the table asks once the hands are recorded: `check` and `moves` (for the player to act,
    when their hand is not recorded: theirs is theirs to see), then plays and passes by the players
    who recorded no hand (each in turn or out of it)."""
    out: list[tuple[str, ...]] = []
    if truth.turn in unrecorded:
        out += [("check", "pass"), ("check", f"heaven {rng.randint(1, 9)}"), ("moves",)]
    for name in unrecorded:
        a, b = rng.randint(1, 9), rng.randint(1, 9)
        out += [("play", "--by", name.lower(), f"heaven {a} then hell {b}"),
                ("play", "--by", name.lower(), f"heaven {a} {a} then hell {b}"), ("play", "--by", name.lower(), "pass")]
    return out


def examine_session(cli, home_of: Callable[[int], None], seed: int, steps: int = 20, redeals: int = 2) -> list[Difference]:
    """One session walk told to the companion, then dealt again `redeals` times (the recorded hands
    drawn anew from what the table cannot see): every command's output, the views, the public page and
    stream and the unrecorded players' pages must stay the same. `home_of(i)` points the data dir at a
    fresh folder for deal i."""
    words, hands, unrecorded, truth = session_walk(seed, steps)
    rng = random.Random(seed)
    probes = session_probes(truth, unrecorded, rng)
    recorded = {h[2] for h in hands}
    told = truth.model_copy(update={"players": tuple(
        p if p.name.lower() in recorded else p.model_copy(update={"hand": len(p.hand)}) for p in truth.players)})
    viewers_ = (None, *unrecorded)
    home_of(0)
    first = session_outputs(cli, [*words, *hands, *probes], viewers_)
    found: list[Difference] = []
    for i in range(1, redeals + 1):
        other = SECRETS["catopomp"].redeal(told, None, rng)
        if other is None:
            continue
        again_hands = [("track", "hand", p.name.lower(), *map(str, p.hand)) for p in other.players
                       if p.name.lower() in recorded]
        home_of(i)
        again = session_outputs(cli, [*words, *again_hands, *probes], viewers_)
        for (what, text), (_, text2) in zip(first.items(), again.items()):
            if what.split(" ")[1:3] == ["track", "hand"]:
                continue  # the hand typed in by its owner
            if text != text2:
                found.append(Difference("catopomp", f"session seed {seed}", None, what, text, text2))
                break
    return found
