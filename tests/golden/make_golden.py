"""Write the golden sessions: one whole game per game, with plays and counter changes, exported by
the code of the day it was run. Run it once (`python -m tests.golden.make_golden` from the checkout)
and commit what it writes; tests/test_golden.py then replays these files forever after, so a later
change that cannot open an old session fails the suite, not a player's evening.

Never re-run it to make a failing golden test pass: an old session must open. A deliberate change of
what `track show --json` shows is the one exception: `--tables` writes the expected tables again from
the committed exports, which stay as they are (docs/architecture.md, "Upgrades")."""
from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent


def catopomp():
    from tests.engine.catopomp_players import table_game
    from tests.test_play_catopomp import _seed_with_everything

    yield ("track", "new", "catopomp", "--players", "P1,P2,P3")
    for n, (kind, what, _t) in enumerate(table_game(_seed_with_everything())):
        yield ("track", *what) if kind == "track" else ("play", what)
        if n == 12:  # a slip and its correction, as a table makes them
            yield ("track", "undo")
            yield ("track", "redo")


def catastrophe():
    from tests.engine.catastrophe_table import find_seed, table_game

    steps, _direct = table_game(find_seed("winner"))
    yield ("track", "new", "catastrophe", "--players", "Abi,Betty,Chris,Dan")
    for n, (kind, what) in enumerate(steps):
        yield ("play", what) if kind == "play" else ("track", *what)
        if n == 5:
            yield ("track", "undo")
            yield ("track", "redo")


def cataclysm_arcade():
    from tests.engine.test_cataclysm_arcade_engine import GAME, SETUP

    yield ("track", "new", "cataclysm-arcade", "--players", "Ann,Ben,Cy")
    for command in SETUP:
        yield ("track", *command.split())
    for n, step in enumerate(GAME):
        yield ("play", step.partition(": ")[2])
        if n == 3:
            yield ("track", "undo")
            yield ("track", "redo")


def theseus():
    from tests.engine.theseus_table import table_game
    from tests.test_play_theseus import _seed_with_everything

    for n, (kind, what, _t) in enumerate(table_game(_seed_with_everything())):
        yield ("track", *what) if kind == "track" else ("play", what)
        if n == 9:
            yield ("track", "undo")
            yield ("track", "redo")


def catharsis():
    """A Monster fought as the guides tell it: Soraten's activation by plays (docs/games/catharsis.md),
    the Monster's attack, the refresh and the kill by counter changes (docs/track-catharsis.md)."""
    yield ("track", "new", "catharsis", "--players", "Dave,Mary", "--option", "morale=18",
           "--option", "characters=Dave=Soraten", "--option", "thresholds=17:everyone takes 2 damage")
    for play in ("next-card monster", "enemy Crab 8/10/12/14/16", "combat start", "combat attack",
                 "rename Dave 1 Sky is the Limit", "roll Dave 3 4 4 4 5 6", "reroll Dave 3 4 4 4 5 6 to 1 1 2 3 3 4",
                 "reroll Dave 3 3 4 to 1 2 5"):
        yield ("play", play)
    yield ("play", "adjust Dave 5 -3", "--by", "Mary")
    yield ("play", "use Dave 1 top")
    for words in ("enemy damage 4", "combat enemy", "damage mary exhaust 2", "combat refresh", "refresh",
                  "combat round", "combat attack"):
        yield ("track", *words.split())
    yield ("track", "undo")
    yield ("track", "redo")
    yield ("play", "roll Mary 6 6 5 4 3 2")
    for words in ("enemy damage 6", "heal dave 1", "heal mary 2", "morale -1"):
        yield ("track", *words.split())


def scripts() -> dict:
    """game id -> its golden game, the function above named after it (`-` written `_`), for every
    game that has one."""
    from rulesdb.games import GAME_IDS

    return {game: globals()[game.replace("-", "_")] for game in GAME_IDS if game.replace("-", "_") in globals()}


def main(tables_only: bool = False) -> None:
    """Play each game and export it; with `--tables`, keep the exports and only write again what
    `track show --json` shows after importing each (for a deliberate change of the display, never of
    the replay)."""
    from typer.testing import CliRunner

    from companion import paths
    from companion.cli import app

    for game, steps in scripts().items():
        home = tempfile.mkdtemp(prefix=f"golden-{game}-")
        os.environ["COMPANION_HOME"] = home
        paths.set_home(None)
        env = {"COMPANION_HOME": home}
        runner = CliRunner()
        out = HERE / f"{game}.export.json"
        for args in ([("track", "import", str(out))] if tables_only else steps()):
            done = runner.invoke(app, list(args), env=env)
            if done.exit_code != 0:
                sys.exit(f"{game}: `companion {' '.join(args)}` exited {done.exit_code}: {done.output}")
        players = json.loads(runner.invoke(app, ["track", "list", "--json"], env=env).stdout)["sessions"][-1]["players"]
        reveal = [word for name in players for word in ("--reveal", name)]  # the whole table, named hands too
        shown = json.loads(runner.invoke(app, ["track", "show", "--json", *reveal], env=env).stdout)
        if not tables_only:
            done = runner.invoke(app, ["track", "export", shown["session"], str(out)], env=env)
            assert done.exit_code == 0, done.output
        (HERE / f"{game}.table.json").write_text(json.dumps(shown["state"], indent=2, ensure_ascii=False) + "\n",
                                                 encoding="utf-8")
        entries = len(json.loads(out.read_text(encoding="utf-8"))["events"])
        print(f"{game}: {entries} events in {out.name}")


if __name__ == "__main__":
    main(tables_only="--tables" in sys.argv[1:])
