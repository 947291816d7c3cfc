"""How many `unchecked` lines a play gets, per engine, over the scenario games (tests/scenarios/<game>/)
and the golden session logs (tests/golden/<game>.export.json): with the catalogue as shipped, and
with a filled card library (issue 23) given as files on the command line.

    python benchmarks/unchecked_lines.py [--library GAME=FILE ...]

FILE is a card library file (TOML or JSON, the shape `companion cards export` writes). A play is
each `move` and `before` move of a scenario, each `play` step of a scenario's table, and each play
of a golden log; a tracker change is not a play and is not counted. Scenarios and log events that
do not run (a refusal the scenario expects, an undo) are played as far as they go.
"""
from __future__ import annotations

import argparse
import json
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine import ENGINES, get_game  # noqa: E402
from engine.base import EngineError, PLAY, step, step_logged  # noqa: E402
from engine.library import LibraryError, card_model, check_all, effective, with_cards  # noqa: E402


class Count:
    def __init__(self):
        self.plays = 0
        self.lines = 0

    def add(self, stepped) -> None:
        self.plays += 1
        self.lines += len(stepped.verdict.unchecked)


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
                state = _with(game.tracker.new_state(table["players"], table.get("options", {})), entries)
                for said in table.get("setup", []):
                    kind, _, rest = said.partition(" ")
                    stepped = step(game, state, rest, kind=kind)
                    if kind == "play":
                        count.add(stepped)
                    state = stepped.state
            else:
                state = _with(engine.load_state(case["situation"], str(path)), entries)
            for text in [*case.get("before", []), case.get("move")]:
                if text is None:
                    continue
                stepped = step(game, state, text)
                count.add(stepped)
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
            count.add(stepped)
        state = stepped.state


def measure(files: dict[str, Path]) -> list[tuple[str, Count, Count]]:
    rows = []
    for name in sorted(ENGINES):
        game = get_game(name)
        if game.engine is None:
            continue
        counts = []
        for entries in ([], _library(game, files)):
            count = Count()
            scenario_plays(game, entries, count)
            golden_plays(game, entries, count)
            counts.append(count)
        rows.append((name, *counts))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--library", action="append", default=[], metavar="GAME=FILE",
                        help="a filled card library file for GAME (repeatable)")
    args = parser.parse_args()
    files = {}
    for pair in args.library:
        game, sep, file = pair.partition("=")
        if not sep:
            parser.error(f"--library {pair!r}: write GAME=FILE")
        files[game] = Path(file)
    try:
        rows = measure(files)
    except LibraryError as exc:
        sys.exit(f"unchecked_lines: {exc}")
    print(f"{'game':<18}{'plays':>7}{'unchecked (shipped)':>22}{'per play':>10}{'unchecked (library)':>22}{'per play':>10}")
    for name, before, after in rows:
        per = (lambda c: c.lines / c.plays if c.plays else 0.0)
        print(f"{name:<18}{before.plays:>7}{before.lines:>22}{per(before):>10.2f}{after.lines:>22}{per(after):>10.2f}"
              + ("" if name in files else "   (no library file given)"))


if __name__ == "__main__":
    main()
