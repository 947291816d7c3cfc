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


def scripts() -> dict:
    """game id -> its golden game's steps, from each game's tests/golden/<game package>.py (`steps()`),
    for every game that has one."""
    import importlib
    import importlib.util

    from engine import GAMES

    found = {}
    for game, package in GAMES.items():
        module = f"tests.golden.{package.rsplit('.', 1)[-1]}"
        if importlib.util.find_spec(module) is not None:
            found[game] = importlib.import_module(module).steps
    return found


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
