"""How many `unchecked` lines a play gets, per engine, over the scenario games (tests/scenarios/<game>/),
the golden session logs (tests/golden/<game>.export.json) and seeded CATastrophe games: with the
catalogue as shipped, and with a filled card library (issue 23).

    python benchmarks/unchecked_lines.py [--library GAME=FILE ...] [--by-note N] [--games N]

The filled library of a game is benchmarks/libraries/<game>.toml (the cards those games use, as a
table would write them; `--library GAME=FILE` puts another file, TOML or JSON in the shape
`companion cards export` writes, in its place). A play is each `move` and `before` move of a
scenario, each `play` step of a scenario's table, each play of a golden log and each play of a
seeded game; a tracker change is not a play and is not counted. Scenarios and log events that do
not run (a refusal the scenario expects, an undo) are played as far as they go.

Printed per engine: plays, unchecked lines before and after (and per play), and how many verdicts
the library turned from legal to illegal or back (a card whose filled facts the scenario's dice or
coins do not meet; "-" for the seeded games, whose plays part ways once the library's effects are
carried out). `--by-note N` lists each engine's N most frequent notes before and after.
Seeded games are printed on rows of their own: CATastrophe (four cats; Attacks, Curiosities, the
library's Allies and Power Cats, a Grim Reapurr card or one of its Events each turn; `--games`
games) and Party of the Theseus (the whole games of tests/engine/theseus_table.py, at most 20, each
with the cards it deals as its library). Where a seeded game plays on differently once the library's
effects are carried out, its plays are shown before/after.
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import tomllib
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import GAMES, get_game  # noqa: E402
from engine.base import EngineError, PLAY, step, step_logged  # noqa: E402
from engine.library import LibraryError, card_model, check_all, effective, with_cards  # noqa: E402

LIBRARIES = Path(__file__).resolve().parent / "libraries"
CATS = ("Abi", "Betty", "Chris", "Dan")


class Count:
    """Plays, their unchecked lines, the lines by note, and each play's legality in order."""

    def __init__(self):
        self.plays = 0
        self.lines = 0
        self.notes: Counter = Counter()
        self.legal: list[bool] = []

    def add(self, verdict) -> None:
        self.plays += 1
        self.lines += len(verdict.unchecked)
        self.notes.update(_note(u) for u in verdict.unchecked)
        self.legal.append(verdict.legal)

    @property
    def per_play(self) -> float:
        return self.lines / self.plays if self.plays else 0.0


def _note(line) -> str:
    """A note's kind: its text up to the first colon or parenthesis (names and numbers vary)."""
    text = str(getattr(line, "message", line))
    return text.split(":")[0].split(" (")[0][:90]


def _library(game, files: dict[str, Path]) -> list[dict]:
    from trackers.library import read_entries
    from engine.library import catalogue_key

    path = files.get(game.name)
    if path is None or card_model(game.tracker.State) is None:
        return []
    entries = read_entries(path, catalogue_key(game.tracker.State))
    check_all(game.tracker.State, entries, str(path))
    return effective(game.tracker.State, entries)


def _with(state, entries):
    return with_cards(state, entries, checked=False) if entries else state


def scenario_plays(game, entries: list[dict], count: Count) -> None:
    engine = game.engine
    for path in sorted((ROOT / "tests" / "scenarios" / game.name).glob("*.toml")):
        case = tomllib.loads(path.read_text(encoding="utf-8"))
        if "deck" in case or case.get("error") or ("move" not in case and "table" not in case):
            continue
        try:
            if "table" in case:
                table = case["table"]
                state = _with(game.tracker.declaration.verbs.new_state(table["players"], table.get("options", {})), entries)
                for said in table.get("setup", []):
                    kind, _, rest = said.partition(" ")
                    stepped = step(game, state, rest, kind=kind)
                    if kind == "play":
                        count.add(stepped.verdict)
                    state = stepped.state
            else:
                state = _with(engine.load_state(case["situation"], str(path)), entries)
            for text in [*case.get("before", []), case.get("move")]:
                if text is None:
                    continue
                stepped = step(game, state, text)
                count.add(stepped.verdict)
                state = stepped.state
        except (EngineError, KeyError, AssertionError):
            continue


def golden_plays(game, entries: list[dict], count: Count) -> None:
    from engine.library import start_state

    path = ROOT / "tests" / "golden" / f"{game.name}.export.json"
    if not path.exists():
        return
    doc = json.loads(path.read_text(encoding="utf-8"))
    state = _with(start_state(game.tracker, doc["players"], doc["options"]), entries)
    for event in doc["events"]:
        if event.get("kind") not in ("change", "play", None):
            break  # an undo or redo: the rest of the log depends on the stacks
        try:
            stepped = step_logged(game, state, event["verb"], tuple(event["args"]), event.get("overruled", False))
        except EngineError:
            break
        if event["verb"] == PLAY:
            count.add(stepped.verdict)
        state = stepped.state


def seeded_catastrophe(library: list[dict], described: bool, count: Count, games: int, limit: int = 400) -> None:
    """Seeded games between four cats (the dealer of the play-along tests, tests/engine/catastrophe_table.py),
    the same seeds with the library's cards described or not: Attacks, Curiosities, the library's
    Allies and Power Cats, and a CATastrophe card each turn."""
    from engine.catastrophe.rules import waiting_roller
    from tests.engine.catastrophe_table import T, Dealer

    kinds = {e["name"]: e.get("type") for e in library}
    allies = sorted(n for n, k in kinds.items() if k == "ally" and n != "Ally") or ["Ally"]
    power_cats = sorted(n for n, k in kinds.items() if k == "power-cat" and n != "Power Cat") or ["Power Cat"]
    events = sorted(n for n, k in kinds.items() if k == "event" and n != "CATastrophic Event") or ["CATastrophic Event"]

    def claw_play(rng, cur, others):
        pick, target = rng.random(), rng.choice(others)
        if pick < 0.3:
            return f"{cur.name} play Attack {rng.choice([4, 5, 6])} at {target}"
        if pick < 0.45:
            return f"{cur.name} play Curiosity at {target}"
        if pick < 0.8:
            return f"{cur.name} play {rng.choice(allies)} at {target}"
        return f"{cur.name} play {rng.choice(power_cats)} at {target}" if cur.power_cats else None

    def reveal(rng, cur):
        return f"{cur.name} reveal {'Grim Reapurr +1' if rng.random() < 0.4 else rng.choice(events)}"

    for seed in range(games):
        rng = random.Random(seed)
        table = Dealer(_with(T.declaration.verbs.new_state(list(CATS), {}), library if described else []))
        for _ in range(limit):
            if table.state.game_over:
                break
            if table.state.chain:
                roller = waiting_roller(table.state)
                table.play(f"{roller} roll {rng.randint(1, 6)}" if roller else "resolve")
            else:
                table.turn_step(rng, 0.8, claw_play, reveal)
        for verdict in table.verdicts:
            count.add(verdict)


def seeded_theseus(described: bool, count: Count, games: int) -> None:
    """The seeded whole games of tests/engine/theseus_table.py as a table tells them, the same seeds
    with and without a library: each game deals its own cards (names reused with other Ranks and
    icons), so its library is the dealt cards as its table would write them (Rank, icon, VP, none)."""
    from engine.theseus.rules_scoring import general_vp
    from tests.engine.theseus_table import deal, table_game

    game = get_game("theseus")
    for seed in range(games):
        dealt = deal(seed)[0].cards
        entries = [{"name": c.name, **({"rank": c.rank, "vp": general_vp(c.rank)} if isinstance(c.rank, int) else {}),
                    "icon": c.icon, "effect": "none"} for c in dealt] if described else []
        state = None
        for kind, what, _ in table_game(seed):
            if kind == "track" and what[0] == "new":
                opts = dict(what[i + 1].split("=", 1) for i, w in enumerate(what) if w == "--option")
                state = _with(game.tracker.declaration.verbs.new_state(what[what.index("--players") + 1].split(","), opts), entries)
            elif kind == "track":
                state, _ = game.tracker.apply(state, game.tracker.parse(state, list(what)))
            else:
                stepped = step(game, state, what)
                count.add(stepped.verdict)
                state = stepped.state


def measure(files: dict[str, Path], games: int) -> list[tuple[str, Count, Count]]:
    rows = []
    for name in sorted(GAMES):
        game = get_game(name)
        if game.engine is None:
            continue
        library = _library(game, files)
        counts = []
        for entries in ([], library):
            count = Count()
            scenario_plays(game, entries, count)
            golden_plays(game, entries, count)
            counts.append(count)
        rows.append((name, *counts))
        if name == "catastrophe" and games and library:
            seeded = []
            for described in (False, True):
                count = Count()
                seeded_catastrophe(library, described, count, games)
                seeded.append(count)
            rows.append((f"{name} (seeded)", *seeded))
        if name == "theseus" and games:
            seeded = []
            for described in (False, True):
                count = Count()
                seeded_theseus(described, count, min(games, 20))
                seeded.append(count)
            rows.append((f"{name} (seeded)", *seeded))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--library", action="append", default=[], metavar="GAME=FILE",
                        help="a filled card library file for GAME, instead of benchmarks/libraries/GAME.toml")
    parser.add_argument("--by-note", type=int, default=0, metavar="N",
                        help="list each engine's N most frequent notes")
    parser.add_argument("--games", type=int, default=30, help="seeded CATastrophe games (0: none)")
    args = parser.parse_args()
    files = {p.stem: p for p in sorted(LIBRARIES.glob("*.toml"))}
    for pair in args.library:
        game, sep, file = pair.partition("=")
        if not sep:
            parser.error(f"--library {pair!r}: write GAME=FILE")
        files[game] = Path(file)
    try:
        rows = measure(files, args.games)
    except LibraryError as exc:
        sys.exit(f"unchecked_lines: {exc}")
    print(f"{'engine':<22}{'plays':>11}{'before':>8}{'per play':>10}{'after':>8}{'per play':>10}"
          f"{'legality changed':>18}")
    for name, before, after in rows:
        changed = sum(a != b for a, b in zip(before.legal, after.legal)) + abs(before.plays - after.plays)
        # a seeded game carries out the library's effects, so its plays part ways: no play-by-play count
        changed_text = "-" if name.endswith("(seeded)") else str(changed)
        plays = str(before.plays) if before.plays == after.plays else f"{before.plays}/{after.plays}"
        print(f"{name:<22}{plays:>11}{before.lines:>8}{before.per_play:>10.2f}{after.lines:>8}"
              f"{after.per_play:>10.2f}{changed_text:>18}"
              + ("" if name.split()[0] in files else "   (no library file)"))
    for name, before, after in rows if args.by_note else ():
        print(f"\n{name}: most frequent notes, before -> after")
        for note, n in (before.notes + after.notes).most_common(args.by_note):
            print(f"  {before.notes[note]:4d} -> {after.notes[note]:4d}  {note}")


if __name__ == "__main__":
    main()
