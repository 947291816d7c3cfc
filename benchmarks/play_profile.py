"""How much work one `companion play` does, counted in-process (issue 31, item 2): for one recorded
play in each game, how many times the move is parsed, the session replayed and the table's summary
built, how many of the project's modules the play touches and how many calls it makes into them.

    python benchmarks/play_profile.py [--json]

Each table is set up in a temporary COMPANION_HOME through the library (trackers.sessions), then
exactly one `companion play MOVE` runs in this process (typer's CliRunner, as the shell runs a
line) under sys.setprofile. The same play is made once first on a twin table, so the counts are a
play's own work, not the first import of the modules it uses. What is counted:

- parsed: outermost calls of a game's reading of a move (its declaration's `plays.parse_move`);
- replays: outermost calls of trackers' `_replayed` / `replay` (a session's state from its log:
  a snapshot or this process's last replay plus the events since, or the whole log);
- summaries: outermost calls of an engine module's `summary` (Tracker.summary, what every face shows);
- modules: distinct modules of companion/, engine/, rulesdb/, trackers/ with at least one call;
- calls: Python calls into those modules.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PACKAGES = ("companion", "engine", "rulesdb", "trackers")

#: (label, game, players, options, set-up: tracker changes, or `play MOVE`), the play profiled
TABLES = (
    ("catopomp", "catopomp", ["Ann", "Ben", "Cy"], {"start": "ann"}, ["dice 1 2 3 4 5 6"],
     "heaven 4 5 then hell 2"),
    ("theseus", "theseus", ["Ann", "Ben", "Cy"], {}, ["board Paladin Witch Buster Kunoichi"],
     "use Knight explore Paladin"),
    ("cataclysm-arcade", "cataclysm-arcade", ["Ann", "Ben", "Cy"], {},
     ["card Queen boss health=6 attack=2 attack-cost=1", "card Grunt fighter level=1 health=3 attack=2 attack-cost=1",
      "boss ann 6 Queen", "boss ben 6 Queen", "boss cy 6 Queen", "hand ann Grunt, Grunt"], "fighter Grunt"),
    ("catharsis", "catharsis", ["Ann", "Ben", "Cy"], {"morale": "18", "characters": "Ann=Durhak,Ben=Goz,Cy=Luthia"},
     ["next-card monster", "enemy Crab 8/10/12/14/16", "combat start", "combat next"], "roll Ann 1 2 3 4 5 6"),
    ("catastrophe", "catastrophe", ["Abi", "Betty", "Chris"], {}, [], "Abi play Attack 4 at Betty"),
    # a tracker change said as a play (Catharsis takes it): the play's other path
    ("catharsis (a change)", "catharsis", ["Ann", "Ben", "Cy"],
     {"morale": "18", "characters": "Ann=Durhak,Ben=Goz,Cy=Luthia"}, ["next-card monster"], "morale -1"),
)



def readers() -> frozenset:
    """The code of every game's reading of a move (its declaration's `plays.parse_move`)."""
    from engine import GAMES, declaration

    plays = [declaration(game).plays for game in GAMES]
    return frozenset(getattr(p.parse_move, "func", p.parse_move).__code__ for p in plays if p is not None)


#: what is counted: (column, the function names or code objects, the top-level package they are in)
COUNTED = (("parsed", readers, "engine"),
           ("replays", lambda: frozenset({"_replayed", "replay"}), "trackers"),
           ("summaries", lambda: frozenset({"summary"}), "engine"))


def set_up(home: Path, game: str, players: list[str], options: dict, setup: list[str]) -> None:
    """A session at the table, through the library (nothing profiled)."""
    from trackers.sessions import Sessions

    with Sessions(home / "data") as store:
        store.new(game, players, "profiled", options)
        for said in setup:
            if said.startswith("play "):
                store.play(said[5:], "profiled")
            else:
                store.record(said.split(), "profiled")


class Counter:
    """A sys.setprofile hook counting the project's calls, and the outermost calls of COUNTED."""

    def __init__(self):
        self.calls = 0
        self.modules: set[str] = set()
        self.counted = [(column, names(), package) for column, names, package in COUNTED]
        self.counts = {column: 0 for column, _, _ in COUNTED}
        self.open: dict[str, list] = {column: [] for column, _, _ in COUNTED}  # frames of an outermost call

    def __call__(self, frame, event, arg):
        if event == "call":
            module = frame.f_globals.get("__name__") or ""
            top = module.partition(".")[0]
            if top not in PACKAGES:
                return
            self.calls += 1
            self.modules.add(module)
            code = frame.f_code
            for column, names, package in self.counted:
                if (code in names or code.co_name in names) and top == package:
                    if not self.open[column]:
                        self.counts[column] += 1
                    self.open[column].append(frame)
        elif event == "return":
            for stack in self.open.values():
                if stack and stack[-1] is frame:
                    stack.pop()


def invoke(home: Path, words: list[str]):
    from typer.testing import CliRunner

    from companion.cli import app

    return CliRunner().invoke(app, words, env={"COMPANION_HOME": str(home)})


def profile(label: str, game: str, players: list[str], options: dict, setup: list[str], move: str,
            counted: bool = True) -> dict:
    """One play's counts: a twin table plays it first (imports and caches warmed), then it is profiled."""
    with tempfile.TemporaryDirectory(prefix="companion-profile-") as folder:
        warm, home = Path(folder) / "warm", Path(folder) / "home"
        for where in (warm, home):
            set_up(where, game, players, options, setup)
        first = invoke(warm, ["play", move])
        if first.exit_code != 0:
            raise SystemExit(f"{label}: `companion play {move}` failed: {first.output}")
        counter = Counter()
        sys.setprofile(counter)
        try:
            done = invoke(home, ["play", move])
        finally:
            sys.setprofile(None)
        if done.exit_code != 0 or done.output != first.output.replace(str(warm), str(home)):
            raise SystemExit(f"{label}: the profiled play did not do what its twin did: {done.output}")
    return {"game": label, "move": move, **counter.counts, "modules": len(counter.modules), "calls": counter.calls}


def rows() -> list[dict]:
    return [profile(*table) for table in TABLES]


def table_text(found: list[dict]) -> str:
    head = ("game", "move", "parsed", "replays", "summaries", "modules", "calls")
    grid = [head] + [tuple(str(r[k]) for k in head) for r in found]
    widths = [max(len(line[i]) for line in grid) for i in range(len(head))]
    def row(line) -> str:  # the game and the move to the left, the counts to the right
        return "  ".join(cell.ljust(w) if i < 2 else cell.rjust(w) for i, (cell, w) in enumerate(zip(line, widths)))

    return "\n".join(row(line) for line in grid)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--json", action="store_true", help="print the rows as JSON")
    args = ap.parse_args()
    os.environ.pop("COLUMNS", None)
    found = rows()
    if args.json:
        print(json.dumps(found, indent=2))
        return
    print("one `companion play MOVE` in-process, after the same play on a twin table "
          "(python benchmarks/play_profile.py)")
    print(table_text(found))


if __name__ == "__main__":
    main()
